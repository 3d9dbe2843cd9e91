import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownBatch
import BreakdownOptions
import BreakdownIO

/// One subcommand: its name, help, option groups and the function that runs it.
///
/// To add a subcommand, add one file defining `static let subcommand = Subcommand(...)` on a
/// namespace enum and list it in `BreakdownCLI.subcommands`. `run` receives options already
/// parsed and validated against `groups`; it writes through the console and returns the exit
/// status, or throws `CLIError` (printed as one line on stderr, exit with its status).
public struct Subcommand: Sendable {
    /// Name, help, option groups and positional argument.
    public let spec: CommandSpec
    /// The subcommand name.
    public var name: String { spec.name }
    /// Its one-line description.
    public var overview: String { spec.overview }
    /// Its option groups.
    public var groups: [OptionGroup] { spec.groups }
    /// Its positional argument, if any.
    public var positional: PositionalSpec? { spec.positional }
    /// Runs the command with checked options; returns the exit status.
    public let run: @Sendable (ParsedOptions, Console) throws(CLIError) -> Int32

    /// A subcommand from its description and run function.
    public init(
        name: String, overview: String, groups: [OptionGroup], positional: PositionalSpec? = nil,
        run: @escaping @Sendable (ParsedOptions, Console) throws(CLIError) -> Int32
    ) {
        self.spec = CommandSpec(name: name, overview: overview, groups: groups, positional: positional)
        self.run = run
    }
}
