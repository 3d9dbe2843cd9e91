import Foundation

/// Formats prices the way the real product does: in the device locale's
/// style, except that a foreign currency keeps its home symbol, followed by its ISO code when the
/// symbol is `$` (e.g. `$120.00 CAD` on an Australian device).
///
/// Rounding is half-even to whole minor units (12.525 → 12.52). Numbers come from Foundation's
/// `NumberFormatter` (ICU), so any device locale gets ICU's separators and patterns. Making a
/// `NumberFormatter` costs far more than formatting with one (measured: most of the time spent
/// computing a breakdown), so each configuration's formatter is made once per process and kept in
/// a cache; `NumberFormatter` is not thread-safe, so a cached one is only used under the cache's
/// lock, which keeps this type thread-safe.
public struct CurrencyFormatter: Sendable, Hashable {
    /// How many digits after the decimal separator a formatted amount has.
    public enum FractionDigits: Sendable, Hashable {
        /// The currency's minor unit digits (2), e.g. `$25.00`.
        case currency
        /// Whole units, e.g. `$2,000` (used for the order limits).
        case none
    }

    /// The currency amounts are in.
    public let currency: CurrencyCode
    /// The merchant's region locale: a currency from another region keeps its home symbol.
    public let merchantLocale: MerchantLocale
    /// The device (client) locale identifier, e.g. `en_US`.
    public let deviceLocale: String

    /// A formatter for `currency` in a merchant region, in the style of the device locale identifier.
    public init(currency: CurrencyCode, merchantLocale: MerchantLocale, deviceLocale: String) {
        self.currency = currency
        self.merchantLocale = merchantLocale
        self.deviceLocale = deviceLocale
    }

    /// A formatter for a configuration's currency and region, in the style of the device locale identifier.
    public init(configuration: Configuration, deviceLocale: String) {
        self.init(currency: configuration.currency, merchantLocale: configuration.locale, deviceLocale: deviceLocale)
    }

    /// True when the device locale formats the currency its own way: the device is en_US, or its
    /// own currency is the merchant locale's currency.
    public var usesDeviceStyle: Bool {
        let device = Locale(identifier: deviceLocale)
        if device.language.languageCode?.identifier == "en", device.region?.identifier == "US" { return true }
        return device.currency?.identifier == merchantLocale.currency.code
    }

    /// The amount, rounded half-even to `digits`, with its symbol (and ISO code where the symbol is ambiguous).
    public func string(from amount: Decimal, digits: FractionDigits = .currency) -> String {
        let deviceStyle = usesDeviceStyle
        return string(from: amount, digits: digits, usesDeviceStyle: deviceStyle, homeSymbol: deviceStyle ? "" : homeSymbol)
    }

    /// `string(from:digits:)` with `usesDeviceStyle` and `homeSymbol` worked out once by the
    /// caller (`SharedContent` keeps them per configuration): each costs a locale lookup.
    func string(from amount: Decimal, digits: FractionDigits, usesDeviceStyle: Bool, homeSymbol symbol: String) -> String {
        let scale = digits == .currency ? currency.minorUnitDigits : 0
        let rounded = Self.round(amount, scale: scale)
        if usesDeviceStyle {
            return format(rounded, scale: scale, symbol: nil) ?? fallback(rounded)
        }
        switch symbol {
        case "$":
            guard let number = format(rounded, scale: scale, symbol: "") else { return fallback(rounded) }
            return "\(symbol)\(number.trimmingSpaces()) \(currency.code)"
        case "£":
            guard let number = format(rounded, scale: scale, symbol: "") else { return fallback(rounded) }
            return "\(symbol)\(number.trimmingSpaces())"
        default:
            return format(rounded, scale: scale, symbol: symbol) ?? fallback(rounded)
        }
    }

    /// The currency's symbol in its home merchant locale, e.g. `$` for AUD, `£` for GBP.
    public var homeSymbol: String {
        let home = MerchantLocale.home(of: currency, merchant: merchantLocale)
        let key = NumberFormatters.Key(style: .currency, locale: home.identifier, currency: currency.code, digits: currency.minorUnitDigits)
        return NumberFormatters.with(key) { $0.currencySymbol } ?? currency.code
    }

    /// Half-even rounding to `scale` fraction digits, done on the Decimal (no binary floating point).
    public static func round(_ amount: Decimal, scale: Int) -> Decimal {
        var input = amount
        var output = Decimal()
        NSDecimalRound(&output, &input, scale, .bankers)
        return output
    }

    /// The device locale's currency style for this currency, optionally with another symbol.
    private func format(_ amount: Decimal, scale: Int, symbol: String?) -> String? {
        let key = NumberFormatters.Key(style: .currency, locale: deviceLocale, currency: currency.code, symbol: symbol, digits: scale)
        return NumberFormatters.with(key) { $0.string(from: NSDecimalNumber(decimal: amount)) }
    }

    /// Only if Foundation returns nothing: the ISO code and the rounded number, never a bare number.
    private func fallback(_ amount: Decimal) -> String {
        "\(currency.code) \(amount)"
    }
}
