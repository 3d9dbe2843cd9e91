@testable import BreakdownGallery
import BreakdownOptions
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of HTMLEscapingTests that start a process; the rest are HTMLEscapingTests, in CLITests.
@Suite struct HTMLEscapingEndToEndTests {
    typealias Support = BatchTestSupport

    /// The hostile text and what an escaper must turn it into (HTML 5: `&quot;`, `&lt;`, `&amp;`, `&#39;`).
    static let raw = #"a"b<c&d'e"#
    static let escaped = "a&quot;b&lt;c&amp;d&#39;e"

    @Test func batchSnippetsEscapeTheBaseURL() throws {
        let folder = try Support.temporaryFolder("escape-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(#"{"name": "p", "amount": "100"}"# + "\n", to: manifest)
        let output = folder.appendingPathComponent("out")
        let result = try BinaryRunner.run(
            "batch", manifest.path, "-o", output.path, "--html", "--html-base-url", "https://cdn.example/\(Self.raw)/")
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: output.appendingPathComponent("p.html"), encoding: .utf8)
        #expect(html.contains("<img src=\"https://cdn.example/\(Self.escaped)/p.png\" alt=\""), "\(html)")
        #expect(!html.contains(Self.raw))
        // Exactly the attributes the snippet writes: the quote did not end one early.
        #expect(html.components(separatedBy: "\"").count == 1 + 2 * 5, "\(html)")
    }
}
