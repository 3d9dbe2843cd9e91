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

    /// Artwork already drawn into pixels, by recording, scale and position within a pixel.
    private var tiles: [TileKey: CairoSurface] = [:]

    private struct TileKey: Hashable {
        var recording: RecordingKey
        var scale: Double
        /// The artwork's offset within its first pixel, in sixteenths of a pixel.
        var phaseX: Int
        var phaseY: Int
    }

    /// Raster images can hold this many drawn tiles before the cache starts afresh.
    private static let tileLimit = 256

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
        let opaque = RGBAColor(red8: color.red, green8: color.green, blue8: color.blue)
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
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        if cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE, matrix.xy == 0, matrix.yx == 0,
            matrix.xx == matrix.yy, matrix.xx > 0
        {
            let key = RecordingKey(name: name, stylesheet: stylesheet, width: frame.width, height: frame.height)
            try blitTile(of: recording, key: key, frame: frame, matrix: matrix, in: cr)
            return
        }
        cairo_save(cr)
        cairo_set_source_surface(cr, recording.pointer, frame.x, frame.y)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Raster output: the artwork is drawn once into a small image per position within a pixel
    /// (in sixteenths of a pixel, so at most 1/32 px from the exact place) and copied onto the
    /// image at a whole-pixel offset, like a glyph cache. Replaying the vector recording for
    /// every image was a third of the drawing time in a batch.
    private func blitTile(of recording: CairoSurface, key: RecordingKey, frame: Rect, matrix: cairo_matrix_t, in cr: OpaquePointer) throws {
        let scale = matrix.xx
        func split(_ device: Double) -> (whole: Double, sixteenths: Int) {
            let snapped = (device * 16).rounded() / 16
            let whole = snapped.rounded(.down)
            return (whole, Int(((snapped - whole) * 16).rounded()))
        }
        let x = split(matrix.x0 + frame.x * scale), y = split(matrix.y0 + frame.y * scale)
        let tileKey = TileKey(recording: key, scale: scale, phaseX: x.sixteenths, phaseY: y.sixteenths)
        let tile: CairoSurface
        if let cached = tiles[tileKey] {
            tile = cached
        } else {
            let offsetX = Double(x.sixteenths) / 16, offsetY = Double(y.sixteenths) / 16
            tile = try CairoSurface.image(
                width: Int((offsetX + frame.width * scale).rounded(.up)), height: Int((offsetY + frame.height * scale).rounded(.up)))
            let context = try CairoContext(surface: tile)
            cairo_translate(context.pointer, offsetX, offsetY)
            cairo_scale(context.pointer, scale, scale)
            cairo_set_source_surface(context.pointer, recording.pointer, 0, 0)
            cairo_paint(context.pointer)
            try context.check()
            cairo_surface_flush(tile.pointer)
            if tiles.count >= Self.tileLimit { tiles.removeAll(keepingCapacity: true) }
            tiles[tileKey] = tile
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, tile.pointer, x.whole, y.whole)
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
