import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownEncode
import Foundation

/// `breakdown verify MANIFEST --reference DIR`: renders every record of a manifest and compares it
/// with `DIR/<name>.png`; `--report` writes an HTML page of the failures; `--record` writes the
/// references instead. Exit 0 when all match (or when recording), 1 on any difference or missing
/// reference, 2 on an unreadable manifest or a bad record.
public enum VerifyCommand {
    public static let options = OptionGroup(
        title: "VERIFY OPTIONS",
        options: [
            .value("reference", "dir", help: "The folder of reference images: <name>.png for each record. Required."),
            .value(
                "report", "dir",
                help: "Write an HTML report (index.html) there: reference, actual and difference images of every failure, one line a pass."),
            .flag("record", help: "Write (or update) the reference of every record instead of comparing; exits 0."),
            .value(
                "tolerance", "n", .integer(0...255), default: "0",
                help: "The largest difference of a channel (0-255) that does not make a pixel differ."),
            .value(
                "allowed-fraction", "f", .number(0...1), default: "0",
                help: "The fraction of pixels (0-1) that may differ while the images still match."),
            .value(
                "perceptual", "delta-e", .number(0...100),
                help: "Compare colours as people see them: a pixel differs when its CIEDE2000 ΔE is above this (e.g. 2; instead of --tolerance). For references from another machine's Pango, Cairo, FreeType or HarfBuzz."),
        ])

    /// The options a manifest record may set: what to show and how to draw it.
    static let recordGroups = [ContentOptions.group, RenderOptions.drawing]

    public static let subcommand = Subcommand(
        name: "verify",
        overview: "Render every record of a manifest and compare it with its reference image; report the differences.",
        groups: [ContentOptions.group, RenderOptions.drawing, options],
        positional: PositionalSpec(
            name: "manifest",
            help: "A JSON array, NDJSON or CSV of records (as for batch): \"name\" (the reference file without .png) and option names without dashes, e.g. \(VerifyManifestReader.example). Options given on the command line apply to every record; a record's own values win.")
    ) { options, console throws(CLIError) in
        try run(options, console: console)
    }

    static func run(_ options: ParsedOptions, console: Console) throws(CLIError) -> Int32 {
        guard let referenceFolder = options.string("reference") else {
            throw .usage("missing \(options.display("reference")) <dir>: the folder of reference images (<name>.png)")
        }
        let recording = options.flag("record")
        if options.isGiven("perceptual"), options.isGiven("tolerance") {
            throw .usage("\(options.display("perceptual")) and \(options.display("tolerance")) cannot be used together: choose one way to compare a pixel")
        }
        let comparison = ImageComparison(
            channelTolerance: options.integer("tolerance") ?? 0,
            allowedDifferingFraction: options.number("allowed-fraction") ?? 0,
            perceptual: options.isGiven("perceptual") ? options.number("perceptual") : nil)
        let manifest = options.positionals[0]
        let records = try VerifyManifestReader.read(path: manifest)
        let requests = try plan(records, commandLine: options, manifest: manifest)
        try prepareReferenceFolder(referenceFolder, recording: recording, options: options)

        let cache = RendererCache()
        var outcomes: [VerifyOutcome] = []
        for (record, request) in zip(records, requests) {
            let image: RenderedImage
            do {
                image = try cache.render(request, format: .png)
            } catch {
                throw CLIError("manifest \(manifest), \(record.label): \(error.message)", exitStatus: ExitStatus.usage)
            }
            let path = URL(fileURLWithPath: referenceFolder).appendingPathComponent(record.name + ".png").path
            let png = [UInt8](image.bytes)
            let outcome = recording ? try VerifyRecorder.record(png, record: record, at: path)
                : VerifyComparer.compare(png, record: record, referencePath: path, comparison: comparison)
            console.print(line(for: outcome))
            outcomes.append(outcome)
        }

        let failures = outcomes.filter { $0.status.isFailure }.count
        if let folder = options.string("report") {
            let report = VerifyReport(manifest: manifest, referenceFolder: referenceFolder, comparison: comparison, outcomes: outcomes)
            console.print("report: \(try report.write(to: folder))")
        }
        console.print(summary(outcomes, recording: recording, referenceFolder: referenceFolder))
        return failures == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// Every record's render request, checked before anything is rendered or written: options on
    /// the command line first, the record's own on top.
    static func plan(_ records: [VerifyRecord], commandLine: ParsedOptions, manifest: String) throws(CLIError) -> [RenderRequest] {
        var requests: [RenderRequest] = []
        for record in records {
            do throws(CLIError) {
                let own = try ParsedOptions(record: record.options, groups: recordGroups)
                requests.append(try RenderRequest(commandLine.overlaid(by: own)))
            } catch {
                throw .usage("manifest \(manifest), \(record.label): \(error.message)")
            }
        }
        return requests
    }

    private static func prepareReferenceFolder(_ folder: String, recording: Bool, options: ParsedOptions) throws(CLIError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .usage("\(options.display("reference")) \(folder) is a file, not a folder") }
            return
        }
        guard recording else {
            throw .usage(
                "\(options.display("reference")) folder \(folder) does not exist; give the folder of reference images, or add \(options.display("record")) to create it")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .failure("cannot create the reference folder \(folder): \(error.localizedDescription)")
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
