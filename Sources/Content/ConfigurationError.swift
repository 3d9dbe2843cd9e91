/// Why a merchant configuration was rejected. Checked in declaration order; each message quotes
/// the input as given.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The minimum is not a non-negative decimal number.
    case invalidMinimum(String)
    /// The maximum is not a non-negative decimal number.
    case invalidMaximum(String)
    /// The minimum is not strictly less than the maximum.
    case minimumNotLessThanMaximum(minimum: String, maximum: String)
    /// The currency code is not one of AUD, CAD, GBP, NZD, USD.
    case invalidCurrencyCode(String)
    /// The locale is not a merchant region locale.
    case invalidLocale(String)

    /// The one-line message, quoting the input as given.
    public var message: String {
        switch self {
        case .invalidMinimum(let text):
            "Minimum (\(QuotedValue.shortened(text))) is not convertible to a positive Decimal number"
        case .invalidMaximum(let text):
            "Maximum (\(QuotedValue.shortened(text))) is not convertible to a positive Decimal number"
        case .minimumNotLessThanMaximum(let minimum, let maximum):
            "Minimum (\(minimum)) is not strictly less than maximum (\(maximum))"
        case .invalidCurrencyCode(let text):
            "Currency code (\(QuotedValue.shortened(text))) is not valid"
        case .invalidLocale(let text):
            "Locale with identifier (\(QuotedValue.shortened(text))) is not valid"
        }
    }

    /// The one-line message.
    public var description: String { message }
}
