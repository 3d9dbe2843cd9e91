import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
import Foundation

/// A value in a manifest record (e.g. one row of a batch manifest): text or a boolean.
public enum RecordValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A boolean (for flags).
    case bool(Bool)
}

/// Option values checked against a command's option groups. Built from argv or from a key/value
/// record; both paths go through `set(_:to:)` / `setFlag(_:_:)`, so the same input gives the same
/// value or the same error either way.
public struct ParsedOptions: Sendable {
    /// The option groups values were checked against.
    public let groups: [OptionGroup]
    /// Values given explicitly, by option name (without dashes). Defaults are not stored here.
    public private(set) var values: [String: String] = [:]
    /// Every value of a repeatable option, in order.
    public private(set) var lists: [String: [String]] = [:]
    /// Flags given (set to true).
    public private(set) var flags: Set<String> = []
    /// Arguments that are not options (after `--`, or words not starting with `-`).
    public private(set) var positionals: [String] = []
    /// `-h` / `--help` was given.
    public private(set) var helpRequested = false
    /// How errors name options: `--amount` for argv, `amount` for a record.
    private let spelling: Spelling

    private enum Spelling: Sendable { case argv, record }

    /// No options given: every option at its default.
    public init(groups: [OptionGroup]) {
        self.groups = groups
        self.spelling = .argv
    }

    /// Parses command-line arguments (after the subcommand name): `--opt value`, `--opt=value`,
    /// flags, `-h`/`--help`; `--` ends options. Each option may be given once.
    public init(arguments: [String], groups: [OptionGroup]) throws(CLIError) {
        self.groups = groups
        self.spelling = .argv
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                helpRequested = true
                continue
            }
            var expanded = argument
            if !argument.hasPrefix("--") {
                // `-o PATH` / `-o=PATH`: a one-letter alias of a long option.
                let letter = argument.dropFirst().first
                guard argument.count >= 2, let letter, let spec = groups.option(short: letter),
                    argument.count == 2 || argument.dropFirst(2).hasPrefix("=")
                else {
                    throw .option(String(argument.drop { $0 == "-" }), "unknown option \(QuotedValue.quoted(argument))\(Self.suggestion(for: argument, in: groups))")
                }
                expanded = spec.flagName + argument.dropFirst(2)
            }
            let body = expanded.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            guard let spec = groups.option(named: name) else {
                throw .option(name, "unknown option \(QuotedValue.quoted("--" + name))\(Self.suggestion(for: name, in: groups))")
            }
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw .option(spec.name, "\(spec.flagName) is a flag and takes no value") }
                try setFlag(name, true)
            case .value(let valueName, _, _):
                if let inlineValue {
                    try set(name, to: inlineValue)
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw .option(spec.name, "\(spec.flagName) needs a value <\(valueName)>\(Self.accepted(spec))")
                    }
                    try set(name, to: arguments[index])
                    index += 1
                }
            }
        }
    }

    /// Builds options from a record: keys are option names without dashes, values are text, or
    /// booleans for flags (`false` leaves a flag off). Unknown keys are errors.
    public init(record: [String: RecordValue], groups: [OptionGroup]) throws(CLIError) {
        self.groups = groups
        self.spelling = .record
        for key in record.keys.sorted() {
            guard let spec = groups.option(named: key) else {
                throw .option(key, "unknown option \(QuotedValue.quoted(key))\(Self.suggestion(for: key, in: groups))")
            }
            switch (spec.kind, record[key]!) {
            case (.flag, .bool(let on)):
                try setFlag(key, on)
            case (.flag, .string(let text)):
                guard let on = Bool(text) else { throw .option(key, "\(key) is a flag: use true or false, not \(QuotedValue.quoted(text))") }
                try setFlag(key, on)
            case (.value, .string(let text)):
                try set(key, to: text)
            case (.value(let valueName, _, _), .bool(let on)):
                throw .option(key, "\(key) needs a value <\(valueName)>, not \(on)\(Self.accepted(spec))")
            }
        }
    }

    /// The same from plain strings (flags as `"true"` / `"false"`).
    public init(record: [String: String], groups: [OptionGroup]) throws(CLIError) {
        try self.init(record: record.mapValues { RecordValue.string($0) }, groups: groups)
    }

    /// Sets a value option after checking it against its kind. The single validation path.
    public mutating func set(_ name: String, to value: String) throws(CLIError) {
        guard let spec = groups.option(named: name) else { throw .option(name, "unknown option \(QuotedValue.quoted(name))") }
        guard case .value(_, let type, _) = spec.kind else { throw .option(name, "\(display(spec)) is a flag and takes no value") }
        guard values[name] == nil || spec.isRepeatable else { throw .option(name, "\(display(spec)) was given more than once") }
        if let accepted = type.problem(with: value) {
            throw .option(name, "\(display(spec)): \(QuotedValue.quoted(value)) is not valid; expected \(accepted)")
        }
        values[name] = value
        if spec.isRepeatable { lists[name, default: []].append(value) }
    }

    /// Turns a flag on or off.
    public mutating func setFlag(_ name: String, _ on: Bool) throws(CLIError) {
        guard let spec = groups.option(named: name), spec.isFlag else { throw .option(name, "unknown flag \(QuotedValue.quoted(name))") }
        guard !flags.contains(name) else { throw .option(name, "\(display(spec)) was given more than once") }
        if on { flags.insert(name) }
    }

    /// The options of `self` with those given in `other` on top (e.g. a manifest row over the
    /// command line's defaults). Flags are the union.
    public func overlaid(by other: ParsedOptions) -> ParsedOptions {
        var result = self
        result.values.merge(other.values) { _, new in new }
        result.lists.merge(other.lists) { old, new in old + new }
        result.flags.formUnion(other.flags)
        result.positionals += other.positionals
        return result
    }

    /// True when the option was given explicitly (a value, or a flag turned on).
    public func isGiven(_ name: String) -> Bool {
        values[name] != nil || flags.contains(name)
    }

    /// The given value, else the option's default, else nil.
    public func string(_ name: String) -> String? {
        values[name] ?? groups.option(named: name)?.defaultValue
    }

    /// All values of a repeatable option (empty when not given).
    public func strings(_ name: String) -> [String] { lists[name] ?? values[name].map { [$0] } ?? [] }

    /// Whether a flag is on.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A `.decimal` option's value (given or default).
    public func decimal(_ name: String) -> Decimal? { string(name).flatMap { Decimal(decimalString: $0) } }

    /// An `.integer` option's value (given or default).
    public func integer(_ name: String) -> Int? { string(name).flatMap { Int($0) } }

    /// A `.number` option's value (given or default).
    public func number(_ name: String) -> Double? { string(name).flatMap { Double($0) } }

    /// The option as errors name it: `--amount` (argv) or `amount` (record).
    public func display(_ name: String) -> String {
        guard let spec = groups.option(named: name) else { return name }
        return display(spec)
    }

    private func display(_ spec: OptionSpec) -> String {
        spelling == .argv ? spec.flagName : spec.name
    }

    private static func accepted(_ spec: OptionSpec) -> String {
        if case .value(_, .choice(let values), _) = spec.kind { return "; expected one of " + values.joined(separator: ", ") }
        return ""
    }

    /// "; did you mean '--amount'?" for a near miss, else "".
    static func suggestion(for name: String, in groups: [OptionGroup]) -> String {
        let bare = String(name.drop { $0 == "-" })
        // Nothing long is a typo of an option name (and the edit distance of a 10 MB key would take seconds).
        guard bare.count <= 40 else { return "" }
        let best = groups.allOptions.map { ($0, editDistance(bare, $0.name)) }.min { $0.1 < $1.1 }
        guard let (spec, distance) = best, distance <= max(1, bare.count / 3) else { return "" }
        return "; did you mean '\(spec.flagName)'?"
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = a[i - 1] == b[j - 1] ? previous : 1 + min(previous, row[j], row[j - 1])
                previous = current
            }
        }
        return row[b.count]
    }
}
