import BreakdownContent
import Foundation

/// An option value that can also be written back as the option's text: what `OptionSetting`
/// spells a typed value with.
public protocol SpelledOptionValue: OptionValue {
    /// The text that reads back as this value (`init?(optionText:)`).
    var optionText: String { get }
}

extension String: SpelledOptionValue {
    /// The text as it is.
    public var optionText: String { self }
}

extension Decimal: SpelledOptionValue {
    /// Plain decimal notation (`100`, `49.95`), as `init?(optionText:)` reads it.
    public var optionText: String { description }
}

extension Double: SpelledOptionValue {
    /// A whole number without `.0` (`300`), anything else as Swift prints it (`0.85`).
    public var optionText: String { shortText }
}

extension RGBAColor: SpelledOptionValue {
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var optionText: String { description }
}

extension ModalLinkStyle: SpelledOptionValue {
    /// The style's name (`moreInfoText`).
    public var optionText: String { name }
}

/// One option set to a value: built from the declared option and a value of its type, so a
/// caller cannot misspell the key or give the option a kind of value it does not take. Its name
/// and text are what a record, a query or a command line carries.
package struct OptionSetting: Sendable, Hashable {
    /// The option's name without dashes (`amount`).
    package let name: String
    /// The value as the option's text (`100`; `true` for a flag).
    package let text: String

    private init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// `option` set to `value`.
    package static func set<Value: SpelledOptionValue>(_ option: Option<Value>, _ value: Value) -> OptionSetting {
        OptionSetting(name: option.name, text: value.optionText)
    }

    /// `option` (one without a default) set to `value`.
    package static func set<Value: SpelledOptionValue>(_ option: Option<Value?>, _ value: Value) -> OptionSetting {
        OptionSetting(name: option.name, text: value.optionText)
    }

    /// `flag` on.
    package static func on(_ flag: Flag) -> OptionSetting {
        OptionSetting(name: flag.name, text: "true")
    }

    /// The name and text, as the gallery's and the batch engine's records pair them.
    package var pair: (key: String, value: String) { (name, text) }
}
