import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
/// One option of a command: its name (without dashes), its help line, and either a flag or a
/// value with a kind and a default. Declared once; drives parsing, validation and `--help`.
public struct OptionSpec: Sendable, Hashable {
    /// A flag, or an option that takes a value.
    public enum Kind: Sendable, Hashable {
        /// `--name`: present or absent (in a record: `true` / `false`).
        case flag
        /// `--name VALUE` or `--name=VALUE`.
        case value(valueName: String, type: ValueKind, defaultValue: String?)
    }

    /// The name without dashes, e.g. `device-locale`; also the key in a manifest record.
    public let name: String
    /// Flag or value, with the value's kind and default.
    public let kind: Kind
    /// One line for help.
    public let help: String
    /// How help describes the default when it is not a fixed value (e.g. "the locale's").
    public let defaultHelp: String?
    /// A one-letter alias, e.g. `o` for `-o PATH`.
    public private(set) var shortName: Character?
    /// May be given more than once (each value is kept, in order).
    public private(set) var isRepeatable = false
    /// The one view that takes this option (nil: both views do).
    public private(set) var onlyView: Platform?
    /// What a user of the other view is told after the option's name, with other options as
    /// `{name}` (written in the spelling of where the options came from).
    public private(set) var otherViewHint: String?

    /// An option; prefer `.flag(...)` and `.value(...)`.
    public init(name: String, kind: Kind, help: String, defaultHelp: String? = nil) {
        self.name = name
        self.kind = kind
        self.help = help
        self.defaultHelp = defaultHelp
    }

    /// A flag, e.g. `.flag("cbt", help: "…")`.
    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help)
    }

    /// An option with a value, e.g. `.value("amount", "decimal", .decimal, default: "0", help: "…")`.
    public static func value(
        _ name: String, _ valueName: String, _ type: ValueKind = .text, default defaultValue: String? = nil,
        defaultHelp: String? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, kind: .value(valueName: valueName, type: type, defaultValue: defaultValue), help: help,
            defaultHelp: defaultHelp)
    }

    /// An option whose value is one of `values`.
    public static func choice(_ name: String, _ valueName: String, _ values: [String], default defaultValue: String? = nil, help: String)
        -> OptionSpec
    {
        value(name, valueName, .choice(values), default: defaultValue, help: help)
    }

    /// The values shell completion offers for a text option whose values its reader checks
    /// (`--locale`: the merchant locales), when its kind is not a choice.
    public private(set) var suggestions: [String] = []

    /// The same option, completed to `values` by the shells (accepted as its kind says).
    public func suggesting(_ values: [String]) -> OptionSpec {
        var copy = self
        copy.suggestions = values
        return copy
    }

    /// The same option with a one-letter alias (`-o`).
    public func short(_ letter: Character) -> OptionSpec {
        var copy = self
        copy.shortName = letter
        return copy
    }

    /// The same option, allowed more than once (`--font-file A --font-file B`).
    public func repeatable() -> OptionSpec {
        var copy = self
        copy.isRepeatable = true
        return copy
    }

    /// The same option, taken by one view only; `hint` follows the option's name when the other
    /// view is asked for, e.g. "is iOS's letter spacing: leave it out with {platform} android".
    public func only(_ view: Platform, otherwise hint: String) -> OptionSpec {
        var copy = self
        copy.onlyView = view
        copy.otherViewHint = hint
        return copy
    }

    /// Whether `view` takes this option.
    public func isTaken(by view: Platform) -> Bool { onlyView.map { $0 == view } ?? true }

    /// The views that take this option, in declared order.
    public var views: [Platform] { Platform.allCases.filter(isTaken(by:)) }

    /// Which view takes the option, as help, the man page, the manifest schema and the OpenAPI
    /// document say it (in `spelling`); nil when both views do.
    public func viewNote(in spelling: OptionSpelling) -> String? {
        guard let onlyView else { return nil }
        let others = Platform.allCases.filter { $0 != onlyView }.map(\.rawValue).joined(separator: ", ")
        // The view drawn when no platform is given (the first) refuses the key with the others.
        return onlyView == Platform.allCases.first
            ? "\(onlyView.title) view only: refused with \(spelling.name("platform")) \(others)"
            : "\(onlyView.title) view only: with \(spelling.name("platform")) \(onlyView.rawValue)"
    }

    /// The one line for giving this option with a view that does not take it, in `spelling`.
    public func refusal(for view: Platform, in spelling: OptionSpelling) -> String? {
        guard !isTaken(by: view) else { return nil }
        var hint = otherViewHint ?? "is not taken by the \(view.rawValue) view"
        while let open = hint.firstIndex(of: "{"), let close = hint[open...].firstIndex(of: "}") {
            hint.replaceSubrange(open...close, with: spelling.name(String(hint[hint.index(after: open)..<close])))
        }
        return spelling.name(name) + " " + hint
    }

    /// `--name`
    public var flagName: String { "--" + name }

    /// True for a flag.
    public var isFlag: Bool { kind == .flag }

    /// The default value of a value option, if it has a fixed one.
    public var defaultValue: String? {
        if case .value(_, _, let value) = kind { return value }
        return nil
    }

    /// `--amount <decimal>` or `--cbt`.
    var usageLabel: String {
        switch kind {
        case .flag: flagName
        case .value(let valueName, _, _):
            (shortName.map { "-\($0), " } ?? "") + "\(flagName) <\(valueName)>" + (isRepeatable ? " ..." : "")
        }
    }
}
