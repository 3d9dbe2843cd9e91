import BreakdownDiff
import BreakdownEncode
import BreakdownPipeline
import CPangoCairo
import BreakdownTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A Cairo ARGB32 surface drawn like the naive benchmark: the in-range sentence in Inter 17px at
/// scale 2, and a mint pill where the badge goes. Destroyed with the object.
final class BreakdownTestSurface {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    let stride: Int

    init(amount: String = "$25.00", opaqueBackground: Bool = false) {
        let fontMap = pango_cairo_font_map_new()
        let context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        let font = pango_font_description_from_string("Inter 17px")
        let layout = pango_layout_new(context)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, "or 4 interest-free payments of \(amount) with", -1)
        var textWidth: Int32 = 0, textHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &textWidth, &textHeight)

        let scale = 2.0, badgeWidth = 105.0, badgeHeight = 36.5, gap = 5.0
        let width = Double(textWidth) + gap + badgeWidth + gap + 20
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(badgeHeight * scale))
        let cr = cairo_create(surface)
        cairo_scale(cr, scale, scale)
        if opaqueBackground {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
        }
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_move_to(cr, 0, (badgeHeight - Double(textHeight)) / 2)
        pango_cairo_show_layout(cr, layout)
        let x = Double(textWidth) + gap, radius = badgeHeight / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + badgeWidth - radius, radius, radius, -Double.pi / 2, Double.pi / 2)
        cairo_arc(cr, x + radius, radius, radius, Double.pi / 2, 3 * Double.pi / 2)
        cairo_close_path(cr)
        cairo_set_source_rgb(cr, 0.698, 0.988, 0.894)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        g_object_unref(UnsafeMutableRawPointer(layout))
        pango_font_description_free(font)
        cairo_font_options_destroy(options)
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))

        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
        self.stride = Int(cairo_image_surface_get_stride(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    var pixels: UnsafeMutableRawPointer { UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!) }

    /// The premultiplied native-endian word of pixel (x, y).
    func word(x: Int, y: Int) -> UInt32 { pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }

    func encode(with encoder: PNGEncoder) throws -> [UInt8] {
        try encoder.encode(width: width, height: height, stride: stride, argb32: pixels)
    }

    /// The PNG Cairo's own writer makes of the surface.
    func cairoPNG() -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        precondition(status == CAIRO_STATUS_SUCCESS)
        return sink.bytes
    }

    /// The straight RGBA image, unpremultiplied here with plain division, independent of the encoder.
    func straightImage() -> PixelImage {
        var image = PixelImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let word = word(x: x, y: y)
                let alpha = Int(word >> 24)
                guard alpha > 0 else { continue }
                func straight(_ shift: UInt32) -> UInt8 {
                    UInt8((Int((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha)
                }
                image[x, y] = [straight(16), straight(8), straight(0), UInt8(alpha)]
            }
        }
        return image
    }
}

/// The chunk types of a PNG, in order, checking the signature and every chunk's CRC with a
/// bit-by-bit CRC-32 written here (independent of libdeflate's).
func pngChunkTypes(_ png: [UInt8]) -> [String]? {
    guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
    func bigEndian(_ offset: Int) -> UInt32 { png[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
    var types: [String] = []
    var offset = 8
    while offset + 12 <= png.count {
        let length = Int(bigEndian(offset))
        guard offset + 12 + length <= png.count else { return nil }
        guard crc32(png[offset + 4..<offset + 8 + length]) == bigEndian(offset + 8 + length) else { return nil }
        types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
        offset += 12 + length
    }
    return offset == png.count ? types : nil
}
