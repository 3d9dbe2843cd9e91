import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Where a command writes: standard output and standard error, or a capture in tests.
public struct Console: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void

    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void) {
        self.writeOutput = writeOutput
        self.writeError = writeError
    }

    /// The process's stdout and stderr.
    public static let standard = Console(
        writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Writes `text` and a newline to stdout.
    public func print(_ text: String) { writeOutput(text + "\n") }

    /// Writes `warning: <message>` as one line to stderr: the command goes on.
    public func printWarning(_ message: String) {
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        writeError("warning: \(oneLine)\n")
    }

    /// Writes `error: <message>` as one line to stderr (newlines in the message become spaces).
    public func printError(_ message: String) {
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        writeError("error: \(oneLine)\n")
    }
}
