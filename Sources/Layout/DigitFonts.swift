import Foundation

/// The fonts that draw the digits of the numbering systems device locales write prices in by
/// default when they are not Latin: what a phone's system fallback fonts draw. A price is
/// formatted with the device's locale (ar_SA writes `$‏٢٥٫٠٠ AUD`), and Inter and Roboto have none
/// of these digits. Debian's fonts-noto-core has them all (`make deps-runtime`); each view gets
/// its platform's choice where the two differ, in this order, after its own text font.
///
/// The list follows ICU: the default numbering system of every locale Foundation knows whose
/// digits are not Latin (docs/fidelity.md section 9 has the table and the command that made it).
/// A system only asked for with `@numbers=` (`-u-nu-`) whose digits none of these fonts has is
/// refused by the layout's missing-glyph rule, never drawn as boxes.
package enum DigitFonts {
    /// Where Debian's fonts-noto-core puts its files.
    static let folder = "/usr/share/fonts/truetype/noto/"

    /// One script's digits: the ICU numbering system, its zero, and the file of each view.
    package struct Face: Sendable {
        /// ICU's name of the numbering system (`arab`, `arabext`, `deva`…).
        package let system: String
        /// Its digit zero (the ten digits follow it).
        package let zero: Unicode.Scalar
        /// The iOS view's fallback: a sans face, as iOS's own (SF Arabic, Kohinoor, Noto Sans Myanmar…).
        package let ios: String
        /// The Android view's fallback: the face Android's fonts.xml lists for the script.
        package let android: String
    }

    /// Every script's face, in fallback order.
    package static let faces: [Face] = [
        Face(system: "arab", zero: "\u{660}", ios: "NotoSansArabic", android: "NotoNaskhArabic"),
        Face(system: "arabext", zero: "\u{6F0}", ios: "NotoSansArabic", android: "NotoNaskhArabic"),
        Face(system: "deva", zero: "\u{966}", ios: "NotoSansDevanagari", android: "NotoSansDevanagari"),
        Face(system: "beng", zero: "\u{9E6}", ios: "NotoSansBengali", android: "NotoSansBengali"),
        Face(system: "mymr", zero: "\u{1040}", ios: "NotoSansMyanmar", android: "NotoSansMyanmar"),
        Face(system: "tibt", zero: "\u{F20}", ios: "NotoSerifTibetan", android: "NotoSerifTibetan"),
        Face(system: "nkoo", zero: "\u{7C0}", ios: "NotoSansNKo", android: "NotoSansNKo"),
        Face(system: "cakm", zero: "\u{11136}", ios: "NotoSansChakma", android: "NotoSansChakma"),
        Face(system: "olck", zero: "\u{1C50}", ios: "NotoSansOlChiki", android: "NotoSansOlChiki"),
        Face(system: "adlm", zero: "\u{1E950}", ios: "NotoSansAdlam", android: "NotoSansAdlam"),
        Face(system: "mtei", zero: "\u{ABF0}", ios: "NotoSansMeeteiMayek", android: "NotoSansMeeteiMayek"),
        Face(system: "thai", zero: "\u{E50}", ios: "NotoSansThai", android: "NotoSansThai"),
    ]

    /// The view's files, each once, in fallback order (whether installed or not).
    package static func files(android: Bool) -> [String] {
        var seen: Set<String> = []
        return faces.map { folder + (android ? $0.android : $0.ios) + "-Regular.ttf" }.filter { seen.insert($0).inserted }
    }

    /// Every file of either view (for the renderer's identity).
    package static var allFiles: [String] { Array(Set(files(android: false) + files(android: true))).sorted() }

    /// The view's files that are installed: a missing one leaves its digits to the missing-glyph
    /// rule (refused, naming them), never to a box.
    package static func installedFiles(android: Bool) -> [String] {
        files(android: android).filter { FileManager.default.fileExists(atPath: $0) }
    }
}
