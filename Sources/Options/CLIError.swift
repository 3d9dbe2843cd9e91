import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
/// Process exit statuses used by every subcommand.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The command ran and failed (I/O, rendering, differences found…).
    public static let failure: Int32 = 1
    /// Bad command line or manifest input: unknown option, bad value, invalid configuration.
    public static let usage: Int32 = 2
    /// The breakdown is hidden (no configuration, or the consumer's language is not offered):
    /// the view draws nothing, so no image is written.
    public static let hidden: Int32 = 3
}

/// An error a command reports as one line on stderr (`error: <message>`), then exits with `exitStatus`.
public struct CLIError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var exitStatus: Int32
    /// True for a failure no later record can avoid (the disk is full): a batch stops at it.
    public var stopsBatch: Bool

    public init(_ message: String, exitStatus: Int32, stopsBatch: Bool = false) {
        self.message = message
        self.exitStatus = exitStatus
        self.stopsBatch = stopsBatch
    }

    /// Bad input (exit status 2).
    public static func usage(_ message: String) -> CLIError { CLIError(message, exitStatus: ExitStatus.usage) }

    /// A failure while running (exit status 1).
    public static func failure(_ message: String) -> CLIError { CLIError(message, exitStatus: ExitStatus.failure) }

    public var description: String { message }
}
