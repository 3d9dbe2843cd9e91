import CPangoCairo
import CRsvg
import Foundation

/// The versions of the C libraries that decide the pixels of an image, read from the libraries
/// at run time (not the headers built against): Pango (line breaking, positions), HarfBuzz
/// (shaping), FreeType (glyph rasterising), fontconfig (font choice), Cairo and pixman
/// (drawing, antialiasing, compositing), librsvg (the logo artwork).
package enum LibraryVersions {
    /// `name version` pairs, in a fixed order.
    package static let all: [(name: String, version: String)] = [
        ("pango", String(cString: pango_version_string())),
        ("harfbuzz", String(cString: hb_version_string())),
        ("freetype", freeType),
        ("fontconfig", dotted(Int(FcGetVersion()))),
        ("cairo", String(cString: cairo_version_string())),
        ("pixman", dotted(Int(pixman_version()))),
        ("librsvg", "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)"),
    ]

    /// One `name version` a line.
    package static var text: String { all.map { "\($0.name) \($0.version)" }.joined(separator: "\n") + "\n" }

    /// The sidecar file beside a reference image: `refs/a.png` → `refs/a.versions.txt`.
    package static func sidecarPath(forReference path: String) -> String {
        (path.hasSuffix(".png") ? String(path.dropLast(4)) : path) + ".versions.txt"
    }

    /// What the sidecar of `reference` should hold and where, or nil when it already says
    /// exactly that (the caller writes it through `AtomicWriter`).
    package static func sidecarUpdate(forReference reference: String) -> (data: Data, path: String)? {
        let path = sidecarPath(forReference: reference)
        if let existing = FileManager.default.contents(atPath: path), existing == Data(text.utf8) { return nil }
        return (Data(text.utf8), path)
    }

    /// The versions a reference was recorded with (from its sidecar) beside this machine's, and
    /// which differ, one part a line: for a failure message.
    package static func report(sidecar: String) -> [String] {
        let hereText = all.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        guard let data = FileManager.default.contents(atPath: sidecar) else {
            return ["libraries here: \(hereText) (the reference's are unknown: no \(sidecar))"]
        }
        var recorded: [(name: String, version: String)] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { recorded.append((String(parts[0]), String(parts[1]))) }
        }
        let changed = all.filter { library in recorded.first { $0.name == library.name }?.version != library.version }.map(\.name)
        var lines = [
            "reference recorded with: \(recorded.map { "\($0.name) \($0.version)" }.joined(separator: ", "))",
            "libraries here: \(hereText)" + (changed.isEmpty ? " (the same)" : ""),
        ]
        if !changed.isEmpty {
            lines.append(
                "these differ: \(changed.joined(separator: ", ")); their antialiasing can move edge pixels:"
                    + " consider a perceptual comparison")
        }
        return lines
    }

    private static var freeType: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// 21401 → 2.14.1 (fontconfig and pixman encode versions as MMmmpp).
    private static func dotted(_ encoded: Int) -> String {
        "\(encoded / 10000).\(encoded / 100 % 100).\(encoded % 100)"
    }
}
