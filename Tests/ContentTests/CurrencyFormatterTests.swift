import BreakdownContent
import Foundation
import Testing

@Suite struct CurrencyFormatterTests {
    /// The merchant locale whose currency is `currency` (CAD: en_CA), as in the reference table.
    static func formatter(_ currency: CurrencyCode, device: String) -> CurrencyFormatter {
        CurrencyFormatter(currency: currency, merchantLocale: MerchantLocale.home(of: currency, merchant: .enCA), deviceLocale: device)
    }

    // Reference section 4: all 15 cells for 120.
    @Test(arguments: [
        ("en_AU", CurrencyCode.AUD, "$120.00"),
        ("en_AU", .CAD, "$120.00 CAD"),
        ("en_AU", .GBP, "£120.00"),
        ("en_AU", .NZD, "$120.00 NZD"),
        ("en_AU", .USD, "$120.00 USD"),
        ("en_US", .AUD, "A$120.00"),
        ("en_US", .CAD, "CA$120.00"),
        ("en_US", .GBP, "£120.00"),
        ("en_US", .NZD, "NZ$120.00"),
        ("en_US", .USD, "$120.00"),
        ("fr_CA", .AUD, "$120,00 AUD"),
        ("fr_CA", .CAD, "120,00\u{00A0}$"),
        ("fr_CA", .GBP, "£120,00"),
        ("fr_CA", .NZD, "$120,00 NZD"),
        ("fr_CA", .USD, "$120,00 USD"),
    ])
    func referenceTable(device: String, currency: CurrencyCode, expected: String) {
        #expect(Self.formatter(currency, device: device).string(from: 120) == expected)
    }

    @Test func frenchCanadianMerchantSameCells() {
        let formatter = CurrencyFormatter(currency: .CAD, merchantLocale: .frCA, deviceLocale: "fr_CA")
        #expect(formatter.string(from: 120) == "120,00\u{00A0}$")
        #expect(formatter.string(from: 25) == "25,00\u{00A0}$")
        #expect(formatter.string(from: 2000, digits: .none) == "2\u{00A0}000\u{00A0}$")
    }

    /// The seed: an Australian price is `$25.00` on an Australian device and `A$25.00` elsewhere.
    @Test func seedAustralianDollarsByDevice() {
        #expect(Self.formatter(.AUD, device: "en_AU").string(from: 25) == "$25.00")
        #expect(Self.formatter(.AUD, device: "en_US").string(from: 25) == "A$25.00")
    }

    @Test(arguments: [
        ("12.525", "$12.52"),  // 50.10 / 4, half-even down
        ("12.535", "$12.54"),  // half-even up
        ("12.5251", "$12.53"),
        ("0.125", "$0.12"),
        ("0.005", "$0.00"),
        ("0.015", "$0.02"),
        ("1234567.891", "$1,234,567.89"),
    ])
    func halfEvenRounding(amount: String, expected: String) {
        #expect(Self.formatter(.AUD, device: "en_AU").string(from: Decimal(string: amount)!) == expected)
    }

    @Test func fiftyTenQuartered() {
        let instalment = Decimal(string: "50.10")! / 4
        #expect(Self.formatter(.AUD, device: "en_AU").string(from: instalment) == "$12.52")
    }

    @Test(arguments: [
        ("1", "$1"), ("2000", "$2,000"), ("49.99", "$50"), ("2000.004", "$2,000"), ("2000.5", "$2,000"),
        ("2001.5", "$2,002"), ("0.5", "$0"), ("1.5", "$2"), ("2000.00", "$2,000"),
    ])
    func wholeUnitsForLimits(amount: String, expected: String) {
        #expect(Self.formatter(.AUD, device: "en_AU").string(from: Decimal(string: amount)!, digits: .none) == expected)
    }

    @Test func wholeUnitsWithISOCodeSuffix() {
        #expect(Self.formatter(.CAD, device: "en_AU").string(from: 2000, digits: .none) == "$2,000 CAD")
        #expect(Self.formatter(.GBP, device: "en_AU").string(from: 49.99, digits: .none) == "£50")
    }

    @Test func rule2UsesTheMerchantLocalesCurrency() {
        // en_AU merchant charging USD: the device's currency (AUD) is the merchant locale's, so
        // the device style applies, giving ICU's own en_AU rendering of USD.
        let formatter = CurrencyFormatter(currency: .USD, merchantLocale: .enAU, deviceLocale: "en_AU")
        #expect(formatter.usesDeviceStyle)
        #expect(formatter.string(from: 120) == "USD\u{00A0}120.00" || formatter.string(from: 120) == "USD 120.00")
        #expect(!CurrencyFormatter(currency: .AUD, merchantLocale: .enAU, deviceLocale: "de_DE").usesDeviceStyle)
        #expect(CurrencyFormatter(currency: .AUD, merchantLocale: .enAU, deviceLocale: "en_US").usesDeviceStyle)
    }

    @Test func homeSymbols() {
        #expect(Self.formatter(.AUD, device: "de_DE").homeSymbol == "$")
        #expect(Self.formatter(.CAD, device: "de_DE").homeSymbol == "$")
        #expect(Self.formatter(.GBP, device: "de_DE").homeSymbol == "£")
        #expect(Self.formatter(.NZD, device: "de_DE").homeSymbol == "$")
        #expect(Self.formatter(.USD, device: "de_DE").homeSymbol == "$")
    }

    // Other device locales: the device's separators (from ICU) with the home symbol.
    @Test(arguments: [
        ("de_DE", CurrencyCode.AUD, "$1.234,50 AUD"),
        ("de_DE", .GBP, "£1.234,50"),
        ("en_GB", .AUD, "$1,234.50 AUD"),
        ("en_GB", .GBP, "£1,234.50"),
        ("en_NZ", .NZD, "$1,234.50"),
        ("en_CA", .CAD, "$1,234.50"),
        ("ja_JP", .USD, "$1,234.50 USD"),
    ])
    func otherDeviceLocales(device: String, currency: CurrencyCode, expected: String) {
        #expect(Self.formatter(currency, device: device).string(from: Decimal(string: "1234.5")!) == expected)
    }

    /// Whatever ICU gives: never empty, never a bare number, always the amount's digits.
    @Test(arguments: [
        "de_DE", "en_IN", "ja_JP", "fr_FR", "ar_EG", "hi_IN", "zh_Hans_CN", "pt_BR", "de_CH", "fr", "en", "xx_YY", "",
        "en_US_POSIX", "sv_SE", "nb_NO", "he_IL",
    ])
    func anyDeviceLocaleGivesAFormattedPrice(device: String) {
        for currency in CurrencyCode.allCases {
            let text = Self.formatter(currency, device: device).string(from: Decimal(string: "25")!)
            #expect(!text.isEmpty)
            #expect(text.contains("$") || text.contains("£") || text.contains(currency.code), "\(device) \(currency): \(text)")
            #expect(Decimal(decimalString: text) == nil, "\(device) \(currency): bare number \(text)")
        }
    }

    @Test func frenchFranceKeepsItsSeparators() {
        let text = Self.formatter(.AUD, device: "fr_FR").string(from: Decimal(string: "1234.5")!)
        #expect(text.hasPrefix("$1"))
        #expect(text.hasSuffix("234,50 AUD"))
    }

    @Test func safeFromManyThreads() async {
        let expected = Self.formatter(.CAD, device: "fr_CA").string(from: Decimal(string: "1234.5")!)
        await withTaskGroup(of: [String].self) { group in
            for index in 0..<8 {
                group.addTask {
                    (0..<50).map { _ in
                        let device = index.isMultiple(of: 2) ? "fr_CA" : "en_US"
                        let text = Self.formatter(.CAD, device: device).string(from: Decimal(string: "1234.5")!)
                        return device == "fr_CA" ? text : (text == "CA$1,234.50" ? expected : "wrong: \(text)")
                    }
                }
            }
            for await results in group {
                #expect(results.allSatisfy { $0 == expected })
            }
        }
    }
}
