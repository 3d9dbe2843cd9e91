import BreakdownBatch
import BreakdownOptions
import BreakdownIO

/// `breakdown completions bash|zsh|fish`: prints a completion script generated from the option
/// tables of every subcommand.
public enum CompletionsCommand {
    /// The `completions` subcommand.
    public static let subcommand = Subcommand(
        name: "completions",
        overview: "Print a shell completion script (bash, zsh or fish) for every subcommand and option.",
        groups: [],
        positional: PositionalSpec(
            name: "shell",
            help: "bash (source <(breakdown completions bash)), zsh (save as _breakdown in $fpath) or fish (save in ~/.config/fish/completions/breakdown.fish).")
    ) { options, console throws(CLIError) in
        let name = options.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw .usage("unknown shell '\(name)'; expected one of " + CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "))
        }
        console.writeOutput(
            CompletionScript.script(for: shell, toolName: BreakdownCLI.toolName, commands: BreakdownCLI.subcommands.map(\.spec)))
        return ExitStatus.success
    }
}
