import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownEncode
import Foundation
import BreakdownIO

/// What `verify` needs: the manifest, the reference folder, whether to record, how to compare,
/// where to write the report, and the options every record starts from.
package struct VerifySettings: Sendable {
    /// The manifest's path (JSON array, NDJSON or CSV).
    package var manifest: String
    /// The folder of reference images, `<name>.png` for each record.
    package var referenceFolder: String
    /// Write the references instead of comparing.
    package var recording = false
    /// When two images match.
    package var comparison = ImageComparison(channelTolerance: 0, allowedDifferingFraction: 0)
    /// Where to write the HTML report, if anywhere.
    package var reportFolder: String?
    /// The command line's options, under every record; errors name options as these spell them.
    package var defaults: ParsedOptions

    package init(manifest: String, referenceFolder: String, defaults: ParsedOptions) {
        self.manifest = manifest
        self.referenceFolder = referenceFolder
        self.defaults = defaults
    }
}

/// Renders every record of a manifest and compares it with `<reference>/<name>.png` (or records
/// it), printing one line a record and a summary. Exit 0 when all match (or when recording), 1 on
/// any difference or missing reference; an unreadable manifest or a bad record throws (exit 2).
package enum VerifyRun {
    /// The options a manifest record may set: what to show and how to draw it.
    package static let recordGroups = [ContentOptions.group, RenderOptions.drawing]

    package static func run(_ settings: VerifySettings, console: Console) throws(CLIError) -> Int32 {
        let options = settings.defaults
        let referenceFolder = settings.referenceFolder
        let recording = settings.recording
        let comparison = settings.comparison
        let manifest = settings.manifest
        if let report = settings.reportFolder {
            try checkReportFolder(report, referenceFolder: referenceFolder, manifest: manifest, options: options)
        }
        // SIGINT and SIGTERM stop it between records: what was verified (or recorded) so far is
        // reported and summed up, with how far it got; the exit status is 128 + the signal.
        let restoreSignals = BatchInterrupt.install()
        defer { restoreSignals() }
        let records = try VerifyManifestReader.read(path: manifest)
        let planned = try plannedRecords(records, commandLine: options, manifest: manifest)
        try prepareReferenceFolder(referenceFolder, recording: recording, options: options)

        let cache = RenderersByResources()
        var outcomes: [VerifyOutcome] = []
        var interrupted: Int32?
        for (record, (request, recordOptions)) in zip(records, planned) {
            if let signal = BatchInterrupt.signal {
                interrupted = signal
                break
            }
            let image: RenderedImage
            do {
                image = try cache.renderForCommand(request, format: .png)
            } catch {
                // Hidden stays hidden (exit 3), bad input bad input (2): the record's own outcome, with where it is.
                throw error.prefixed("manifest \(manifest), \(record.label): ")
            }
            let path = URL(fileURLWithPath: referenceFolder).appendingPathComponent(record.name + ".png").path
            let png = [UInt8](image.bytes)
            var outcome: VerifyOutcome
            if recording {
                let metadata: Data
                do { metadata = try image.metadata.json() } catch { throw .failure("cannot encode the metadata of \(record.label): \(error)") }
                outcome = try VerifyRecorder.record(png, words: ReferenceWords(view: request.view), metadata: metadata, record: record, at: path)
            } else {
                outcome = VerifyComparer.compare(
                    png, words: ReferenceWords(view: request.view), record: record, referencePath: path, comparison: comparison,
                    dark: request.breakdown.appearance == .dark)
            }
            if outcome.status.isFailure {
                // For the report: the command that draws this record alone, on which page colour, at which scale.
                outcome.command = RenderCommandLine.command(recordOptions, groups: recordGroups, output: record.name + ".png")
                outcome.isDark = recordOptions[ContentOptions.appearance] == .dark
                outcome.scale = image.metadata.scale
            }
            console.print(line(for: outcome))
            outcomes.append(outcome)
        }

        let failures = outcomes.filter { $0.status.isFailure }.count
        if let folder = settings.reportFolder {
            let report = VerifyReport(manifest: manifest, referenceFolder: referenceFolder, comparison: comparison, outcomes: outcomes)
            console.print("report: \(try report.write(to: folder))")
        }
        var line = summary(outcomes, recording: recording, referenceFolder: referenceFolder)
        if let interrupted {
            line += "; stopped by \(BatchInterrupt.name(interrupted)) after \(outcomes.count) of \(records.count) records (run it again for the rest)"
            console.print(line)
            return 128 + interrupted
        }
        console.print(line)
        return failures == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// Every record's render request, checked before anything is rendered or written: options on
    /// the command line first, the record's own on top.
    package static func plan(_ records: [VerifyRecord], commandLine: ParsedOptions, manifest: String) throws(CLIError) -> [RenderRequest] {
        try plannedRecords(records, commandLine: commandLine, manifest: manifest).map(\.request)
    }

    /// Each record's request with the options it was made from (the command line's, the record's on top).
    static func plannedRecords(_ records: [VerifyRecord], commandLine: ParsedOptions, manifest: String) throws(CLIError)
        -> [(request: RenderRequest, options: ParsedOptions)]
    {
        var planned: [(request: RenderRequest, options: ParsedOptions)] = []
        for record in records {
            do throws(RequestError) {
                let own = try ParsedOptions(record: record.options, groups: recordGroups)
                let options = commandLine.overlaid(by: own)
                planned.append((try RenderRequest(options), options))
            } catch {
                throw CLIError(error).prefixed("manifest \(manifest), \(record.label): ")
            }
        }
        return planned
    }

    private static func prepareReferenceFolder(_ folder: String, recording: Bool, options: ParsedOptions) throws(CLIError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .usage("\(options.name(of: VerifyOptions.reference)) \(folder) is a file, not a folder") }
            return
        }
        guard recording else {
            throw .usage(
                "\(options.name(of: VerifyOptions.reference)) folder \(folder) does not exist; give the folder of reference images, or add \(options.name(of: VerifyOptions.record)) to create it")
        }
        try OutputPath.createFolder(folder, what: "the reference folder")
    }

    /// The report must not land in the reference folder (its images would be taken for
    /// references) nor be the manifest: exit 2 before anything is rendered.
    private static func checkReportFolder(_ report: String, referenceFolder: String, manifest: String, options: ParsedOptions) throws(CLIError) {
        let reportPath = OutputPath.resolved(report), referencePath = OutputPath.resolved(referenceFolder)
        if reportPath == referencePath || reportPath.hasPrefix(referencePath == "/" ? "/" : referencePath + "/") {
            throw .usage(
                "\(options.name(of: VerifyOptions.report)) \(report) is inside the reference folder \(referenceFolder): give a folder outside it")
        }
        if manifest != "-", OutputPath.isSameFile(report, manifest) {
            throw .usage("\(options.name(of: VerifyOptions.report)) \(report) is the manifest: give a folder for the report")
        }
        // Someone's own page is never replaced by the report's.
        if !VerifyReport.isReportPage(report + "/index.html") {
            throw .usage(
                "\(options.name(of: VerifyOptions.report)) \(report) holds an index.html that is not a report of breakdown verify, which the report would replace: give a new or empty folder, or an earlier report's")
        }
    }

    private static func line(for outcome: VerifyOutcome) -> String {
        let tag = outcome.status.isFailure ? "FAIL" : "ok"
        return "\(tag) \(outcome.record.name): \(outcome.detail)"
    }

    private static func summary(_ outcomes: [VerifyOutcome], recording: Bool, referenceFolder: String) -> String {
        func count(_ status: VerifyOutcome.Status) -> Int { outcomes.filter { $0.status == status }.count }
        if recording {
            return "recorded \(outcomes.count) reference\(outcomes.count == 1 ? "" : "s") in \(referenceFolder): \(count(.recorded)) new, \(count(.updated)) updated, \(count(.unchanged)) unchanged"
        }
        return "verified \(outcomes.count) record\(outcomes.count == 1 ? "" : "s") against \(referenceFolder): \(count(.passed)) passed, \(count(.differed)) differ, \(count(.missing)) missing, \(count(.unreadable)) unreadable"
    }
}
