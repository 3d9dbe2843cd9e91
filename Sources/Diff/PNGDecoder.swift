import BreakdownEncode
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
    /// Decodes the PNG file at `path`.
    public static func decode(fileAtPath path: String) throws -> PixelImage {
        try decode(readFile(atPath: path), source: path)
    }

    /// Decodes PNG bytes; `source` names them in errors (a path, or a description).
    public static func decode(_ bytes: [UInt8], source: String = "PNG data") throws -> PixelImage {
        guard !bytes.isEmpty else { throw PNGDecodingError(source: source, reason: .empty) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else {
            let reason: PNGDecodingError.Reason =
                signature.starts(with: bytes) ? .truncated(byteCount: bytes.count) : .notPNG
            throw PNGDecodingError(source: source, reason: reason)
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
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let output = UnsafeMutableRawPointer(buffer.baseAddress!)
            Unpremultiply.table.withUnsafeBufferPointer { table in
                for y in 0..<height {
                    let source = pixels + y * stride, row = output + y * width * 4
                    Unpremultiply.convertRow(from: source, to: row, width: width, table: table)
                    if opaque {  // RGB24 leaves the top byte undefined: every pixel is opaque.
                        for x in 0..<width { row.storeBytes(of: 0xFF, toByteOffset: x * 4 + 3, as: UInt8.self) }
                    }
                }
            }
            count = width * height * 4
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    private static func readFile(atPath path: String) throws -> [UInt8] {
        func failure() -> PNGDecodingError {
            PNGDecodingError(source: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        guard let file = fopen(path, "rb") else { throw failure() }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[..<count])
            if count < chunk.count {
                if ferror(file) != 0 { throw failure() }
                return bytes
            }
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
