import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `-` as the path of a report or of metadata reads as standard output, but these options write
/// a file or a folder: each door refuses it in one line, saying both readings, before anything
/// is drawn. A path that names a file `-` (`DIR/-`) is taken.
@Suite struct OutputPathDashTests {
    static let expected = "'-' is not valid; expected a path to write to ('-' here would be a file named '-', not standard output; ./- names that file)"

    @Test func everyDoorThatWritesAReportOrMetadataRefusesADash() throws {
        let folder = try BatchTestSupport.temporaryFolder("dash-paths")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write(#"{"amount": "10", "name": "a"}"# + "\n", to: manifest)
        let output = folder.appendingPathComponent("out").path
        let doors: [(command: String, arguments: [String])] = [
            ("batch", ["batch", manifest.path, "-o", output, "--report", "-"]),
            ("render", ["render", "--amount", "100", "-o", folder.appendingPathComponent("x.png").path, "--metadata", "-"]),
            ("verify", ["verify", manifest.path, "--reference", folder.appendingPathComponent("refs").path, "--report", "-"]),
            ("report", ["report", output, "--report", "-"]),
        ]
        for door in doors {
            let result = try InProcessCLI.run(door.arguments)
            let option = door.command == "render" ? "--metadata" : "--report"
            #expect(result.status == 2, "\(door.command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(option): \(Self.expected)"), "\(door.command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(door.command): \(result.stderr)")
        }
        // Nothing was drawn or made.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["m.ndjson"])
        // A file named '-' given as a path is written.
        let dash = folder.appendingPathComponent("-")
        let drawn = try InProcessCLI.run("batch", manifest.path, "-o", output, "--report", dash.path)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(try BatchTestSupport.report(dash)["records"] != nil)
    }
}
