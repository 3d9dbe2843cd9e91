import Foundation

extension Locale {
    /// The identifier in the `language[_Script][_REGION]` form the configuration uses, e.g.
    /// `en_AU` for `Locale(identifier: "en-AU")`.
    package var underscoredIdentifier: String {
        identifier.replacingOccurrences(of: "-", with: "_")
    }
}

/// A locale as the configuration and the inputs take it: an identifier (`"en_AU"`) or a
/// `Locale` (`Locale(identifier: "en-AU")`), alike.
public protocol LocaleIdentifierConvertible: Sendable {
    /// The identifier in the `language[_Script][_REGION]` form, e.g. `en_AU`.
    var breakdownLocaleIdentifier: String { get }
}

extension String: LocaleIdentifierConvertible {
    /// The string itself: `"en_AU"`.
    public var breakdownLocaleIdentifier: String { self }
}

extension Locale: LocaleIdentifierConvertible {
    /// The identifier with underscores: `en_AU` for `Locale(identifier: "en-AU")`.
    public var breakdownLocaleIdentifier: String { underscoredIdentifier }
}
