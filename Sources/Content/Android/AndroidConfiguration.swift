import Foundation

/// The Android SDK's environment: a sandbox configuration turns a hidden Cash App view with a
/// non-lockup logo into an error.
public enum AndroidEnvironment: String, Sendable, CaseIterable, Codable {
    /// `AfterpayEnvironment.SANDBOX`.
    case sandbox
    /// `AfterpayEnvironment.PRODUCTION`.
    case production
}

/// A merchant configuration as the Android SDK checks it (`Afterpay.setConfiguration`): any ISO
/// 4217 currency (EUR included), a maximum that is not negative, a minimum strictly between 0
/// and the maximum, and one of the six merchant locales.
public struct AndroidConfiguration: Sendable, Hashable {
    /// nil when the merchant has no minimum.
    public let minimumAmount: Decimal?
    /// The largest price the merchant accepts.
    public let maximumAmount: Decimal
    /// The ISO 4217 code as given (upper case), e.g. `AUD` or `EUR`.
    public let currencyCode: String
    /// The merchant locale.
    public let locale: MerchantLocale
    /// Sandbox or production.
    public let environment: AndroidEnvironment
    /// The consumer's locale identifier, used instead of the device locale for the language.
    public let consumerLocale: String?

    /// Checks the values in the Android SDK's order: minimum and maximum are numbers, the
    /// currency is an ISO 4217 code, the maximum is not negative, 0 < minimum < maximum, the
    /// locale is one of the six.
    public init(
        minimumAmount: String?, maximumAmount: String, currencyCode: String, locale: String,
        environment: AndroidEnvironment = .production, consumerLocale: String? = nil
    ) throws(AndroidConfigurationError) {
        var minimum: Decimal?
        if let minimumAmount {
            guard let value = Self.number(minimumAmount) else {
                throw Self.isNumberSyntax(minimumAmount) ? .outOfRange(minimumAmount) : .minimumNotANumber(minimumAmount)
            }
            minimum = value
        }
        guard let maximum = Self.number(maximumAmount) else {
            throw Self.isNumberSyntax(maximumAmount) ? .outOfRange(maximumAmount) : .maximumNotANumber(maximumAmount)
        }
        guard Self.isISOCurrency(currencyCode) else { throw .unknownCurrency(currencyCode) }
        guard maximum >= 0 else { throw .invalidMaximum }
        if let minimum, !(minimum > 0 && minimum < maximum) { throw .invalidMinimum }
        guard let merchant = MerchantLocale(identifier: locale) else {
            throw .unsupportedCountry(Self.country(of: locale))
        }
        self.minimumAmount = minimum
        self.maximumAmount = maximum
        self.currencyCode = currencyCode
        self.locale = merchant
        self.environment = environment
        self.consumerLocale = consumerLocale
    }

    /// The same with the currency taken from the merchant locale.
    public init(
        minimumAmount: String?, maximumAmount: String, locale: String, environment: AndroidEnvironment = .production,
        consumerLocale: String? = nil
    ) throws(AndroidConfigurationError) {
        let currency = MerchantLocale(identifier: locale)?.currency.code ?? "USD"
        try self.init(
            minimumAmount: minimumAmount, maximumAmount: maximumAmount, currencyCode: currency, locale: locale,
            environment: environment, consumerLocale: consumerLocale)
    }

    /// The brand shown for this merchant.
    public var brand: Brand { locale.brand }

    /// One of the five currencies of the six merchant locales; nil for any other (e.g. EUR).
    public var knownCurrency: CurrencyCode? { CurrencyCode(rawValue: currencyCode) }

    /// In range: ≥ the minimum (0 without one) and ≤ the maximum, both inclusive; no "> 0" test.
    public func isInRange(_ amount: Decimal) -> Bool {
        amount >= (minimumAmount ?? 0) && amount <= maximumAmount
    }

    /// "interest-free" is left out for en_GB merchants and GBP prices.
    public var allowsInterestFreeText: Bool {
        locale != .enGB && currencyCode != CurrencyCode.GBP.code
    }

    /// A BigDecimal-like number: an optional sign, digits with an optional fraction, an
    /// optional exponent (`1e3`), as `java.math.BigDecimal(String)` reads it.
    package static func number(_ text: String) -> Decimal? {
        guard isNumberSyntax(text) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// True when `text` is a number as `java.math.BigDecimal(String)` reads it.
    package static func isNumberSyntax(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - start
        }
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
        var count = digits()
        if index < scalars.count, scalars[index] == "." {
            index += 1
            count += digits()
        }
        guard count > 0 else { return false }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == scalars.count
    }

    /// The ISO 4217 codes Foundation (ICU) knows, as `java.util.Currency.getInstance` takes them:
    /// three upper-case letters, exactly.
    public static let isoCurrencyCodes: Set<String> = Set(Locale.Currency.isoCurrencies.map(\.identifier))

    /// True for an ISO 4217 code such as `EUR`; `eur` and `EURO` are not.
    public static func isISOCurrency(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (65...90).contains($0) } && isoCurrencyCodes.contains(code)
    }

    /// The country part of a locale identifier (`JP` for `ja_JP`), or the identifier itself.
    package static func country(of identifier: String) -> String {
        let parts = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" })
        return parts.count >= 2 ? String(parts[1]) : "(none in \(identifier))"
    }
}

/// Why the Android SDK rejects a configuration, with its messages where it has them.
public enum AndroidConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `NumberFormatException` for the minimum.
    case minimumNotANumber(String)
    /// `NumberFormatException` for the maximum.
    case maximumNotANumber(String)
    /// A number Decimal cannot hold (BigDecimal can): more than 38 digits of precision matter
    /// little, but an exponent beyond ±127 is refused.
    case outOfRange(String)
    /// `IllegalArgumentException` from `Currency.getInstance`.
    case unknownCurrency(String)
    /// The maximum is negative.
    case invalidMaximum
    /// The minimum is not strictly between 0 and the maximum.
    case invalidMinimum
    /// The locale is not one of the six; carries its country.
    case unsupportedCountry(String)

    /// The one-line message.
    public var message: String {
        switch self {
        case .minimumNotANumber(let text): "Minimum order amount (\(QuotedValue.shortened(text))) is not a number"
        case .maximumNotANumber(let text): "Maximum order amount (\(QuotedValue.shortened(text))) is not a number"
        case .outOfRange(let text): "Order amount (\(QuotedValue.shortened(text))) is out of range (exponents up to ±127)"
        case .unknownCurrency(let text): "Currency code (\(QuotedValue.shortened(text))) is not an ISO 4217 code"
        case .invalidMaximum: "Maximum order amount is invalid"
        case .invalidMinimum: "Minimum order amount is invalid"
        case .unsupportedCountry(let country):
            "Locale contains an unsupported country: \(QuotedValue.shortened(country)). Supported countries include: AU,CA,CA,GB,NZ,US"
        }
    }

    /// The one-line message.
    public var description: String { message }
}
