import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Where one snapshot's files go.
///
/// The reference is `__Snapshots__/<TestFileName>/<name>.png` beside the test file. When a check
/// fails, the actual image and the difference image go to
/// `<artifacts>/<TestFileName>/<name>.actual.png` and `.diff.png`, where `<artifacts>` is
/// `BREAKDOWN_ARTIFACTS` if set, else `breakdown-snapshots` in the system temporary folder.
public struct SnapshotPaths: Sendable, Equatable {
    /// The environment variable naming the artifacts folder.
    public static let artifactsEnvironmentKey = "BREAKDOWN_ARTIFACTS"

    /// The reference PNG beside the test file.
    public let reference: String
    /// Where the actual image is written when the check fails.
    public let actualArtifact: String
    /// Where the difference image is written when the check fails.
    public let diffArtifact: String

    /// - Parameters:
    ///   - name: the snapshot's name: letters, digits, `.`, `_` and `-`, not starting with `.`.
    ///   - filePath: the test file's path (`#filePath`).
    public init(name: String, filePath: String, environment: [String: String]) throws(SnapshotError) {
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard !name.isEmpty, allowed, !name.hasPrefix(".") else {
            throw SnapshotError(
                "snapshot name '\(name)' is not accepted; use letters, digits, '.', '_' and '-' (not starting with '.')")
        }
        let testFile = URL(fileURLWithPath: filePath)
        let testFileName = testFile.deletingPathExtension().lastPathComponent
        reference = testFile.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__").appendingPathComponent(testFileName)
            .appendingPathComponent(name + ".png").path
        let artifacts: URL
        if let folder = environment[Self.artifactsEnvironmentKey], !folder.isEmpty {
            artifacts = URL(fileURLWithPath: folder, isDirectory: true)
        } else {
            artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-snapshots", isDirectory: true)
        }
        let folder = artifacts.appendingPathComponent(testFileName, isDirectory: true)
        actualArtifact = folder.appendingPathComponent(name + ".actual.png").path
        diffArtifact = folder.appendingPathComponent(name + ".diff.png").path
    }
}
