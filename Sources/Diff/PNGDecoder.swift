import BreakdownEncode
import BreakdownLayout
import BreakdownPaint
import CPangoCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads PNG files into straight-alpha RGBA `PixelImage`s, with Cairo's PNG reader (libpng).
///
/// Cairo keeps pixels premultiplied, so a semi-transparent pixel comes back as the straight colour
/// Cairo's own writer would give for it: exact for images drawn with Cairo, rounded otherwise.
public enum PNGDecoder {
    /// The most pixels decoded: the largest image the renderer draws (`ImageLimits.maximumPixels`).
    /// A header claiming more is refused before any pixel memory is allocated.
    public static let maximumPixels = ImageLimits.maximumPixels
    /// The largest PNG file read, 64 MiB (an incompressible 16-megapixel RGBA image fits).
    public static let maximumFileSize = 64 << 20

    /// Decodes the PNG file at `path` (a regular file of at most `maximumFileSize` bytes).
    public static func decode(fileAtPath path: String) throws -> PixelImage {
        try decode(readFile(atPath: path), source: path)
    }

    /// The pixel size in the PNG's header (the IHDR chunk right after the signature), without
    /// decoding anything; nil when the bytes do not start like a PNG.
    public static func headerSize(of bytes: [UInt8]) -> PixelSize? {
        PNGHeader.size(of: bytes).map { PixelSize(width: $0.width, height: $0.height) }
    }

    /// Decodes PNG bytes; `source` names them in errors (a path, or a description).
    public static func decode(_ bytes: [UInt8], source: String = "PNG data") throws -> PixelImage {
        guard !bytes.isEmpty else { throw PNGDecodingError(source: source, reason: .empty) }
        let signature = PNGHeader.signature
        guard bytes.starts(with: signature) else {
            let reason: PNGDecodingError.Reason =
                signature.starts(with: bytes)
                ? .truncated(byteCount: bytes.count) : bytes.starts(with: Array("version https://git-lfs.github.com/spec/".utf8)) ? .gitLFSPointer : .notPNG
            throw PNGDecodingError(source: source, reason: reason)
        }
        if let size = headerSize(of: bytes) {
            let pixels = size.width.multipliedReportingOverflow(by: size.height)
            guard size.width <= 32767, size.height <= 32767, !pixels.overflow, pixels.partialValue <= maximumPixels else {
                throw PNGDecodingError(source: source, reason: .tooLarge(width: size.width, height: size.height))
            }
        }
        return try bytes.withUnsafeBytes { data in
            let reader = Reader(data: data)
            let surface = withExtendedLifetime(reader) {
                cairo_image_surface_create_from_png_stream(
                    { closure, destination, length in
                        let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                        return reader.read(into: destination!, length: Int(length))
                    }, Unmanaged.passUnretained(reader).toOpaque())
            }
            defer { cairo_surface_destroy(surface) }
            let status = cairo_surface_status(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                if reader.ranOut { throw PNGDecodingError(source: source, reason: .truncated(byteCount: data.count)) }
                // Cairo reports libpng's refusal of a damaged file as one of its own statuses
                // (often "out of memory"): the chunks say what is really wrong.
                if let damage = PNGChunkCheck.firstDamage(bytes) { throw PNGDecodingError(source: source, reason: .damaged(damage)) }
                let why = String(cString: cairo_status_to_string(status))
                throw PNGDecodingError(source: source, reason: .corrupt(why))
            }
            return pixelImage(of: surface!)
        }
    }

    /// Straight RGBA pixels of an image surface Cairo's PNG reader made.
    private static func pixelImage(of surface: OpaquePointer) -> PixelImage {
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            // Newer Cairo reads 16-bit PNGs into float formats: let Cairo convert those to ARGB32.
            let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
            let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
            defer { cairo_surface_destroy(converted) }
            let context = cairo_create(converted)
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_paint(context)
            cairo_destroy(context)
            return pixelImage(of: converted!)
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let opaque = format == CAIRO_FORMAT_RGB24
        // Zeros first: the conversion does not write transparent pixels.
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBytes { buffer in
            guard let output = buffer.baseAddress else { return }
            Unpremultiply.table.withUnsafeBufferPointer { table in
                for y in 0..<height {
                    let source = pixels + y * stride, row = output + y * width * 4
                    Unpremultiply.convertRow(from: source, to: row, width: width, table: table)
                    if opaque {  // RGB24 leaves the top byte undefined: every pixel is opaque.
                        for x in 0..<width { row.storeBytes(of: 0xFF, toByteOffset: x * 4 + 3, as: UInt8.self) }
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    private static func readFile(atPath path: String) throws -> [UInt8] {
        do throws(RegularFile.Problem) {
            return try RegularFile.read(path, limit: maximumFileSize)
        } catch {
            // The system's words when opening failed ("No such file or directory"), else what is wrong with the file.
            throw PNGDecodingError(source: path, reason: .unreadable(error.code.map { String(cString: strerror($0)) } ?? "it \(error.reason)"))
        }
    }

    /// Hands Cairo the PNG bytes in the pieces it asks for, and notes whether they ran out.
    private final class Reader {
        let data: UnsafeRawBufferPointer
        var offset = 0
        var ranOut = false

        init(data: UnsafeRawBufferPointer) { self.data = data }

        func read(into destination: UnsafeMutablePointer<UInt8>, length: Int) -> cairo_status_t {
            guard length <= data.count - offset else {
                ranOut = true
                return CAIRO_STATUS_READ_ERROR
            }
            UnsafeMutableRawPointer(destination).copyMemory(from: data.baseAddress! + offset, byteCount: length)
            offset += length
            return CAIRO_STATUS_SUCCESS
        }
    }
}
