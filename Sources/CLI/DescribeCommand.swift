import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent
import BreakdownIO

/// `breakdown describe`: prints the computed breakdown as one JSON object, once its text is laid
/// out in the default fonts (a breakdown `render` would refuse, such as a character no font has,
/// is refused here too).
public enum DescribeCommand {
    /// The `describe` subcommand.
    public static let subcommand = Subcommand(
        name: "describe",
        overview: "Print the computed price breakdown (text, logo, link, why hidden) as one JSON object.",
        groups: [ContentOptions.group]
    ) { options, console throws(CLIError) in
        let view = try CLIError.reading { () throws(RequestError) in try ContentOptions.view(from: options) }
        // The content options alone: the drawing options' defaults (the default fonts and size).
        try RenderersByResources().layOutForCommand(try CLIError.reading { () throws(RequestError) in try RenderRequest(options) })
        // Which limits were drawn when the merchant's were not given (null when they were).
        let json = ExampleLimits.describing(view.json, options)
        console.print(json.pretty)
        return ExitStatus.success
    }
}
