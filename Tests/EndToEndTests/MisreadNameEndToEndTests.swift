import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of MisreadNameTests that start a process; the rest are MisreadNameTests, in CLITests.
@Suite struct MisreadNameEndToEndTests {
    @Test(.timeLimit(.minutes(15))) func batchFailsEachMisreadNameAndDrawsTheRest() throws {
        let folder = try BatchTestSupport.temporaryFolder("misread-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = Self.misread.map(\.name) + Self.fine
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Data(names.map { "{\"name\": \"\($0)\", \"amount\": \"100\"}\n" }.joined().utf8).write(to: manifest)
        let out = folder.appendingPathComponent("out")
        let run = try BinaryRunner.run(["batch", manifest.path, "-o", out.path, "--quiet"])
        #expect(run.status == 1, "\(run.stderr)")
        for (name, words) in Self.misread {
            #expect(run.stderr.contains("name: '\(name)' \(words)"), "\(name): \(run.stderr)")
        }
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        for name in Self.fine { #expect(written.contains(name + ".png"), "\(name) drawn") }
        for (name, _) in Self.misread { #expect(!written.contains(name + ".png"), "\(name) not drawn") }
    }

    static let misread: [(name: String, words: String)] = [
        ("-rf", "starts with '-', which a shell command reads as an option"),
        ("-", "starts with '-'"),
        ("CON", "is a device name on Windows"), ("con", "is a device name on Windows"), ("Nul", "is a device name on Windows"),
        ("aux.backup", "is a device name on Windows"), ("COM1", "is a device name on Windows"), ("lpt9", "is a device name on Windows"),
        ("PRN", "is a device name on Windows"),
        ("a.png", "ends with .png: the file would be a.png.png"), ("b.SVG", "ends with .svg"), ("c.pdf", "ends with .pdf"),
    ]

    static let fine = ["a-rf", "_rf", "CONSOLE", "COM10", "NULL", "icon", "a.pngx", "png", "a.png-1", "con-1", "LPT"]
}
