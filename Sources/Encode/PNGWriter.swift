import BreakdownPaint
import CPangoCairo
import Foundation

/// Writes an image surface as PNG. (Interim: Cairo's own writer; the fast encoder replaces it.)
final class PNGWriter {
    func encode(_ surface: CairoSurface) throws -> Data {
        final class Box { var data = Data() }
        let box = Box()
        let status = cairo_surface_write_to_png_stream(surface.pointer, { closure, bytes, length in
            let box = Unmanaged<Box>.fromOpaque(closure!).takeUnretainedValue()
            box.data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(box).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.failed("cannot encode PNG") }
        return box.data
    }
}
