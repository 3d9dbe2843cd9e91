import Foundation

/// A merchant configuration: order limits, currency, region locale and an optional consumer
/// locale. Only a validated configuration can exist.
public struct Configuration: Sendable, Hashable {
    /// nil when the merchant has no minimum (then the minimum is effectively 0, shown as 1).
    public let minimumAmount: Decimal?
    /// The largest price the merchant accepts.
    public let maximumAmount: Decimal
    /// The currency prices are in (the merchant locale's unless given).
    public let currency: CurrencyCode
    /// The merchant's region locale.
    public let locale: MerchantLocale
    /// The consumer's locale identifier, used instead of the device locale for the language.
    public let consumerLocale: String?

    /// Validates the values in the reference's order: minimum, maximum, minimum < maximum,
    /// currency, locale. Amounts are strings, read exactly: plain non-negative decimals
    /// (`Decimal(decimalString:)`). The locales are identifiers (`"en_AU"`) or `Locale` values.
    /// - Parameters:
    ///   - minimumAmount: the smallest price accepted; nil (the default): no minimum.
    ///   - maximumAmount: the largest price accepted.
    ///   - currencyCode: AUD, CAD, GBP, NZD or USD; nil (the default): the merchant locale's.
    ///   - locale: the merchant's region locale, one of `MerchantLocale`.
    ///   - consumerLocale: the consumer's locale, used instead of the device locale for the language.
    /// - Throws: `ConfigurationError` naming the first value that is wrong.
    public init(
        minimumAmount: String? = nil, maximumAmount: String, currencyCode: String? = nil, locale: some LocaleIdentifierConvertible,
        consumerLocale: (any LocaleIdentifierConvertible)? = nil
    ) throws(ConfigurationError) {
        try self.init(
            minimum: minimumAmount, maximum: maximumAmount, currency: currencyCode, locale: locale.breakdownLocaleIdentifier,
            consumerLocale: consumerLocale?.breakdownLocaleIdentifier)
    }

    private init(minimum: String?, maximum: String, currency: String?, locale: String, consumerLocale: String?)
        throws(ConfigurationError)
    {
        func amount(_ text: String) -> Decimal? {
            guard let value = Decimal(decimalString: text), value >= 0 else { return nil }
            return value
        }
        var minimumValue: Decimal?
        if let minimum {
            guard let value = amount(minimum) else { throw .invalidMinimum(minimum) }
            minimumValue = value
        }
        guard let maximumValue = amount(maximum) else { throw .invalidMaximum(maximum) }
        if let minimum, let minimumValue, !(minimumValue < maximumValue) {
            throw .minimumNotLessThanMaximum(minimum: minimum, maximum: maximum)
        }
        var currencyValue: CurrencyCode?
        if let currency {
            guard let code = CurrencyCode(rawValue: currency) else { throw .invalidCurrencyCode(currency) }
            currencyValue = code
        }
        guard let localeValue = MerchantLocale(identifier: locale) else { throw .invalidLocale(locale) }
        self.minimumAmount = minimumValue
        self.maximumAmount = maximumValue
        self.currency = currencyValue ?? localeValue.currency
        self.locale = localeValue
        self.consumerLocale = consumerLocale
    }

    /// The brand shown for this merchant.
    public var brand: Brand { locale.brand }

    /// In range: > 0, >= minimum (0 without one) and <= maximum.
    public func isInRange(_ amount: Decimal) -> Bool {
        amount > 0 && amount >= (minimumAmount ?? 0) && amount <= maximumAmount
    }

    /// "interest-free" is never shown for en_GB merchants or GBP prices.
    public var allowsInterestFreeText: Bool {
        locale != .enGB && currency != .GBP
    }
}
