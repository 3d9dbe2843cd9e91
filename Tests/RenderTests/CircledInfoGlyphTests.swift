import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownPipeline
import Foundation
import Testing
@testable import RenderTestSupport

/// The default link ⓘ (U+24D8) comes from the text font when the font has the glyph, as on iOS
/// (SF Pro has it); from the drawn icon otherwise (Inter and DejaVu Sans have none).
@Suite struct CircledInfoGlyphTests {
    /// Debian fonts-symbola: a font with ⓘ (`fc-list ':charset=24d8'`).
    static let symbola = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
    /// Debian fonts-dejavu-core: a font without it.
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func icons(_ layout: BreakdownLayout) -> Int {
        layout.elements.filter { if case .linkIcon = $0 { true } else { false } }.count
    }

    @Test func aFontWithTheGlyphDrawsItAsText() throws {
        let renderer = try BreakdownRenderer(fontFiles: [Self.symbola])
        #expect(try renderer.typesetter.hasCircledInfo(family: "Symbola"))
        let layout = try renderer.layout(Fixtures.breakdown(), style: LayoutStyle(fontFamily: "Symbola"))
        #expect(Self.icons(layout) == 0)
        let lastLine = layout.elements.compactMap { if case .textLine(_, let text, _, _) = $0 { text } else { nil } }.last
        #expect(lastLine?.hasSuffix("[logo] \u{24D8}") == true, "\(String(describing: lastLine))")
        #expect(layout.unknownGlyphCount == 0)
        let link = try #require(layout.linkFrame)
        let logo = try #require(layout.logoFrame)
        #expect(link.x > logo.x + logo.width)
        // The glyph is drawn in the link colour: some pixel in the link's box is not transparent.
        let image = try renderer.render(
            Fixtures.breakdown(), settings: RenderSettings(style: LayoutStyle(fontFamily: "Symbola"), scale: .x2), format: .png)
        let pixels = try PNGDecoder.decode([UInt8](image.bytes))
        var inked = 0
        for y in Int(link.y * 2)..<Int((link.y + link.height) * 2) {
            for x in Int(link.x * 2)..<min(pixels.width, Int((link.x + link.width) * 2)) where pixels[x, y][3] > 0 { inked += 1 }
        }
        #expect(inked > 10)
    }

    @Test(arguments: [("Inter", nil), ("DejaVu Sans", dejaVu)] as [(String, String?)])
    func aFontWithoutTheGlyphGetsTheIcon(family: String, file: String?) throws {
        let renderer = try BreakdownRenderer(fontFiles: file.map { [$0] } ?? [])
        #expect(try renderer.typesetter.hasCircledInfo(family: family) == false)
        let layout = try renderer.layout(Fixtures.breakdown(), style: LayoutStyle(fontFamily: family))
        #expect(Self.icons(layout) == 1)
        #expect(layout.unknownGlyphCount == 0)
    }

    @Test func otherLinkStylesAreUnchangedByTheFont() throws {
        let renderer = try BreakdownRenderer(fontFiles: [Self.symbola])
        let layout = try renderer.layout(Fixtures.breakdown(link: .circledQuestionIcon), style: LayoutStyle(fontFamily: "Symbola"))
        // The SDK's circled-question-icon image is in no asset catalog: nothing is drawn, with
        // any font (docs/fidelity.md section 2), and the layout says so once.
        #expect(Self.icons(layout) == 0)
        #expect(layout.linkFrame == nil)
        #expect(layout.warnings.count == 1 && layout.warnings[0].contains("circled-question-icon"))
    }
}
