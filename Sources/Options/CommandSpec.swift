import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
/// A positional argument a subcommand accepts (e.g. a manifest path).
public struct PositionalSpec: Sendable, Hashable {
    /// The name shown in usage, e.g. `manifest`.
    public let name: String
    /// What the argument is, for help.
    public let help: String
    /// The command needs it.
    public let isRequired: Bool
    /// More than one may be given.
    public let isRepeating: Bool

    /// A positional argument.
    public init(name: String, help: String, isRequired: Bool = true, isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isRequired = isRequired
        self.isRepeating = isRepeating
    }
}

/// What a subcommand is, as the option table describes it: its name, help, option groups and
/// positional argument. Help, man page, completions and schema are generated from these.
public struct CommandSpec: Sendable {
    /// The subcommand name, e.g. `render`.
    public let name: String
    /// One line saying what the command does.
    public let overview: String
    /// Its option groups, in help order.
    public let groups: [OptionGroup]
    /// Its positional argument, if it takes one.
    public let positional: PositionalSpec?

    /// A command description.
    public init(name: String, overview: String, groups: [OptionGroup], positional: PositionalSpec? = nil) {
        self.name = name
        self.overview = overview
        self.groups = groups
        self.positional = positional
    }
}
