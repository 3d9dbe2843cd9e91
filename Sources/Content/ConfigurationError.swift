/// Why a merchant configuration was rejected. Checked in declaration order; each message quotes
/// the input as given (reference section 1).
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidMinimum(String)
    case invalidMaximum(String)
    case minimumNotLessThanMaximum(minimum: String, maximum: String)
    case invalidCurrencyCode(String)
    case invalidLocale(String)

    public var message: String {
        switch self {
        case .invalidMinimum(let text):
            "Minimum (\(text)) is not convertible to a positive Decimal number"
        case .invalidMaximum(let text):
            "Maximum (\(text)) is not convertible to a positive Decimal number"
        case .minimumNotLessThanMaximum(let minimum, let maximum):
            "Minimum (\(minimum)) is not strictly less than maximum (\(maximum))"
        case .invalidCurrencyCode(let text):
            "Currency code (\(text)) is not valid"
        case .invalidLocale(let text):
            "Locale with identifier (\(text)) is not valid"
        }
    }

    public var description: String { message }
}
