import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Behaviours the documentation promises that no other test pinned down (each was a one-line
/// change the whole suite let through): `--fail-on hidden` on its own, serve's amount limit at
/// its edge, `report` after a shard stopped by a signal, and an Android device locale written
/// with a hyphen.
@Suite struct PinnedBehaviourTests {
    typealias Support = BatchTestSupport

    @Test func failOnHiddenAloneFailsTheHiddenRecords() throws {
        let folder = try Support.temporaryFolder("fail-on-hidden")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(
            "{\"name\": \"shown\", \"amount\": \"100\"}\n{\"name\": \"hidden\", \"amount\": \"100\", \"no-configuration\": true}\n", to: manifest)
        let plain = try InProcessCLI.run(["batch", manifest.path, "-o", folder.appendingPathComponent("a").path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("rendered 1, skipped 0, hidden 1, failed 0"), "\(plain.stdout)")
        let strict = try InProcessCLI.run(["batch", manifest.path, "-o", folder.appendingPathComponent("b").path, "--fail-on", "hidden"])
        #expect(strict.status == 1, "\(strict.stdout)")
        #expect(strict.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1"), "\(strict.stdout)")
        #expect(strict.stderr.contains("line 2 (record 2): hidden (no configuration is set); a failure under --fail-on hidden"), "\(strict.stderr)")
    }

    @Test func serveAnswersTheDocumentedMaximumAmountAndRefusesACentMore() throws {
        // docs/serve.md: amount, min and max at most 1,000,000,000.
        let server = try ServerProcess(["--allow-unsigned"])
        for key in ["amount", "max"] {
            let query = key == "amount" ? "amount=1000000000" : "amount=100&max=1000000000"
            #expect(try server.get("/v1/breakdown.png?\(query)").status == 200, "\(key)")
            let over = try server.get("/v1/breakdown.png?\(query).01")
            #expect(over.status == 400, "\(key)")
            #expect(over.text.contains("is over this server's limit; expected at most 1000000000"), "\(over.text)")
        }
        #expect(server.stop() == 0)
    }

    @Test(.timeLimit(.minutes(15)), arguments: [SIGINT, SIGTERM])
    func reportIsAFailureWhenAShardWasStoppedByASignal(signal: Int32) throws {
        let folder = try Support.temporaryFolder("report-signal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 300, extra: ", \"scale\": 3"), to: manifest)
        let output = folder.appendingPathComponent("out")
        let first = try BatchProcess.Running(["batch", manifest.path, "-o", output.path, "--shard", "0/2", "--quiet"], folder: folder)
        #expect(BatchProcess.wait { ((try? Support.files(output, ext: "png"))?.count ?? 0) >= 5 })
        kill(first.process.processIdentifier, signal)
        let stopped = first.finish()
        #expect(stopped.status == 128 + signal, "\(stopped.stderr)")
        let second = try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--shard", "1/2", "--quiet"])
        #expect(second.status == 0, "\(second.stderr)")
        // Every shard reported, but one was stopped: the run is not complete (docs/batch.md).
        let report = try BinaryRunner.run(["report", output.path])
        #expect(report.status == 1, "\(report.stdout)\(report.stderr)")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        // It names the shard to run again, and what stopped it.
        #expect(report.stdout.contains("; interrupted, the rest of the manifest not read: shard 0/2 by \(name) (rerun it)"), "\(report.stdout)")
        let combined = folder.appendingPathComponent("combined.json")
        _ = try BinaryRunner.run(["report", output.path, "--report", combined.path])
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: combined)) as? [String: Any]
        let runs = try #require(json?["runs"] as? [[String: Any]])
        #expect(runs.map { $0["interruptedShards"] as? [Int] } == [[0]], "\(runs)")
    }

    @Test func anAndroidDeviceLocaleWithAHyphenIsThatLocale() throws {
        // en-US is en_US: an Australian price on a US device is A$30.00, not the foreign
        // currency form ($30.00 AUD) an unknown device locale would give.
        for deviceLocale in ["en-US", "en_US"] {
            let result = try BinaryRunner.run([
                "describe", "--platform", "android", "--amount", "120", "--locale", "en_AU", "--device-locale", deviceLocale,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"text\": \"or 4 interest-free payments of A$30.00 with\""), "\(deviceLocale): \(result.stdout.prefix(600))")
        }
    }
}
