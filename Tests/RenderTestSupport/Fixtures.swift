import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import Foundation

/// Breakdowns made by hand, so these tests check the drawing stages on their own.
enum Fixtures {
    static let inRangeText = "or 4 interest-free payments of $25.00 with"

    static func breakdown(
        text: String = inRangeText, placement: LogoPlacement = .end, kind: LogoType = .badge, brand: Brand = .afterpay,
        palette: ColorPalette = .default, requested: LogoType? = nil, link: LinkContent = .circledInfoIcon
    ) -> PriceBreakdown {
        let multipliers = Self.multipliers(requested ?? kind)
        let logo = LogoChoice(
            kind: kind, brand: brand, palette: palette, heightMultiplier: multipliers.height,
            descenderMultiplier: multipliers.descender)
        let url: String? = link == .none ? nil : "https://static.afterpay.com/modal/en_AU.html"
        return PriceBreakdown(
            text: text, logoPlacement: placement, isHidden: false, hiddenReason: nil, brand: brand, language: "en_AU",
            accessibilityLabel: "\(text) \(brand.spokenName)", logo: logo, link: InfoLink(content: link, url: url))
    }

    /// The size rule of each logo type, copied from behavior.md section 6 (not from `LogoType`,
    /// whose constants the tests check).
    static func multipliers(_ type: LogoType) -> (height: Double, descender: Double) {
        switch type {
        case .badge: (1.8, 1.0)
        case .lockup, .compactBadge: (1.0, 1.2)
        }
    }

    /// One renderer for the whole test process is not allowed (not thread-safe); tests make their own.
    static func renderer() throws -> BreakdownRenderer { try BreakdownRenderer() }
}
