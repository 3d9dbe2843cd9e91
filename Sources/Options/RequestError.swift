import BreakdownContent

/// Why words (a command line, a manifest record, a query, a gallery tile) could not be read into
/// a checked request: what the options stage knows, as a value. `reason` is a case to switch on
/// and `problem` the option behind it, when one option is; each front end words it and answers
/// with its own status in one place (the command line an exit status, the server an HTTP status,
/// a batch the record's outcome).
public struct RequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a case a caller can switch on.
    public var reason: BreakdownError
    /// The option problem behind it, when there is one: front ends word it in their own spelling.
    public var problem: OptionProblem?

    /// An error for this reason.
    public init(_ reason: BreakdownError) {
        self.reason = reason
    }

    /// A problem with one option, worded (in `message`) in the spelling of where it came from.
    public init(_ problem: OptionProblem) {
        self.reason = problem.breakdownError(in: problem.source.spelling)
        self.problem = problem
    }

    /// Input that is wrong as a whole (options that cannot be used together, a view that does
    /// not take an option).
    public static func invalidInput(_ message: String) -> RequestError { RequestError(.invalidInput(message)) }

    /// The one line for a person: what was wrong and what is accepted.
    public var message: String { reason.description }

    /// The one-line message.
    public var description: String { message }
}
