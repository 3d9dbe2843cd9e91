import BreakdownPipeline
import BreakdownOptions
import BreakdownDiff
import BreakdownEncode
import BreakdownPaint
import Foundation

/// One snapshot check: name it, render, find the reference, record or compare, write or clear
/// artifacts, and say what went wrong (nil when nothing did). Every public entry point comes here.
struct SnapshotCheck {
    /// The name given, or nil for the default: the test function's name and a counter.
    var name: String?
    var comparison: ImageComparison
    var record: RecordMode?
    var environment: [String: String]
    var filePath: String
    var testName: String
    var line: UInt
    var column: UInt

    /// `checkout()` → `checkout`; `testCheckout()` → `testCheckout`; other characters → `-`.
    static func defaultName(testName: String, index: Int) -> String {
        let base = testName.prefix { $0 != "(" }
        var clean = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) ? $0 : "-" })
        while clean.hasPrefix("-") { clean.removeFirst() }
        return (clean.isEmpty ? "snapshot" : clean) + ".\(index)"
    }

    /// How a snapshot user records a reference's words, for the note of a reference without them.
    static let howToRecord = "run with \(RecordMode.environmentKey)=all (or record: .all) and commit the NAME.words.json it writes"

    func run(_ makeRequest: () throws(SnapshotError) -> RenderRequest) -> String? { check(makeRequest).failure }

    func check(_ makeRequest: () throws(SnapshotError) -> RenderRequest) -> SnapshotVerdict {
        let name =
            self.name ?? Self.defaultName(
                testName: testName, index: SnapshotRegistry.shared.nextIndex(filePath: filePath, testName: testName))
        let label = "Snapshot \"\(name)\" (\(testName))"
        do throws(SnapshotError) {
            let mode = try RecordMode.resolve(record, environment: environment)
            let paths = try SnapshotPaths(name: name, filePath: filePath, environment: environment)
            let site = SnapshotRegistry.CallSite(filePath: filePath, line: line, column: column, testName: testName)
            if let other = SnapshotRegistry.shared.claim(paths.reference, by: site) {
                return SnapshotVerdict(failure: "\(label): the reference \(paths.reference) is also used by the assertion at \(other);"
                    + " this one at \(site) would overwrite or compare against its image. Give each assertion its own name.")
            }
            let request = try makeRequest()
            let png = try render(request)
            let words = ReferenceWords(view: request.view)
            if mode == .all {
                try record(png, words, paths)
                return SnapshotVerdict(failure: "\(label): recorded \(paths.reference) because the record mode is all"
                    + " (\(RecordMode.environmentKey)=all or record: .all); run again in mode missing or never to compare.")
            }
            // The one comparison verify makes too: the words exactly, then the pixels.
            let result = ReferenceCheck.compare(actualPNG: png, words: words, referencePath: paths.reference, comparison: comparison)
            let summary = result.summary(howToRecord: Self.howToRecord).joined(separator: "\n")
            let mismatch = "\(label) does not match its reference \(paths.reference)\n\(summary)"
            let intended = "\nIf the change is intended, run with \(RecordMode.environmentKey)=all to replace the reference, and commit it."
            switch result.pixels {
            case .matched where result.passed:
                removeStaleArtifacts(paths)
                if case .notRecorded = result.words {
                    return SnapshotVerdict(note: "\(label): " + result.words.lines(howToRecord: Self.howToRecord).joined(separator: "\n"))
                }
                return SnapshotVerdict()
            case .matched:
                // The words changed under a tolerance that passes the pixels.
                return SnapshotVerdict(failure: mismatch + artifactLines(artifacts(png, paths)) + intended)
            case .missing where mode == .never:
                return SnapshotVerdict(failure: "\(label): no reference at \(paths.reference), and nothing was recorded because the record mode is never"
                    + " (\(neverReason)). Record it locally (run the test without CI set), look at it and commit it."
                    + artifactLines([(png, paths.actualArtifact, "actual")]))
            case .missing:
                try record(png, words, paths)
                return SnapshotVerdict(failure: "\(label): no reference yet, so recorded \(paths.reference). Look at it, commit it, and run the test again.")
            case .unreadable(let why):
                let words = result.words.failed ? summary + "\n" : ""
                return SnapshotVerdict(failure: "\(label): \(words)\(why). Delete the reference to record it again, or run with \(RecordMode.environmentKey)=all."
                    + artifactLines([(png, paths.actualArtifact, "actual")]))
            case .differentSize:
                // Found from the headers; the diff image still shows both sizes (decoding is capped).
                return SnapshotVerdict(failure: mismatch + artifactLines(artifacts(png, paths)) + intended)
            case .different:
                return SnapshotVerdict(failure: mismatch + artifactLines(artifacts(png, paths))
                    + "\n" + Self.versionLines(sidecar: paths.versions) + intended)
            }
        } catch {
            return SnapshotVerdict(failure: "\(label): \(error.message)")
        }
    }

    /// The actual image and, when both decode, the difference image, for a failure.
    private func artifacts(_ png: [UInt8], _ paths: SnapshotPaths) -> [(bytes: [UInt8], path: String, label: String)] {
        var files = [(png, paths.actualArtifact, "actual")]
        guard let reference = try? PNGDecoder.decode(fileAtPath: paths.reference), let actual = try? PNGDecoder.decode(png) else {
            return files
        }
        do {
            files.append((try ReferenceCheck.differencePNG(reference: reference, actual: actual, comparison: comparison), paths.diffArtifact, "diff"))
        } catch {
            files.append(([], paths.diffArtifact, "diff (cannot encode: \(error))"))
        }
        return files
    }

    /// Writes the reference, its words and its sidecar of library versions.
    private func record(_ png: [UInt8], _ words: ReferenceWords, _ paths: SnapshotPaths) throws(SnapshotError) {
        try SnapshotFiles.write(png, to: paths.reference)
        try SnapshotFiles.write([UInt8](words.json()), to: paths.words)
        try SnapshotFiles.write(Array(LibraryVersions.text.utf8), to: paths.versions)
        removeStaleArtifacts(paths)
    }

    /// The versions the reference was recorded with and this machine's, naming those that differ.
    static func versionLines(sidecar: String) -> String {
        LibraryVersions.report(sidecar: sidecar).joined(separator: "\n")
            .replacingOccurrences(
                of: "consider a perceptual comparison", with: "consider as: .perceptual(deltaE:allowedDifferingFraction:)")
    }

    /// After a pass, the actual and difference images of an earlier failure are stale.
    private func removeStaleArtifacts(_ paths: SnapshotPaths) {
        for path in [paths.actualArtifact, paths.diffArtifact] { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Why the mode is never, for the message.
    private var neverReason: String {
        if record == .never { return "record: .never" }
        if environment[RecordMode.environmentKey] != nil { return "\(RecordMode.environmentKey)=never" }
        return "CI is set"
    }

    private func render(_ request: RenderRequest) throws(SnapshotError) -> [UInt8] {
        do {
            let image = try RendererPool.shared.withCache { cache throws(BreakdownError) in try cache.render(request, format: .png) }
            return [UInt8](image.bytes)
        } catch let error as BreakdownError {
            throw SnapshotError("cannot render: \(error.description)")
        } catch {
            throw SnapshotError("cannot render: \(error)")
        }
    }

    /// Writes each artifact and returns lines naming them (or why one could not be written).
    private func artifactLines(_ files: [(bytes: [UInt8], path: String, label: String)]) -> String {
        var lines = ""
        for file in files {
            guard !file.bytes.isEmpty else {
                lines += "\n\(file.label)"
                continue
            }
            do throws(SnapshotError) {
                try SnapshotFiles.write(file.bytes, to: file.path)
                lines += "\n\(file.label): \(file.path)"
            } catch {
                lines += "\n\(file.label): not written: \(error.message)"
            }
        }
        return lines
    }
}
