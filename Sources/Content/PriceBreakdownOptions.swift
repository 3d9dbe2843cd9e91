/// The view's options (the `PriceBreakdownView` properties), all with the iOS defaults.
public struct PriceBreakdownOptions: Sendable, Hashable {
    public var introText: IntroText
    public var showInterestFreeText: Bool
    public var showWithText: Bool
    public var logoType: LogoType
    public var logoColorScheme: LogoColorScheme
    public var appearance: Appearance
    public var moreInfoOptions: MoreInfoOptions
    /// nil: `.label` for the appearance (`DefaultColors.text`).
    public var textColor: RGBAColor?
    /// nil: `.secondaryLabel` for the appearance (`DefaultColors.link`).
    public var linkColor: RGBAColor?

    public init(
        introText: IntroText = .or, showInterestFreeText: Bool = true, showWithText: Bool = true,
        logoType: LogoType = .badge, logoColorScheme: LogoColorScheme = .static(.default),
        appearance: Appearance = .light, moreInfoOptions: MoreInfoOptions = MoreInfoOptions(),
        textColor: RGBAColor? = nil, linkColor: RGBAColor? = nil
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
    }
}
