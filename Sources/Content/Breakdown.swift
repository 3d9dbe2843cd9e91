/// Everything the view shows, computed from (configuration or none, device locale, options,
/// amount). Layout and painting consume this and re-derive nothing.
public struct Breakdown: Sendable, Hashable {
    /// The sentence without the logo and the link, e.g. `or 4 interest-free payments of $25.00 with`.
    public var text: String
    public var logoPlacement: LogoPlacement
    /// The view hides itself (draws nothing) when there is no configuration or no display language.
    public var isHidden: Bool
    /// Why it is hidden, for a person; nil when shown.
    public var hiddenReason: String?
    public var brand: Brand
    /// The display language identifier (e.g. `fr_CA`), or nil when none was found.
    public var language: String?
    /// What VoiceOver says for the view: the sentence with the brand spelled to be pronounced
    /// ("… with after pay"), as the iOS view's accessibility label.
    public var accessibilityLabel: String
    public var logo: LogoChoice
    public var link: InfoLink
    /// The appearance the colours and the logo palette were resolved for.
    public var appearance: Appearance
    /// The text colour (`.label` for the appearance unless overridden).
    public var textColor: RGBAColor
    /// The info link colour (`.secondaryLabel` for the appearance unless overridden).
    public var linkColor: RGBAColor

    public init(
        text: String, logoPlacement: LogoPlacement, isHidden: Bool, hiddenReason: String?, brand: Brand,
        language: String?, accessibilityLabel: String, logo: LogoChoice, link: InfoLink,
        appearance: Appearance = .light, textColor: RGBAColor? = nil, linkColor: RGBAColor? = nil
    ) {
        self.text = text
        self.logoPlacement = logoPlacement
        self.isHidden = isHidden
        self.hiddenReason = hiddenReason
        self.brand = brand
        self.language = language
        self.accessibilityLabel = accessibilityLabel
        self.logo = logo
        self.link = link
        self.appearance = appearance
        self.textColor = textColor ?? DefaultColors.text(appearance)
        self.linkColor = linkColor ?? DefaultColors.link(appearance)
    }

    /// The text alternative for the web (HTML `alt`, SVG `<title>`): the sentence with the brand
    /// as written ("… with Afterpay"), on the logo's side. Screen readers read the written brand
    /// correctly there, and a shopper with images off reads it.
    public var altText: String {
        logoPlacement == .end ? "\(text) \(brand.writtenName)" : "\(brand.writtenName) \(text)"
    }

    /// Shown (drawn) only when a configuration is set and a display language was found.
    public var isEnabled: Bool { !isHidden }
}
