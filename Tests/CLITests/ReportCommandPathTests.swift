import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `breakdown report FOLDER --report PATH` wrote its combined JSON over whatever PATH named: the
/// manifest, the batch's journal, a shard's report, a published image. It now refuses those as
/// `batch --report` does (exit 2, one line, nothing touched), and writes anywhere else.
@Suite struct ReportCommandPathTests {
    typealias Support = BatchTestSupport

    @Test func theCombinedReportNeverReplacesWhatTheBatchReadsOrWrote() throws {
        let folder = try Support.temporaryFolder("report-paths")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        try Support.write((1...4).map { #"{"name": "q\#($0)", "amount": "1\#($0).00"}"# }.joined(separator: "\n") + "\n", to: manifest)
        for shard in ["0/2", "1/2"] {
            let run = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", shard, "--quiet")
            #expect(run.status == 0, "\(run.stderr)")
        }
        let own = output.appendingPathComponent(".breakdown-batch")
        let shardReport = try #require(try FileManager.default.contentsOfDirectory(atPath: own.path).first { $0.hasPrefix("report-") })
        let protected: [(path: String, words: String)] = [
            (manifest.path, "is the manifest \(manifest.path): give another path for the report"),
            (own.appendingPathComponent("journal-0-of-2").path, "is inside the batch's own folder"),
            (own.appendingPathComponent(shardReport).path, "is inside the batch's own folder"),
            (output.appendingPathComponent("q1.png").path, "is a name in the output folder"),
        ]
        for (path, words) in protected {
            let before = FileManager.default.contents(atPath: path)
            let run = try InProcessCLI.run("report", output.path, "--report", path)
            #expect(run.status == 2, "\(path): \(run.status) \(run.stdout)")
            #expect(run.stderr.hasPrefix("error: --report \(path) ") && run.stderr.contains(words), "\(run.stderr)")
            #expect(FileManager.default.contents(atPath: path) == before, "\(path) was changed")
        }
        // Elsewhere (beside the images, under a report's name) it is written.
        let combined = output.appendingPathComponent("report.json")
        let good = try InProcessCLI.run("report", output.path, "--report", combined.path)
        #expect(good.status == 0, "\(good.stderr)")
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: combined)) as? [String: Any]
        #expect((json?["records"] as? [Any])?.count == 4)
    }
}
