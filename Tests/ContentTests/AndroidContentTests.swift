import BreakdownContent
import Foundation
import Testing

/// The Android view's content rules, each checked against android.md's own examples and tables
/// (sections 1, 2, 3, 5 and 6).
@Suite struct AndroidContentTests {
    static func configuration(
        _ locale: String = "en_AU", currency: String? = nil, min: String? = "1.00", max: String = "2000.00",
        environment: AndroidEnvironment = .production, consumer: String? = nil
    ) throws -> AndroidConfiguration {
        if let currency {
            return try AndroidConfiguration(
                minimumAmount: min, maximumAmount: max, currencyCode: currency, locale: locale, environment: environment,
                consumerLocale: consumer)
        }
        return try AndroidConfiguration(
            minimumAmount: min, maximumAmount: max, locale: locale, environment: environment, consumerLocale: consumer)
    }

    static func breakdown(
        _ configuration: AndroidConfiguration?, device: String = "en_AU", amount: Decimal = 100,
        options: PriceBreakdownOptions = .init(), style: AndroidStyle = .default, logo: LogoType? = nil
    ) throws -> AndroidBreakdown {
        try AndroidInputs(
            configuration: configuration, deviceLocale: device, options: options, style: style, logoType: logo, amount: amount
        ).breakdown()
    }

    // Section 2.3's examples (merchant en_AU, AUD, device en_AU, defaults).
    @Test func theAssemblyExamples() throws {
        let inRange = try Self.breakdown(Self.configuration(min: "1", max: "2000"))
        #expect(inRange.text == "or 4 interest-free payments of $25.00 with")
        #expect(inRange.logoPlacement == .end)
        let over = try Self.breakdown(Self.configuration(min: "10", max: "2000"), amount: 5000)
        #expect(over.text == "available for orders between $10 \u{2013} $2,000")
        #expect(over.logoPlacement == .start)
        let noMinimum = try Self.breakdown(Self.configuration(min: nil, max: "2000"), amount: 5000)
        #expect(noMinimum.text == "available for orders between 1 \u{2013} $2,000")
        let bare = try Self.breakdown(
            Self.configuration(), options: PriceBreakdownOptions(introText: .empty, showWithText: false))
        #expect(bare.text == "4 interest-free payments of $25.00")
        let uk = try Self.breakdown(Self.configuration("en_GB", currency: "GBP"), device: "en_GB")
        #expect(uk.text == "or 4 payments of £25.00 with")
        #expect(uk.brand == .clearpay)
        let us = try Self.breakdown(Self.configuration("en_US", currency: "USD"), device: "en_US")
        #expect(us.text == "or 4 interest-free payments of $25.00 with")
        #expect(us.logo.layers.map(\.drawable) == ["afterpay_cash_app_lockup_polychrome_light"])
        let french = try Self.breakdown(Self.configuration("en_CA", currency: "CAD"), device: "fr_FR")
        #expect(french.language == "fr_CA")
        // On a fr_FR device CAD is a foreign currency (rule 4b).
        #expect(french.text == "ou 4 paiements sans intérêts de $25,00 CAD avec")
        // A French consumer on a fr_CA device: the client's own format, ICU's symbol.
        let consumer = try Self.breakdown(Self.configuration("en_CA", currency: "CAD", consumer: "fr_FR"), device: "fr_CA")
        #expect(consumer.text == "ou 4 paiements sans intérêts de 25,00\u{00A0}$ avec")
    }

    /// The Android SDK's AfterpayInstalmentPriceTest prices with more decimals than AUD has: the
    /// SDK takes them as BigDecimals and rounds the instalment half-even to the cent. Through the
    /// library's Decimal amount (text doors refuse them: never rounded, never guessed).
    @Test func theSDKsOverPrecisePrices() throws {
        for (amount, instalment) in [("40.009", "$10.00"), ("40.019", "$10.00"), ("40.3934567", "$10.10")] {
            let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
            let drawn = try Self.breakdown(Self.configuration(min: "2", max: "1000"), amount: value)
            #expect(drawn.text == "or 4 interest-free payments of \(instalment) with", "\(amount)")
        }
        #expect(throws: AmountError.self) { try Amount("40.009") }
    }

    // Section 2.4: the content description.
    @Test func theContentDescription() throws {
        #expect(
            try Self.breakdown(Self.configuration()).contentDescription
                == "or 4 interest-free payments of $25.00 with After pay")
        #expect(
            try Self.breakdown(Self.configuration(min: "10"), amount: 5000).contentDescription
                == "After pay available for orders between $10 \u{2013} $2,000")
        let none = try Self.breakdown(nil, device: "en_US")
        #expect(none.contentDescription == "Or pay with After pay")
        #expect(none.text == "or pay with")
        #expect(try Self.breakdown(Self.configuration("en_GB", currency: "GBP"), device: "en_GB").contentDescription == "or 4 payments of £25.00 with Clear pay")
        #expect(try Self.breakdown(Self.configuration("en_US"), device: "en_US").contentDescription.hasSuffix("with After pay"))
        #expect(
            try Self.breakdown(Self.configuration(), options: PriceBreakdownOptions(showWithText: false)).contentDescription
                == "or 4 interest-free payments of $25.00 After pay")
    }

    // Section 1: validation order and messages.
    @Test func configurationChecksInTheSDKsOrder() throws {
        func error(_ min: String?, _ max: String, _ currency: String, _ locale: String) -> String? {
            do {
                _ = try AndroidConfiguration(minimumAmount: min, maximumAmount: max, currencyCode: currency, locale: locale)
                return nil
            } catch { return error.message }
        }
        // Numbers first, then the currency, then the maximum's sign, the minimum, the locale.
        #expect(error("x", "y", "foo", "ja_JP") == "Minimum order amount (x) is not a number")
        #expect(error("1", "y", "foo", "ja_JP") == "Maximum order amount (y) is not a number")
        #expect(error("1", "-1", "foo", "ja_JP") == "Currency code (foo) is not an ISO 4217 code")
        #expect(error("1", "-1", "EUR", "ja_JP") == "Maximum order amount is invalid")
        #expect(error("0", "100", "EUR", "ja_JP") == "Minimum order amount is invalid")
        #expect(error("100", "100", "EUR", "en_AU") == "Minimum order amount is invalid")
        #expect(error("1", "100", "EUR", "ja_JP") == "Locale contains an unsupported country: JP. Supported countries include: AU,CA,CA,GB,NZ,US")
        // Any ISO code, EUR and JPY included; not lower case nor made-up codes.
        #expect(error("1", "100", "EUR", "en_AU") == nil)
        #expect(error("1", "100", "JPY", "en_US") == nil)
        #expect(error("1", "100", "aud", "en_AU") != nil)
        #expect(error("1", "100", "XYZ", "en_AU") != nil)
        // BigDecimal strings: exponents and signs.
        #expect(error("1e1", "1E3", "AUD", "en_AU") == nil)
        #expect(error("1.", "+100", "AUD", "en_AU") == nil)
        #expect(error(".", "100", "AUD", "en_AU") == "Minimum order amount (.) is not a number")
        // BigDecimal takes any exponent; Decimal holds ±127: a clear refusal, not "not a number".
        #expect(error("1", "1e200", "AUD", "en_AU") == "Order amount (1e200) is out of range (exponents up to ±127)")
        #expect(error("1", String(repeating: "9", count: 1000), "AUD", "en_AU")?.hasSuffix("is out of range (exponents up to ±127)") == true)
        // A locale without a country names none.
        #expect(error("1", "100", "AUD", "en") == "Locale contains an unsupported country: (none in en). Supported countries include: AU,CA,CA,GB,NZ,US")
        // The locale must be exactly one of the six.
        #expect(error("1", "100", "AUD", "en-AU") != nil)
        #expect(error("1", "100", "AUD", "fr_FR") == "Locale contains an unsupported country: FR. Supported countries include: AU,CA,CA,GB,NZ,US")
    }

    // Section 2.2: which case applies.
    @Test func whichCaseApplies() throws {
        // No "> 0" test: 0 with no minimum is in range.
        #expect(try Self.breakdown(Self.configuration(min: nil), amount: 0).text == "or 4 interest-free payments of $0.00 with")
        // Both bounds inclusive; a negative amount is outside.
        #expect(try Self.breakdown(Self.configuration(min: "10", max: "20"), amount: 10).logoPlacement == .end)
        #expect(try Self.breakdown(Self.configuration(min: "10", max: "20"), amount: 20).logoPlacement == .end)
        #expect(try Self.breakdown(Self.configuration(min: nil, max: "20"), amount: -1).logoPlacement == .start)
        // An unsupported currency: "1 – 0", whatever the amount.
        let euro = try Self.breakdown(Self.configuration(currency: "EUR"), amount: 100)
        #expect(euro.text == "available for orders between 1 \u{2013} 0")
        #expect(euro.logoPlacement == .start)
        // interest-free is left out for GBP in any region.
        #expect(try Self.breakdown(Self.configuration(currency: "GBP")).text == "or 4 payments of £25.00 with")
        #expect(
            try Self.breakdown(Self.configuration(), options: PriceBreakdownOptions(showInterestFreeText: false)).text
                == "or 4 payments of $25.00 with")
        // The intro texts, in both string sets.
        let pay = PriceBreakdownOptions(introText: .payInTitle)
        #expect(try Self.breakdown(Self.configuration(), options: pay).text.hasPrefix("Pay in 4 "))
        #expect(
            try Self.breakdown(Self.configuration("fr_CA"), device: "fr_CA", options: pay).text.hasPrefix("Payez en 4 paiements "))
    }

    // Section 3: half-even limits and the JDK-port values.
    @Test func currencyFormatting() throws {
        #expect(try Self.breakdown(Self.configuration(min: "49.99", max: "2.5e3"), amount: 1).text == "available for orders between $50 \u{2013} $2,500")
        #expect(try Self.breakdown(Self.configuration(min: "2.5", max: "3.5"), amount: 1).text == "available for orders between $2 \u{2013} $4")
        #expect(try Self.breakdown(Self.configuration(), amount: Decimal(string: "50.10")!).text.contains("$12.52"))
        #expect(try Self.breakdown(Self.configuration(), device: "ja_JP").text.contains("$25.00 AUD"))
        #expect(try Self.breakdown(Self.configuration(), device: "de_DE").text.contains("$25,00 AUD"))
        let limits = { (device: String) in try Self.breakdown(Self.configuration(min: "2000", max: "3000"), device: device, amount: 1).text }
        #expect(try limits("fr_CA").contains("$2\u{00A0}000 AUD"))
        #expect(try limits("fr_FR").contains("$2\u{202F}000 AUD"))
        #expect(try limits("it_IT").contains("$2.000 AUD"))
        #expect(try limits("es_ES").contains("$2.000 AUD"))
        // The device's currency is compared with the configuration's, not the merchant's: a
        // US merchant billing AUD on an Australian device uses the device's own format.
        #expect(try Self.breakdown(Self.configuration("en_US", currency: "AUD"), device: "en_AU", logo: .lockup).text.contains("of $25.00 with"))
        // An en_US device forces A$; full locale equality: en_US with a variant is not en_US.
        #expect(try Self.breakdown(Self.configuration(), device: "en_US").text.contains("of A$25.00 with"))
        #expect(try Self.breakdown(Self.configuration(), device: "en_US_POSIX").text.contains("of $25.00 AUD with"))
    }

    // Section 1: display languages and enabled.
    @Test func displayLanguage() throws {
        #expect(try Self.breakdown(Self.configuration("en_CA", consumer: "fr_FR")).language == "fr_CA")
        #expect(try Self.breakdown(Self.configuration("fr_CA", consumer: "en")).language == "en_CA")
        let spanish = try Self.breakdown(Self.configuration("en_US", consumer: "es_US"), logo: .lockup)
        #expect(spanish.language == nil)
        #expect(spanish.isHidden && !spanish.isEnabled)
        // The text is still computed while GONE, in the EN set (USD is foreign on the en_AU device).
        #expect(spanish.text == "or 4 interest-free payments of $25.00 USD with")
        #expect(try Self.breakdown(Self.configuration("en_US", consumer: "en"), logo: .lockup).language == "en_US")
    }

    // Section 1: visibility, the sandbox exception and the default logo type.
    @Test func visibilityAndTheSandboxException() throws {
        let us = try Self.breakdown(Self.configuration("en_US"), device: "en_US")
        #expect(us.logo.type == .lockup)
        #expect(!us.isHidden)
        #expect(try Self.breakdown(Self.configuration("en_AU")).logo.type == .badge)
        for type in [LogoType.badge, .compactBadge] {
            let hidden = try Self.breakdown(Self.configuration("en_US"), device: "en_US", logo: type)
            #expect(hidden.isHidden)
            #expect(hidden.isEnabled)
            #expect(throws: AndroidBreakdownError.nonLockupInUnitedStates(type)) {
                try Self.breakdown(Self.configuration("en_US", environment: .sandbox), device: "en_US", logo: type)
            }
        }
        #expect(throws: Never.self) {
            try Self.breakdown(Self.configuration("en_AU", environment: .sandbox), logo: .compactBadge)
        }
        // No configuration: no environment, nothing thrown; GONE; en_US's lockup by default.
        let none = try Self.breakdown(nil, device: "en_US")
        #expect(none.isHidden && !none.isEnabled)
        #expect(none.logo.type == .lockup)
        #expect(none.brand == .cashAppAfterpay)
        #expect(none.link.url == "https://static.afterpay.com/modal/en_US.html")
    }

    // Sections 1 and 5.6: colour schemes and layers.
    @Test func colourSchemesAndLayers() throws {
        let mint = RGBAColor.bondiMint
        let expected: [(AndroidStyle, String, [String], [RGBAColor?])] = [
            (.default, "en_AU", ["afterpay_badge_bg", "afterpay_badge_fg"], [mint, .black]),
            (.alt, "en_AU", ["afterpay_badge_bg", "afterpay_badge_fg"], [.black, mint]),
            (.monochromeDark, "en_GB", ["afterpay_badge_bg", "clearpay_badge_fg"], [.black, .white]),
            (.monochromeLight, "en_NZ", ["afterpay_badge_bg", "afterpay_badge_fg"], [.white, .black]),
        ]
        for (style, locale, drawables, tints) in expected {
            let logo = try Self.breakdown(Self.configuration(locale), device: locale, style: style).logo
            #expect(logo.layers.map(\.drawable) == drawables, "\(style)")
            #expect(logo.layers.map(\.tint) == tints, "\(style)")
            #expect(logo.heightMultiplier == 2.5)
        }
        let cashApp: [(AndroidStyle, AndroidColorScheme, String, RGBAColor?)] = [
            (.default, .cashAppDefault, "afterpay_cash_app_lockup_polychrome_light", nil),
            (.alt, .cashAppAlt, "afterpay_cash_app_lockup_polychrome_dark", nil),
            (.monochromeDark, .cashAppMonochromeDark, "afterpay_cash_app_lockup_monochrome", .white),
            (.monochromeLight, .cashAppMonochromeLight, "afterpay_cash_app_lockup_monochrome", .black),
        ]
        for (style, scheme, drawable, tint) in cashApp {
            let logo = try Self.breakdown(Self.configuration("en_US"), device: "en_US", style: style).logo
            #expect(logo.scheme == scheme)
            #expect(logo.layers == [AndroidLogoLayer(drawable: drawable, tint: tint)], "\(style)")
            #expect(logo.heightMultiplier == 1.0)
        }
        let compact = try Self.breakdown(Self.configuration("en_GB"), device: "en_GB", logo: .compactBadge).logo
        #expect(compact.layers.map(\.drawable) == ["afterpay_badge_narrow_bg", "clearpay_badge_fg_cropped"])
        #expect(compact.heightMultiplier == 1.4)
        let lockup = try Self.breakdown(Self.configuration(), style: .alt, logo: .lockup).logo
        #expect(lockup.layers == [AndroidLogoLayer(drawable: "afterpay_lockup", tint: mint)])
        #expect(AndroidColorScheme.cashAppAlt.background == (try RGBAColor(hex: "#00D64F")))
    }

    // Section 6: the modal URL.
    @Test func modalURLs() throws {
        func url(_ configuration: AndroidConfiguration, device: String = "en_AU", _ edit: (inout MoreInfoOptions) -> Void = { _ in })
            throws -> String?
        {
            var more = MoreInfoOptions()
            edit(&more)
            return try Self.breakdown(configuration, device: device, options: PriceBreakdownOptions(moreInfoOptions: more)).link.url
        }
        let base = "https://static.afterpay.com/modal/"
        #expect(try url(Self.configuration()) == base + "en_AU.html")
        #expect(try url(Self.configuration("en_CA"), device: "fr_FR") == base + "fr_CA.html")
        #expect(try url(Self.configuration("fr_CA"), device: "en_GB") == base + "en_CA.html")
        #expect(try url(Self.configuration("en_GB"), device: "en_GB") { $0.isCbtEnabled = true } == base + "en_GB-cbt.html")
        #expect(
            try url(Self.configuration()) {
                $0.modalTheme = .white
                $0.isCbtEnabled = true
            } == base + "en_AU-theme-white-cbt.html")
        #expect(try url(Self.configuration()) { $0.modalId = "special" } == base + "special.html")
        // No display language: lang "en".
        #expect(try url(Self.configuration("en_US"), device: "es_US") == base + "en_US.html")
    }

    // Section 2.1: the text links in both string sets.
    @Test func textLinks() throws {
        let french = try Self.breakdown(
            Self.configuration("fr_CA"), device: "fr_CA",
            options: PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalLinkStyle: .learnMoreText)))
        #expect(french.link.content == .text("En savoir plus"))
        #expect(french.link.isUnderlined)
        let english = try Self.breakdown(
            Self.configuration(), options: PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalLinkStyle: .moreInfoText)))
        #expect(english.link.content == .text("More Info"))
        #expect(english.textColor == .black)
        #expect(english.linkColor == (try RGBAColor(hex: "#0000008A")))
    }
}
