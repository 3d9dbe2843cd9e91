import BreakdownContent
import Foundation
import Testing

/// The low-contrast warning at its edges: the 3:1 threshold on both sides, and translucent text
/// and link colours judged as the page shows them, not as if opaque. Expected ratios worked out
/// from WCAG 2's formulas by hand (the derivations below), not by the code under test.
@Suite struct ContrastEdgeTests {
    static func breakdown(text: RGBAColor? = nil, link: RGBAColor? = nil, appearance: Appearance = .light) -> PriceBreakdown {
        PriceBreakdown(
            text: "or 4 payments", logoPlacement: .end, isHidden: false, hiddenReason: nil, brand: .afterpay, language: "en_AU",
            accessibilityLabel: "",
            logo: LogoChoice(brand: .afterpay, logoType: .badge, colorScheme: .static(.default), appearance: appearance),
            link: InfoLink(content: .circledInfoIcon, url: nil), appearance: appearance, textColor: text, linkColor: link)
    }

    static func grey(_ value: UInt8, alpha: UInt8 = 255) -> RGBAColor { RGBAColor(red8: value, green8: value, blue8: value, alpha8: alpha) }

    /// Grey 148 on white: 148/255 = 0.58039 → ((0.58039 + 0.055) / 1.055)^2.4 = 0.29614, so
    /// 1.05 / 0.34614 = 3.033:1, just above 3. Grey 149: 0.58431 → 0.30053, 1.05 / 0.35053 =
    /// 2.995:1, just below. The first draws no warning, the second one, for the text.
    @Test func theThresholdIsThreeToOneOnBothSides() {
        let above = Self.breakdown(text: Self.grey(148), link: .black).contrast(background: nil)
        #expect(abs(above.text - 3.0335) < 0.0005)
        #expect(above.warnings.isEmpty, "\(above.warnings)")
        let below = Self.breakdown(text: Self.grey(149), link: .black).contrast(background: nil)
        #expect(abs(below.text - 2.9953) < 0.0005)
        #expect(below.warnings == ["the text on the page #FFFFFF is 2.99:1, below 3:1"], "\(below.warnings)")
        // The link the same way.
        #expect(Self.breakdown(text: .black, link: Self.grey(148)).contrast(background: nil).warnings.isEmpty)
        #expect(Self.breakdown(text: .black, link: Self.grey(149)).contrast(background: nil).warnings == ["the link on the page #FFFFFF is 2.99:1, below 3:1"])
    }

    /// Black at alpha 0x30 (48/255 = 0.188) over white shows as 255 × (1 − 0.188) = 207.0 → grey
    /// 207: 0.81176 → ((0.81176 + 0.055) / 1.055)^2.4 = 0.62296, 1.05 / 0.67296 = 1.558:1, a
    /// warning; judged as opaque black it would be 21:1. White at 0x30 over black: grey 48,
    /// 0.18824 → 0.02956, 0.07956 / 0.05 = 1.591:1.
    @Test func translucentTextAndLinkAreJudgedAsTheyShow() {
        let faint = Self.grey(0, alpha: 0x30)
        let light = Self.breakdown(text: faint, link: faint).contrast(background: nil)
        #expect(abs(light.text - 1.558) < 0.001)
        #expect(abs((light.link ?? 0) - 1.558) < 0.001)
        #expect(light.warnings == ["the text on the page #FFFFFF is 1.55:1, below 3:1", "the link on the page #FFFFFF is 1.55:1, below 3:1"])
        let ghost = Self.grey(255, alpha: 0x30)
        let dark = Self.breakdown(text: ghost, link: ghost, appearance: .dark).contrast(background: nil)
        #expect(abs(dark.text - 1.591) < 0.001)
        #expect(dark.warnings.count == 2, "\(dark.warnings)")
        // Opaque, the same colours are the full 21:1 and do not warn.
        let opaque = Self.breakdown(text: .black, link: .black).contrast(background: nil)
        #expect(abs(opaque.text - 21) < 1e-9 && opaque.warnings.isEmpty)
    }
}
