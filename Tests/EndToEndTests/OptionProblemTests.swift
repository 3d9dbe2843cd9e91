import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A problem with the options is one value, worded by each front end in its own spelling:
/// the same bad record gives the same words from `batch`, `verify` and a server query, and a
/// hidden record is hidden everywhere. The expected words are written out here, not computed.
@Suite struct OptionProblemTests {
    typealias Support = BatchTestSupport

    /// Bad records (as JSON objects and as query strings) and the one line each must give.
    static let cases: [(record: String, query: String, field: String, message: String)] = [
        (
            #"{"amount": "1", "font-size": "20", "content-size": "large"}"#, "amount=1&font-size=20&content-size=large", "font-size",
            "font-size and content-size cannot both be given: choose one"
        ),
        (#"{"amount": "1", "scal": "2"}"#, "amount=1&scal=2", "scal", "unknown option 'scal'; did you mean 'scale'?"),
        (
            #"{"amount": "1", "min": "30", "max": "10"}"#, "amount=1&min=30&max=10", "min",
            "Minimum (30) is not strictly less than maximum (10) (min, max)"
        ),
        (
            #"{"amount": "1", "no-configuration": true, "currency": "USD"}"#, "amount=1&no-configuration&currency=USD",
            "no-configuration", "no-configuration and currency cannot be used together"
        ),
        (#"{"amount": "1", "cbt": "yes"}"#, "amount=1&cbt=yes", "cbt", "cbt is a flag: use true or false, not 'yes'"),
    ]

    @Test func theSameBadRecordGivesTheSameWordsEverywhere() throws {
        let folder = try Support.temporaryFolder("problems")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try InProcessService(["--allow-unsigned"])
        for (index, example) in Self.cases.enumerated() {
            let manifest = folder.appendingPathComponent("m\(index).ndjson")
            // verify needs a name; batch then names its files by it.
            try Support.write("{\"name\": \"bad\", " + example.record.dropFirst() + "\n", to: manifest)

            let report = folder.appendingPathComponent("report\(index).json")
            let batch = try BinaryRunner.run(
                "batch", manifest.path, "-o", folder.appendingPathComponent("out\(index)").path, "--report", report.path)
            #expect(batch.status == 1)
            #expect(batch.stderr.contains("error: \(manifest.path) line 1 (record 1): \(example.message)\n"), "\(batch.stderr)")
            let records = try #require(try Support.report(report)["records"] as? [[String: Any]])
            #expect(records.first?["field"] as? String == example.field, "\(example.record)")

            let verify = try InProcessCLI.run("verify", manifest.path, "--reference", folder.path)
            #expect(verify.status == 2)
            #expect(verify.stderr == "error: manifest \(manifest.path), line 1 (bad): \(example.message)\n")

            let reply = server.get("/v1/breakdown.png?\(example.query)")
            #expect(reply.status == 400)
            #expect(try reply.json()["detail"] as? String == example.message, "\(example.query)")
        }
    }

    /// The command line spells the same problems with dashes.
    @Test func theCommandLineSpellsThemAsFlags() throws {
        let cases: [([String], String)] = [
            (["--font-size", "20", "--content-size", "large"], "--font-size and --content-size cannot both be given: choose one"),
            (["--scal", "2"], "unknown option '--scal'; did you mean '--scale'?"),
            (["--min", "30", "--max", "10"], "Minimum (30) is not strictly less than maximum (10) (--min, --max)"),
        ]
        for (arguments, message) in cases {
            let result = try InProcessCLI.run(["render", "--format", "png", "-o", "/dev/null"] + arguments)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("error: \(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func verifyReportsAHiddenRecordAsHidden() throws {
        let folder = try Support.temporaryFolder("verify-hidden")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(#"{"name": "gone", "amount": "1", "no-configuration": true}"# + "\n", to: manifest)
        let result = try InProcessCLI.run("verify", manifest.path, "--reference", folder.path)
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "error: manifest \(manifest.path), line 1 (gone): the breakdown is hidden, so nothing is drawn: no configuration is set\n")
        // As `render` and `batch` say it: exit 3 for render, "hidden" in the batch report.
        #expect(try InProcessCLI.run("render", "--amount", "1", "--no-configuration", "--format", "png", "-o", "/dev/null").status == 3)
        let report = folder.appendingPathComponent("report.json")
        _ = try BinaryRunner.run("batch", manifest.path, "-o", folder.appendingPathComponent("out").path, "--report", report.path)
        let records = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(records.first?["status"] as? String == "hidden")
    }
}
