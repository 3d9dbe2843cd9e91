import BreakdownContent

/// Where an option's value came from: it decides how a problem names the option.
public enum OptionSource: Sendable, Hashable {
    /// The command line (`--scale 2`).
    case argument
    /// A field of a manifest record (`"scale": "2"`), on `line` when known.
    case record(line: Int?)
    /// A key of a URL query (`?scale=2`).
    case query

    /// How this source spells option names: `--scale` for arguments, `scale` for fields and keys.
    public var spelling: OptionSpelling { self == .argument ? .commandLine : .field }
}

/// How a front end writes an option's name.
public enum OptionSpelling: Sendable, Hashable {
    /// `--scale`, as typed on the command line.
    case commandLine
    /// `scale`, as a manifest field or a query key.
    case field

    /// `name` (without dashes) in this spelling.
    public func name(_ option: String) -> String { self == .commandLine ? "--" + option : option }
}

/// One problem with the options, as a value: which option, where it came from, what was wrong
/// and what is accepted. Front ends word it in their own spelling (`message(in:)`) and answer
/// with their own status; nothing reads the words back.
public struct OptionProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// No option has this name; `given` is as written (`-x`, `--scal`, `scal`), `suggestion`
        /// the nearest option's name, if any is near.
        case unknown(given: String, suggestion: String?)
        /// A flag was given a value on the command line (`--cbt=1`).
        case takesNoValue
        /// A value option without a value (`given` is the boolean a record gave instead).
        case needsValue(valueName: String, given: Bool?, accepted: [String]?)
        /// A flag in a record whose text is not `true` or `false`.
        case notABoolean(given: String)
        /// A value its kind does not accept.
        case invalidValue(String, accepted: String)
        /// A value of the right form that a rule refuses (`because` says why, quoting it): a
        /// price that could be read two ways, or would have to be rounded (`PriceRule`).
        case refused(String, because: String)
        /// Given twice.
        case repeated
        /// Over a limit of this reader (a server's), e.g. `at most 100`.
        case overLimit(String, limit: String)
        /// Cannot be given together with `other`: "`option` and `other` `wording`".
        case conflict(other: String, wording: String)
        /// The merchant configuration rejected it; `options` are those it came from (this one
        /// first), `accepted` what the option accepts when the configuration lists it.
        case configuration(ConfigurationError, options: [String], accepted: [String]?)
    }

    /// The option, without dashes.
    public var option: String
    /// What was wrong.
    public var reason: Reason
    /// Where it was given.
    public var source: OptionSource

    /// A problem with `option` given in `source`.
    public init(_ option: String, _ reason: Reason, source: OptionSource) {
        self.option = option
        self.reason = reason
        self.source = source
    }

    /// The one line, naming options the way `spelling` writes them.
    public func message(in spelling: OptionSpelling) -> String {
        let name = spelling.name(option)
        func expected(_ values: [String]?) -> String { values.map { "; expected one of " + $0.joined(separator: ", ") } ?? "" }
        switch reason {
        case .unknown(let given, let suggestion):
            return "unknown option \(QuotedValue.quoted(given))" + (suggestion.map { "; did you mean '\(spelling.name($0))'?" } ?? "")
        case .takesNoValue:
            return "\(name) is a flag and takes no value"
        case .needsValue(let valueName, let given, let accepted):
            return "\(name) needs a value <\(valueName)>" + (given.map { ", not \($0)" } ?? "") + expected(accepted)
        case .notABoolean(let given):
            return "\(name) is a flag: use true or false, not \(QuotedValue.quoted(given))"
        case .invalidValue(let value, let accepted):
            return InputRule.invalidValue(name: name, value: value, accepted: accepted)
        case .refused(_, let because):
            return "\(name): \(because)"
        case .repeated:
            return "\(name) was given more than once"
        case .overLimit(let value, let limit):
            return "\(name): '\(value)' is over this server's limit; expected at most \(limit)"
        case .conflict(let other, let wording):
            return "\(name) and \(spelling.name(other)) \(wording)"
        case .configuration(let error, let options, let accepted):
            let names = options.map(spelling.name).joined(separator: ", ")
            return error.message + " (\(names)" + (accepted.map { ": one of " + $0.joined(separator: ", ") } ?? "") + ")"
        }
    }

    /// The one line in the spelling of where it came from.
    public var description: String { message(in: source.spelling) }

    /// The library's form: an option's own problem, a conflict between options, or the
    /// configuration's, with the message in `spelling`.
    public func breakdownError(in spelling: OptionSpelling) -> BreakdownError {
        let message = message(in: spelling)
        switch reason {
        case .conflict: return .invalidInput(message)
        case .configuration(let error, _, _): return .invalidConfiguration(error, message: message)
        default: return .invalidOption(option: option, message: message)
        }
    }
}
