import BreakdownContent
import Testing

@Suite struct LanguageResolutionTests {
    // Reference section 2 examples, and more.
    @Test(arguments: [
        (MerchantLocale.enCA, "fr_FR", "fr_CA" as String?),
        (.enUS, "es_US", nil),
        (.enAU, "en_US", "en_AU"),
        (.frCA, "en_AU", "en_CA"),
        (.enCA, "fr_CA", "fr_CA"),
        (.enCA, "fr-CA", "fr_CA"),
        (.enGB, "fr_FR", nil),
        (.enNZ, "en", "en_NZ"),
        (.enAU, "de_DE", nil),
    ])
    func displayLanguage(merchant: MerchantLocale, consumer: String, expected: String?) {
        let resolution = LanguageResolution(merchant: merchant, consumerLocale: nil, deviceLocale: consumer)
        #expect(resolution.language == expected)
        #expect((resolution.failureReason == nil) == (expected != nil))
    }

    @Test func consumerLocaleWinsOverDeviceLocale() {
        let resolution = LanguageResolution(merchant: .enCA, consumerLocale: "fr_CA", deviceLocale: "en_CA")
        #expect(resolution.language == "fr_CA")
        #expect(resolution.source == .consumerLocale)
        #expect(resolution.consumerLocale == "fr_CA")
        let fromDevice = LanguageResolution(merchant: .enCA, consumerLocale: nil, deviceLocale: "en_CA")
        #expect(fromDevice.language == "en_CA")
        #expect(fromDevice.source == .deviceLocale)
    }

    @Test func failureReasonsNameLanguageSourceAndRegion() {
        let device = LanguageResolution(merchant: .enUS, consumerLocale: nil, deviceLocale: "es_US")
        #expect(
            device.failureReason
                == "consumer language es (from device locale es_US) is not offered in region US (offers en_US)")
        let consumer = LanguageResolution(merchant: .enCA, consumerLocale: "de_DE", deviceLocale: "en_CA")
        #expect(
            consumer.failureReason
                == "consumer language de (from consumer locale de_DE) is not offered in region CA (offers en_CA, fr_CA)")
        // A consumer locale Foundation reads no language from is named as such.
        for text in ["../x", "-"] {
            let nameless = LanguageResolution(merchant: .enAU, consumerLocale: text, deviceLocale: "en_AU")
            #expect(nameless.failureReason == "consumer locale \(text) names no language, so none is offered in region AU (offers en_AU)", "\(nameless.failureReason ?? "nil")")
        }
    }

    @Test func textLanguage() {
        #expect(TextLanguage(displayLanguage: "fr_CA") == .canadianFrench)
        #expect(TextLanguage(displayLanguage: "en_CA") == .english)
        #expect(TextLanguage(displayLanguage: nil) == .english)
    }
}
