import BreakdownPipeline
import BreakdownOptions
/// A problem that stops a snapshot from being checked at all (bad arguments, a bad environment
/// value, a render failure). Its message is one line saying what was wrong and what is accepted.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The one-line message.
    public var message: String

    /// An error with a one-line message.
    public init(_ message: String) {
        self.message = message
    }

    /// The one-line message.
    public var description: String { message }
}
