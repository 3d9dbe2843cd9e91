import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
/// One tile of the gallery: where it goes on the page, its file name and its options.
package struct GalleryVariant: Sendable {
    /// The page section (h2) and the group inside it (h3).
    var section: String
    var group: String
    /// The tile's short label, e.g. `lockup · alt · dark`.
    var title: String
    package var name: String
    /// Option names (without dashes) and values, in the order the label shows them; flags "true".
    var options: [(key: String, value: String)]

    var isDark: Bool { options.contains { $0.key == "appearance" && $0.value == "dark" } }

    /// The batch record: the options, the name, PNG.
    package var record: [String: ManifestValue] {
        var fields: [String: ManifestValue] = ["name": .text(name), "format": .text("png")]
        for (key, value) in options { fields[key] = .text(value) }
        return fields
    }

    /// The same image from the command line: `breakdown render --amount 100 … -o NAME.png`.
    var command: String {
        var words = ["breakdown", "render"]
        for (key, value) in options {
            words.append("--" + key)
            if value != "true" || BatchRecordPlanner.groups.allOptions.first(where: { $0.name == key })?.isFlag == false {
                words.append(Self.shellQuoted(value))
            }
        }
        return (words + ["-o", name + ".png"]).joined(separator: " ")
    }

    private static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-/:,".contains($0)) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
