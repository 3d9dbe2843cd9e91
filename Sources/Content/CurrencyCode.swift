/// The currencies a merchant configuration may use.
public enum CurrencyCode: String, Sendable, CaseIterable, Codable {
    /// Australian dollar.
    case AUD
    /// Canadian dollar.
    case CAD
    /// Pound sterling.
    case GBP
    /// New Zealand dollar.
    case NZD
    /// United States dollar.
    case USD

    /// The ISO 4217 code, e.g. `AUD`.
    public var code: String { rawValue }
}

extension CurrencyCode {
    /// Digits after the decimal separator (ISO 4217 minor unit): 2 for all five currencies.
    public var minorUnitDigits: Int { 2 }
}
