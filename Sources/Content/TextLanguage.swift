/// The string set a breakdown is written in: English for every display language except fr_CA.
public enum TextLanguage: String, Sendable, CaseIterable, Codable {
    /// English.
    case english
    /// Canadian French.
    case canadianFrench

    /// `canadianFrench` for display language fr_CA, else `english` (also when there is none).
    public init(displayLanguage: String?) {
        self = displayLanguage == "fr_CA" ? .canadianFrench : .english
    }

    /// `interest-free ` with its trailing space.
    public var interestFree: String {
        self == .english ? "interest-free " : "sans intérêts "
    }

    /// The word before the logo: `with` or `avec`.
    public var with: String {
        self == .english ? "with" : "avec"
    }

    /// The text when no configuration is set.
    public var noConfiguration: String {
        self == .english ? "or pay with" : "ou payer avec"
    }

    /// The link text of the More Info style.
    public var moreInfo: String {
        self == .english ? "More Info" : "Plus d'infos"
    }

    /// The link text of the Learn More style.
    public var learnMore: String {
        self == .english ? "Learn More" : "En savoir plus"
    }

    /// The in-range sentence before trimming; `interestFree` carries its own trailing space.
    public func inRange(intro: String, count: Int, interestFree: String, instalment: String, with: String) -> String {
        switch self {
        case .english: "\(intro) \(count) \(interestFree)payments of \(instalment) \(with)"
        case .canadianFrench: "\(intro) \(count) paiements \(interestFree)de \(instalment) \(with)"
        }
    }

    /// The outside-limits sentence; an en dash (U+2013) between the limits.
    public func outsideLimits(minimum: String, maximum: String) -> String {
        switch self {
        case .english: "available for orders between \(minimum) \u{2013} \(maximum)"
        case .canadianFrench: "disponible pour les montants entre \(minimum) \u{2013} \(maximum)"
        }
    }
}
