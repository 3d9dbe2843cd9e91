/// The brand a merchant's region shows: Afterpay, Clearpay (UK) or Cash App Afterpay (US).
public enum Brand: String, Sendable, CaseIterable, Codable {
    /// Afterpay (Australia, New Zealand, Canada).
    case afterpay
    /// Clearpay (United Kingdom).
    case clearpay
    /// Cash App Afterpay (United States).
    case cashAppAfterpay

    /// The brand as written, for text a web page shows or a screen reader reads from HTML or SVG
    /// (`alt`, `<title>`), where the word is read correctly without a phonetic spelling.
    public var writtenName: String {
        switch self {
        case .afterpay: "Afterpay"
        case .clearpay: "Clearpay"
        case .cashAppAfterpay: "Cash App Afterpay"
        }
    }

    /// How a screen reader says the brand where the logo stands: spelled so that VoiceOver
    /// pronounces it (the iOS view's accessibility label). On the web use `writtenName`.
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
