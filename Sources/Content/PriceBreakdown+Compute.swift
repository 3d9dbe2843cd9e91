import Foundation

extension PriceBreakdown {
    /// The number of instalments.
    public static let instalmentCount = 4

    /// Why a breakdown without a configuration is hidden.
    public static let noConfigurationReason = "no configuration is set"

    /// Computes everything the view shows from its four inputs.
    /// Pure: the same inputs always give the same breakdown. What does not depend on the amount
    /// is resolved once per configuration and kept (`SharedContent`), which no caller can see.
    ///
    /// - Parameters:
    ///   - configuration: the merchant configuration, or nil when none is set (then the text is
    ///     `or pay with`, hidden; like the iOS SDK, the region falls back to en_US).
    ///   - deviceLocale: the device (client) locale identifier, e.g. `en_AU`; it picks the
    ///     language when the configuration has no consumer locale, and the currency style.
    ///   - options: the view's options.
    ///   - amount: the price (`totalAmount`), exact however it is written (see `Amount`).
    public init(configuration: Configuration?, deviceLocale: String, options: PriceBreakdownOptions = .init(), amount price: Amount) {
        // Everything but the amount is resolved once per configuration (SharedContent).
        self = SharedContent.breakdown(SharedContent.Key(configuration: configuration, deviceLocale: deviceLocale, options: options), amount: price.value)
    }

    /// What VoiceOver says: the sentence with the brand spelled to be pronounced, on the logo's side.
    static func accessibilityLabel(text: String, placement: LogoPlacement, brand: Brand) -> String {
        placement == .end ? "\(text) \(brand.spokenName)" : "\(brand.spokenName) \(text)"
    }

    /// A breakdown of resolved parts: its logo and link are resolved here (`SharedContent` does
    /// this once per configuration).
    init(
        text: String, logoPlacement: LogoPlacement, isHidden: Bool, hiddenReason: String?, brand: Brand,
        language: String?, options: PriceBreakdownOptions, strings: TextLanguage, languageCode: String,
        region: MerchantLocale
    ) {
        let label = Self.accessibilityLabel(text: text, placement: logoPlacement, brand: brand)
        self.init(
            text: text, logoPlacement: logoPlacement, isHidden: isHidden, hiddenReason: hiddenReason, brand: brand,
            language: language, accessibilityLabel: label,
            logo: LogoChoice(
                brand: brand, logoType: options.logoType, colorScheme: options.logoColorScheme,
                appearance: options.appearance),
            link: InfoLink(
                options: options.moreInfoOptions, language: strings, languageCode: languageCode,
                regionCode: region.regionCode, brand: brand),
            appearance: options.appearance, textColor: options.textColor, linkColor: options.linkColor,
            increaseContrast: options.increaseContrast, boldText: options.boldText)
    }
}
