import Foundation

extension PriceBreakdown {
    /// The number of instalments.
    public static let instalmentCount = 4

    /// Why a breakdown without a configuration is hidden.
    public static let noConfigurationReason = "no configuration is set"

    /// Computes everything the view shows from its four inputs.
    /// Pure: no global state, the same inputs always give the same breakdown.
    ///
    /// - Parameters:
    ///   - configuration: the merchant configuration, or nil when none is set (then the text is
    ///     `or pay with`, hidden; like the iOS SDK, the region falls back to en_US).
    ///   - deviceLocale: the device (client) locale identifier, e.g. `en_AU`; it picks the
    ///     language when the configuration has no consumer locale, and the currency style.
    ///   - options: the view's options.
    ///   - amount: the price (`totalAmount`), exact however it is written (see `Amount`).
    public init(configuration: Configuration?, deviceLocale: String, options: PriceBreakdownOptions = .init(), amount price: Amount) {
        let amount = price.value
        guard let configuration else {
            // Like the shipping SDK: the en_US merchant locale, and its language (en_US) when the
            // device's language is English; nil otherwise.
            let merchant = MerchantLocale.enUS
            let strings = TextLanguage.english
            let language = LanguageResolution(merchant: merchant, consumerLocale: nil, deviceLocale: deviceLocale).language
            self.init(
                text: strings.noConfiguration, logoPlacement: .end, isHidden: true,
                hiddenReason: Self.noConfigurationReason, brand: merchant.brand, language: language,
                options: options, strings: strings, languageCode: "en", region: merchant)
            return
        }
        let resolution = LanguageResolution(
            merchant: configuration.locale, consumerLocale: configuration.consumerLocale, deviceLocale: deviceLocale)
        let language = resolution.language
        let strings = TextLanguage(displayLanguage: language)
        let formatter = CurrencyFormatter(configuration: configuration, deviceLocale: deviceLocale)

        let text: String
        let placement: LogoPlacement
        if configuration.isInRange(amount) {
            let instalment = formatter.string(from: Self.instalment(of: amount))
            let interestFree =
                options.showInterestFreeText && configuration.allowsInterestFreeText ? strings.interestFree : ""
            text = strings.inRange(
                intro: options.introText.text(in: strings), count: Self.instalmentCount,
                interestFree: interestFree, instalment: instalment,
                with: options.showWithText ? strings.with : ""
            ).trimmingSpaces()
            placement = .end
        } else {
            let minimum = formatter.string(from: configuration.minimumAmount ?? 1, digits: .none)
            let maximum = formatter.string(from: configuration.maximumAmount, digits: .none)
            text = strings.outsideLimits(minimum: minimum, maximum: maximum)
            placement = .start
        }
        let languageCode = language.flatMap(LanguageResolution.languageCode(of:)) ?? "en"
        self.init(
            text: text, logoPlacement: placement, isHidden: language == nil,
            hiddenReason: resolution.failureReason, brand: configuration.brand, language: language,
            options: options, strings: strings, languageCode: languageCode, region: configuration.locale)
    }

    private init(
        text: String, logoPlacement: LogoPlacement, isHidden: Bool, hiddenReason: String?, brand: Brand,
        language: String?, options: PriceBreakdownOptions, strings: TextLanguage, languageCode: String,
        region: MerchantLocale
    ) {
        let spoken = brand.spokenName
        let label = logoPlacement == .end ? "\(text) \(spoken)" : "\(spoken) \(text)"
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
