/// The view's options (the `PriceBreakdownView` properties), all with the iOS defaults.
public struct PriceBreakdownOptions: Sendable, Hashable {
    /// The word before the sentence, e.g. `or`, `pay`, or none.
    public var introText: IntroText
    /// Whether "interest-free" is shown (where the region allows it).
    public var showInterestFreeText: Bool
    /// Whether "with" is shown before the logo.
    public var showWithText: Bool
    /// The logo requested: badge, lockup or compact badge.
    public var logoType: LogoType
    /// The logo's palette, fixed or per appearance.
    public var logoColorScheme: LogoColorScheme
    /// Light or dark, as the view would be shown.
    public var appearance: Appearance
    /// How the info link looks and which page it opens.
    public var moreInfoOptions: MoreInfoOptions
    /// nil: `.label` for the appearance (`DefaultColors.text`).
    public var textColor: RGBAColor?
    /// nil: `.secondaryLabel` for the appearance (`DefaultColors.link`).
    public var linkColor: RGBAColor?
    /// The device's Increase Contrast setting (iOS): the default text and link colours are the
    /// system colours' high-contrast values; the logo is unchanged. The iOS view's only.
    public var increaseContrast: Bool
    /// The device's Bold Text setting (iOS): the body style at its emphasized weight (Semibold,
    /// an approximation: docs/fidelity.md). The iOS view's only.
    public var boldText: Bool

    /// Options with the SDK's defaults unless given.
    public init(
        introText: IntroText = .or, showInterestFreeText: Bool = true, showWithText: Bool = true,
        logoType: LogoType = .badge, logoColorScheme: LogoColorScheme = .static(.default),
        appearance: Appearance = .light, moreInfoOptions: MoreInfoOptions = MoreInfoOptions(),
        textColor: RGBAColor? = nil, linkColor: RGBAColor? = nil, increaseContrast: Bool = false, boldText: Bool = false
    ) {
        self.introText = introText
        self.showInterestFreeText = showInterestFreeText
        self.showWithText = showWithText
        self.logoType = logoType
        self.logoColorScheme = logoColorScheme
        self.appearance = appearance
        self.moreInfoOptions = moreInfoOptions
        self.textColor = textColor
        self.linkColor = linkColor
        self.increaseContrast = increaseContrast
        self.boldText = boldText
    }
}
