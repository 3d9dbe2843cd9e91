import BreakdownBatch
import BreakdownContent
import BreakdownOptions

/// One tile of the gallery: where it goes on the page, what it says, its file name and its options.
package struct GalleryVariant: Sendable {
    /// The page section (h2) and the group inside it (h3).
    var section: String
    var group: String
    /// The caption, written for a person: "Badge, dark mono palette, dark appearance".
    package var caption: String
    /// The option words in short, for the tooltip: `badge · darkMono · dark`.
    package var optionWords: String
    package var name: String
    /// The tile's own options, typed where the catalog sets them, in the order the command shows
    /// them.
    var settings: [OptionSetting]
    /// Single-valued drawing options the user gave `gallery` (`--font-size 20`), as given: they
    /// follow the tile's own in its record.
    var given: [(key: String, value: String)] = []
    /// Repeatable drawing options the user gave `gallery` (font files): they reach the engine as
    /// its defaults, under every record; only the command shows them.
    var inherited: [(key: String, value: String)] = []

    package init(section: String, group: String, caption: String, optionWords: String, name: String, settings: [OptionSetting]) {
        self.section = section
        self.group = group
        self.caption = caption
        self.optionWords = optionWords
        self.name = name
        self.settings = settings
    }

    /// The option names (without dashes) and texts that go into the batch record, in the order
    /// the command shows them; flags "true".
    var options: [(key: String, value: String)] { settings.map(\.pair) + given }

    package var isDark: Bool { settings.contains(.set(ContentOptions.appearance, .dark)) }

    /// Whose view the tile shows.
    package var platform: Platform { settings.contains(.set(ContentOptions.platform, .android)) ? .android : .ios }

    /// The batch record: the tile's own options, the name, PNG.
    package var record: [String: ManifestValue] {
        var fields: [String: ManifestValue] = ["name": .text(name), "format": .text("png")]
        for (key, value) in options { fields[key] = .text(value) }
        return fields
    }

    /// The same image from the command line, every option spelled out:
    /// `breakdown render --amount 100 … -o NAME.png`.
    package var command: String {
        var words = ["breakdown", "render"]
        for (key, value) in options + inherited {
            words.append("--" + key)
            if value != "true" || BatchRecordPlanner.groups.allOptions.first(where: { $0.name == key })?.isFlag == false {
                words.append(Self.shellQuoted(value))
            }
        }
        return (words + ["-o", name + ".png"]).joined(separator: " ")
    }

    /// A word for a shell: as it is when it is plain, else in single quotes.
    package static func shellQuoted(_ text: String) -> String { RenderCommandLine.quoted(text) }
}
