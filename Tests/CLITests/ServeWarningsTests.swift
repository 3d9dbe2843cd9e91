import BreakdownCLI
import Foundation
import Testing
@testable import CLITestSupport
import BreakdownTestSupport

/// Warnings where an image is seen: `X-Breakdown-Warning` on image responses (the CLI's words,
/// one quoted string a field) and in the snippet's comments; a dark `<source>` whose mark would
/// vanish uses the brand's readable palette and says so. The service and the command are called
/// in process (the two fields on the wire: ServeEndToEndTests).
@Suite struct ServeWarningsTests {
    /// What `breakdown render` says on stderr for these options, without `warning: ` (the
    /// command run in process).
    static func cliWarnings(_ arguments: [String]) throws -> [String] {
        let folder = try BatchTestSupport.temporaryFolder("generated")
        defer { try? FileManager.default.removeItem(at: folder) }
        let format = arguments.firstIndex(of: "--format").map { arguments[$0 + 1] } ?? "png"
        let capture = Capture()
        let status = BreakdownCLI.main(["render"] + arguments + ["-o", folder.appendingPathComponent("x.\(format)").path], console: capture.console)
        #expect(status == 0, "\(capture.error)")
        return capture.error.split(separator: "\n").compactMap { line in
            line.hasPrefix("warning: ") ? String(line.dropFirst("warning: ".count)) : nil
        }
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

    @Test func anImageResponseNamesItsWarningsInTheCLIsWords() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let dark = server.get("/v1/breakdown.png?amount=100&locale=en_US&logo=lockup&appearance=dark")
        #expect(dark.status == 200)
        let said = WarningField.warnings(dark["X-Breakdown-Warning"])
        let cli = try Self.cliWarnings(["--amount", "100", "--locale", "en_US", "--logo", "lockup", "--appearance", "dark"])
        #expect(!cli.isEmpty)
        #expect(said == cli, "header \(said) against the CLI's \(cli)")
        #expect(said.first?.contains("#000000 on the page #000000 is 1.00:1") == true)

        // Two warnings are two fields (joined here as a client joins them), each one whole.
        let two = server.get("/v1/breakdown.svg?amount=100&locale=en_US&logo=lockup&appearance=dark&text-color=%23000000")
        let twoSaid = WarningField.warnings(two["X-Breakdown-Warning"])
        let twoCLI = try Self.cliWarnings(
            ["--amount", "100", "--locale", "en_US", "--logo", "lockup", "--appearance", "dark", "--text-color", "#000000", "--format", "svg"])
        #expect(twoSaid.count == 2 && twoSaid == twoCLI, "\(twoSaid) against \(twoCLI)")

        // Readable: no header at all.
        let light = server.get("/v1/breakdown.png?amount=100&locale=en_US&logo=lockup")
        #expect(light.status == 200 && light["X-Breakdown-Warning"] == nil)
    }

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
}
