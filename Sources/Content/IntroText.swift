/// `introText`: the first word(s) of the in-range sentence. The default is `.or`.
public enum IntroText: String, Sendable, CaseIterable, Codable {
    /// "or" / "Or".
    case or, orTitle
    /// "pay" / "Pay".
    case pay, payTitle
    /// "make" / "Make".
    case make, makeTitle
    /// "pay in" / "Pay in".
    case payIn, payInTitle
    /// "in" / "In".
    case `in`, inTitle
    /// No intro; the sentence is trimmed so it starts with the number.
    case empty

    /// The intro word in `language`, e.g. `or` or `ou`; empty for `.empty`.
    package func text(in language: TextLanguage) -> String {
        let english = language == .english
        switch self {
        case .or: return english ? "or" : "ou"
        case .orTitle: return english ? "Or" : "Ou"
        case .pay: return english ? "pay" : "payez"
        case .payTitle: return english ? "Pay" : "Payez"
        case .make: return english ? "make" : "effectuez"
        case .makeTitle: return english ? "Make" : "Effectuez"
        case .payIn: return english ? "pay in" : "payez en"
        case .payInTitle: return english ? "Pay in" : "Payez en"
        case .in: return english ? "in" : "en"
        case .inTitle: return english ? "In" : "En"
        case .empty: return ""
        }
    }
}
