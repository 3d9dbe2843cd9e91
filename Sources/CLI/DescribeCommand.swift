import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent

/// `breakdown describe`: prints the computed breakdown as one JSON object.
public enum DescribeCommand {
    /// The `describe` subcommand.
    public static let subcommand = Subcommand(
        name: "describe",
        overview: "Print the computed price breakdown (text, logo, link, why hidden) as one JSON object.",
        groups: [ContentOptions.group]
    ) { options, console throws(CLIError) in
        if options[ContentOptions.platform] == .android {
            let (inputs, breakdown) = try ContentOptions.androidBreakdown(from: options)
            console.print(AndroidJSON.describe(breakdown, inputs: inputs).pretty)
            return ExitStatus.success
        }
        let inputs = try ContentOptions.inputs(from: options)
        console.print(BreakdownJSON.describe(inputs.breakdown, inputs: inputs).pretty)
        return ExitStatus.success
    }
}
