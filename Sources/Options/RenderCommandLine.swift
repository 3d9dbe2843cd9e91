/// The `breakdown render …` command that draws what a set of options describes, for a page that
/// offers it to copy (the gallery's tiles, the verify report's failures).
package enum RenderCommandLine {
    /// A word for a POSIX shell: as it is when it is plain, else in single quotes.
    package static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-/:,=+@".contains($0)) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `breakdown render --amount 100 … -o OUTPUT`: every option of `groups` that `options` gives,
    /// in the option table's order (flags bare, repeatable options once a value), quoted.
    package static func command(_ options: ParsedOptions, groups: [OptionGroup], output: String) -> String {
        var words = ["breakdown", "render"]
        for spec in groups.allOptions {
            if spec.isFlag {
                if options.isOn(spec) { words.append("--" + spec.name) }
            } else {
                for value in options.texts(of: spec) { words += ["--" + spec.name, quoted(value)] }
            }
        }
        return (words + ["-o", quoted(output)]).joined(separator: " ")
    }
}
