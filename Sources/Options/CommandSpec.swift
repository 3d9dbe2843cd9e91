import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
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

/// What a subcommand is, as the option table describes it: its name, help, option groups and
/// positional argument. Help, man page, completions and schema are generated from these.
public struct CommandSpec: Sendable {
    public let name: String
    public let overview: String
    public let groups: [OptionGroup]
    public let positional: PositionalSpec?

    public init(name: String, overview: String, groups: [OptionGroup], positional: PositionalSpec? = nil) {
        self.name = name
        self.overview = overview
        self.groups = groups
        self.positional = positional
    }
}
