import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import BreakdownPipeline
import Foundation

/// A type an option's text becomes, in the spirit of argument-parser's `ExpressibleByArgument`:
/// the option's `ValueKind` has checked the text before, so `init?(optionText:)` only converts.
public protocol OptionValue: Sendable {
    /// The value `text` spells, or nil when it spells none.
    init?(optionText text: String)
}

/// An option value that is one of a fixed set of words: the option's choices are its cases.
public protocol OptionChoice: SpelledOptionValue, CaseIterable {}

extension OptionChoice where Self: RawRepresentable, RawValue == String {
    /// The case whose raw value is `text`.
    public init?(optionText text: String) { self.init(rawValue: text) }
    /// The raw value.
    public var optionText: String { rawValue }
}

extension String: OptionValue {
    /// The text as it is.
    public init?(optionText text: String) { self = text }
}

extension Int: OptionValue {
    /// A whole number in decimal digits.
    public init?(optionText text: String) { self.init(text) }
}

extension Double: OptionValue {
    /// A number as Swift reads one.
    public init?(optionText text: String) { self.init(text) }
}

extension Decimal: OptionValue {
    /// Plain decimal notation, exactly (never through a `Double`).
    public init?(optionText text: String) { self.init(decimalString: text) }
}

extension RGBAColor: OptionValue {
    /// `#RRGGBB` or `#RRGGBBAA`.
    public init?(optionText text: String) {
        guard let color = try? RGBAColor(hex: text) else { return nil }
        self = color
    }
}

extension IntroText: OptionChoice {}
extension LogoType: OptionChoice {}
extension ColorPalette: OptionChoice {}
extension Appearance: OptionChoice {}
extension ModalTheme: OptionChoice {}
extension ContentSizeCategory: OptionChoice {}
extension Tracking: OptionChoice {}
extension OutputFormat: OptionChoice {}

extension ModalLinkStyle: OptionValue {
    /// A named style (`circledInfoIcon`, `moreInfoText`, …).
    public init?(optionText text: String) { self.init(name: text) }
}

extension RenderScale: OptionChoice {
    /// `1`, `2`, `3`, or an Android density: `0.75`, `1.5`, `2.625`, `3.5`, `4`.
    public init?(optionText text: String) {
        guard let found = Self.allCases.first(where: { $0.text == text }) else { return nil }
        self = found
    }
    /// The factor in digits.
    public var optionText: String { text }
}

/// What every declared option has: its table entry (name, kind, default, help).
public protocol OptionDeclaration: Sendable {
    /// The entry help, the man page, completions, the schema and the parser read.
    var spec: OptionSpec { get }
}

extension OptionDeclaration {
    /// The name without dashes (`scale`), also a manifest field and a query key.
    public var name: String { spec.name }
}

/// An option declared once with the type of its value: `ParsedOptions[option]` is that value,
/// given or the declared default, never text to parse again.
public struct Option<Value: Sendable>: OptionDeclaration {
    /// The table entry: name, kind, default, help.
    public let spec: OptionSpec
    /// The value from the texts given, in order (none: the default).
    let read: @Sendable ([String]) -> Value

    init(spec: OptionSpec, read: @escaping @Sendable ([String]) -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The same option with a one-letter alias (`-o`).
    public func short(_ letter: Character) -> Option { Option(spec: spec.short(letter), read: read) }
    /// The same option, completed to `values` by the shells (`OptionSpec.suggesting`).
    public func suggesting(_ values: [String]) -> Option { Option(spec: spec.suggesting(values), read: read) }

    /// The same option, taken by one view only (see `OptionSpec.only(_:otherwise:)`).
    public func only(_ view: Platform, otherwise hint: String) -> Option { Option(spec: spec.only(view, otherwise: hint), read: read) }
}

extension Option where Value: OptionValue {
    /// An option with a fixed default, e.g. `Option<Int>.value("port", "n", .integer(1...65535), default: "8080", …)`.
    /// The default is written once, as help shows it, and is the value when the option is not given.
    public static func value(
        _ name: String, _ valueName: String, _ kind: ValueKind = .text, default text: String, help: String
    ) -> Option {
        guard let fallback = Value(optionText: text) else {
            preconditionFailure("the default \(text) of --\(name) is not a value it accepts")
        }
        return Option(spec: .value(name, valueName, kind, default: text, help: help)) { $0.last.flatMap(Value.init(optionText:)) ?? fallback }
    }
}

extension Option where Value: OptionChoice {
    /// One of `Value`'s cases, with a default: the choices are the cases, in their order.
    public static func choice(_ name: String, _ valueName: String, default value: Value, help: String) -> Option {
        .value(name, valueName, .choice(Value.allCases.map(\.optionText)), default: value.optionText, help: help)
    }
}

extension Option {
    /// An option without a fixed default: nil when not given (`defaultHelp` says what happens then).
    public static func value<Wrapped: OptionValue>(
        _ name: String, _ valueName: String, _ kind: ValueKind = .text, defaultHelp: String? = nil, help: String
    ) -> Option<Wrapped?> where Value == Wrapped? {
        Option<Wrapped?>(spec: .value(name, valueName, kind, defaultHelp: defaultHelp, help: help)) {
            $0.last.flatMap(Wrapped.init(optionText:))
        }
    }

    /// One of `Wrapped`'s cases, or nil when not given.
    public static func choice<Wrapped: OptionChoice>(_ name: String, _ valueName: String, defaultHelp: String? = nil, help: String)
        -> Option<Wrapped?> where Value == Wrapped?
    {
        .value(name, valueName, .choice(Wrapped.allCases.map(\.optionText)), defaultHelp: defaultHelp, help: help)
    }

    /// An option that may be given more than once: every value, in order (none: empty).
    public static func list<Element: OptionValue>(_ name: String, _ valueName: String, _ kind: ValueKind = .text, help: String)
        -> Option<[Element]> where Value == [Element]
    {
        Option<[Element]>(spec: OptionSpec.value(name, valueName, kind, help: help).repeatable()) {
            $0.compactMap(Element.init(optionText:))
        }
    }
}

/// A flag declared once: `ParsedOptions[flag]` is whether it is on.
public struct Flag: OptionDeclaration {
    /// The table entry: name and help.
    public let spec: OptionSpec

    /// `--name`, present or absent.
    public static func flag(_ name: String, help: String) -> Flag { Flag(spec: .flag(name, help: help)) }

    /// The same flag, taken by one view only (see `OptionSpec.only(_:otherwise:)`).
    public func only(_ view: Platform, otherwise hint: String) -> Flag { Flag(spec: spec.only(view, otherwise: hint)) }
}

extension OptionGroup {
    /// A group of declared options, in help order.
    public init(title: String, _ options: [any OptionDeclaration]) {
        self.init(title: title, options: options.map(\.spec))
    }
}
