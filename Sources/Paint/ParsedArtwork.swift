import CPangoCairo
import CPoppler
import CRsvg
import Foundation

/// One artwork file, parsed: an SVG (librsvg handle, with a stylesheet for the project's
/// recolouring), a PDF's first page (poppler) or a PNG (a Cairo image). Knows its own size and
/// draws itself scaled to fill a rectangle at the origin, as vectors for SVG and PDF.
final class ParsedArtwork {
    private enum Content {
        case svg(OpaquePointer)
        case pdf(document: OpaquePointer, page: OpaquePointer, poppler: Poppler)
        case png(OpaquePointer)
    }

    private let content: Content
    /// The file's own size: SVG viewBox (or width and height), PDF page in points, PNG pixels.
    let size: (width: Double, height: Double)

    /// The largest file read (64 MiB): artwork is small; anything larger is a mistake.
    static let maximumBytes = 64 << 20

    init(_ data: Data, format: ArtworkSource.FileFormat, stylesheet: String) throws(PaintError) {
        guard data.count <= Self.maximumBytes else { throw PaintError("the file is larger than 64 MiB") }
        try ArtworkBounds.check(data, format: format)
        switch format {
        case .svg: (content, size) = try Self.loadSVG(data, stylesheet: stylesheet)
        case .pdf: (content, size) = try Self.loadPDF(data)
        case .png: (content, size) = try Self.loadPNG(data)
        }
        do throws(PaintError) {
            try ArtworkGeometry.check(width: size.width, height: size.height)
        } catch {
            release()
            throw error
        }
    }

    /// Frees the parsed file (the library calls this once, when it goes).
    func release() {
        switch content {
        case .svg(let handle): g_object_unref(UnsafeMutableRawPointer(handle))
        case .pdf(let document, let page, _):
            g_object_unref(UnsafeMutableRawPointer(page))
            g_object_unref(UnsafeMutableRawPointer(document))
        case .png(let surface): cairo_surface_destroy(surface)
        }
    }

    /// Draws the whole artwork scaled to `width` × `height` at the origin of `cr`'s user space.
    func draw(width: Double, height: Double, in cr: OpaquePointer) throws(PaintError) {
        switch content {
        case .svg(let handle):
            var error: UnsafeMutablePointer<GError>?
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else { throw Self.error(error) }
        case .pdf(_, let page, let poppler):
            cairo_save(cr)
            cairo_scale(cr, width / size.width, height / size.height)
            poppler.pageRender(page, cr)
            cairo_restore(cr)
        case .png(let surface):
            cairo_save(cr)
            cairo_scale(cr, width / size.width, height / size.height)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, size.width, size.height)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw PaintError(String(cString: cairo_status_to_string(status))) }
    }

    private static func loadSVG(_ data: Data, stylesheet: String) throws(PaintError) -> (Content, (Double, Double)) {
        var error: UnsafeMutablePointer<GError>?
        let handle: OpaquePointer? = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else { throw Self.error(error, "not an SVG file that librsvg reads") }
        if !stylesheet.isEmpty {
            let css = Array(stylesheet.utf8)
            guard rsvg_handle_set_stylesheet(handle, css, gsize(css.count), &error) != 0 else {
                g_object_unref(UnsafeMutableRawPointer(handle))
                throw Self.error(error)
            }
        }
        var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
        var width = RsvgLength(), height = RsvgLength(), viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
        if hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 {
            return (.svg(handle), (viewBox.width, viewBox.height))
        }
        var pixelWidth = 0.0, pixelHeight = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &pixelWidth, &pixelHeight) != 0, pixelWidth > 0, pixelHeight > 0 {
            return (.svg(handle), (pixelWidth, pixelHeight))
        }
        g_object_unref(UnsafeMutableRawPointer(handle))
        throw PaintError("the SVG has no viewBox and no absolute width and height, so its ratio is unknown")
    }

    private static func loadPDF(_ data: Data) throws(PaintError) -> (Content, (Double, Double)) {
        let poppler = try Poppler.load()
        var error: UnsafeMutablePointer<GError>?
        // GBytes copies the file; the document keeps it for as long as it lives.
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let document = poppler.documentNewFromBytes(bytes, nil, &error) else {
            throw Self.error(error, "not a PDF file that poppler reads")
        }
        guard poppler.documentGetNPages(document) >= 1, let page = poppler.documentGetPage(document, 0) else {
            g_object_unref(UnsafeMutableRawPointer(document))
            throw PaintError("the PDF has no page")
        }
        var width = 0.0, height = 0.0
        poppler.pageGetSize(page, &width, &height)
        guard width > 0, height > 0 else {
            g_object_unref(UnsafeMutableRawPointer(page))
            g_object_unref(UnsafeMutableRawPointer(document))
            throw PaintError("the PDF's first page has no size")
        }
        return (.pdf(document: document, page: page, poppler: poppler), (width, height))
    }

    private static func loadPNG(_ data: Data) throws(PaintError) -> (Content, (Double, Double)) {
        let reader = PNGStreamReader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(PNGStreamReader.read, Unmanaged.passUnretained(reader).toOpaque())!
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw PaintError("not a PNG file that Cairo reads (\(String(cString: cairo_status_to_string(status))))")
        }
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        return (.png(surface), (width, height))
    }

    private static func error(_ error: UnsafeMutablePointer<GError>?, _ fallback: String = "unknown error") -> PaintError {
        let text = error.map { String(cString: $0.pointee.message) } ?? fallback
        let message = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if let error { g_error_free(error) }
        return PaintError(message)
    }
}

/// Feeds PNG bytes to Cairo's stream reader.
private final class PNGStreamReader {
    let data: Data
    var offset = 0

    init(_ data: Data) { self.data = data }

    static let read: cairo_read_func_t = { closure, buffer, length in
        guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
        let reader = Unmanaged<PNGStreamReader>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard reader.offset + count <= reader.data.count else { return CAIRO_STATUS_READ_ERROR }
        reader.data.withUnsafeBytes { bytes in
            buffer.update(from: bytes.baseAddress!.advanced(by: reader.offset).assumingMemoryBound(to: UInt8.self), count: count)
        }
        reader.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
