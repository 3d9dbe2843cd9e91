@testable import BreakdownGallery
import BreakdownOptions
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Every HTML page the tool writes escapes what it did not write itself: quotes, `<`, `&` and
/// apostrophes in attribute values and text. Each test puts all four in, and checks that the page
/// holds their escaped forms and never the raw text.
@Suite struct HTMLEscapingTests {
    typealias Support = BatchTestSupport
    /// The hostile text and what an escaper must turn it into (HTML 5: `&quot;`, `&lt;`, `&amp;`, `&#39;`).
    static let raw = #"a"b<c&d'e"#
    static let escaped = "a&quot;b&lt;c&amp;d&#39;e"

    @Test func galleryIndexEscapesTitlesCommandsAndSummary() {
        let variant = GalleryVariant(
            section: "S \(Self.raw)", group: "G \(Self.raw)", caption: "T \(Self.raw)", optionWords: "W \(Self.raw)", name: "tile",
            settings: [.set(ContentOptions.amount, 100), .set(ContentOptions.linkText, "<b>\(Self.raw)</b>")])
        var tile = GalleryTile(variant: variant)
        tile.file = "tile.png"
        tile.width = 10
        tile.height = 5
        tile.altText = "A \(Self.raw)"
        var hidden = GalleryTile(variant: GalleryVariant(section: "S \(Self.raw)", group: "G \(Self.raw)", caption: "H", optionWords: "", name: "h", settings: []))
        hidden.note = "N \(Self.raw)"
        let html = GalleryPage.html([tile, hidden], summary: "Σ \(Self.raw)")
        #expect(!html.contains(Self.raw))
        #expect(html.contains("alt=\"A \(Self.escaped)\""))
        #expect(html.contains("title=\"W \(Self.escaped)\">T \(Self.escaped)</b>"))
        #expect(html.contains("<h2>S \(Self.escaped)</h2>"))
        #expect(html.contains("<h3>G \(Self.escaped)</h3>"))
        #expect(html.contains("Σ \(Self.escaped)"))
        #expect(html.contains("N \(Self.escaped)"))
        // The shell-quoted command: '<b>a"b<c&d'\''e</b>' escaped as a whole.
        #expect(html.contains("--link-text &#39;&lt;b&gt;a&quot;b&lt;c&amp;d&#39;\\&#39;&#39;e&lt;/b&gt;&#39;"), "\(html)")
    }

    @Test func verifyReportEscapesPathsInItsText() throws {
        let root = try Support.temporaryFolder("escape-verify")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(Self.raw)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(#"{"name": "au", "amount": "100"}"# + "\n" + #"{"name": "gb", "amount": "100", "locale": "en_GB"}"# + "\n", to: manifest)
        let references = folder.appendingPathComponent("refs").path
        #expect(try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record").status == 0)
        // One reference replaced by another's picture: a failure section, with its paths.
        try FileManager.default.removeItem(atPath: references + "/gb.png")
        try FileManager.default.copyItem(atPath: references + "/au.png", toPath: references + "/gb.png")
        let report = root.appendingPathComponent("report").path
        let result = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--report", report)
        #expect(result.status == 1)
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(!html.contains(Self.raw))
        #expect(html.contains("manifest \(root.path)/\(Self.escaped)/m.ndjson"))
        #expect(html.contains("references \(root.path)/\(Self.escaped)/refs"))
        #expect(html.contains("\(Self.escaped)/refs/gb.png</small>"))
        #expect(html.contains("<section class=\"failure\" id=\"gb\">"))
    }
}
