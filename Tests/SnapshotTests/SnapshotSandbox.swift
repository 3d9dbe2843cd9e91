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

    func verify(
        _ arguments: [String], named name: String, comparison: ImageComparison = .exact, record: RecordMode? = nil,
        environment: [String: String]? = nil
    ) -> String? {
        verifyBreakdownSnapshot(
            of: arguments, named: name, comparison: comparison, record: record,
            environment: environment ?? self.environment, filePath: filePath, testName: "sandbox")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
