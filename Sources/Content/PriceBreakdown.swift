/// Everything the view shows, computed from (configuration or none, device locale, options,
/// amount). Layout and painting consume this and re-derive nothing.
public struct PriceBreakdown: Sendable, Hashable {
    /// The sentence without the logo and the link, e.g. `or 4 interest-free payments of $25.00 with`.
    public package(set) var text: String
    /// Where the logo goes: after the sentence, or before it when there is no configuration.
    public package(set) var logoPlacement: LogoPlacement
    /// The view hides itself (draws nothing) when there is no configuration or no display language.
    public package(set) var isHidden: Bool
    /// Why it is hidden, for a person; nil when shown.
    public package(set) var hiddenReason: String?
    /// The brand shown: Afterpay, Clearpay or Cash App Afterpay.
    public package(set) var brand: Brand
    /// The display language identifier (e.g. `fr_CA`), or nil when none was found.
    public package(set) var language: String?
    /// What VoiceOver says for the view: the sentence with the brand spelled to be pronounced
    /// ("… with after pay"), as the iOS view's accessibility label.
    public package(set) var accessibilityLabel: String
    /// The logo drawn: artwork, size rule and colours.
    public package(set) var logo: LogoChoice
    /// The info link: what it draws and the page it opens.
    public package(set) var link: InfoLink
    /// The appearance the colours and the logo palette were resolved for.
    public package(set) var appearance: Appearance
    /// The text colour (`.label` for the appearance unless overridden).
    public package(set) var textColor: RGBAColor
    /// The info link colour (`.secondaryLabel` for the appearance unless overridden).
    public package(set) var linkColor: RGBAColor
    /// Increase Contrast was on: the default colours are the high-contrast values.
    public package(set) var increaseContrast: Bool
    /// Bold Text was on: the text is set at the body style's emphasized weight (Semibold).
    public package(set) var boldText: Bool
    /// Why the inputs this breakdown was computed from break a rule every door keeps (a device
    /// locale that is not a locale identifier, an information page that is not a file name, a
    /// price that is negative, too large or has more decimals than a currency has), in the words
    /// those doors use; nil when they keep them. A renderer throws it instead of drawing, and
    /// `assertBreakdownHidden` fails with it.
    public package(set) var invalidInput: BreakdownError?
    /// The logo's colours when they are not its palette's (the Android view's tinted layers);
    /// nil: the palette's.
    package var ownLogoColors: LogoColors?
    /// Where the instalment (e.g. `$25.00`) is in `text`, in UTF-8 bytes; nil when the sentence
    /// has none or it cannot be told apart. Everything else in an in-range sentence is the same
    /// for every amount of one configuration, which the PNG encoder uses (`PNGEncoder.encode`'s
    /// bands).
    package var instalmentRange: Range<Int>?

    package init(
        text: String, logoPlacement: LogoPlacement, isHidden: Bool, hiddenReason: String?, brand: Brand,
        language: String?, accessibilityLabel: String, logo: LogoChoice, link: InfoLink,
        appearance: Appearance = .light, textColor: RGBAColor? = nil, linkColor: RGBAColor? = nil, increaseContrast: Bool = false,
        boldText: Bool = false
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
        self.textColor = textColor ?? DefaultColors.text(appearance, increaseContrast: increaseContrast)
        self.linkColor = linkColor ?? DefaultColors.link(appearance, increaseContrast: increaseContrast)
        self.increaseContrast = increaseContrast
        self.boldText = boldText
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
