import BreakdownBatch
import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import BreakdownIO

/// `breakdown schema`: prints the JSON Schema of a manifest record, generated from the option
/// table (the options a `batch` or `verify` record may set, plus `name` and `format`). The batch
/// options that change what a record must be (`--number-locale`, `--empty-amount`, `--amount`)
/// are taken as `batch` takes them, so the schema agrees with the batch run the same way.
public enum SchemaCommand {
    /// The options only `schema` has: `batch`'s own, with the same meaning.
    public static let options = OptionGroup(
        title: "SCHEMA OPTIONS", [BatchCommand.numberLocale, BatchCommand.emptyAmount, SchemaCommand.amountGiven])

    /// `--amount`: the batch's command line gives the price, so records need none.
    static let amountGiven = Flag.flag("amount-given", help: "The batch's command line gives --amount, so a record needs no price of its own.")

    /// The `schema` subcommand.
    public static let subcommand = Subcommand(
        name: "schema",
        overview: "Print the JSON Schema (draft 2020-12) of a batch or verify manifest record; give the batch's --number-locale and --empty-amount to describe its prices.",
        groups: [options]
    ) { options, console throws(CLIError) in
        let prices = PriceText(numberLocale: options[BatchCommand.numberLocale])
        let optional = options[BatchCommand.emptyAmount] != .fail || options[amountGiven]
        var choices: [JSONValue] = [
            .object([("type", .string("number")), ("minimum", .number(0))]),
            .object([("type", .string("string")), ("pattern", .string(prices.schemaPattern()))]),
        ]
        if optional {
            choices += [.object([("type", .string("null"))]), .object([("type", .string("string")), ("pattern", .string("^[ \\t\\u00A0]*$"))])]
        }
        let amount = JSONValue.object([
            ("description", .string(
                "The price: a JSON number as written, or price text as a shop exports it (\(options[BatchCommand.numberLocale].map { "--number-locale \($0)" } ?? "'.' decimal, ',' thousands")), such as 1,299.00, $49.95 or AUD 49.95: no sign, at most 2 decimals, never a sole separator before exactly three digits (1.299 is ambiguous). See docs/batch.md. Verify manifests take plain decimals only.")),
            ("anyOf", .array(choices)),
        ])
        // The limits are prices too, read by the same rule; left out (null, empty) they are the defaults.
        func limit(_ which: String, _ fallback: String) -> JSONValue {
            .object([
                ("description", .string("The \(which) order amount (default \(fallback)): a price, read as amount is (1.299 is ambiguous, no sign, at most 2 decimals).")),
                ("anyOf", .array(Array(choices.prefix(2)) + [.object([("type", .string("null"))]), .object([("type", .string("string")), ("pattern", .string("^[ \\t\\u00A0]*$"))])])),
            ])
        }
        let limits = ["min": limit("minimum", ContentOptions.minimum.spec.defaultValue ?? ""), "max": limit("maximum", ContentOptions.maximum.spec.defaultValue ?? "")]
        console.writeOutput(
            ManifestSchema.json(
                groups: BatchRecordPlanner.groups, replacing: limits.merging(["amount": amount]) { $1 }, required: optional ? [] : ["amount"]))
        return ExitStatus.success
    }
}
