import BreakdownCLI
import Foundation
import Testing
@testable import CLITestSupport
import BreakdownTestSupport

/// The tests of ServeWarningsTests that start a process; the rest are ServeWarningsTests, in CLITests.
@Suite struct ServeWarningsEndToEndTests {
    /// The issue's email: en_US's Cash App lockup, whose wordmark is black on black in dark mode.
    @Test func aDarkSnippetWhoseMarkWouldVanishUsesTheReadablePaletteAndSaysSo() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let snippet = server.get("/v1/breakdown.html?amount=100&locale=en_US&logo=lockup")
        #expect(snippet.status == 200)
        let html = snippet.text
        let comments = html.matches(of: /<!-- (.*?) -->/).map { String($0.1) }
        #expect(comments.count == 1, "\(html)")
        #expect(comments.first?.contains("#000000 on #000000 is 1.00:1") == true && comments.first?.contains("dark-palette=alt instead") == true, "\(html)")
        #expect(WarningField.warnings(snippet["X-Breakdown-Warning"]) == comments)

        // The dark source's every URL asks for alt; the light image's none. Each is drawn
        // without a warning: the dark mark is white, 21:1.
        let source = try #require(html.firstMatch(of: /<source media="\(prefers-color-scheme: dark\)" srcset="([^"]*)">/)?.1)
        let darkURLs = source.replacingOccurrences(of: "&amp;", with: "&").split(separator: ",").map { $0.split(separator: " ")[0] }
        #expect(darkURLs.count == 3 && darkURLs.allSatisfy { $0.contains("dark-palette=alt") && $0.contains("appearance=dark") })
        let image = try #require(html.firstMatch(of: /<img src="([^"]*)"/)?.1)
        #expect(!image.contains("dark-palette"))
        let drawn = server.get(String(darkURLs[1]))
        #expect(drawn.status == 200 && drawn["X-Breakdown-Warning"] == nil, "\(drawn.headers)")
        // PIL counts what the dark image shows: the white wordmark adds light pixels to the
        // (white) text's; the SDK's palette draws the wordmark black, invisible on black.
        let asSDK = server.get(String(darkURLs[1]).replacingOccurrences(of: "dark-palette=alt&", with: ""))
        let withAlt = try Self.lightPixels(drawn.body), withDefault = try Self.lightPixels(asSDK.body)
        #expect(withAlt > withDefault + 500, "light pixels: \(withAlt) with alt, \(withDefault) as the SDK draws it")

        // A dark palette the query chose is kept, and the snippet says it is low.
        let chosen = server.get("/v1/breakdown.html?amount=100&locale=en_US&logo=lockup&dark-palette=default")
        #expect(!chosen.text.contains("dark-palette=alt"))
        #expect(chosen.text.contains("<!-- low contrast, drawn as the SDK shows it: in dark mode, the logo's mark #000000 on the page #000000 is 1.00:1"), "\(chosen.text)")

        // A readable dark image: no comment, no header, the SDK's palette.
        let readable = server.get("/v1/breakdown.html?amount=100&locale=en_AU&logo=badge")
        #expect(!readable.text.contains("<!--") && readable["X-Breakdown-Warning"] == nil && !readable.text.contains("dark-palette"), "\(readable.text)")
    }

    /// Opaque near-white pixels of a PNG, as PIL reads it.
    static func lightPixels(_ png: Data) throws -> Int {
        let folder = try BatchTestSupport.temporaryFolder("generated")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("image.png")
        try png.write(to: file)
        let script = "import sys; from PIL import Image; i = Image.open(sys.argv[1]).convert('RGBA'); print(sum(1 for r, g, b, a in i.getdata() if a > 200 and min(r, g, b) > 230))"
        let result = try ShellCommand.run("python3", ["-c", script, file.path])
        return try #require(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.errors)")
    }
}
