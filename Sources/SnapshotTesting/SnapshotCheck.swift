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

    /// `checkout()` → `checkout`; `testCheckout()` → `testCheckout`; other characters → `-`;
    /// with the suite types that are not the test file's own before it (`prefix`, see
    /// `SnapshotTestIdentity.namePrefix`): `OtherTests.checkout.1`.
    static func defaultName(testName: String, index: Int, prefix: String? = nil) -> String {
        func clean(_ text: Substring) -> String {
            var clean = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) ? $0 : "-" })
            while clean.hasPrefix("-") { clean.removeFirst() }
            return clean
        }
        let base = clean(testName.prefix { $0 != "(" })
        let types = prefix.map { $0.split(separator: ".").map(clean).filter { !$0.isEmpty } } ?? []
        return (types + [base.isEmpty ? "snapshot" : base]).joined(separator: ".") + ".\(index)"
    }

    /// The longest name accepted: its longest file (`<name>.versions.txt`) and that file's
    /// temporary twin while it is written (`.<name>.versions.txt.<pid>.<random>.tmp`: 24 more
    /// bytes at most) must fit in a file name, 255 bytes (NAME_MAX) on Linux and macOS.
    static let longestName = 255 - ".versions.txt".utf8.count - 24

    /// Where a message says the check ran: `checkout()` (a free function, or no test known),
    /// `SuiteB/checkout()` (in a suite), `helper() of test SuiteB/checkout()` (a function the
    /// test called), so a failure names the suite of two same-named tests.
    static func `where`(_ testName: String, _ test: SnapshotTestIdentity?) -> String {
        guard let test else { return testName }
        if test.function.prefix(while: { $0 != "(" }) == testName.prefix(while: { $0 != "(" }) {
            return (test.suite + [testName]).joined(separator: "/")
        }
        return "\(testName) of test \(test)"
    }

    /// How a snapshot user records a reference's words, for the note of a reference without them.
    static let howToRecord = "run with \(RecordMode.environmentKey)=all (or record: .all) and commit the NAME.words.json it writes"

    func run(_ makeRequest: () throws(SnapshotError) -> RenderRequest) -> String? { check(makeRequest).failure }

    func check(_ makeRequest: () throws(SnapshotError) -> RenderRequest) -> SnapshotVerdict {
        let test = SnapshotTestIdentity.current
        if self.name == nil, let test, test.isParameterizedCase {
            return SnapshotVerdict(failure: "Snapshot in \(Self.where(testName, test)): a case of a parameterized test needs named:;"
                + " its cases run in any order, so a count of its assertions would give each case another's reference."
                + " Name it from the case's arguments, e.g. named: \"checkout-\\(amount)\".")
        }
        let testFileName = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        let prefix = self.name == nil ? test?.namePrefix(testFileName: testFileName) : nil
        let index = self.name == nil ? SnapshotRegistry.shared.nextIndex(filePath: filePath, testName: testName, test: test) : 0
        let name = self.name ?? Self.defaultName(testName: testName, index: index, prefix: prefix)
        // Before suites were told apart the name had no suite in it: a reference of that name
        // may be this test's, committed under the name it had then.
        let earlierName = prefix == nil ? nil : Self.defaultName(testName: testName, index: index)
        let label = "Snapshot \"\(name)\" (\(Self.where(testName, test)))"
        do throws(SnapshotError) {
            let mode = try RecordMode.resolve(record, environment: environment)
            let paths = try SnapshotPaths(name: name, filePath: filePath, environment: environment)
            let site = SnapshotRegistry.CallSite(filePath: filePath, line: line, column: column, testName: testName, test: test?.description)
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
                return SnapshotVerdict(failure: mismatch + artifactLines(artifacts(png, paths, dark: request.breakdown.appearance == .dark)) + intended)
            case .missing where mode == .never:
                return SnapshotVerdict(failure: "\(label): no reference at \(paths.reference), and nothing was recorded because the record mode is never"
                    + " (\(neverReason)). Record it locally (run the test without CI set), look at it and commit it."
                    + renameHint(earlierName, name, paths) + artifactLines([(png, paths.actualArtifact, "actual")]))
            case .missing:
                try record(png, words, paths)
                return SnapshotVerdict(failure: "\(label): no reference yet, so recorded \(paths.reference). Look at it, commit it, and run the test again."
                    + renameHint(earlierName, name, paths, recorded: true))
            case .unreadable(let why):
                let words = result.words.failed ? summary + "\n" : ""
                // A Git LFS pointer is the real reference not fetched: recording would lose it.
                let advice = why.contains(PNGDecodingError.gitLFSPointerWords)
                    ? "" : " Delete the reference to record it again, or run with \(RecordMode.environmentKey)=all."
                return SnapshotVerdict(failure: "\(label): \(words)\(why).\(advice)" + artifactLines([(png, paths.actualArtifact, "actual")]))
            case .differentSize:
                // Found from the headers; the diff image still shows both sizes (decoding is capped).
                return SnapshotVerdict(failure: mismatch + artifactLines(artifacts(png, paths, dark: request.breakdown.appearance == .dark)) + intended)
            case .different:
                return SnapshotVerdict(failure: mismatch + artifactLines(artifacts(png, paths, dark: request.breakdown.appearance == .dark))
                    + "\n" + Self.versionLines(sidecar: paths.versions) + intended)
            }
        } catch {
            return SnapshotVerdict(failure: "\(label): \(error.message)")
        }
    }

    /// The actual image and, when both decode, the difference image, for a failure.
    private func artifacts(_ png: [UInt8], _ paths: SnapshotPaths, dark: Bool) -> [(bytes: [UInt8], path: String, label: String)] {
        var files = [(png, paths.actualArtifact, "actual")]
        guard let reference = try? PNGDecoder.decode(fileAtPath: paths.reference), let actual = try? PNGDecoder.decode(png) else {
            return files
        }
        do {
            files.append((try ReferenceCheck.differencePNG(reference: reference, actual: actual, comparison: comparison, dark: dark), paths.diffArtifact, "diff"))
        } catch {
            files.append(([], paths.diffArtifact, "diff (cannot encode: \(error))"))
        }
        return files
    }

    /// When a reference is missing and one exists under the name this test's assertion had before
    /// default names carried the suite (`checkout.1` for `OtherTests.checkout.1`), says so, and what
    /// to rename if it is this test's (another suite's same-named test had such names too).
    private func renameHint(_ earlierName: String?, _ name: String, _ paths: SnapshotPaths, recorded: Bool = false) -> String {
        guard let earlierName else { return "" }
        let folder = URL(fileURLWithPath: paths.reference).deletingLastPathComponent()
        let earlier = folder.appendingPathComponent(earlierName + ".png").path
        guard FileManager.default.fileExists(atPath: earlier) else { return "" }
        let rename = recorded ? "over the \(name).* just recorded (git mv -f)" : "to \(name).* (git mv)"
        return "\nA reference named as before default names carried the suite is there: \(earlier). If it is this test's"
            + " (another suite's same-named test had such names too), rename it and its .words.json and .versions.txt \(rename),"
            + " and run again."
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
