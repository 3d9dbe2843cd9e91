import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownEncode
import Foundation
import BreakdownIO

/// `breakdown batch MANIFEST -o DIR`: many images from a manifest (JSON array, NDJSON or CSV),
/// on every core, resumable, shardable.
public enum BatchCommand {
    /// The variables `--shard auto` reads, for the manual page: each engine's index (and count).
    static var shardEnvironment: [(names: [String], text: String)] {
        Shard.engines.map { engine in
            ([engine.index] + (engine.count.map { [$0] } ?? []) + Shard.offsetVariables(engine.index),
                "batch --shard auto, in a \(engine.name): the task's index (counted from \(engine.base))"
                    + (engine.count == nil ? "; give the count as --shard auto/N." : " and the count of tasks."))
        }
    }

    static let output = Option<String?>.value("output", "dir", help: "The folder to write the images to (created if missing).").short("o")
    static let jobs = Option<Int?>.value(
        "jobs", "n", .integer(1...256), defaultHelp: "the number of cores",
        help: "How many images to draw at once. The output does not depend on it.")
    static let shard = Option<String?>.value(
        "shard", "k/n",
        help: "Render only shard K of N (K from 0): the records whose output name falls in shard K (a hash of the name, mod N), so records sharing a name meet in one shard. The N shards together render every record once, exactly as one run would. auto (or auto/N) takes K and N from the job engine: Kubernetes JOB_COMPLETION_INDEX (with auto/N), AWS Batch, Cloud Run jobs, Slurm arrays, GitLab parallel.")
    static let format = Option<String>.value(
        "format", "formats", default: "png",
        help: "The formats of records that do not say: png, svg, pdf, or several separated by commas.")
    static let manifestFormat = Option<ManifestFormat?>.choice(
        "manifest-format", "format", defaultHelp: "from the extension, else the first character",
        help: "How the manifest is written: a JSON array, NDJSON (one object a line) or CSV with a header row.")
    static let delimiter = Option<CSVDelimiter?>.choice(
        "delimiter", "char", defaultHelp: "told from the header line",
        help: "The byte between a CSV manifest's cells: comma, semicolon (Excel in locales with a decimal comma) or tab (Google Merchant feeds). By default the one that splits the header line most often; the summary says which was used.")
    static let force = Flag.flag("force", help: "Render every record, even when its outputs are up to date.")
    static let prune = Flag.flag(
        "prune",
        help: "Remove the files of records no longer in the manifest: names an earlier run with the same content and drawing options drew that no record takes now (each file named). Without it they are listed in the summary and the report.")
    static let failFast = Flag.flag("fail-fast", help: "Stop at the first record that fails.")
    static let quiet = Flag.flag("quiet", help: "Print only the summary and errors: no progress and no warnings (warnings are counted in the summary).")
    static let metadata = Flag.flag("metadata", help: "Also write NAME.FORMAT.json beside each image: sizes, baselines, logo and link rectangles.")
    static let html = Flag.flag("html", help: "Also write NAME.html: <a href=link><img src alt width height></a> for the PNG (else the SVG).")
    static let htmlBaseURL = Option<String?>.value("html-base-url", "url", help: "Put this before the image's file name in the HTML snippets' src.")
    static let report = Option<String?>.value(
        "report", "path", .outputPath, help: "Write a JSON report: one entry per record (status, files, error), then the counts.")
    static let map = Option<[String]>.list(
        "map", "key=column",
        help: "Read a manifest column as a record key, e.g. amount=Price,name=SKU (repeatable, or several separated by commas); 'amount=Sale price|Regular price' takes the first non-empty of several columns, left to right.")
    /// What to do with columns that are neither keys nor mapped.
    enum ExtraColumns: String, OptionChoice { case error, ignore }
    static let extraColumns = Option<ExtraColumns>.choice(
        "extra-columns", "policy", default: .error,
        help: "Columns that are neither keys nor mapped: one error for the whole manifest, or ignored.")
    static let numberLocale = Option<String?>.value(
        "number-locale", "id", .localeIdentifier, defaultHelp: "'.' decimal, ',' thousands where unambiguous",
        help: "How prices are written in the manifest, e.g. de_DE for 1.299,00 (decimal and grouping separators).")
    static let asOf = Option<String?>.value(
        "as-of", "time", defaultHelp: "now",
        help: "The instant sales are judged at: a sale price (the first of amount's columns) is drawn only while its dates (--map sale-start=,sale-end= or sale-dates=) hold it, e.g. 2026-12-01T09:00:00+11:00 or, with --time-zone, 2026-12-01. The summary says which instant was used.")
    static let timeZone = Option<String?>.value(
        "time-zone", "zone", defaultHelp: "none: a sale date without a zone fails its record",
        help: "The zone of sale dates (and --as-of) written without one, as shops export them: an IANA name such as Australia/Sydney, UTC, or an offset such as +10:00.")
    static let emptyAmount = Option<BatchSettings.EmptyAmount>.choice(
        "empty-amount", "policy", default: .fail,
        help: "A record without a price (an empty cell, null, no amount key): fails, is drawn with amount 0, or is skipped and counted as 'no price' (exit 0 when nothing else went wrong).")
    static let duplicateNames = Option<BatchSettings.DuplicateNames>.choice(
        "duplicate-names", "policy", default: .fail,
        help: "A record whose name an earlier record with other options took (variants sharing a handle): fails, or the first record of the name is drawn and later ones are counted as duplicates.")
    static let emptyName = Option<BatchSettings.EmptyName>.choice(
        "empty-name", "policy", default: .fail,
        help: "A record whose name (the name key, or the column --map name= reads) is empty: fails, or is named from its options as a record without a name is.")
    static let failOn = Option<String?>.value(
        "fail-on", "outcomes",
        help: "Outcomes that count as failures (exit 1): outside-limits, hidden, or both separated by commas; none: failed records are reported and counted, and the run exits 0 (the report lists them). Exit statuses: 0 all drawn, 1 records failed (retrying will not help), 2 bad invocation or manifest, 75 a fault of the machine (disk full, output folder gone, a library missing: retrying may help), 128+N a signal.")
    static let name = Option<String?>.value(
        "name", "template",
        help: "Name every record's files from its keys and columns, e.g. '{SKU}-{locale}-{scale}x'; each value is made safe for a file name.")
    /// `--scale` in a batch: one scale, as everywhere, or several (`1,2,3`): each record drawn
    /// at each. It takes the drawing group's place in help.
    static let scale = Option<String?>.value(
        "scale", "n[,n…]", .choiceList(RenderScale.allCases.map(\.text)), defaultHelp: "1",
        help: "PNG pixels per point, as render's --scale (1, 2 or 3; with --platform android also 0.75, 1.5, 2.625, 3.5 and 4), or several separated by commas (1,2,3): each record is drawn at each scale, named by the template's {scale} (e.g. --name '{SKU}@{scale}x'), else with @2x added to its name; --html writes one snippet with a srcset over the scales.")
    /// The drawing options with batch's `--scale` in the place of render's.
    static let drawing = OptionGroup(
        title: RenderOptions.drawing.title, options: RenderOptions.drawing.options.map { $0.name == RenderOptions.scale.name ? scale.spec : $0 })

    static let onChange = Option<BatchSettings.OnChange>.choice(
        "on-change", "policy", default: .replace,
        help: "An image an earlier run drew with other options or another renderer: keep it, replace it (announced in the summary), or fail the record.")

    /// The options only `batch` has.
    public static let options = OptionGroup(
        title: "BATCH OPTIONS",
        [
            output, jobs, shard, format, manifestFormat, delimiter, force, prune, failFast, quiet, metadata, html, htmlBaseURL, report, map, extraColumns,
            numberLocale, asOf, timeZone, emptyAmount, duplicateNames, emptyName, failOn, name, onChange,
        ])

    /// The `batch` subcommand: its options, help and the call into the Batch library.
    public static let subcommand = Subcommand(
        name: "batch",
        overview: "Draw many breakdowns from a manifest (JSON, NDJSON or CSV) on every core; resumable and shardable.",
        groups: [options, ContentOptions.group, drawing],
        positional: PositionalSpec(
            name: "manifest",
            help: "The manifest file, or - for standard input (read once, so pipes and FIFOs work). Records whose keys are the content and drawing option names without dashes, plus name (the file stem; by default made from the options) and format (png, svg, pdf or a list). Options given here apply to every record; a record's own values win.")
    ) { options, console throws(CLIError) in
        let manifest = options.positionals[0]
        let settings = try settings(from: options, manifest: manifest)
        let format = options[manifestFormat]
        let delimiter = options[Self.delimiter]
        // A regular file (it has a digest) can be read twice: a pre-pass over the names first.
        let reopen: (() throws(CLIError) -> any ManifestReader)? =
            settings.manifestDigest == nil ? nil : { () throws(CLIError) in try ManifestOpener.open(path: manifest, format: format, delimiter: delimiter) }
        let summary = try BatchEngine.run(
            settings: settings, console: console,
            openManifest: { () throws(CLIError) in try ManifestOpener.open(path: manifest, format: format, delimiter: delimiter) },
            reopenManifest: reopen)
        console.print(summary.line)
        return summary.exitStatus
    }

    static func settings(from options: ParsedOptions, manifest: String) throws(CLIError) -> BatchSettings {
        guard let output = options[Self.output] else {
            throw .usage("missing \(options.name(of: Self.output)) <dir>: the folder to write the images to")
        }
        var settings = BatchSettings(
            outputDirectory: output, manifestLabel: manifest == "-" ? "(standard input)" : manifest,
            defaults: BatchRecordPlanner.defaults(from: options))
        if manifest != "-" { settings.manifestDigest = BatchShardReports.manifestDigest(ofFile: manifest) }
        if let jobs = options[Self.jobs] { settings.jobs = jobs }
        if let text = options[Self.shard] {
            if text == "auto" || text.hasPrefix("auto/") {
                settings.shard = try Shard.fromEnvironment(ProcessInfo.processInfo.environment, given: text)
            } else {
                guard let shard = Shard(text) else {
                    throw .usage("--shard: \(QuotedValue.quoted(text)) is not valid; expected K/N with N >= 1 and 0 <= K < N (e.g. 0/4), or auto")
                }
                settings.shard = shard
            }
        }
        settings.columnMap = try ColumnMap(options[Self.map], ignoreExtraColumns: options[Self.extraColumns] == .ignore)
        settings.nameTemplate = try options[Self.name].map { text throws(CLIError) in try NameTemplate(text) }
        settings.numberLocale = options[Self.numberLocale]
        settings.emptyAmount = options[Self.emptyAmount]
        if let text = options[Self.timeZone] {
            guard let zone = SaleTime.zone(text) else {
                throw .usage(
                    "--time-zone: \(QuotedValue.quoted(text)) is not a time zone; expected an IANA name such as Australia/Sydney or America/New_York, UTC, or an offset such as +10:00")
            }
            settings.timeZone = zone
        }
        if let text = options[Self.asOf] {
            switch SaleTime.asOf(text, zone: settings.timeZone) {
            case .success(let instant): settings.asOf = instant
            case .failure(.noZone):
                throw .usage("--as-of: \(QuotedValue.quoted(text)) has no time zone; add one (e.g. 2026-12-01T09:00:00+11:00 or Z) or give --time-zone")
            case .failure(.invalid(let why)):
                throw .usage("--as-of: \(QuotedValue.quoted(text)) is not valid: \(why)")
            }
            settings.asOfGiven = true
        }
        settings.duplicateNames = options[Self.duplicateNames]
        settings.emptyName = options[Self.emptyName]
        if let text = options[Self.failOn], text.trimmingCharacters(in: .whitespaces) == "none" {
            settings.failuresExitZero = true
        } else if let text = options[Self.failOn] {
            for word in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingCharacters(in: .whitespaces) }) {
                switch word {
                case "outside-limits": settings.failOn.insert(.outsideLimits)
                case "hidden": settings.failOn.insert(.hidden)
                case "none":
                    throw .usage("--fail-on: 'none' goes alone (failed records are reported and the run exits 0); it cannot be given with \(QuotedValue.quoted(text))")
                default:
                    throw .usage(
                        "--fail-on: \(QuotedValue.quoted(word)) is not an outcome; expected outside-limits, hidden, both separated by commas, or none")
                }
            }
        }
        settings.onChange = options[Self.onChange]
        if let text = options[Self.scale] {
            var scales: [RenderScale] = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingCharacters(in: .whitespaces) }) {
                guard let scale = RenderScale(optionText: word) else {
                    throw .usage(
                        "--scale: \(QuotedValue.quoted(word)) is not a scale; expected 1, 2 or 3 (with --platform android also 0.75, 1.5, 2.625, 3.5, 4), or several separated by commas, e.g. 1,2,3")
                }
                scales.append(scale)
            }
            scales.sort { $0.factor < $1.factor }
            if scales.count > 1 {
                settings.scales = scales
            } else if !settings.defaults.isGiven(RenderOptions.scale) {
                do throws(RequestError) {
                    try settings.defaults.set(RenderOptions.scale.name, to: scales[0].text)
                } catch {
                    throw .usage(error.message)
                }
            }
        }
        do throws(RecordProblem) {
            settings.defaultFormats = try BatchRecordPlanner.formats(.text(options[Self.format]))
        } catch {
            throw .usage("--" + error.message + " (e.g. png or png,svg)")
        }
        settings.force = options[Self.force]
        settings.prune = options[Self.prune]
        settings.failFast = options[Self.failFast]
        settings.quiet = options[Self.quiet]
        settings.writeMetadata = options[Self.metadata]
        settings.writeHTML = options[Self.html]
        settings.htmlBaseURL = options[Self.htmlBaseURL] ?? ""
        settings.reportPath = options[Self.report]
        if let report = settings.reportPath, manifest != "-", OutputPath.isSameFile(report, manifest) {
            throw .usage("\(options.name(of: Self.report)) \(report) is the manifest \(manifest): give another path for the report")
        }
        return settings
    }
}
