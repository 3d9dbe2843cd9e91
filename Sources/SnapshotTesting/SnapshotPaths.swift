import BreakdownPipeline
import BreakdownOptions
import BreakdownDiff
import BreakdownIO
import Foundation

/// Where one snapshot's files go.
///
/// The reference is `__Snapshots__/<TestFileName>/<name>.png` beside the test file, with a small
/// sidecar `<name>.versions.txt` naming the library versions it was recorded with. When a check
/// fails, the actual image and the difference image go to
/// `<artifacts>/<package>/<test file path in the package>/<name>.actual.png` and `.diff.png`,
/// where `<artifacts>` is `BREAKDOWN_ARTIFACTS` if set, else `breakdown-snapshots` in the system
/// temporary folder, and `<package>` is the package folder's name and a hash of its path (so two
/// checkouts, or two test files of the same name, never share artifacts).
package struct SnapshotPaths: Sendable, Equatable {
    /// The environment variable naming the artifacts folder.
    package static let artifactsEnvironmentKey = "BREAKDOWN_ARTIFACTS"

    /// The reference PNG beside the test file.
    package let reference: String
    /// The sidecar beside the reference: the library versions it was recorded with.
    package let versions: String
    /// What the reference says (`<name>.words.json`), compared exactly before the pixels.
    package let words: String
    /// Where the actual image is written when the check fails.
    package let actualArtifact: String
    /// Where the difference image is written when the check fails.
    package let diffArtifact: String

    /// - Parameters:
    ///   - name: the snapshot's name: letters, digits, `.`, `_` and `-`, not starting with `.`.
    ///   - filePath: the test file's path (`#filePath`).
    package init(name: String, filePath: String, environment: [String: String]) throws(SnapshotError) {
        try Self.checkName(name)
        let testFile = URL(fileURLWithPath: filePath).standardizedFileURL
        let testFileName = testFile.deletingPathExtension().lastPathComponent
        let folder = testFile.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__").appendingPathComponent(testFileName)
        reference = folder.appendingPathComponent(name + ".png").path
        versions = folder.appendingPathComponent(name + ".versions.txt").path
        words = ReferenceWords.sidecarPath(forReference: reference)
        let artifacts: URL
        if let folder = environment[Self.artifactsEnvironmentKey], !folder.isEmpty {
            artifacts = URL(fileURLWithPath: folder, isDirectory: true)
        } else {
            artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-snapshots", isDirectory: true)
        }
        let package = Self.packageRoot(of: testFile)
        let inPackage = testFile.deletingPathExtension().path.dropFirst(package.path.count).drop { $0 == "/" }
        let artifactFolder = artifacts.appendingPathComponent(Self.packageKey(package), isDirectory: true)
            .appendingPathComponent(String(inPackage), isDirectory: true)
        actualArtifact = artifactFolder.appendingPathComponent(name + ".actual.png").path
        diffArtifact = artifactFolder.appendingPathComponent(name + ".diff.png").path
    }

    /// The rule `breakdown verify` and `batch` apply to the names they are given (letters,
    /// digits, '.', '_' and '-'; nothing a shell, Windows or a reader of extensions would
    /// misread: `OutputName`), and a length whose files all fit in a file name.
    static func checkName(_ name: String) throws(SnapshotError) {
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard !name.isEmpty, allowed, !name.hasPrefix(".") else {
            throw SnapshotError(
                "snapshot name '\(name)' is not accepted; use letters, digits, '.', '_' and '-' (not starting with '.')")
        }
        if let misread = OutputName.misreadProblem(name) {
            throw SnapshotError("snapshot name '\(name)' is not accepted: it \(misread)")
        }
        guard name.utf8.count <= SnapshotCheck.longestName else {
            throw SnapshotError(
                "snapshot name '\(name.prefix(40))…' is \(name.utf8.count) characters; at most \(SnapshotCheck.longestName) are accepted"
                    + " (its files add up to 37 characters to it, and a file name is at most 255 bytes): give a shorter name")
        }
    }

    /// The nearest folder above the test file holding a `Package.swift`; else the test file's folder.
    static func packageRoot(of testFile: URL) -> URL {
        var folder = testFile.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return testFile.deletingLastPathComponent()
    }

    /// `breakdown-3f9c2a71`: the package folder's name and 8 hex digits of its path (FNV-1a).
    static func packageKey(_ package: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in package.path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let name = package.lastPathComponent.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        let padded = String(repeating: "0", count: 16 - hex.count) + hex
        return (name.isEmpty ? "package" : name) + "-" + padded.prefix(8)
    }
}
