import BreakdownContent
import BreakdownLayout
import CPangoCairo
import CRsvg
import Foundation

/// The logo and icon artwork: SVG files from `LogoAssets/` (or a folder of the user's with the
/// same file names), recoloured by palette through a stylesheet on the classes `ground`, `mark`
/// and `accent`. Each file is parsed once; each (file, colours, size) is drawn once into a vector
/// recording and replayed after that. Not thread-safe: one per thread.
public final class ArtworkLibrary {
    public let directory: URL
    private var files: [String: Data] = [:]
    private var recordings: [RecordingKey: CairoSurface] = [:]

    private struct RecordingKey: Hashable {
        var name: String
        var stylesheet: String
        var width: Double
        var height: Double
    }

    public init(directory: URL = ProjectResources.logoAssetsDirectory) {
        self.directory = directory
    }

    /// The stylesheet that colours a mark in a palette.
    public static func stylesheet(_ colors: LogoColors) -> String {
        var rules = [rule("mark", colors.mark)]
        rules.append(colors.ground.map { rule("ground", $0) } ?? ".ground{fill:none}")
        rules.append(colors.accent.map { rule("accent", $0) } ?? ".accent{fill:none}")
        return rules.joined()
    }

    /// The stylesheet that tints an icon.
    public static func stylesheet(tint: RGBAColor) -> String { rule("mark", tint) }

    private static func rule(_ name: String, _ color: RGBAColor) -> String {
        let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
        let opacity = color.alpha == 255 ? "" : ";fill-opacity:\(String(format: "%.4g", Double(color.alpha) / 255))"
        return ".\(name){fill:\(opaque)\(opacity)}"
    }

    /// Checks that every named artwork file exists and parses, so a bad `--logo-assets` fails early.
    public func validate(_ names: [String]) throws {
        for name in names { _ = try recording(name, stylesheet: "", width: 10, height: 10) }
    }

    /// Draws `name` filling `frame` (points, in the context's current user space).
    func draw(_ name: String, stylesheet: String, frame: Rect, in context: CairoContext) throws {
        let recording = try recording(name, stylesheet: stylesheet, width: frame.width, height: frame.height)
        let cr = context.pointer
        cairo_save(cr)
        cairo_set_source_surface(cr, recording.pointer, frame.x, frame.y)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func recording(_ name: String, stylesheet: String, width: Double, height: Double) throws -> CairoSurface {
        let key = RecordingKey(name: name, stylesheet: stylesheet, width: width, height: height)
        if let cached = recordings[key] { return cached }
        let data = try fileData(name)
        var error: UnsafeMutablePointer<GError>?
        let handle: UnsafeMutablePointer<RsvgHandle>? = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else { throw artworkError(name, error) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        if !stylesheet.isEmpty {
            let css = Array(stylesheet.utf8)
            guard rsvg_handle_set_stylesheet(handle, css, gsize(css.count), &error) != 0 else { throw artworkError(name, error) }
        }
        let surface = try CairoSurface.recording(width: width, height: height)
        let context = try CairoContext(surface: surface)
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        guard rsvg_handle_render_document(handle, context.pointer, &viewport, &error) != 0 else { throw artworkError(name, error) }
        try context.check()
        recordings[key] = surface
        return surface
    }

    private func fileData(_ name: String) throws -> Data {
        if let data = files[name] { return data }
        let url = directory.appendingPathComponent("\(name).svg")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PaintError("cannot read artwork \(url.path): the logo assets folder must hold \(name).svg")
        }
        files[name] = data
        return data
    }

    private func artworkError(_ name: String, _ error: UnsafeMutablePointer<GError>?) -> PaintError {
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        if let error { g_error_free(error) }
        return PaintError("cannot draw artwork \(directory.appendingPathComponent("\(name).svg").path): \(message)")
    }
}
