import BreakdownBatch
import BreakdownContent
import BreakdownOptions
import BreakdownIO

/// `breakdown version` (also `breakdown --version`): prints the tool's name and version.
public enum VersionCommand {
    /// `breakdown 0.3.0`: what both spellings print.
    public static var line: String { "\(BreakdownCLI.toolName) \(BreakdownVersion.current)" }

    /// The `version` subcommand: no options, one line on standard output.
    public static let subcommand = Subcommand(
        name: "version", overview: "Print the version of breakdown (also: breakdown --version).", groups: []
    ) { _, console throws(CLIError) in
        console.print(line)
        return ExitStatus.success
    }
}
