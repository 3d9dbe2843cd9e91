/// The brand a merchant's region shows: Afterpay, Clearpay (UK) or Cash App Afterpay (US).
public enum Brand: String, Sendable, CaseIterable, Codable {
    /// Afterpay (Australia, New Zealand, Canada).
    case afterpay
    /// Clearpay (United Kingdom).
    case clearpay
    /// Cash App Afterpay (United States).
    case cashAppAfterpay

    /// How a screen reader says the brand where the logo stands.
    public var spokenName: String {
        switch self {
        case .afterpay: "after pay"
        case .clearpay: "clear pay"
        case .cashAppAfterpay: "cash app after pay"
        }
    }

    /// The lower-case stem used in artwork file names: `afterpay`, `clearpay`, `cashappafterpay`.
    public var fileStem: String {
        switch self {
        case .afterpay: "afterpay"
        case .clearpay: "clearpay"
        case .cashAppAfterpay: "cashappafterpay"
        }
    }
}
