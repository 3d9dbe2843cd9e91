/// How well the logo, the text and the link stand out from what is behind them (WCAG contrast
/// ratios). The SDK lets some palettes vanish on their page (a white lockup on white, the black
/// Cash App wordmark on black): such a picture is still drawn as the SDK shows it, with a warning.
public struct ContrastReport: Sendable, Hashable {
    /// What is behind the image: its background laid over the appearance's page colour (white
    /// light, black dark), or that page colour when the background is transparent.
    public var page: RGBAColor
    /// The logo's wordmark colour.
    public var logoForeground: RGBAColor
    /// What is right behind the wordmark: a badge's own pill, else the page.
    public var logoBackground: RGBAColor
    /// The wordmark against `logoBackground`.
    public var logo: Double
    /// The text colour (laid over the page) against the page.
    public var text: Double
    /// The link colour against the page; nil when there is no link.
    public var link: Double?

    /// One line per ratio below `ContrastRatio.minimum`, for a person; empty when all are above.
    public var warnings: [String] {
        var lines: [String] = []
        func format(_ ratio: Double) -> String { ContrastReport.format(ratio) + ":1" }
        let minimum = "below 3:1"
        if logo < ContrastRatio.minimum {
            let behind = logoBackground == page ? "the page \(page)" : "its ground \(logoBackground)"
            lines.append("the logo's mark \(logoForeground) on \(behind) is \(format(logo)), \(minimum)")
        }
        if text < ContrastRatio.minimum { lines.append("the text on the page \(page) is \(format(text)), \(minimum)") }
        if let link, link < ContrastRatio.minimum { lines.append("the link on the page \(page) is \(format(link)), \(minimum)") }
        return lines
    }

    /// True when some ratio is below `ContrastRatio.minimum`.
    public var isLow: Bool { !warnings.isEmpty }

    /// A ratio with two decimals (rounded down, so 2.999 never reads as 3.00).
    public static func format(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100 + 1e-9).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension PriceBreakdown {
    /// The contrast of this breakdown drawn on `background` (nil: transparent, so the page of the
    /// appearance shows through). The logo's colours are its palette's,
    /// which the official artwork shares.
    public func contrast(background: RGBAColor?) -> ContrastReport {
        let pageColor = appearance.pageColor
        let page = background.map { $0.over(pageColor) } ?? pageColor
        let colors = ownLogoColors ?? logo.colors
        // A badge's mark sits on its own pill; a lockup's (and the Cash App wordmark beside its
        // square) on the page.
        let behindMark = logo.kind == .lockup ? page : (colors.ground?.over(page) ?? page)
        let mark = colors.mark.over(behindMark)
        let hasLink: Bool = if case .none = link.content { false } else { true }
        return ContrastReport(
            page: page, logoForeground: mark, logoBackground: behindMark,
            logo: ContrastRatio.ratio(mark, behindMark),
            text: ContrastRatio.ratio(textColor.over(page), page),
            link: hasLink ? ContrastRatio.ratio(linkColor.over(page), page) : nil)
    }
}
