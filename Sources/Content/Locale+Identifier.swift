import Foundation

extension Locale {
    /// The identifier in the `language[_Script][_REGION]` form the configuration uses, e.g.
    /// `en_AU` for `Locale(identifier: "en-AU")`.
    package var underscoredIdentifier: String {
        identifier.replacingOccurrences(of: "-", with: "_")
    }
}
