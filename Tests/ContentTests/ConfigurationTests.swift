import BreakdownContent
import Foundation
import Testing

@Suite struct ConfigurationTests {
    @Test func validConfigurationKeepsExactAmounts() throws {
        let configuration = try Configuration(
            minimumAmount: "1.00", maximumAmount: "2000.00", currencyCode: "AUD", locale: "en_AU")
        #expect(configuration.minimumAmount == Decimal(1))
        #expect(configuration.maximumAmount == Decimal(2000))
        #expect(configuration.currency == .AUD)
        #expect(configuration.locale == .enAU)
        #expect(configuration.consumerLocale == nil)
        #expect(configuration.brand == .afterpay)
    }

    @Test func amountsAreParsedWithoutLoss() throws {
        let configuration = try Configuration(
            minimumAmount: "0.1", maximumAmount: "12345678901234567890.123456789", currencyCode: "USD", locale: "en_US")
        // 0.1 is exact in Decimal (it is not in Double).
        #expect(configuration.minimumAmount == Decimal(string: "0.1"))
        #expect("\(configuration.maximumAmount)" == "12345678901234567890.123456789")
    }

    @Test func noMinimumAndConsumerLocale() throws {
        let configuration = try Configuration(
            minimumAmount: nil, maximumAmount: "500", currencyCode: "CAD", locale: "fr_CA", consumerLocale: "en_CA")
        #expect(configuration.minimumAmount == nil)
        #expect(configuration.consumerLocale == "en_CA")
        #expect(configuration.isInRange(Decimal(string: "0.01")!))
        #expect(!configuration.isInRange(0))
    }

    @Test func currencyDefaultsToTheLocales() throws {
        #expect(try Configuration(minimumAmount: nil, maximumAmount: "10", locale: "en_GB").currency == .GBP)
        #expect(try Configuration(minimumAmount: nil, maximumAmount: "10", locale: "en_NZ").currency == .NZD)
    }

    // Each error and its exact message, quoting the input as given.
    @Test(arguments: [
        (nil as String?, "2000", "AUD", "en_AU", nil as ConfigurationError?),
        ("abc", "2000", "AUD", "en_AU", .invalidMinimum("abc")),
        ("-1", "2000", "AUD", "en_AU", .invalidMinimum("-1")),
        ("", "2000", "AUD", "en_AU", .invalidMinimum("")),
        ("1", "lots", "AUD", "en_AU", .invalidMaximum("lots")),
        (nil, "-0.01", "AUD", "en_AU", .invalidMaximum("-0.01")),
        ("300", "200", "AUD", "en_AU", .minimumNotLessThanMaximum(minimum: "300", maximum: "200")),
        ("200.00", "200", "AUD", "en_AU", .minimumNotLessThanMaximum(minimum: "200.00", maximum: "200")),
        ("1", "2000", "EUR", "en_AU", .invalidCurrencyCode("EUR")),
        ("1", "2000", "aud", "en_AU", .invalidCurrencyCode("aud")),
        ("1", "2000", "AUD", "en_IE", .invalidLocale("en_IE")),
        ("1", "2000", "AUD", "en-AU", .invalidLocale("en-AU")),
    ])
    func validation(minimum: String?, maximum: String, currency: String, locale: String, expected: ConfigurationError?) {
        do {
            _ = try Configuration(minimumAmount: minimum, maximumAmount: maximum, currencyCode: currency, locale: locale)
            #expect(expected == nil)
        } catch {
            #expect(error == expected)
        }
    }

    @Test func messagesAreExact() {
        #expect(
            ConfigurationError.invalidMinimum("abc").message
                == "Minimum (abc) is not convertible to a positive Decimal number")
        #expect(
            ConfigurationError.invalidMaximum("x1").message
                == "Maximum (x1) is not convertible to a positive Decimal number")
        #expect(
            ConfigurationError.minimumNotLessThanMaximum(minimum: "300", maximum: "200").message
                == "Minimum (300) is not strictly less than maximum (200)")
        #expect(ConfigurationError.invalidCurrencyCode("EUR").message == "Currency code (EUR) is not valid")
        #expect(ConfigurationError.invalidLocale("de_DE").message == "Locale with identifier (de_DE) is not valid")
        #expect("\(ConfigurationError.invalidLocale("x"))" == "Locale with identifier (x) is not valid")
    }

    /// When several inputs are bad, the first check in the reference's order wins.
    @Test func validationOrder() {
        #expect(throws: ConfigurationError.invalidMinimum("a")) {
            try Configuration(minimumAmount: "a", maximumAmount: "b", currencyCode: "EUR", locale: "xx")
        }
        #expect(throws: ConfigurationError.invalidMaximum("b")) {
            try Configuration(minimumAmount: "1", maximumAmount: "b", currencyCode: "EUR", locale: "xx")
        }
        #expect(throws: ConfigurationError.minimumNotLessThanMaximum(minimum: "5", maximum: "4")) {
            try Configuration(minimumAmount: "5", maximumAmount: "4", currencyCode: "EUR", locale: "xx")
        }
        #expect(throws: ConfigurationError.invalidCurrencyCode("EUR")) {
            try Configuration(minimumAmount: "1", maximumAmount: "4", currencyCode: "EUR", locale: "xx")
        }
        #expect(throws: ConfigurationError.invalidLocale("xx")) {
            try Configuration(minimumAmount: "1", maximumAmount: "4", currencyCode: "AUD", locale: "xx")
        }
        // Without a currency, a bad locale is reported as the locale (there is no currency to blame).
        #expect(throws: ConfigurationError.invalidLocale("xx")) {
            try Configuration(minimumAmount: "1", maximumAmount: "4", locale: "xx")
        }
    }

    @Test func interestFreeIsNeverAllowedForGBPOrEnGB() throws {
        #expect(try !Configuration(minimumAmount: nil, maximumAmount: "1", currencyCode: "GBP", locale: "en_GB").allowsInterestFreeText)
        #expect(try !Configuration(minimumAmount: nil, maximumAmount: "1", currencyCode: "AUD", locale: "en_GB").allowsInterestFreeText)
        #expect(try !Configuration(minimumAmount: nil, maximumAmount: "1", currencyCode: "GBP", locale: "en_AU").allowsInterestFreeText)
        #expect(try Configuration(minimumAmount: nil, maximumAmount: "1", currencyCode: "AUD", locale: "en_AU").allowsInterestFreeText)
    }
}

@Suite struct DecimalParsingTests {
    @Test(arguments: [
        ("100", "100"), ("100.00", "100"), ("0.5", "0.5"), (".5", "0.5"), ("5.", "5"), ("+3", "3"), ("-2.25", "-2.25"),
        ("0012.3400", "12.34"), ("2000.004", "2000.004"),
        ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
    ])
    func accepts(text: String, expected: String) throws {
        let value = try #require(Decimal(decimalString: text))
        #expect("\(value)" == expected)
    }

    @Test(arguments: [
        "", " ", "abc", "NaN", "nan", "inf", "Infinity", "1e3", "1e400", "1E-5", "1.5x", " 1", "1 ", "1,000", "1.000.0",
        "0x10", "--1", "+-1", ".", "-", "+", "١٢", "123456789012345678901234567890123456789",
    ])
    func rejects(text: String) {
        #expect(Decimal(decimalString: text) == nil)
    }

    /// The one-pass parser for short numbers against Foundation's own `Decimal(string:)`: the
    /// same value and the same text for thousands of plain numbers (signs, leading and trailing
    /// zeros, 18 to 21 digits around the short path's 19-digit limit), and nil exactly where
    /// Foundation's parser would take more than a plain number (a second point, a letter).
    @Test func agreesWithFoundationsParser() throws {
        let posix = Locale(identifier: "en_US_POSIX")
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<4000 {
            let integerLength = Int.random(in: 0...12, using: &generator)
            let fractionLength = Int.random(in: 0...9, using: &generator)
            func digits(_ count: Int) -> String { String((0..<count).map { _ in "0000123456789".randomElement(using: &generator)! }) }
            let sign = ["", "", "+", "-"].randomElement(using: &generator)!
            let point = fractionLength > 0 || Bool.random(using: &generator) ? "." : ""
            let text = sign + digits(integerLength) + point + digits(fractionLength)
            let expected = Decimal(string: text, locale: posix)
            let digitCount = text.filter(\.isNumber).count
            guard digitCount > 0 else {
                #expect(Decimal(decimalString: text) == nil, "\(text)")
                continue
            }
            let value = try #require(Decimal(decimalString: text), "\(text)")
            #expect(value == expected, "\(text)")
            #expect("\(value)" == "\(expected!)", "\(text)")
            checked += 1
        }
        #expect(checked > 3000)
        for length in 17...22 {
            let text = String(repeating: "9", count: length) + ".5"
            #expect(Decimal(decimalString: text) == Decimal(string: text, locale: posix), "\(text)")
            #expect("\(Decimal(decimalString: text)!)" == "\(Decimal(string: text, locale: posix)!)")
        }
        #expect(Decimal(decimalString: "1.2.3") == nil)
        #expect(Decimal(decimalString: "12a") == nil)
        #expect(Decimal(decimalString: "-0.00").map { !$0.isSignMinus && $0 == 0 } == true)
    }
}
