@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `breakdown report` never misleads: a folder resumed after SIGKILL counts what a clean run
/// counts (the records the killed run drew carry their outcome, worked out from the record), and
/// shards of two contents of one manifest path are never combined.
@Suite struct ShardReportTruthTests {
    typealias Support = BatchTestSupport

    /// Half the records are outside the default limits (above 2,000).
    static func manifest(count: Int, offset: Int = 0) -> String {
        (0..<count).map { index in
            let amount = index % 2 == 0 ? 100 + index + offset : 5000 + index + offset
            return "{\"amount\": \"\(amount)\", \"name\": \"r\(index)\", \"scale\": 3, \"content-size\": \"accessibilityLarge\"}"
        }.joined(separator: "\n") + "\n"
    }

    /// The combined report's counts for a folder.
    static func combinedCounts(_ output: URL, in folder: URL) throws -> (status: Int32, counts: [String: Int], line: String) {
        let path = folder.appendingPathComponent("combined-\(UUID().uuidString).json")
        let result = try BinaryRunner.run("report", output.path, "--report", path.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        return (result.status, try #require(object["counts"] as? [String: Int]), result.stdout)
    }

    @Test(.timeLimit(.minutes(15))) func aFolderResumedAfterSIGKILLCountsWhatACleanRunCounts() throws {
        let folder = try Support.temporaryFolder("report-truth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 160
        try Support.write(Self.manifest(count: total), to: manifest)

        let clean = folder.appendingPathComponent("clean")
        let cleanRun = try InProcessCLI.run("batch", manifest.path, "-o", clean.path, "--jobs", "2", "--quiet")
        #expect(cleanRun.status == 0, "\(cleanRun.stderr)")
        let expected = try Self.combinedCounts(clean, in: folder)
        #expect(expected.counts["outsideLimits"] == total / 2 && expected.counts["rendered"] == total / 2, "\(expected.counts)")

        let resumed = folder.appendingPathComponent("resumed")
        let running = try BatchProcess.Running(
            ["batch", manifest.path, "-o", resumed.path, "--jobs", "2", "--quiet"],
            environment: ["BREAKDOWN_BATCH_GROUP_RECORDS": "4"], folder: folder)
        #expect(BatchProcess.wait { (BatchProcess.entriesSoFar(resumed) ?? 0) >= 8 })
        kill(running.process.processIdentifier, SIGKILL)
        #expect(running.finish().status == 128 + SIGKILL)
        let drawnBefore = try BatchProcess.journal(resumed).count
        #expect(drawnBefore >= 8 && drawnBefore < total, "\(drawnBefore) records journalled before the kill")

        let rerun = try BinaryRunner.run("batch", manifest.path, "-o", resumed.path, "--jobs", "2", "--quiet")
        #expect(rerun.status == 0, "\(rerun.stderr)")
        // The rerun's own report: each skipped record says what its image shows.
        let reportFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: resumed.appendingPathComponent(".breakdown-batch").path).first { $0.hasPrefix("report-") })
        let own = try #require(BatchShardReports.read(resumed.appendingPathComponent(".breakdown-batch/" + reportFile).path))
        let skipped = own.records.filter { $0.object["status"] as? String == "skipped" }
        #expect(skipped.count == drawnBefore)
        for record in skipped {
            let index = try #require(record.object["index"] as? Int)
            #expect(record.object["earlier"] as? String == (index % 2 == 0 ? "rendered" : "outside-limits"), "record \(index): \(record.object)")
        }
        let combined = try Self.combinedCounts(resumed, in: folder)
        #expect(combined.status == 0)
        for key in ["rendered", "outsideLimits", "hidden", "failed", "records"] {
            #expect(combined.counts[key] == expected.counts[key], "\(key): \(combined.counts) against a clean run's \(expected.counts)")
        }
        #expect(combined.counts["drawnEarlier"] == drawnBefore && combined.counts["skipped"] == 0, "\(combined.counts)")
        #expect(combined.line.contains("; \(drawnBefore) records drawn by an earlier run, skipped since, counted as that run found"), "\(combined.line)")
    }

    @Test(.timeLimit(.minutes(15))) func shardsOfTwoContentsOfOneManifestAreNeverCombined() throws {
        let folder = try Support.temporaryFolder("report-content")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        // Shard 0 of one list, then the file is edited (other prices, more records) and shard 1 runs.
        try Support.write(Self.manifest(count: 20), to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", "0/2", "--quiet").status == 0)
        // The product orders reports by their files' times: the next run's must come later.
        #expect(FileClock.waitUntilPast(output))
        try Support.write(Self.manifest(count: 26, offset: 7), to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", "1/2", "--quiet").status == 0)

        let mixed = try BinaryRunner.run("report", output.path)
        #expect(mixed.status == 1, "\(mixed.stdout)")
        #expect(mixed.stdout.contains("left out 1 report of another content of the manifest"), "\(mixed.stdout)")
        #expect(mixed.stdout.contains("no report from shard 0/2"), "\(mixed.stdout)")
        #expect(mixed.stdout.contains("(13 records in 2 shards)"), "only the edited list's shard is counted: \(mixed.stdout)")

        // Shard 0 again, of the file as it is now: complete, every record once.
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", "0/2", "--quiet").status == 0)
        let whole = try Self.combinedCounts(output, in: folder)
        #expect(whole.status == 0, "\(whole.line)")
        #expect(whole.counts["records"] == 26 && !whole.line.contains("another content"), "\(whole.counts) \(whole.line)")
    }
}
