import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
/// Renders `--help` text in the swift-argument-parser style: OVERVIEW, USAGE, one section per
/// option group, then OPTIONS with `-h, --help`.
public enum HelpFormatter {
    static let labelWidth = 28
    static let lineWidth = 100

    /// A subcommand's `--help` text.
    public static func commandHelp(_ command: CommandSpec, toolName: String) -> String {
        var lines = ["OVERVIEW: \(command.overview)", ""]
        var usage = "USAGE: \(toolName) \(command.name)"
        if !command.groups.allOptions.isEmpty { usage += " [<options>]" }
        if let positional = command.positional {
            usage += positional.isRepeating ? " <\(positional.name)> ..." : " <\(positional.name)>"
        }
        lines += [usage, ""]
        if let positional = command.positional {
            lines += ["ARGUMENTS:"] + entry(label: "<\(positional.name)>", text: positional.help) + [""]
        }
        for group in command.groups where !group.options.isEmpty {
            lines.append("\(group.title):")
            for spec in group.options { lines += entry(label: spec.usageLabel, text: helpText(spec)) }
            lines.append("")
        }
        lines += ["OPTIONS:"] + entry(label: "-h, --help", text: "Show help information.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tool's `--help` text: its options and subcommands.
    public static func toolHelp(toolName: String, overview: String, commands: [CommandSpec]) -> String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(toolName) <subcommand> [<options>]", ""]
        lines += ["OPTIONS:"] + entry(label: "-h, --help", text: "Show help information.")
        lines += entry(label: "-V, --version", text: "Show the version.") + [""]
        lines.append("SUBCOMMANDS:")
        for command in commands { lines += entry(label: command.name, text: command.overview) }
        lines += ["", "  See '\(toolName) <subcommand> --help' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func helpText(_ spec: OptionSpec) -> String {
        var text = spec.help
        if case .value(_, let type, let defaultValue) = spec.kind {
            var notes: [String] = []
            if let values = type.helpValues { notes.append("values: \(values)") }
            if let defaultValue { notes.append("default: \(defaultValue)") } else if let help = spec.defaultHelp {
                notes.append("default: \(help)")
            }
            if !notes.isEmpty { text += " (\(notes.joined(separator: "; ")))" }
        }
        if let note = spec.viewNote(in: .commandLine) { text += " [\(note)]" }
        return text
    }

    /// `  --label    text`, wrapping the text under itself.
    private static func entry(label: String, text: String) -> [String] {
        let indent = String(repeating: " ", count: labelWidth + 2)
        let wrapped = wrap(text, width: lineWidth - indent.count)
        let padded = "  " + label
        var lines: [String] = []
        if padded.count < indent.count - 1 {
            lines.append(padded + String(repeating: " ", count: indent.count - padded.count) + (wrapped.first ?? ""))
        } else {
            lines.append(padded)
            lines.append(indent + (wrapped.first ?? ""))
        }
        lines += wrapped.dropFirst().map { indent + $0 }
        return lines
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
