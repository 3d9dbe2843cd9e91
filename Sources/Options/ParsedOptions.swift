import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
import Foundation

/// A value in a manifest record (e.g. one row of a batch manifest): text, a boolean, or a price
/// a reader has already read.
public enum RecordValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A boolean (for flags).
    case bool(Bool)
    /// A price read exactly, once, by a reader of prices as shops write them (batch's): the money
    /// value, and its plain decimal text (`1299.00`) to show (names, the resume fingerprint). The
    /// value is never read again from the text.
    case price(Decimal, text: String)
}

/// Option values checked against a command's option groups. Built from argv or from a key/value
/// record; both paths go through `set(_:to:)` / `setFlag(_:_:)`, so the same input gives the same
/// value or the same error either way.
public struct ParsedOptions: Sendable {
    /// The option groups values were checked against.
    public let groups: [OptionGroup]
    /// Values given explicitly, by option name (without dashes). Defaults are not stored here.
    public private(set) var values: [String: String] = [:]
    /// Prices given as money values (`RecordValue.price`), by option name: `self[option]` is this
    /// value, never its text read again (`values` holds the text, to show).
    public private(set) var prices: [String: Decimal] = [:]
    /// Every value of a repeatable option, in order.
    public private(set) var lists: [String: [String]] = [:]
    /// Flags given (set to true).
    public private(set) var flags: Set<String> = []
    /// Arguments that are not options (after `--`, or words not starting with `-`).
    public private(set) var positionals: [String] = []
    /// `-h` / `--help` was given.
    public private(set) var helpRequested = false
    /// Where the values came from; problems name options the way it spells them (`--amount`
    /// for arguments, `amount` for a record or a query).
    public private(set) var source: OptionSource

    /// No options given: every option at its default.
    public init(groups: [OptionGroup], source: OptionSource = .argument) {
        self.groups = groups
        self.source = source
    }

    /// Parses command-line arguments (after the subcommand name): `--opt value`, `--opt=value`,
    /// flags, `-h`/`--help`; `--` ends options. Each option may be given once.
    public init(arguments: [String], groups: [OptionGroup]) throws(RequestError) {
        self.groups = groups
        self.source = .argument
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
                    throw problem(String(argument.drop { $0 == "-" }), .unknown(given: argument, suggestion: Self.suggestion(for: argument, in: groups)))
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
                throw problem(name, .unknown(given: "--" + name, suggestion: Self.suggestion(for: name, in: groups)))
            }
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw problem(spec.name, .takesNoValue) }
                try setFlag(name, true)
            case .value(let valueName, _, _):
                if let inlineValue {
                    try set(name, to: inlineValue)
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw problem(spec.name, .needsValue(valueName: valueName, given: nil, accepted: Self.accepted(spec)))
                    }
                    try set(name, to: arguments[index])
                    index += 1
                }
            }
        }
    }

    /// Builds options from a record: keys are option names without dashes, values are text, or
    /// booleans for flags (`false` leaves a flag off). Unknown keys are errors. `source` says
    /// whether the record is a manifest's or a query's.
    public init(record: [String: RecordValue], groups: [OptionGroup], source: OptionSource = .record(line: nil)) throws(RequestError) {
        self.groups = groups
        self.source = source
        for key in record.keys.sorted() {
            guard let spec = groups.option(named: key) else {
                throw problem(key, .unknown(given: key, suggestion: Self.suggestion(for: key, in: groups)))
            }
            switch (spec.kind, record[key]!) {
            case (.flag, .bool(let on)):
                try setFlag(key, on)
            case (.flag, .string(let text)):
                guard let on = Bool(text) else { throw problem(key, .notABoolean(given: text)) }
                try setFlag(key, on)
            case (.value, .string(let text)):
                try set(key, to: text)
            case (.value, .price(let price, let text)):
                try set(key, price: price, text: text)
            case (.flag, .price(_, let text)):
                throw problem(key, .notABoolean(given: text))
            case (.value(let valueName, _, _), .bool(let on)):
                throw problem(key, .needsValue(valueName: valueName, given: on, accepted: Self.accepted(spec)))
            }
        }
    }

    /// The same from plain strings (flags as `"true"` / `"false"`).
    public init(record: [String: String], groups: [OptionGroup], source: OptionSource = .record(line: nil)) throws(RequestError) {
        try self.init(record: record.mapValues { RecordValue.string($0) }, groups: groups, source: source)
    }

    /// Sets a value option after checking it against its kind. The single validation path.
    public mutating func set(_ name: String, to value: String) throws(RequestError) {
        guard let spec = groups.option(named: name) else { throw problem(name, .unknown(given: name, suggestion: nil)) }
        guard case .value(_, let type, _) = spec.kind else { throw problem(name, .takesNoValue) }
        guard values[name] == nil || spec.isRepeatable else { throw problem(name, .repeated) }
        if let accepted = type.problem(with: value) { throw problem(name, .invalidValue(value, accepted: accepted)) }
        if let because = type.refusal(of: value) { throw problem(name, .refused(value, because: because)) }
        values[name] = value
        if spec.isRepeatable { lists[name, default: []].append(value) }
    }

    /// Sets a price option (kind `.decimal`) to a money value already read from words (a shop's
    /// price, by batch's reader, which applied the money rule to the words). Its range is checked
    /// on the value, as `set(_:to:)` checks it on text; `text` is only shown.
    public mutating func set(_ name: String, price: Decimal, text: String) throws(RequestError) {
        guard let spec = groups.option(named: name) else { throw problem(name, .unknown(given: name, suggestion: nil)) }
        guard case .value(_, let type, _) = spec.kind else { throw problem(name, .takesNoValue) }
        guard type == .decimal else { throw problem(name, .invalidValue(text, accepted: "text, not a price")) }
        guard values[name] == nil, !spec.isRepeatable else { throw problem(name, .repeated) }
        if price < 0 { throw problem(name, .refused(text, because: PriceRule.negative(QuotedValue.quoted(text)))) }
        if let accepted = ValueKind.priceRangeProblem(price) { throw problem(name, .invalidValue(text, accepted: accepted)) }
        values[name] = text
        prices[name] = price
    }

    /// Turns a flag on or off.
    public mutating func setFlag(_ name: String, _ on: Bool) throws(RequestError) {
        guard groups.option(named: name)?.isFlag == true else { throw problem(name, .unknown(given: name, suggestion: nil)) }
        guard !flags.contains(name) else { throw problem(name, .repeated) }
        if on { flags.insert(name) }
    }

    /// The options of `self` with those given in `other` on top (e.g. a manifest row over the
    /// command line's defaults). Flags are the union; problems found later are the record's.
    public func overlaid(by other: ParsedOptions) -> ParsedOptions {
        var result = self
        result.source = other.source
        result.values.merge(other.values) { _, new in new }
        // A value given again as text replaces a price given before, and the other way round.
        for name in other.values.keys { result.prices[name] = other.prices[name] }
        result.lists.merge(other.lists) { old, new in old + new }
        result.flags.formUnion(other.flags)
        result.positionals += other.positionals
        return result
    }

    /// The option's value: given, else its declared default.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        if let price = prices[option.spec.name], let value = price as? Value { return value }
        return option.read(texts(of: option.spec))
    }

    /// Whether the flag is on.
    public subscript(_ flag: Flag) -> Bool { flags.contains(flag.name) }

    /// True when the option was given explicitly (a value, or a flag turned on).
    public func isGiven(_ option: some OptionDeclaration) -> Bool { isGiven(option.spec) }

    /// The option as problems name it where these values came from: `--amount` or `amount`.
    public func name(of option: some OptionDeclaration) -> String { source.spelling.name(option.name) }

    /// A problem with `option` where these values came from.
    public func problem(_ option: some OptionDeclaration, _ reason: OptionProblem.Reason) -> RequestError {
        problem(option.name, reason)
    }

    /// Refuses the first given option (in the groups' order) that `view` does not take: the one
    /// place that knows which view takes which option is the option table.
    public func checkTaken(by view: Platform) throws(RequestError) {
        for spec in groups.flatMap(\.options) where isGiven(spec) {
            if let refusal = spec.refusal(for: view, in: source.spelling) { throw .invalidInput(refusal) }
        }
    }

    /// True when the option of this table entry was given.
    public func isGiven(_ spec: OptionSpec) -> Bool { values[spec.name] != nil || flags.contains(spec.name) }

    /// The text of a table entry's value (given, else its default), for code that walks the
    /// table (normalized text, command lines); nil for a flag or an option without a default.
    public func text(of spec: OptionSpec) -> String? { values[spec.name] ?? spec.defaultValue }

    /// Every text given for a table entry, in order (empty when not given).
    public func texts(of spec: OptionSpec) -> [String] { lists[spec.name] ?? values[spec.name].map { [$0] } ?? [] }

    /// Whether the flag of a table entry is on.
    public func isOn(_ spec: OptionSpec) -> Bool { flags.contains(spec.name) }

    private func problem(_ name: String, _ reason: OptionProblem.Reason) -> RequestError {
        RequestError(OptionProblem(name, reason, source: source))
    }

    private static func accepted(_ spec: OptionSpec) -> [String]? {
        if case .value(_, .choice(let values), _) = spec.kind { return values }
        return nil
    }

    /// The option a near miss probably meant (its name without dashes), if one is near.
    static func suggestion(for name: String, in groups: [OptionGroup]) -> String? {
        let bare = String(name.drop { $0 == "-" })
        // Nothing long is a typo of an option name (and the edit distance of a 10 MB key would take seconds).
        guard bare.count <= 40 else { return nil }
        let best = groups.allOptions.map { ($0, editDistance(bare, $0.name)) }.min { $0.1 < $1.1 }
        guard let (spec, distance) = best, distance <= max(1, bare.count / 3) else { return nil }
        return spec.name
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

extension ParsedOptions {
    /// How canonical text writes a value.
    public enum ValueSpelling: Sendable {
        /// As given (a batch's resume fingerprint: the text a record gave).
        case asGiven
        /// In one spelling for its kind: `100.00` is `100`, `2.50` is `2.5`, colours `#rrggbbaa`
        /// (a server's ETag: queries that mean the same give the same text).
        case normalized
    }

    /// Every option of `options`' effective value (given or default), one `name=value` a line
    /// (a flag that is on: its name; a repeatable option: a line a value), in the table's order:
    /// options that mean the same give the same text. The one canonical form of a request.
    public func canonicalText(_ options: [OptionSpec], values spelling: ValueSpelling) -> String {
        var text = ""
        text.reserveCapacity(512)
        // Appended in place (no line strings made and joined): a batch makes this text for every record.
        func add(_ name: String, _ value: String?) {
            if !text.isEmpty { text.append("\n") }
            text.append(name)
            guard let value else { return }
            text.append("=")
            text.append(value)
        }
        for index in options.indices {
            let name = options[index].name
            if case .flag = options[index].kind {
                if flags.contains(name) { add(name, nil) }
            } else if options[index].isRepeatable {
                for value in texts(of: options[index]) { add(name, Self.spelled(value, of: options[index], spelling)) }
            } else if spelling == .normalized, let price = prices[name] {
                add(name, "\(price)")
            } else if let value = values[name] ?? options[index].defaultValue {
                add(name, spelling == .asGiven ? value : Self.spelled(value, of: options[index], spelling))
            }
        }
        return text
    }

    private static func spelled(_ value: String, of spec: OptionSpec, _ spelling: ValueSpelling) -> String {
        guard spelling == .normalized, case .value(_, let kind, _) = spec.kind else { return value }
        switch kind {
        case .decimal: return Decimal(decimalString: value).map { "\($0)" } ?? value
        case .number: return Double(value).map { "\($0)" } ?? value
        case .color, .colorOrTransparent:
            guard let color = try? RGBAColor(hex: value) else { return value }
            return String(format: "#%02x%02x%02x%02x", color.red, color.green, color.blue, color.alpha)
        default: return value
        }
    }
}
