import BreakdownLocking
import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command writes: standard output and standard error, or a capture in tests.
///
/// Writing never crashes: a failed write (a full disk, a closed descriptor, a reader that went
/// away) is remembered, later output is dropped, and the tool exits 1 (`outputFailure`).
public struct Console: Sendable {
    /// Writes text to standard output (or where the caller wants it).
    public var writeOutput: @Sendable (String) -> Void
    /// Writes text to standard error (or where the caller wants it).
    public var writeError: @Sendable (String) -> Void
    /// Bytes to standard output as they are (an image for `-o -`).
    public var writeOutputBytes: @Sendable (Data) -> Void
    /// Why writing to standard output failed, if it did.
    public var outputFailure: @Sendable () -> String?
    /// True when standard error is a terminal: progress is then one live line, redrawn.
    public var errorIsTerminal: Bool

    /// A console from its writers; `writeOutputBytes` defaults to `writeOutput` of the bytes as
    /// UTF-8, `outputFailure` to never failing (captures in tests), `errorIsTerminal` to false.
    public init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        writeOutputBytes: (@Sendable (Data) -> Void)? = nil, outputFailure: @escaping @Sendable () -> String? = { nil },
        errorIsTerminal: Bool = false
    ) {
        self.errorIsTerminal = errorIsTerminal
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.writeOutputBytes = writeOutputBytes ?? { writeOutput(String(decoding: $0, as: UTF8.self)) }
        self.outputFailure = outputFailure
    }

    /// The process's stdout and stderr, written with `write(2)`.
    public static let standard = Console(
        writeOutput: { StandardStream.output.write(Data($0.utf8)) },
        writeError: { StandardStream.error.write(Data($0.utf8)) },
        writeOutputBytes: { StandardStream.output.write($0) },
        outputFailure: { StandardStream.output.failure },
        errorIsTerminal: isatty(STDERR_FILENO) == 1)

    /// Writes `text` and a newline to stdout; control characters other than newline and tab are
    /// shown escaped (`\x1B`), so text from arguments and manifests cannot drive the terminal.
    public func print(_ text: String) { writeOutput(Self.escaped(text, keepingLines: true) + "\n") }

    /// Writes `warning: <message>` as one line to stderr: the command goes on.
    public func printWarning(_ message: String) {
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        writeError("warning: \(Self.escaped(oneLine, keepingLines: false, bidiControls: true))\n")
    }

    /// Writes `error: <message>` as one line to stderr (newlines in the message become spaces,
    /// other control characters are escaped).
    public func printError(_ message: String) {
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        writeError("error: \(Self.escaped(oneLine, keepingLines: false, bidiControls: true))\n")
    }

    /// `text` with C0 and C1 control characters and DEL written as `\xHH` (tab, and newline
    /// when `keepingLines`, stay), and with `bidiControls` the bidirectional controls (U+061C,
    /// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as `\u{202E}`: a name from a manifest
    /// cannot reverse the error line it is printed in. (Standard output keeps them: an Arabic
    /// locale's price carries its marks, in `describe`'s JSON too.)
    public static func escaped(_ text: String, keepingLines: Bool, bidiControls: Bool = false) -> String {
        func isBidiControl(_ value: UInt32) -> Bool {
            value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (bidiControls && isBidiControl(scalar.value))
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(scalar == "\t" || (keepingLines && scalar == "\n")) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let written = scalar.value > 0xFF ? "\\u{\(hex)}" : "\\x\(hex.count < 2 ? "0" + hex : hex)"
                result.append(contentsOf: written.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

/// Standard output or standard error, written with `write(2)` (retrying short writes and
/// interruptions). The first failure is kept and later writes are dropped.
final class StandardStream: Sendable {
    static let output = StandardStream(descriptor: STDOUT_FILENO)
    static let error = StandardStream(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    /// The first failure; the lock is held for each whole write, so lines never interleave.
    private let failed = Locked<String?>(nil)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    var failure: String? { failed.withLock { $0 } }

    func write(_ data: Data) {
        failed.withLock { failed in
            guard failed == nil else { return }
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failed = errno == ENOSPC ? "no space left on the device" : String(cString: strerror(errno))
                        return
                    }
                    offset += written
                }
            }
        }
    }
}
