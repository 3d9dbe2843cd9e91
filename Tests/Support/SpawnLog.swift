import Foundation
import Testing

/// Counts the tests that start a process: every place a test starts one calls `note()` just
/// before, and when `BREAKDOWN_TEST_SPAWN_LOG` names a file (Tools/run-tests.py sets it), the
/// running test's ID (`Module.Suite/test()`, or `?` outside a test's task) is appended to it,
/// one line a process. Tools/run-tests.py reads the file back for its summary: how many tests
/// start a process and how many processes they start.
public enum SpawnLog {
    private static let path = ProcessInfo.processInfo.environment["BREAKDOWN_TEST_SPAWN_LOG"]

    /// Records that the current test is about to start a process.
    public static func note() {
        guard let path, !path.isEmpty else { return }
        let line = "\(Test.current.map { "\($0.id)" } ?? "?")\n"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        // One write of one short line on an O_APPEND file: lines from parallel suites never interleave.
        _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }
}
