import CPangoCairo
import Foundation

/// Owns one `cairo_surface_t`: an ARGB32 image, an SVG or PDF document written to memory, or a
/// recording of drawing to replay.
public final class CairoSurface {
    package let pointer: OpaquePointer
    /// What the SVG and PDF surfaces write; filled by Cairo through the stream callback.
    private let sink: DataSink?

    private init(pointer: OpaquePointer, sink: DataSink?) throws(PaintError) {
        self.pointer = pointer
        self.sink = sink
        try Self.check(cairo_surface_status(pointer), "create a surface")
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// A transparent ARGB32 image of whole pixels.
    public static func image(width: Int, height: Int) throws(PaintError) -> CairoSurface {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw PaintError("image size \(width) × \(height) px is not drawable: each side must be 1...32767 px")
        }
        return try CairoSurface(pointer: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)), sink: nil)
    }

    /// A transparent ARGB32 image drawn into `memory`, which is reused from image to image (no
    /// allocation or page faults per image). The surface must not outlive the next use of `memory`.
    package static func image(width: Int, height: Int, in memory: PixelMemory) throws(PaintError) -> CairoSurface {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw PaintError("image size \(width) × \(height) px is not drawable: each side must be 1...32767 px")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let data = memory.zeroed(byteCount: stride * height)
        let surface = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
        return try CairoSurface(pointer: surface, sink: nil)
    }

    /// An SVG document written to memory; read it with `finish()`. Its width and height are in
    /// CSS pixels, one per point (an iOS point is a CSS pixel), so a browser shows it at the same
    /// size as the PNG at scale 1; Cairo's default unit, pt, would show it a third larger.
    public static func svg(width: Double, height: Double) throws(PaintError) -> CairoSurface {
        let sink = DataSink()
        let surface = cairo_svg_surface_create_for_stream(DataSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height)!
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        return try CairoSurface(pointer: surface, sink: sink)
    }

    /// A PDF document in points, written to memory; read it with `finish()`.
    public static func pdf(width: Double, height: Double) throws(PaintError) -> CairoSurface {
        let sink = DataSink()
        let surface = cairo_pdf_surface_create_for_stream(DataSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height)!
        // No creation date: the same input gives the same document. Cairo writes the current time
        // as /CreationDate unless told otherwise; an empty date is not a valid ISO 8601 date, which
        // makes Cairo drop the entry (measured: without this, PDFs differ from one second to the next).
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "breakdown")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        return try CairoSurface(pointer: surface, sink: sink)
    }

    /// A recording of vector drawing within (0, 0, width, height). Bounded, so replaying it
    /// into an SVG or PDF never depends on extents Cairo would otherwise have to guess.
    static func recording(width: Double, height: Double) throws(PaintError) -> CairoSurface {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        return try CairoSurface(pointer: cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents), sink: nil)
    }

    /// Finishes a document surface and returns what it wrote.
    public func finish() throws(PaintError) -> Data {
        cairo_surface_finish(pointer)
        try Self.check(cairo_surface_status(pointer), "finish the document")
        return sink?.data ?? Data()
    }

    /// Pixel size, stride and the premultiplied ARGB32 words of an image surface.
    package var imageLayout: (width: Int, height: Int, stride: Int) {
        cairo_surface_flush(pointer)
        return (
            Int(cairo_image_surface_get_width(pointer)), Int(cairo_image_surface_get_height(pointer)),
            Int(cairo_image_surface_get_stride(pointer))
        )
    }

    package var imageData: UnsafeMutableRawPointer? {
        cairo_image_surface_get_data(pointer).map(UnsafeMutableRawPointer.init)
    }

    static func check(_ status: cairo_status_t, _ action: String) throws(PaintError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PaintError("cairo could not \(action): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}

/// Collects the bytes Cairo streams out.
private final class DataSink {
    var data = Data()

    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<DataSink>.fromOpaque(closure).takeUnretainedValue()
        sink.data.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }
}
