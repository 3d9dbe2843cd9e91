import BreakdownDiff
import BreakdownOptions
import BreakdownVerify
import BreakdownIO

/// `breakdown verify MANIFEST --reference DIR`: renders every record of a manifest and compares it
/// with `DIR/<name>.png`; `--report` writes an HTML page of the failures; `--record` writes the
/// references instead. Exit 0 when all match (or when recording), 1 on any difference or missing
/// reference, 2 on an unreadable manifest or a bad record.
public enum VerifyCommand {
    /// The options only `verify` has.
    public static let options = VerifyOptions.group

    /// The `verify` subcommand: its options, help and the call into the Verify library.
    public static let subcommand = Subcommand(
        name: "verify",
        overview: "Render every record of a manifest and compare it with its reference image; report the differences.",
        groups: [ContentOptions.group, RenderOptions.drawing, options],
        positional: PositionalSpec(
            name: "manifest",
            help: "A JSON array, NDJSON or CSV of records (as for batch): \"name\" (the reference file without .png) and option names without dashes, e.g. \(VerifyManifestReader.example). Options given on the command line apply to every record; a record's own values win.")
    ) { options, console throws(CLIError) in
        guard let referenceFolder = options[VerifyOptions.reference] else {
            throw .usage("missing \(options.name(of: VerifyOptions.reference)) <dir>: the folder of reference images (<name>.png)")
        }
        if options.isGiven(VerifyOptions.perceptual), options.isGiven(VerifyOptions.tolerance) {
            throw CLIError(options.problem(VerifyOptions.perceptual, .conflict(other: VerifyOptions.tolerance.name, wording: "cannot be used together: choose one way to compare a pixel")))
        }
        var settings = VerifySettings(manifest: options.positionals[0], referenceFolder: referenceFolder, defaults: options)
        settings.recording = options[VerifyOptions.record]
        settings.comparison = ImageComparison(
            channelTolerance: options[VerifyOptions.tolerance], allowedDifferingFraction: options[VerifyOptions.allowedFraction], perceptual: options[VerifyOptions.perceptual])
        settings.reportFolder = options[VerifyOptions.report]
        return try VerifyRun.run(settings, console: console)
    }
}
