import BreakdownContent
import Foundation
import Testing

/// Shorthands for building breakdowns in tests.
func configuration(
    _ locale: String = "en_AU", currency: String? = nil, min: String? = "1.00", max: String = "2000.00",
    consumer: String? = nil
) throws -> Configuration {
    let code = currency ?? MerchantLocale(identifier: locale)!.currency.code
    return try Configuration(
        minimumAmount: min, maximumAmount: max, currencyCode: code, locale: locale, consumerLocale: consumer)
}

func breakdown(
    _ amount: String, _ configuration: Configuration?, device: String? = nil, options: PriceBreakdownOptions = .init()
) -> PriceBreakdown {
    PriceBreakdown(
        configuration: configuration, deviceLocale: device ?? configuration?.locale.identifier ?? "en_AU",
        // A Decimal, as an app holds it: these are the SDK's own amounts, some with more
        // decimals than the currency has (which `Amount("…")`, a text door, refuses).
        options: options, amount: Amount(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX"))!))
}

@Suite struct BreakdownTextTests {
    // The seed's examples, verbatim.
    @Test func seedInRange() throws {
        let result = breakdown("100.00", try configuration())
        #expect(result.text == "or 4 interest-free payments of $25.00 with")
        #expect(result.logoPlacement == .end)
        #expect(!result.isHidden)
        #expect(result.hiddenReason == nil)
    }

    @Test func seedOutsideLimits() throws {
        let result = breakdown("0", try configuration())
        #expect(result.text == "available for orders between $1 – $2,000")
        #expect(result.logoPlacement == .start)
    }

    @Test func seedPayIn() throws {
        let result = breakdown("100", try configuration(), options: PriceBreakdownOptions(introText: .payIn))
        #expect(result.text == "pay in 4 interest-free payments of $25.00 with")
    }

    @Test func seedNoInterestFree() throws {
        let result = breakdown("100", try configuration(), options: PriceBreakdownOptions(showInterestFreeText: false))
        #expect(result.text == "or 4 payments of $25.00 with")
    }

    @Test func seedAustralianPriceOnUSDevice() throws {
        #expect(breakdown("100", try configuration(), device: "en_US").text == "or 4 interest-free payments of A$25.00 with")
    }

    @Test func noWith() throws {
        let result = breakdown("100", try configuration(), options: PriceBreakdownOptions(showWithText: false))
        #expect(result.text == "or 4 interest-free payments of $25.00")
    }

    @Test func emptyIntroIsTrimmed() throws {
        let result = breakdown("100", try configuration(), options: PriceBreakdownOptions(introText: .empty))
        #expect(result.text == "4 interest-free payments of $25.00 with")
        let bare = breakdown(
            "100", try configuration(),
            options: PriceBreakdownOptions(introText: .empty, showInterestFreeText: false, showWithText: false))
        #expect(bare.text == "4 payments of $25.00")
    }

    // All intro texts, in English and French-Canadian.
    @Test(arguments: [
        (IntroText.or, "or", "ou"), (.orTitle, "Or", "Ou"), (.pay, "pay", "payez"), (.payTitle, "Pay", "Payez"),
        (.make, "make", "effectuez"), (.makeTitle, "Make", "Effectuez"), (.payIn, "pay in", "payez en"),
        (.payInTitle, "Pay in", "Payez en"), (.in, "in", "en"), (.inTitle, "In", "En"), (.empty, "", ""),
    ])
    func introTexts(intro: IntroText, english: String, french: String) throws {
        #expect(intro.text(in: .english) == english)
        #expect(intro.text(in: .canadianFrench) == french)
        let options = PriceBreakdownOptions(introText: intro)
        let en = breakdown("100", try configuration(), options: options)
        #expect(en.text == "\(english) 4 interest-free payments of $25.00 with".trimmingCharacters(in: .whitespaces))
        let fr = breakdown("100", try configuration("en_CA"), device: "fr_CA", options: options)
        #expect(fr.text == "\(french) 4 paiements sans intérêts de 25,00\u{00A0}$ avec".trimmingCharacters(in: .whitespaces))
    }

    @Test func elevenIntroCasesWithSwiftNames() {
        #expect(
            IntroText.allCases.map(\.rawValue) == [
                "or", "orTitle", "pay", "payTitle", "make", "makeTitle", "payIn", "payInTitle", "in", "inTitle", "empty",
            ])
    }

    @Test func frenchCanadian() throws {
        let fr = breakdown("100", try configuration("en_CA"), device: "fr_CA")
        #expect(fr.text == "ou 4 paiements sans intérêts de 25,00\u{00A0}$ avec")
        #expect(fr.language == "fr_CA")
        let noOptional = breakdown(
            "100", try configuration("fr_CA"), device: "fr_CA",
            options: PriceBreakdownOptions(showInterestFreeText: false, showWithText: false))
        #expect(noOptional.text == "ou 4 paiements de 25,00\u{00A0}$")
        let outside = breakdown("5000", try configuration("fr_CA"), device: "fr_CA")
        #expect(outside.text == "disponible pour les montants entre 1\u{00A0}$ – 2\u{00A0}000\u{00A0}$")
        #expect(outside.logoPlacement == .start)
    }

    @Test func frenchConsumerOnEnglishDevice() throws {
        let result = breakdown("100", try configuration("en_CA", consumer: "fr_CA"), device: "en_CA")
        #expect(result.language == "fr_CA")
        // The language is French; the currency style is still the device's.
        #expect(result.text == "ou 4 paiements sans intérêts de $25.00 avec")
    }

    @Test func englishCanadian() throws {
        let result = breakdown("100", try configuration("fr_CA"), device: "en_CA")
        #expect(result.language == "en_CA")
        #expect(result.text == "or 4 interest-free payments of $25.00 with")
    }

    // en_GB / GBP: never "interest-free", even when asked for.
    @Test func clearpayDropsInterestFree() throws {
        #expect(breakdown("100", try configuration("en_GB", currency: "GBP")).text == "or 4 payments of £25.00 with")
        // Rule 2 of section 4: the device's currency is the merchant locale's, so ICU's own style.
        #expect(breakdown("100", try configuration("en_AU", currency: "GBP")).text == "or 4 payments of GBP\u{00A0}25.00 with")
        #expect(breakdown("100", try configuration("en_AU", currency: "GBP"), device: "en_US").text == "or 4 payments of £25.00 with")
        #expect(breakdown("100", try configuration("en_GB", currency: "AUD")).text == "or 4 payments of A$25.00 with")
        #expect(breakdown("100", try configuration("en_GB", currency: "AUD"), device: "en_NZ").text == "or 4 payments of $25.00 AUD with")
        #expect(breakdown("100", try configuration("en_GB")).brand == .clearpay)
    }

    @Test func otherRegions() throws {
        #expect(breakdown("100", try configuration("en_NZ")).text == "or 4 interest-free payments of $25.00 with")
        #expect(breakdown("100", try configuration("en_US")).text == "or 4 interest-free payments of $25.00 with")
        #expect(breakdown("100", try configuration("en_US")).brand == .cashAppAfterpay)
        #expect(breakdown("100", try configuration("en_US"), device: "en_AU").text == "or 4 interest-free payments of $25.00 USD with")
    }

    @Test func roundingEdges() throws {
        #expect(breakdown("50.10", try configuration()).text == "or 4 interest-free payments of $12.52 with")
        let limits = try configuration(min: "49.99", max: "2000.004")
        #expect(breakdown("10", limits).text == "available for orders between $50 – $2,000")
        #expect(breakdown("2000.004", limits).text == "or 4 interest-free payments of $500.00 with")
    }

    // In range: > 0, >= minimum, <= maximum; everything else shows the limits.
    @Test(arguments: [
        ("0", false), ("0.99", false), ("1", true), ("1.00", true), ("2000", true), ("2000.00", true), ("2000.01", false),
        ("-5", false), ("999999", false),
    ])
    func rangeBoundaries(amount: String, inRange: Bool) throws {
        let result = breakdown(amount, try configuration())
        #expect(result.logoPlacement == (inRange ? .end : .start))
        #expect(result.text.hasPrefix("available") != inRange)
    }

    @Test func noMinimumShowsOneAndAcceptsSmallAmounts() throws {
        let config = try configuration(min: nil, max: "500")
        #expect(breakdown("0", config).text == "available for orders between $1 – $500")
        #expect(breakdown("0.04", config).text == "or 4 interest-free payments of $0.01 with")
        #expect(breakdown("0.04", config).logoPlacement == .end)
    }

    @Test func noConfiguration() {
        let result = breakdown("100", nil, device: "fr_CA")
        #expect(result.text == "or pay with")
        #expect(result.logoPlacement == .end)
        #expect(result.isHidden)
        #expect(!result.isEnabled)
        #expect(result.hiddenReason == "no configuration is set")
        #expect(result.language == nil)
        #expect(TextLanguage.canadianFrench.noConfiguration == "ou payer avec")
    }

    @Test func hiddenWhenNoLanguageButTextStillComputed() throws {
        let result = breakdown("100", try configuration("en_US"), device: "es_US")
        #expect(result.isHidden)
        #expect(result.language == nil)
        #expect(result.text == "or 4 interest-free payments of $25.00 with")
        #expect(
            result.hiddenReason == "consumer language es (from device locale es_US) is not offered in region US (offers en_US)")
    }

    @Test func accessibilityLabels() throws {
        #expect(breakdown("100", try configuration()).accessibilityLabel == "or 4 interest-free payments of $25.00 with after pay")
        #expect(breakdown("0", try configuration()).accessibilityLabel == "after pay available for orders between $1 – $2,000")
        #expect(breakdown("100", try configuration("en_GB")).accessibilityLabel == "or 4 payments of £25.00 with clear pay")
        #expect(
            breakdown("0", try configuration("en_US")).accessibilityLabel
                == "cash app after pay available for orders between $1 – $2,000")
        #expect(breakdown("100", nil).accessibilityLabel.hasPrefix("or pay with "))
    }

    /// The web's text (HTML alt, SVG title, JSON altText) writes the brand; VoiceOver's label spells it to be said.
    @Test func altTextsWriteTheBrand() throws {
        #expect(breakdown("100", try configuration()).altText == "or 4 interest-free payments of $25.00 with Afterpay")
        #expect(breakdown("0", try configuration()).altText == "Afterpay available for orders between $1 – $2,000")
        #expect(breakdown("100", try configuration("en_GB")).altText == "or 4 payments of £25.00 with Clearpay")
        #expect(breakdown("0", try configuration("en_US")).altText == "Cash App Afterpay available for orders between $1 – $2,000")
        #expect(breakdown("100", try configuration("en_GB")).accessibilityLabel == "or 4 payments of £25.00 with clear pay")
    }

    @Test func defaultColoursFollowAppearance() throws {
        let light = breakdown("100", try configuration())
        #expect(light.textColor == RGBAColor(red8: 0, green8: 0, blue8: 0, alpha8: 255))
        #expect(light.linkColor == RGBAColor(red8: 60, green8: 60, blue8: 67, alpha8: 153))
        let dark = breakdown("100", try configuration(), options: PriceBreakdownOptions(appearance: .dark))
        #expect(dark.textColor == RGBAColor(red8: 255, green8: 255, blue8: 255, alpha8: 255))
        #expect(dark.linkColor == RGBAColor(red8: 235, green8: 235, blue8: 245, alpha8: 153))
        let chosen = RGBAColor(red8: 0x12, green8: 0x34, blue8: 0x56, alpha8: 0x78)
        let custom = breakdown("100", try configuration(), options: PriceBreakdownOptions(textColor: chosen))
        #expect(custom.textColor == RGBAColor(red8: 0x12, green8: 0x34, blue8: 0x56, alpha8: 0x78))
        #expect(custom.linkColor == RGBAColor(red8: 60, green8: 60, blue8: 67, alpha8: 153))
    }

    @Test func dynamicTypeBodySizes() {
        let sizes = ContentSizeCategory.allCases.map(\.bodyPointSize)
        #expect(sizes == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(ContentSizeCategory.large.bodyPointSize == 17)
    }

    @Test func sameInputsSameBreakdown() throws {
        // Two separately built sets of equal inputs: equal breakdowns, with the seed's values.
        let first = BreakdownInputs(configuration: try configuration(), deviceLocale: "en_AU", amount: 100).breakdown
        let second = BreakdownInputs(configuration: try configuration(), deviceLocale: "en_AU", amount: try Amount("100.00")).breakdown
        #expect(first == second)
        #expect(first.text == "or 4 interest-free payments of $25.00 with")
        #expect(first.logoPlacement == .end)
        #expect(first.brand == .afterpay)
        #expect(first.language == "en_AU")
        // And == tells breakdowns apart: another amount, another device locale.
        #expect(first != BreakdownInputs(configuration: try configuration(), deviceLocale: "en_AU", amount: 101).breakdown)
        #expect(first != BreakdownInputs(configuration: try configuration(), deviceLocale: "en_US", amount: 100).breakdown)
    }
}
