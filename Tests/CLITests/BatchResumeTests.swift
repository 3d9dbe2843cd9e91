@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Resume redraws what changed, seen from outside: the files on disk and the summary line.
/// (Written against the CLI's behaviour, not the marker format, so it holds for any resume scheme.)
@Suite struct BatchResumeTests {
    typealias Support = BatchTestSupport

    /// One image of `record` rendered alone into a fresh folder: the bytes resume must reproduce.
    static func freshImage(_ record: String, in folder: URL, _ label: String, extra: [String] = []) throws -> Data {
        let manifest = folder.appendingPathComponent("fresh-\(label).ndjson")
        try Support.write(record + "\n", to: manifest)
        let output = folder.appendingPathComponent("fresh-\(label)")
        let result = try InProcessCLI.run(["batch", manifest.path, "-o", output.path] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: output.appendingPathComponent("p.png"))
    }

    @Test func aRecordWhoseOptionsChangedUnderTheSameNameIsDrawnAgain() throws {
        let folder = try Support.temporaryFolder("resume-options")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        let image = output.appendingPathComponent("p.png")
        let before = #"{"name": "p", "amount": "100"}"#
        let after = #"{"name": "p", "amount": "100", "logo": "lockup"}"#
        let expectedBefore = try Self.freshImage(before, in: folder, "before")
        let expectedAfter = try Self.freshImage(after, in: folder, "after")
        // The two records draw different pictures, or this test could not tell a redraw from a skip.
        #expect(expectedBefore != expectedAfter)

        try Support.write(before + "\n", to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 1, skipped 0,"))
        #expect(try Data(contentsOf: image) == expectedBefore)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 0, skipped 1,"))

        // Same name, another logo: drawn again, and the file now holds the new picture.
        try Support.write(after + "\n", to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 1, skipped 0,"))
        #expect(try Data(contentsOf: image) == expectedAfter)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 0, skipped 1,"))

        // A drawing option from the command line changes every record: drawn again too.
        let scaled = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--scale", "2")
        #expect(scaled.stdout.hasPrefix("rendered 1, skipped 0,"))
        #expect(try Data(contentsOf: image) == (try Self.freshImage(after, in: folder, "scaled", extra: ["--scale", "2"])))
    }

    @Test func aNewHTMLBaseURLRewritesTheSnippets() throws {
        let folder = try Support.temporaryFolder("resume-html")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(#"{"name": "p", "amount": "100"}"# + "\n", to: manifest)
        let output = folder.appendingPathComponent("out")
        let snippet = output.appendingPathComponent("p.html")
        let first = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--html", "--html-base-url", "https://one.example/")
        #expect(first.stdout.hasPrefix("rendered 1, skipped 0,"))
        #expect(try String(contentsOf: snippet, encoding: .utf8).contains("src=\"https://one.example/p.png\""))
        let second = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--html", "--html-base-url", "https://two.example/")
        #expect(second.stdout.hasPrefix("rendered 1, skipped 0,"))
        let html = try String(contentsOf: snippet, encoding: .utf8)
        #expect(html.contains("src=\"https://two.example/p.png\""))
        #expect(!html.contains("one.example"))
    }

    @Test func aRecordsOwnValueWinsOverTheCommandLine() throws {
        let folder = try Support.temporaryFolder("record-wins")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(#"{"amount": "100", "locale": "en_AU"}"# + "\n" + #"{"amount": "200"}"# + "\n", to: manifest)
        let output = folder.appendingPathComponent("out")
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--locale", "en_GB")
        #expect(result.status == 0, "\(result.stderr)")
        // Default names start with the effective locale and amount.
        let names = try Support.files(output, ext: "png")
        #expect(names.count == 2)
        #expect(names.contains { $0.hasPrefix("en_AU-100-") }, "\(names)")
        #expect(names.contains { $0.hasPrefix("en_GB-200-") }, "\(names)")
    }
}
