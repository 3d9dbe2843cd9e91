import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownSnapshotTesting
import Foundation

/// A throwaway folder standing in for a test file's folder, with its own artifacts folder, so the
/// machinery tests never touch the committed references nor the process environment.
struct SnapshotSandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// The pretend test file: references go to `<root>/__Snapshots__/FakeTests/`.
    var filePath: String { root.appendingPathComponent("FakeTests.swift").path }
    var artifacts: String { root.appendingPathComponent("artifacts").path }
    /// A developer's machine: no CI, artifacts in the sandbox.
    var environment: [String: String] { [SnapshotPaths.artifactsEnvironmentKey: artifacts] }

    func paths(_ name: String) throws -> SnapshotPaths {
        try SnapshotPaths(name: name, filePath: filePath, environment: environment)
    }

    /// Checks as one call site (line 1 of the pretend file) unless `line` says otherwise, so a
    /// test may record, change and compare the same reference.
    func verify(
        _ arguments: [String], named name: String?, comparison: ImageComparison = .exact, record: RecordMode? = nil,
        environment: [String: String]? = nil, testName: String = "sandbox", line: UInt = 1
    ) -> String? {
        verifyBreakdownSnapshot(
            of: arguments, as: SnapshotStrategy(comparison: comparison), named: name, record: record,
            environment: environment ?? self.environment, filePath: filePath, testName: testName, line: line, column: 1)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
