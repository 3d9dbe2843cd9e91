import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
/// A named set of options that commands compose: `describe` uses the content group, `render`
/// will add its own output group, and so on. Help prints one section per group.
public struct OptionGroup: Sendable, Hashable {
    /// The help section title, e.g. `CONTENT OPTIONS`.
    public let title: String
    /// The options, in help order.
    public let options: [OptionSpec]

    /// A group of options under a help title.
    public init(title: String, options: [OptionSpec]) {
        self.title = title
        self.options = options
    }
}

extension Array where Element == OptionGroup {
    /// The option called `name` (without dashes) in any group.
    func option(named name: String) -> OptionSpec? {
        for group in self {
            if let spec = group.options.first(where: { $0.name == name }) { return spec }
        }
        return nil
    }

    package var allOptions: [OptionSpec] { flatMap(\.options) }

    /// The option whose one-letter alias is `letter`.
    func option(short letter: Character) -> OptionSpec? {
        allOptions.first { $0.shortName == letter }
    }
}
