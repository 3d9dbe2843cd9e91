import Foundation
import Testing
import BreakdownTestSupport

/// Our declaration headers for Pango, Cairo, GLib, fontconfig, FreeType, HarfBuzz, pixman,
/// librsvg and poppler (Sources/CPangoCairo, CRsvg, CPoppler) against the installed libraries'
/// headers, with Tools/check-c-declarations.py: prototypes must be compatible, structs must have
/// the same size and field offsets, constants and macros the same values, and the function pointer
/// types of poppler (looked up with dlsym) the types of its functions. Then the check itself:
/// a copy of the headers with one wrong declaration each must fail it, naming what is wrong.
@Suite struct CDeclarationsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let modules = ["CPangoCairo", "CRsvg", "CPoppler"]

    /// Runs the check on the headers under `sources` (this checkout's Sources by default).
    static func check(sources: URL? = nil) throws -> (status: Int32, output: String) {
        try ExternalTool.run(
            "/usr/bin/env",
            ["python3", root.appendingPathComponent("Tools/check-c-declarations.py").path] + (sources.map { ["--sources", $0.path] } ?? []))
    }

    @Test func ourDeclarationsMatchTheInstalledHeaders() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all match the real headers"), "\(result.output)")
        // A copy of the modules, as each wrong declaration below is made in, passes as it is: the
        // failures below are the mistakes', not the copy's.
        let scratch = try Self.copyOfTheModules()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let copy = try Self.check(sources: scratch)
        #expect(copy.status == 0 && copy.output.contains("all match the real headers"), "\(copy.output)")
    }

    /// The C modules copied to a folder of their own.
    static func copyOfTheModules() throws -> URL {
        let manager = FileManager.default
        let scratch = manager.temporaryDirectory.appendingPathComponent("breakdown-c-declarations-\(UUID().uuidString)")
        try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
        for module in modules {
            try manager.copyItem(at: root.appendingPathComponent("Sources/\(module)"), to: scratch.appendingPathComponent(module))
        }
        return scratch
    }

    /// One wrong declaration, and the words the check must name it with.
    struct Mistake: CustomTestStringConvertible, Sendable {
        var file: String
        var find: String
        var replace: String
        var named: String
        var testDescription: String { "\(named) in \(file)" }
    }

    static let mistakes = [
        // A parameter type: an int where Pango takes a gboolean is the same size, but another type.
        Mistake(
            file: "CPangoCairo/CPangoCairo.h", find: "pango_attr_allow_breaks_new(gboolean allow_breaks)",
            replace: "pango_attr_allow_breaks_new(guint allow_breaks)", named: "pango_attr_allow_breaks_new"),
        // A return type.
        Mistake(
            file: "CPangoCairo/CairoDeclarations.h", find: "int cairo_image_surface_get_stride(",
            replace: "unsigned int cairo_image_surface_get_stride(", named: "cairo_image_surface_get_stride"),
        // An enumeration constant's value.
        Mistake(file: "CPangoCairo/CairoDeclarations.h", find: "CAIRO_SVG_UNIT_PX = 3", replace: "CAIRO_SVG_UNIT_PX = 4", named: "CAIRO_SVG_UNIT_PX"),
        // A struct field's size, which moves the fields after it.
        Mistake(file: "CPangoCairo/CPangoCairo.h", find: "guint8 gravity;", replace: "guint16 gravity;", named: "PangoAnalysis.gravity"),
        // A field of the same size and another type.
        Mistake(file: "CPangoCairo/GLibDeclarations.h", find: "gint code;", replace: "guint code;", named: "GError.code"),
        // A bit-field's width.
        Mistake(file: "CPangoCairo/CPangoCairo.h", find: "guint resolved_dir : 3;", replace: "guint resolved_dir : 2;", named: "resolved_dir"),
        // A macro's value.
        Mistake(file: "CPangoCairo/CPangoCairo.h", find: "#define PANGO_SCALE 1024", replace: "#define PANGO_SCALE 1000", named: "PANGO_SCALE"),
        // A function the libraries do not have.
        Mistake(
            file: "CPangoCairo/CPangoCairo.h", find: "void pango_layout_set_text(", replace: "void pango_layout_put_text(", named: "pango_layout_put_text"),
        // A function looked up with dlsym (poppler's: a pointer type) that the library does not have.
        Mistake(
            file: "CPoppler/CPoppler.h", find: "(*breakdown_poppler_page_render_fn)", replace: "(*breakdown_poppler_page_draw_fn)",
            named: "poppler_page_draw"),
        // A parameter type of a function looked up with dlsym.
        Mistake(
            file: "CPoppler/CPoppler.h", find: "(PopplerDocument *document, int index)", replace: "(PopplerDocument *document, unsigned int index)",
            named: "breakdown_poppler_document_get_page_fn"),
        // A return type of one.
        Mistake(
            file: "CPoppler/CPoppler.h", find: "typedef int (*breakdown_poppler_document_get_n_pages_fn)",
            replace: "typedef unsigned int (*breakdown_poppler_document_get_n_pages_fn)", named: "breakdown_poppler_document_get_n_pages_fn"),
        // A struct of another layout in librsvg's header.
        Mistake(
            file: "CRsvg/CRsvg.h", find: "    double length;\n    RsvgUnit unit;", replace: "    RsvgUnit unit;\n    double length;",
            named: "RsvgLength"),
        // A variable of another type.
        Mistake(file: "CRsvg/CRsvg.h", find: "extern const guint rsvg_micro_version;", replace: "extern const int rsvg_micro_version;", named: "rsvg_micro_version"),
    ]

    @Test(arguments: mistakes) func aWrongDeclarationFailsTheCheck(_ mistake: Mistake) throws {
        let scratch = try Self.copyOfTheModules()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent(mistake.file)
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.components(separatedBy: mistake.find).count == 2, "\(mistake.find) is not once in \(mistake.file)")
        try text.replacingOccurrences(of: mistake.find, with: mistake.replace).write(to: file, atomically: false, encoding: .utf8)

        let result = try Self.check(sources: scratch)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains(mistake.named), "\(result.output)")
    }
}
