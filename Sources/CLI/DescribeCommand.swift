import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent
import BreakdownIO

/// `breakdown describe`: prints the computed breakdown as one JSON object.
public enum DescribeCommand {
    /// The `describe` subcommand.
    public static let subcommand = Subcommand(
        name: "describe",
        overview: "Print the computed price breakdown (text, logo, link, why hidden) as one JSON object.",
        groups: [ContentOptions.group]
    ) { options, console throws(CLIError) in
        console.print(try CLIError.reading { () throws(RequestError) in try ContentOptions.view(from: options) }.json.pretty)
        return ExitStatus.success
    }
}
