import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `batch --report` never takes a file of the batch's own: a name in the output folder that a
/// record's image, metadata or snippet takes (the report and the image overwrote each other, exit
/// 0), or the journal and reports in the batch's own folder. Refused before anything is written.
@Suite struct BatchReportPathTests {
    typealias Support = BatchTestSupport

    static let manifest = #"{"amount": "10", "name": "a"}"# + "\n" + #"{"amount": "20", "name": "b"}"# + "\n"

    @Test(arguments: ["a.png", "b.svg", "a.png.json", "b.html", "A.PNG", "other.pdf", ".breakdown-batch/journal", ".breakdown-batch/mine.json"])
    func aReportWhereTheBatchWritesIsRefused(name: String) throws {
        let folder = try Support.temporaryFolder("report-path")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        try Support.write(Self.manifest, to: manifest)
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--html", "--metadata", "--report", output.appendingPathComponent(name).path)
        #expect(result.status == 2, "\(name): \(result.stdout) \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("error: --report \(output.path)/\(name) is "), "\(result.stderr)")
        #expect(result.stderr.contains("\(output.path)/report.json"), "\(result.stderr)")
        // Refused before the output folder was made.
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aReportOfItsOwnNameInTheFolderOrALinkToAnImageIsTold() throws {
        let folder = try Support.temporaryFolder("report-path-ok")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        try Support.write(Self.manifest, to: manifest)
        let report = output.appendingPathComponent("report.json")
        let drawn = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect((object["records"] as? [Any])?.count == 2)
        // a.png is the image still: a PNG's signature, not the report's JSON.
        #expect(try Data(contentsOf: output.appendingPathComponent("a.png")).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // A link named like a report but pointing at an image is the image.
        let link = output.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: output.appendingPathComponent("a.png"))
        let linked = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", link.path)
        #expect(linked.status == 2 && linked.stderr.contains("that a record's files take"), "\(linked.stderr)")
        #expect(try Data(contentsOf: output.appendingPathComponent("a.png")).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
