import CPangoCairo
import CRsvg

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
