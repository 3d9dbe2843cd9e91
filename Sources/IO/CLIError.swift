import BreakdownContent
import BreakdownOptions

/// Process exit statuses used by every subcommand.
public enum ExitStatus {
    /// Done.
    public static let success: Int32 = 0
    /// The command ran and failed (I/O, rendering, differences found…).
    public static let failure: Int32 = 1
    /// Bad command line or manifest input: unknown option, bad value, invalid configuration.
    public static let usage: Int32 = 2
    /// The breakdown is hidden (no configuration, or the consumer's language is not offered):
    /// the view draws nothing, so no image is written.
    public static let hidden: Int32 = 3
    /// A fault of the machine, not of the input (`EX_TEMPFAIL`): the disk is full, the output
    /// folder went away, finished images could not be made durable. Retrying, on another node
    /// or later, may help; retrying a run that exited 1 will not.
    public static let temporaryFailure: Int32 = 75
}

/// An error as the command line and the front ends built on it (batch, verify, the gallery, the
/// server) carry it: a typed `reason` to switch on, the one-line `message` printed on stderr, and
/// the exit status. The libraries throw their own typed errors (`BreakdownError`, `RequestError`);
/// they become this here, in one place (`init(_:)`), never in a library.
public struct CLIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The one line printed on stderr: what was wrong and what is accepted.
    public var message: String
    /// The process exit status (see `ExitStatus`).
    public var exitStatus: Int32
    /// True for a failure no later record can avoid (the disk is full): a batch stops at it.
    public var stopsBatch: Bool
    /// A fault of the machine, not of the input (a library it needs is missing): a batch then
    /// exits 75, which a scheduler may retry on another node.
    package var isMachineFault = false
    /// What went wrong, as a case a caller can switch on.
    public var reason: BreakdownError
    /// The option problem behind it, when there is one: front ends word it in their own spelling.
    public var problem: OptionProblem?

    /// An error with this message and status; its reason follows from the status (2: invalid
    /// input, 3: hidden, otherwise a failure).
    public init(_ message: String, exitStatus: Int32, stopsBatch: Bool = false) {
        self.init(message, exitStatus: exitStatus, reason: Self.reason(message, exitStatus: exitStatus), stopsBatch: stopsBatch)
    }

    /// An error with this message, status and reason.
    public init(_ message: String, exitStatus: Int32, reason: BreakdownError, stopsBatch: Bool = false) {
        self.message = message
        self.exitStatus = exitStatus
        self.reason = reason
        self.stopsBatch = stopsBatch
    }

    /// The command-line form of a library error: its description, exit 3 when hidden, 1 for a
    /// failure while running, else 2 (bad input: options, configuration, fonts, artwork, files).
    public init(_ reason: BreakdownError) {
        let status: Int32 =
            switch reason {
            case .hidden: ExitStatus.hidden
            case .failed: ExitStatus.failure
            case .invalidOption, .invalidInput, .invalidConfiguration, .file, .renderingFailed: ExitStatus.usage
            }
        self.init(reason.description, exitStatus: status, reason: reason)
    }

    /// A request that could not be made from words: its reason's status, and the option problem
    /// behind it (so each front end can word it in its own spelling).
    package init(_ error: RequestError) {
        self.init(error.reason)
        problem = error.problem
    }

    /// Reads words into a value, a failure as the command line words it.
    package static func reading<T>(_ body: () throws(RequestError) -> T) throws(CLIError) -> T {
        do throws(RequestError) {
            return try body()
        } catch {
            throw CLIError(error)
        }
    }

    /// A problem with the options (exit status 2), worded in the spelling of where it came from.
    public init(_ problem: OptionProblem) {
        self.init(problem, in: problem.source.spelling)
    }

    /// A problem with the options (exit status 2), worded in `spelling`.
    public init(_ problem: OptionProblem, in spelling: OptionSpelling) {
        self.init(problem.message(in: spelling), exitStatus: ExitStatus.usage, reason: problem.breakdownError(in: spelling))
        self.problem = problem
    }

    /// Bad input (exit status 2).
    public static func usage(_ message: String) -> CLIError { CLIError(message, exitStatus: ExitStatus.usage) }

    /// A failure while running (exit status 1).
    public static func failure(_ message: String) -> CLIError { CLIError(message, exitStatus: ExitStatus.failure) }

    /// An option that is unknown, repeated or has a value it does not accept (exit status 2);
    /// `name` is the option's name without dashes.
    public static func option(_ name: String, _ message: String) -> CLIError {
        CLIError(message, exitStatus: ExitStatus.usage, reason: .invalidOption(option: name, message: message))
    }

    /// The same error with `text` put before its message (and its reason's), e.g. where it happened.
    public func prefixed(_ text: String) -> CLIError {
        var error = CLIError(text + message, exitStatus: exitStatus, reason: Self.prefix(reason, text))
        error.problem = problem
        return error
    }

    /// The one-line message.
    public var description: String { message }

    private static func reason(_ message: String, exitStatus: Int32) -> BreakdownError {
        switch exitStatus {
        case ExitStatus.usage: .invalidInput(message)
        case ExitStatus.hidden: .hidden(reason: message)
        default: .failed(message)
        }
    }

    private static func prefix(_ reason: BreakdownError, _ text: String) -> BreakdownError {
        switch reason {
        case .invalidOption(let option, let message): .invalidOption(option: option, message: text + message)
        case .invalidInput(let message): .invalidInput(text + message)
        case .invalidConfiguration(let error, let message): .invalidConfiguration(error, message: text + message)
        case .hidden(let why): .hidden(reason: why)
        case .file(let path, let message): .file(path: path, message: text + message)
        case .renderingFailed(let message): .renderingFailed(text + message)
        case .failed(let message): .failed(text + message)
        }
    }
}
