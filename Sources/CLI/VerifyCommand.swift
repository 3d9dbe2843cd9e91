import BreakdownDiff
import BreakdownOptions
import BreakdownVerify

/// `breakdown verify MANIFEST --reference DIR`: renders every record of a manifest and compares it
/// with `DIR/<name>.png`; `--report` writes an HTML page of the failures; `--record` writes the
/// references instead. Exit 0 when all match (or when recording), 1 on any difference or missing
/// reference, 2 on an unreadable manifest or a bad record.
public enum VerifyCommand {
    /// The options only `verify` has.
    public static let options = OptionGroup(
        title: "VERIFY OPTIONS",
        options: [
            .value("reference", "dir", help: "The folder of reference images: <name>.png for each record. Required."),
            .value(
                "report", "dir",
                help: "Write an HTML report (index.html) there: reference, actual and difference images of every failure, one line a pass."),
            .flag(
                "record",
                help: "Write (or update) the reference of every record instead of comparing, with NAME.versions.txt and NAME.metadata.json beside it; exits 0."),
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

    /// The `verify` subcommand: its options, help and the call into the Verify library.
    public static let subcommand = Subcommand(
        name: "verify",
        overview: "Render every record of a manifest and compare it with its reference image; report the differences.",
        groups: [ContentOptions.group, RenderOptions.drawing, options],
        positional: PositionalSpec(
            name: "manifest",
            help: "A JSON array, NDJSON or CSV of records (as for batch): \"name\" (the reference file without .png) and option names without dashes, e.g. \(VerifyManifestReader.example). Options given on the command line apply to every record; a record's own values win.")
    ) { options, console throws(CLIError) in
        guard let referenceFolder = options.string("reference") else {
            throw .usage("missing \(options.display("reference")) <dir>: the folder of reference images (<name>.png)")
        }
        if options.isGiven("perceptual"), options.isGiven("tolerance") {
            throw .usage("\(options.display("perceptual")) and \(options.display("tolerance")) cannot be used together: choose one way to compare a pixel")
        }
        var settings = VerifySettings(manifest: options.positionals[0], referenceFolder: referenceFolder, defaults: options)
        settings.recording = options.flag("record")
        settings.comparison = ImageComparison(
            channelTolerance: options.integer("tolerance") ?? 0,
            allowedDifferingFraction: options.number("allowed-fraction") ?? 0,
            perceptual: options.isGiven("perceptual") ? options.number("perceptual") : nil)
        settings.reportFolder = options.string("report")
        return try VerifyRun.run(settings, console: console)
    }
}
