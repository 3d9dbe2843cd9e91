import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 48, item 2: a character no font of the set has was drawn as a box and the image written
/// with exit 0. The layout refuses it in one line naming each character by its code point, where
/// it is, and the fonts tried; every door says so its own way: exit 2 from `render` and
/// `describe`, a failed record in `batch`, 400 from `serve`, a failed record in `verify`. Both
/// views. U+F8FF (private use: no font of the set has it; Inter has a glyph at U+E000 of its own).
@Suite struct MissingGlyphDoorsTests {
    static let privateUse = "\u{F8FF}"

    @Test(arguments: ["ios", "android"]) func renderAndDescribeRefuseALinkTextNoFontHas(platform: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("glyphs-\(platform)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("x.png")
        let base = ["--platform", platform, "--amount", "100", "--link-text", "Info \(Self.privateUse)"]
        for command in [["render", "-o", image.path], ["describe"]] {
            let result = try InProcessCLI.run(command + base)
            #expect(result.status == 2, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix("error: no font has a glyph for U+F8FF (in the link text): it would be drawn as a box; fonts tried: "),
                "\(result.stderr)")
            // The text's own family is tried first, then the rest of the set.
            #expect(result.stderr.contains("fonts tried: \(platform == "ios" ? "Inter" : "Roboto"), "), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: image.path))
        // The same text without it is drawn.
        let drawn = try InProcessCLI.run(["render", "--platform", platform, "--amount", "100", "--link-text", "Info", "-o", image.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
    }

    @Test func aCharacterOnlyAnAddedFontHasIsDrawnAndTheAddedFontIsTried() throws {
        // U+F000 is in DejaVu Sans (fonts-dejavu-core) and in no font of the default set.
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let folder = try BatchTestSupport.temporaryFolder("glyphs-font-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("x.png").path
        let without = try InProcessCLI.run(["render", "--amount", "100", "--link-text", "Info \u{F000}", "-o", image])
        #expect(without.status == 2 && without.stderr.hasPrefix("error: no font has a glyph for U+F000 (in the link text)"), "\(without.stderr)")
        let with = try InProcessCLI.run(["render", "--amount", "100", "--link-text", "Info \u{F000}", "--font-file", dejaVu, "-o", image])
        #expect(with.status == 0, "\(with.stderr)")
        // A custom font as the text's family: tried first, the default set after it.
        let custom = try InProcessCLI.run([
            "render", "--amount", "100", "--font-file", dejaVu, "--font", "DejaVu Sans", "--link-text", "Info \(Self.privateUse)", "-o", image,
        ])
        #expect(custom.status == 2, "\(custom.stderr)")
        #expect(custom.stderr.contains("U+F8FF (in the link text)") && custom.stderr.contains("fonts tried: DejaVu Sans, Inter"), "\(custom.stderr)")
    }

}
