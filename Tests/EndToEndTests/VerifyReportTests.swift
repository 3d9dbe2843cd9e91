@testable import BreakdownBatch
import BreakdownDiff
import BreakdownEncode
@testable import BreakdownVerify
import Foundation
import Testing
import BreakdownTestSupport

/// What the verify report says about a failure, read from its HTML: the command, the two texts
/// with their differing words, the page colour of each image, and the metadata `--record` keeps.
@Suite struct VerifyReportTests {
    /// A manifest of a dark record without a background (white text on transparent) and a light one.
    struct Workspace {
        let root: URL
        var manifest: URL { root.appendingPathComponent("m.ndjson") }
        var references: URL { root.appendingPathComponent("refs") }
        var report: URL { root.appendingPathComponent("report") }

        init() throws { root = try BatchTestSupport.temporaryFolder("verify-report") }

        func write(dark: String, light: String) throws {
            let lines = [
                #"{"name": "us-dark", "amount": "\#(dark)", "locale": "en_US", "appearance": "dark", "scale": 2}"#,
                #"{"name": "au", "amount": "\#(light)"}"#,
            ]
            try Data(lines.joined(separator: "\n").utf8).write(to: manifest)
        }

        func verify(_ extra: String...) throws -> BinaryRunner.Result {
            try BinaryRunner.run(["verify", manifest.path, "--reference", references.path] + extra)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func recordKeepsTheMetadataRenderWrites() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write(dark: "40", light: "100")
        #expect(try workspace.verify("--record").status == 0)
        // The same bytes as `render --metadata` for the record's options.
        let png = workspace.root.appendingPathComponent("again.png"), json = workspace.root.appendingPathComponent("again.json")
        let render = try BinaryRunner.run(
            "render", "--amount", "40", "--locale", "en_US", "--appearance", "dark", "--scale", "2", "-o", png.path, "--metadata", json.path)
        #expect(render.status == 0, "\(render.stderr)")
        let stored = workspace.references.appendingPathComponent("us-dark.metadata.json")
        #expect(try Data(contentsOf: stored) == Data(contentsOf: json))
        #expect(try Data(contentsOf: workspace.references.appendingPathComponent("us-dark.png")) == Data(contentsOf: png))
        // A reference recorded before (no metadata file) gains it when recorded again, its image unchanged.
        try FileManager.default.removeItem(at: stored)
        let again = try workspace.verify("--record")
        #expect(again.stdout.contains("2 unchanged"), "\(again.stdout)")
        #expect(try Data(contentsOf: stored) == Data(contentsOf: json))
    }

    @Test func reportShowsTheCommandTheTextsAndThePageColours() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write(dark: "40", light: "100")
        #expect(try workspace.verify("--record").status == 0)
        // An old reference: its words and metadata files gone.
        try FileManager.default.removeItem(at: workspace.references.appendingPathComponent("au.metadata.json"))
        try FileManager.default.removeItem(at: workspace.references.appendingPathComponent("au.words.json"))
        try workspace.write(dark: "41", light: "120")
        let result = try workspace.verify("--report", workspace.report.path)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let html = try String(contentsOf: workspace.report.appendingPathComponent("index.html"), encoding: .utf8)
        let dark = try #require(ReportHTML.section(html, "us-dark")), light = try #require(ReportHTML.section(html, "au"))

        // The copyable command draws the actual image alone.
        let command = GalleryPageTests.unescaped(try #require(Self.between(dark, "<code>", "</code>")))
        #expect(command.contains("--amount 41") && command.contains("--appearance dark") && command.contains("--scale 2"), "\(command)")
        var words = GalleryPageTests.shellWords(command)
        #expect(words.prefix(2) == ["breakdown", "render"] && words.suffix(2) == ["-o", "us-dark.png"])
        let drawn = workspace.root.appendingPathComponent("drawn.png")
        words[words.count - 1] = drawn.path
        #expect(try BinaryRunner.run(Array(words.dropFirst())).status == 0)
        #expect(try Data(contentsOf: drawn) == Data(contentsOf: workspace.report.appendingPathComponent("us-dark.actual.png")))

        // The texts: 40 / 4 = $10.00 before, 41 / 4 = $10.25 now; only that word marked, in each.
        #expect(dark.contains("<dd class=\"reference-text\">or 4 interest-free payments of <del>$10.00</del> with</dd>"), "\(dark)")
        #expect(dark.contains("<dd class=\"actual-text\">or 4 interest-free payments of <ins>$10.25</ins> with</dd>"), "\(dark)")
        // The old reference says why its text is unknown; the actual's is still there (120 / 4 = $30.00).
        #expect(
            light.contains(
                "unknown: no \(workspace.references.path)/au.words.json: the reference was recorded before verify stored its words,"
                    + " so they were not checked (record it again with --record to add them)"), "\(light)")
        #expect(light.contains("<dd class=\"actual-text\">or 4 interest-free payments of $30.00 with</dd>"))

        // Each image on its appearance's page colour, at its size in points (a 2x PNG at half its pixels).
        let reference = try PNGDecoder.decode(fileAtPath: workspace.report.appendingPathComponent("us-dark.reference.png").path)
        #expect(dark.contains("<div class=\"frame swatch dark\"><img class=\"image\" src=\"us-dark.reference.png\" width=\"\(Self.points(Double(reference.width) / 2))\""), "\(dark)")
        #expect(dark.contains("<div class=\"frame swatch dark\"><img class=\"image\" src=\"us-dark.actual.png\""))
        #expect(light.contains("<div class=\"frame swatch light\"><img class=\"image\" src=\"au.actual.png\""))
        #expect(!dark.contains("swatch light") && !light.contains("swatch dark"))
        // The checkerboard only when its box is ticked.
        for line in html.split(separator: "\n") where line.contains("conic-gradient") {
            #expect(line.contains("body:has(#checker:checked)"), "\(line)")
        }
        #expect(html.contains("<input type=\"checkbox\" id=\"checker\">"))
        // The box of the differing pixels on the reference and on the actual (and the difference).
        #expect(dark.components(separatedBy: "<span class=\"marker\"").count - 1 == 3)

        // Options given to verify are in the command too.
        let padded = try workspace.verify("--report", workspace.report.path, "--padding", "3")
        #expect(padded.status == 1)
        let paddedHTML = try String(contentsOf: workspace.report.appendingPathComponent("index.html"), encoding: .utf8)
        let paddedSection = try #require(ReportHTML.section(paddedHTML, "au"))
        #expect(GalleryPageTests.unescaped(try #require(Self.between(paddedSection, "<code>", "</code>"))) == "breakdown render --amount 120 --padding 3 -o au.png")
    }

    @Test func wordChangesMarkWhatIsOnlyInOneText() {
        // By hand: "interest-free" and "$10.25" are new, "$10.00" is gone.
        let changes = WordChanges(from: "or 4 payments of $10.00 with", to: "or 4 interest-free payments of $10.25 with")
        #expect(changes.removed == [4] && changes.added == [2, 5])
        let same = WordChanges(from: "or 4  payments", to: "or 4 payments")
        #expect(same.removed.isEmpty && same.added.isEmpty)
        let gone = WordChanges(from: "a b c", to: "")
        #expect(gone.removed == [0, 1, 2] && gone.added.isEmpty)
        let moved = WordChanges(from: "available between $1 – $2,000", to: "between $1 – $2,000 available")
        #expect(moved.removed.count == 1 && moved.added.count == 1)
    }

    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
