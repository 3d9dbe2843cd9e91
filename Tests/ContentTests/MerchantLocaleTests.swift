import BreakdownContent
import Testing

@Suite struct MerchantLocaleTests {
    // Reference section 1, row by row.
    @Test(arguments: [
        ("en_AU", CurrencyCode.AUD, Brand.afterpay, ["en_AU"], "AU"),
        ("en_NZ", .NZD, .afterpay, ["en_NZ"], "NZ"),
        ("en_CA", .CAD, .afterpay, ["en_CA", "fr_CA"], "CA"),
        ("fr_CA", .CAD, .afterpay, ["en_CA", "fr_CA"], "CA"),
        ("en_GB", .GBP, .clearpay, ["en_GB"], "GB"),
        ("en_US", .USD, .cashAppAfterpay, ["en_US"], "US"),
    ])
    func table(identifier: String, currency: CurrencyCode, brand: Brand, languages: [String], region: String) throws {
        let locale = try #require(MerchantLocale(identifier: identifier))
        #expect(locale.identifier == identifier)
        #expect(locale.currency == currency)
        #expect(locale.brand == brand)
        #expect(locale.offeredLanguages == languages)
        #expect(locale.regionCode == region)
    }

    @Test func onlyTheSixLocalesAndFiveCurrencies() {
        #expect(MerchantLocale.allCases.count == 6)
        #expect(MerchantLocale(identifier: "en_IE") == nil)
        #expect(MerchantLocale(identifier: "en-AU") == nil)
        #expect(CurrencyCode.allCases.map(\.code) == ["AUD", "CAD", "GBP", "NZD", "USD"])
    }

    @Test func homeLocaleOfEachCurrency() {
        #expect(MerchantLocale.home(of: .AUD, merchant: .enUS) == .enAU)
        #expect(MerchantLocale.home(of: .NZD, merchant: .enAU) == .enNZ)
        #expect(MerchantLocale.home(of: .GBP, merchant: .enAU) == .enGB)
        #expect(MerchantLocale.home(of: .USD, merchant: .enAU) == .enUS)
        #expect(MerchantLocale.home(of: .CAD, merchant: .frCA) == .frCA)
        #expect(MerchantLocale.home(of: .CAD, merchant: .enCA) == .enCA)
        #expect(MerchantLocale.home(of: .CAD, merchant: .enAU) == .enCA)
    }

    @Test func spokenBrandNames() {
        #expect(Brand.afterpay.spokenName == "after pay")
        #expect(Brand.clearpay.spokenName == "clear pay")
        #expect(Brand.cashAppAfterpay.spokenName == "cash app after pay")
        #expect(Brand.afterpay.writtenName == "Afterpay")
        #expect(Brand.clearpay.writtenName == "Clearpay")
        #expect(Brand.cashAppAfterpay.writtenName == "Cash App Afterpay")
    }
}
