import BreakdownBatch
import BreakdownOptions

/// `breakdown schema`: prints the JSON Schema of a manifest record, generated from the option
/// table (the options a `batch` or `verify` record may set, plus `name` and `format`).
public enum SchemaCommand {
    /// The `schema` subcommand.
    public static let subcommand = Subcommand(
        name: "schema",
        overview: "Print the JSON Schema (draft 2020-12) of a batch or verify manifest record.",
        groups: []
    ) { _, console throws(CLIError) in
        console.writeOutput(ManifestSchema.json(groups: BatchRecordPlanner.groups))
        return ExitStatus.success
    }
}
