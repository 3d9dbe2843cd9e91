import BreakdownBatch
import BreakdownContent
import BreakdownOptions
import BreakdownIO

/// `breakdown report FOLDER`: the reports the shards of a batch left in its output folder,
/// combined into one summary (and with `--report PATH` one JSON report), as one run would give.
public enum ReportCommand {
    /// The options only `report` has.
    static let report = Option<String?>.value(
        "report", "path", .outputPath, help: "Also write the combined JSON report here: every shard's records in manifest order, then the counts.")
    /// The options only `report` has.
    public static let options = OptionGroup(title: "REPORT OPTIONS", [report])

    /// The `report` subcommand: its options, help and the call into the Batch library.
    public static let subcommand = Subcommand(
        name: "report",
        overview: "Combine the reports every run and shard of a batch left in its output folder into one summary and one report.",
        groups: [options],
        positional: PositionalSpec(
            name: "folder",
            help: "The output folder of a batch (-o). Its .breakdown-batch folder holds one report a shard of each run, report-RUN-K-of-N.json; the runs of the newest manifest are combined (of each, its latest N), the latest outcome per name, and a missing shard is named; runs of an earlier manifest are named as superseded, never combined.")
    ) { options, console throws(CLIError) in
        try BatchShardReports.combine(folder: options.positionals[0], reportPath: options[report], console: console)
    }
}
