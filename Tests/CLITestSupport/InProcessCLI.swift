@testable import BreakdownCLI
import BreakdownIO
import Foundation
import Testing
import BreakdownTestSupport

/// The `breakdown` command line run in the test process, with no child: `BreakdownCLI.main` with
/// a console that captures what the command writes, answered as `BinaryRunner.Result`, so a test
/// that checks what a command says, writes or draws reads the same fields either way.
///
/// Safe to call from many tests at once: the commands write only through their console; they
/// read files, options and the fonts' shared caches, and leave signal handling, the current
/// directory, the environment, the umask and standard input as they are. A batch here leaves
/// SIGINT and SIGTERM alone (only the binary asks batches to take them over). What stays with
/// `BinaryRunner` (the real binary): serve, a batch that is sent a signal, killed, run twice at
/// once on one folder or given environment variables (groups, shards), anything that reads
/// standard input, checks an exit by a signal or a crash, a closed or full descriptor, or draws
/// artwork that must first be tried in a child process (the binary turns artwork trials on; the
/// test process does not). A test keeps each batch output folder to one side: resume fingerprints
/// the running executable, so a batch here takes a folder the binary drew for another renderer's
/// (and draws everything again), and the binary takes this one's the same way.
enum InProcessCLI {
    static func run(_ arguments: String...) throws -> BinaryRunner.Result {
        try run(arguments)
    }

    static func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        let capture = ByteCapture()
        let status = BreakdownCLI.main(arguments, console: capture.console)
        let output = capture.output
        return BinaryRunner.Result(
            status: status, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: capture.error, as: UTF8.self),
            stdoutData: output)
    }
}

/// Collects a command's standard output and standard error as bytes, in the order written.
private final class ByteCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    var output: Data { lock.withLock { out } }
    var error: Data { lock.withLock { err } }

    var console: Console {
        Console(
            writeOutput: { text in self.lock.withLock { self.out.append(contentsOf: Array(text.utf8)) } },
            writeError: { text in self.lock.withLock { self.err.append(contentsOf: Array(text.utf8)) } },
            writeOutputBytes: { data in self.lock.withLock { self.out.append(data) } })
    }
}
