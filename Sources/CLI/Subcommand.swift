/// A positional argument a subcommand accepts (e.g. a manifest path).
public struct PositionalSpec: Sendable, Hashable {
    public let name: String
    public let help: String
    public let isRequired: Bool
    public let isRepeating: Bool

    public init(name: String, help: String, isRequired: Bool = true, isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isRequired = isRequired
        self.isRepeating = isRepeating
    }
}

/// One subcommand: its name, help, option groups and the function that runs it.
///
/// To add a subcommand, add one file defining `static let subcommand = Subcommand(...)` on a
/// namespace enum and list it in `BreakdownCLI.subcommands`. `run` receives options already
/// parsed and validated against `groups`; it writes through the console and returns the exit
/// status, or throws `CLIError` (printed as one line on stderr, exit with its status).
public struct Subcommand: Sendable {
    public let name: String
    public let overview: String
    public let groups: [OptionGroup]
    public let positional: PositionalSpec?
    public let run: @Sendable (ParsedOptions, Console) throws(CLIError) -> Int32

    public init(
        name: String, overview: String, groups: [OptionGroup], positional: PositionalSpec? = nil,
        run: @escaping @Sendable (ParsedOptions, Console) throws(CLIError) -> Int32
    ) {
        self.name = name
        self.overview = overview
        self.groups = groups
        self.positional = positional
        self.run = run
    }
}
