import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// `--report PATH`: one JSON object with an entry per record, in manifest order, then the
/// counts. Written as the batch goes (to a temporary file, renamed at the end), so its size
/// does not hold memory. A report left by an earlier run is removed when this one starts, so the
/// path never shows an old run as if it were this one (SIGINT and SIGTERM still get a report).
final class BatchReportWriter {
    private let path: String
    private let temporary: String
    private let descriptor: Int32
    private var entries = 0
    private var buffer = Data()
    /// The first failed write (e.g. the disk is full): the report is then not put in place.
    private var failure: String?

    /// Why `--report` cannot be `report` for a batch into `output`, or nil: a path inside the
    /// batch's own folder (its journal and reports), or directly in the output folder under a
    /// name that ends as a record's files do (an image, its metadata, a snippet), which a record
    /// of that name would overwrite, or the report would.
    static func clash(_ report: String, output: String) -> String? {
        let folder = OutputPath.resolved(output), path = OutputPath.resolved(report)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let inside = String(path.dropFirst(prefix.count))
        let own = BatchFolder.ownFolderName
        if inside == own || inside.hasPrefix(own + "/") {
            return "is inside the batch's own folder \(output)/\(own) (its journal and reports): give a path outside it, such as \(output)/report.json"
        }
        guard !inside.contains("/") else { return nil }
        let name = inside.lowercased()
        let endings = OutputFormat.allCases.flatMap { [".\($0.rawValue)", ".\($0.rawValue).json"] } + [".html"]
        guard endings.contains(where: { name.hasSuffix($0) }) else { return nil }
        return "is a name in the output folder \(output) that a record's files take (images, their metadata and snippets end in "
            + endings.joined(separator: ", ") + "): the report and that file would overwrite each other; give a path outside the folder, or a name such as \(output)/report.json"
    }

    /// - Parameter temporaryName: the temporary file's name in the report's folder (the folder
    /// report uses the batch's own temporary names, so a killed run's is removed by the next).
    init(path: String, settings: BatchSettings, temporaryName: String? = nil) throws(CLIError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        try OutputPath.checkReplaceable(path, what: "the report")
        temporary = url.deletingLastPathComponent().path + "/" + (temporaryName ?? "." + url.lastPathComponent + ".\(getpid()).tmp")
        // Never through a link, never blocking on something planted under the temporary name.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .usage("cannot write the report \(path): \(OutputPath.folderProblem(errno, folder: url.deletingLastPathComponent().path))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            unlink(temporary)
            throw .usage("cannot write the report \(path): its temporary file \(temporary) is not a regular file")
        }
        self.descriptor = descriptor
        // A previous report is not left beside this batch's outcomes (checked above: it is replaceable).
        unlink(path)
        let header: [(key: String, value: JSONValue)] = [
            ("manifest", .string(settings.manifestLabel)), ("manifestDigest", settings.manifestDigest.map { .string($0) } ?? .null),
            ("output", .string(settings.outputDirectory)),
            ("shard", .string(settings.shard.description)),
            ("options", .object(BatchShardReports.givenOptions(settings).map { ($0.key, .string($0.value)) })),
        ]
        write("{\n" + header.map { "  " + JSONValue.quoted($0.key) + ": " + $0.value.compact + ",\n" }.joined() + "  \"records\": [")
    }

    /// One record's entry: a compact JSON object (`JSONValue.compact`'s text), its members
    /// written straight into the line (no `JSONValue` tree a record).
    func add(_ outcome: BatchOutcome) {
        var line = entries == 0 ? "\n    {" : ",\n    {"
        var first = true
        func member(_ key: String, _ text: String) {
            line += first ? "\"" : ", \""
            line += key
            line += "\": "
            line += text
            first = false
        }
        func list(_ items: [String]) -> String {
            "[" + items.map(JSONValue.quoted).joined(separator: ", ") + "]"
        }
        member("record", JSONValue.number(Double(outcome.record)))
        member("index", JSONValue.number(Double(outcome.index)))
        member("line", JSONValue.number(Double(outcome.line)))
        member("status", JSONValue.quoted(outcome.status.rawValue))
        if let name = outcome.name { member("name", JSONValue.quoted(name)) }
        if let earlier = outcome.earlier { member("earlier", JSONValue.quoted(earlier)) }
        if outcome.replacedChanged { member("replacedChanged", "true") }
        if let options = outcome.earlierOptions {
            member("drawnWith", JSONValue.object(options.keys.sorted().map { ($0, .string(options[$0]!)) }).compact)
        }
        if !outcome.files.isEmpty { member("files", list(outcome.files)) }
        if outcome.status == .failed {
            member("field", JSONValue.string(outcome.field).compact)
            member("cause", JSONValue.quoted((outcome.cause ?? .of(field: outcome.field)).key))
        }
        if !outcome.removedFiles.isEmpty { member("removed", list(outcome.removedFiles)) }
        if !outcome.removedLeftovers.isEmpty { member("removedLeftovers", list(outcome.removedLeftovers)) }
        if !outcome.keptFiles.isEmpty { member("keptStale", list(outcome.keptFiles)) }
        if !outcome.foreignFiles.isEmpty { member("leftUnknown", list(outcome.foreignFiles)) }
        if !outcome.replacedUnknown.isEmpty { member("replacedUnknown", list(outcome.replacedUnknown)) }
        if let message = outcome.message {
            member(outcome.status == .failed ? "error" : "reason", JSONValue.quoted(message))
        }
        line += "}"
        write(line)
        entries += 1
    }

    /// Writes the counts and puts the report in place.
    func finish(_ summary: BatchSummary) throws(CLIError) {
        let counts: JSONValue = .object([
            ("records", .number(Double(summary.records))), ("rendered", .number(Double(summary.counts.rendered))),
            ("outsideLimits", .number(Double(summary.counts.outsideLimits))),
            ("skipped", .number(Double(summary.counts.skipped))), ("hidden", .number(Double(summary.counts.hidden))),
            ("failed", .number(Double(summary.counts.failed))), ("duplicates", .number(Double(summary.counts.duplicates))),
            ("notRun", .number(Double(summary.counts.notRun))), ("warnings", .number(Double(summary.counts.warnings))),
            ("replacedChanged", .number(Double(summary.counts.replacedChanged))), ("kept", .number(Double(summary.counts.kept))),
            ("noPrice", .number(Double(summary.counts.noPrice))), ("removedFiles", .number(Double(summary.counts.removedFiles))),
            ("keptStaleFiles", .number(Double(summary.counts.keptFiles))), ("leftUnknownFiles", .number(Double(summary.counts.foreignFiles))),
            ("replacedUnknownFiles", .number(Double(summary.counts.replacedUnknown))),
            ("removedLeftoverFiles", .number(Double(summary.counts.removedLeftovers))),
        ])
        let causes: JSONValue = .object(summary.counts.causes.keys.sorted().map { ($0, .number(Double(summary.counts.causes[$0]!))) })
        let interrupted: JSONValue = summary.interruptedBy.map { .string(BatchInterrupt.name($0)) } ?? .null
        let limits: JSONValue = summary.limitsNote.map { .string($0) } ?? .null
        let salesAsOf: JSONValue = summary.salesAsOf.map { .string($0) } ?? .null
        // What stopped the run before the manifest's end, if anything: a signal, a write no later
        // record could escape (the disk full, the output folder gone), or --fail-fast.
        let stopped: JSONValue =
            summary.interruptedBy != nil ? .string("signal") : summary.stoppedUnwritable ? .string("unwritable")
            : summary.stoppedEarly ? .string("fail-fast") : .null
        write(
            (entries == 0 ? "" : "\n  ") + "],\n  \"counts\": " + counts.compact + ",\n  \"failures\": " + causes.compact + ",\n  \"gone\": " + summary.gone.json.compact + ",\n  \"stoppedEarly\": \(summary.stoppedEarly),\n"
                + "  \"stopped\": " + stopped.compact + ",\n  \"interrupted\": " + interrupted.compact + ",\n  \"limits\": " + limits.compact + ",\n  \"salesAsOf\": " + salesAsOf.compact + "\n}\n")
        flush()
        if failure == nil, fsync(descriptor) != 0 { failure = OutputPath.writeProblem(errno) }
        if close(descriptor) != 0, failure == nil { failure = OutputPath.writeProblem(errno) }
        if let failure {
            unlink(temporary)
            // A full disk is the machine's fault (75: retrying elsewhere may help), not the input's.
            let full = failure == OutputPath.writeProblem(ENOSPC) || failure == OutputPath.writeProblem(EDQUOT)
            throw CLIError(
                "cannot write the report \(path): \(failure)", exitStatus: full ? ExitStatus.temporaryFailure : ExitStatus.failure)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .failure("cannot write the report \(path): \(reason)")
        }
    }

    /// Removes the unfinished report (the batch could not run).
    func discard() {
        close(descriptor)
        unlink(temporary)
    }

    /// Buffered: one write a 64 KiB, not one a record.
    private func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 64 * 1024 { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty, failure == nil else { return }
        if let problem = OutputPath.write(buffer, to: descriptor) { failure = problem }
        buffer.removeAll(keepingCapacity: true)
    }
}
