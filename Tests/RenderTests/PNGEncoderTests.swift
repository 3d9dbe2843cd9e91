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

@Suite("PNG encoder")
struct PNGEncoderTests {
    @Test("decoded pixels equal those of Cairo's own PNG writer for a drawn breakdown")
    func matchesCairoWriter() throws {
        let drawn = BreakdownTestSurface()
        let ours = try PNGDecoder.decode(try drawn.encode(with: PNGEncoder()), source: "encoder output")
        let cairos = try PNGDecoder.decode(drawn.cairoPNG(), source: "cairo output")
        #expect(ours.width == drawn.width && ours.height == drawn.height)
        #expect(ours == cairos, "\(ImageComparison.exact.compare(reference: cairos, actual: ours))")
    }

    @Test("encode then decode gives the unpremultiplied source, including partly transparent pixels")
    func roundTrip() throws {
        let drawn = BreakdownTestSurface()
        let expected = drawn.straightImage()
        let partlyTransparent = stride(from: 3, to: expected.rgba.count, by: 4).filter {
            expected.rgba[$0] != 0 && expected.rgba[$0] != 255
        }
        #expect(partlyTransparent.count > 100, "the test image should exercise the slow unpremultiply path")
        let decoded = try PNGDecoder.decode(try drawn.encode(with: PNGEncoder()))
        #expect(decoded == expected, "\(ImageComparison.exact.compare(reference: expected, actual: decoded))")
    }

    @Test("a straight-alpha PixelImage round-trips exactly when opaque or fully transparent")
    func pixelImageRoundTrip() throws {
        var image = PixelImage(width: 3, height: 2, filledWith: [10, 20, 30, 255])
        image[1, 0] = [0, 0, 0, 0]
        image[2, 1] = [255, 0, 128, 255]
        let png = try PNGEncoder().encode(image)
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test("the same pixels give the same bytes, from one encoder or two", arguments: [1, 4, 9])
    func deterministic(level: Int) throws {
        let drawn = BreakdownTestSurface()
        let encoder = try PNGEncoder(method: .libdeflate, compressionLevel: level)
        let first = try drawn.encode(with: encoder)
        let other = try BreakdownTestSurface(amount: "$31.25").encode(with: encoder)
        let second = try drawn.encode(with: encoder)
        let third = try drawn.encode(with: PNGEncoder(method: .libdeflate, compressionLevel: level))
        #expect(first == second)
        #expect(first == third)
        #expect(first != other)
    }

    @Test("output is a well-formed 8-bit RGBA PNG with only IHDR, IDAT and IEND")
    func wellFormed() throws {
        let drawn = BreakdownTestSurface()
        let png = try drawn.encode(with: PNGEncoder())
        #expect(pngChunkTypes(png) == ["IHDR", "IDAT", "IEND"])
        // IHDR: width, height, bit depth 8, colour type 6 (RGBA), deflate, filter method 0, no interlace.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == drawn.width && height == drawn.height)
        #expect(Array(png[24..<29]) == [8, 6, 0, 0, 0])
    }

    /// pngcheck is installed by `make test` (see the README); without it this test fails.
    @Test("pngcheck, an independent checker, accepts the output")
    func pngcheckAccepts() throws {
        try #require(access("/usr/bin/pngcheck", X_OK) == 0, "pngcheck is not installed: run make test, which installs it")
        let png = try BreakdownTestSurface().encode(with: PNGEncoder())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-pngcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.png").path
        let file = try #require(fopen(path, "wb"))
        #expect(fwrite(png, 1, png.count, file) == png.count)
        fclose(file)
        SpawnLog.note()
        let status = system("/usr/bin/pngcheck -q \(path)")
        #expect(status == 0)
    }

    @Test("the output is no more than 1.15 times the size of Cairo's for the same image")
    func sizeAgainstCairo() throws {
        for opaque in [false, true] {
            let drawn = BreakdownTestSurface(opaqueBackground: opaque)
            let ours = try drawn.encode(with: PNGEncoder()).count
            let cairos = drawn.cairoPNG().count
            #expect(Double(ours) <= 1.15 * Double(cairos), "ours \(ours) bytes, Cairo's \(cairos) (opaque: \(opaque))")
        }
    }

    @Test("bad sizes, strides and levels are errors, not crashes")
    func rejectsBadInput() throws {
        let encoder = try PNGEncoder()
        let pixels = [UInt8](repeating: 0, count: 64)
        pixels.withUnsafeBytes { raw in
            #expect(throws: PNGEncodingError.invalidSize(width: 0, height: 2)) {
                try encoder.encode(width: 0, height: 2, stride: 16, argb32: raw.baseAddress!)
            }
            #expect(throws: PNGEncodingError.invalidStride(stride: 12, width: 4)) {
                try encoder.encode(width: 4, height: 2, stride: 12, argb32: raw.baseAddress!)
            }
        }
        #expect(throws: PNGEncodingError.compressorUnavailable(level: 13)) { try PNGEncoder(compressionLevel: 13) }
        #expect(throws: PNGEncodingError.invalidSize(width: 0, height: 0)) {
            try encoder.encode(PixelImage(width: 0, height: 0))
        }
    }

    @Test("premultiplied channels unpremultiply with Cairo's rounding at the fast and slow paths")
    func unpremultiplyArithmetic() throws {
        // One row: opaque, transparent (colour ignored), and three partial alphas.
        let words: [UInt32] = [0xFF12_3456, 0x00AB_CDEF, 0x8040_2010, 0x0101_0001, 0x7F7F_0040]
        let png = try words.withUnsafeBytes {
            try PNGEncoder().encode(width: words.count, height: 1, stride: words.count * 4, argb32: $0.baseAddress!)
        }
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == [0x12, 0x34, 0x56, 255])
        #expect(image[1, 0] == [0, 0, 0, 0])
        func straight(_ channel: Int, _ alpha: Int) -> UInt8 { UInt8((channel * 255 + alpha / 2) / alpha) }
        #expect(image[2, 0] == SIMD4(straight(0x40, 0x80), straight(0x20, 0x80), straight(0x10, 0x80), 0x80))
        #expect(image[2, 0] == [128, 64, 32, 128])
        #expect(image[3, 0] == [255, 0, 255, 1])
        #expect(image[4, 0] == SIMD4(255, 0, straight(0x40, 0x7F), 0x7F))
    }
}
