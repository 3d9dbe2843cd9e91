@testable import BreakdownEncode
import BreakdownContent
import BreakdownDiff
import BreakdownPipeline
import CPangoCairo
import Foundation
import Testing
import BreakdownTestSupport

/// Premultiplied Cairo ARGB32 pixels made in the test, with their straight RGBA worked out here
/// with plain division (not the encoder's table).
struct ARGBImage {
    var name: String
    var width: Int
    var height: Int
    /// Native-endian premultiplied words, `width` a row, no padding.
    var words: [UInt32]

    init(name: String, width: Int, height: Int, words: [UInt32]) {
        precondition(words.count == width * height)
        self.name = name
        self.width = width
        self.height = height
        self.words = words
    }

    init(name: String, width: Int, height: Int, pixel: (_ x: Int, _ y: Int) -> UInt32) {
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { words.append(pixel(x, y)) }
        }
        self.init(name: name, width: width, height: height, words: words)
    }

    /// A Cairo image surface's pixels, copied.
    init(name: String, surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        self.init(name: name, width: width, height: height) { x, y in
            data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        }
    }

    /// Straight RGBA: `(channel × 255 + alpha / 2) / alpha`, Cairo's rounding, kept in a byte as
    /// Cairo keeps it (a channel above alpha, not valid premultiplied data, wraps); zeros where
    /// alpha is 0.
    var straightRGBA: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        // Plain index loops: `enumerated()` over tuples costs the debug build a generic call a step.
        for index in 0..<words.count {
            let word = words[index]
            let alpha = Int(word >> 24)
            guard alpha > 0 else { continue }
            func straight(_ shift: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: (Int((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha) }
            bytes[index * 4] = straight(16)
            bytes[index * 4 + 1] = straight(8)
            bytes[index * 4 + 2] = straight(0)
            bytes[index * 4 + 3] = UInt8(alpha)
        }
        return bytes
    }

    /// The scanlines a PNG of this image filtered with None holds: a 0 byte, then the row's RGBA.
    var noneFilteredScanlines: [UInt8] {
        let rgba = straightRGBA
        var bytes: [UInt8] = []
        bytes.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            bytes.append(0)
            bytes.append(contentsOf: rgba[(y * width * 4)..<((y + 1) * width * 4)])
        }
        return bytes
    }

    func encode(with encoder: PNGEncoder) throws -> [UInt8] {
        try words.withUnsafeBytes { try encoder.encode(width: width, height: height, stride: width * 4, argb32: $0.baseAddress!) }
    }
}

/// A deterministic pseudo-random sequence (xorshift64*).
struct TestRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    /// A valid premultiplied word: every colour channel at most alpha.
    mutating func premultipliedWord() -> UInt32 {
        let bits = next()
        let alpha = UInt32(bits & 0xFF)
        func channel(_ shift: UInt64) -> UInt32 { alpha == 0 ? 0 : UInt32((bits >> shift) & 0xFF) % (alpha + 1) }
        return alpha << 24 | channel(8) << 16 | channel(16) << 8 | channel(24)
    }
}

/// The images every decoder must read back exactly.
enum PNGTestImages {
    static func synthetic() -> [ARGBImage] {
        var random = TestRandom(state: 0x9E37_79B9_7F4A_7C15)
        var images: [ARGBImage] = []
        images.append(ARGBImage(name: "transparent", width: 300, height: 40) { _, _ in 0 })
        images.append(ARGBImage(name: "flat-opaque", width: 257, height: 31) { _, _ in 0xFFB2_FCE4 })
        images.append(ARGBImage(name: "flat-half", width: 99, height: 17) { _, _ in 0x8040_2010 })
        images.append(ARGBImage(name: "one-transparent", width: 1, height: 1) { _, _ in 0 })
        images.append(ARGBImage(name: "one-opaque", width: 1, height: 1) { _, _ in 0xFF12_3456 })
        images.append(ARGBImage(name: "one-partial", width: 1, height: 1) { _, _ in 0x7F7F_0040 })
        let noise = (0..<(97 * 61)).map { _ in random.premultipliedWord() }
        images.append(ARGBImage(name: "noise", width: 97, height: 61, words: noise))
        // Wider than DEFLATE's 32 KiB window a row: no copies from the row above.
        images.append(
            ARGBImage(name: "very-wide", width: 9001, height: 3) { x, y in
                x % 50 < 25 ? 0 : (x / 7 + y) % 3 == 0 ? 0xFF00_0000 : 0x3F_0000 | UInt32(64 + x % 64) << 24
            })
        // Found by the encoder fuzz harness: a copy of zeros inside a transparent span that ends one
        // or two bytes on, then bytes unlike the ones 4 back; such a short copy is a literal, and
        // the search must then move on one byte, not the copy's length. Pixels of alpha 0 with
        // colour (kept by the unpremultiplier, written as zeros) end the spans at odd places.
        // As found, in the first two rows (the search's edge loop); then four pixels two rows down,
        // where a span ends two bytes after a copy of it starts (the search's interior loop).
        let spanEnds: [Int: UInt32] = [
            5: 0xFFFF_FF00, 6: 0xFFFF_FFFF, 7: 0xFFFF_FFFF, 8: 0xFFFF_FFFF, 9: 0xFFFF_FFFF, 10: 0xFFFF_FFFF,
            11: 0xFFFF_FFFF, 12: 0xFFFF, 27: 0x2233_4400, 28: 0x2233_44FF, 29: 0x2233_44FF, 30: 0x2233_44FF,
            31: 0x2233_44FF, 32: 0x2233_44FF, 33: 0x7FF, 49: 0x2010_0000, 50: 0x2010_FF30, 51: 0x2010_FF30,
            52: 0x2010_FF30, 53: 0x2010_FF30, 54: 0x3344_FF22, 55: 0x3344_FF22, 56: 0x3344_FF22, 57: 0x3344_FF22,
            58: 0xFF22, 59: 0x3F00, 60: 0x3F00_3F00, 63: 0x3F,
        ]
        images.append(ARGBImage(name: "span-end-short-copy", width: 64, height: 2) { x, y in spanEnds[y * 64 + x] ?? 0 })
        let interiorSpanEnds: [Int: UInt32] = [143: 0x2000_0020, 173: 0x8080_0000, 208: 0x2020_0000, 245: 0x8000_0080]
        images.append(
            ARGBImage(name: "span-end-short-copy-interior", width: 64, height: 6) { x, y in interiorSpanEnds[y * 64 + x] ?? 0 })
        images.append(ARGBImage(name: "very-tall", width: 2, height: 3001) { x, y in y % 40 < 20 ? 0 : UInt32(y % 256) << 24 | UInt32(x) })
        for width in [1, 2, 3, 5, 7, 13, 33] {
            images.append(
                ARGBImage(name: "odd-width-\(width)", width: width, height: 9) { x, y in
                    let alpha = UInt32((x * 37 + y * 11) % 256)
                    return (x + y) % 4 == 0 ? 0 : alpha << 24 | (alpha / 2) << 8
                })
        }
        // Literal counts in Fibonacci proportions: the optimal literal code is deeper than 15 bits,
        // so the encoder must limit code lengths. Shuffled so that few copies are found.
        var values: [UInt8] = []
        var (a, b) = (1, 1)
        for value in 0..<26 {
            values.append(contentsOf: repeatElement(UInt8(value * 9 + 1), count: a))
            (a, b) = (b, a + b)
        }
        for index in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        let pixels = values.count / 3
        let width = 500, height = pixels / width
        images.append(
            ARGBImage(name: "skewed-literals", width: width, height: height) { x, y in
                let i = (y * width + x) * 3
                return 0xFF00_0000 | UInt32(values[i]) << 16 | UInt32(values[i + 1]) << 8 | UInt32(values[i + 2])
            })
        return images
    }

    /// Breakdowns drawn by the renderer at every scale, transparent and on white and black.
    static func rendered() throws -> [ARGBImage] {
        let renderer = try Fixtures.renderer()
        var images: [ARGBImage] = []
        let texts = [Fixtures.inRangeText, "or 4 interest-free payments of $1,234.56 with"]
        for scale in [RenderScale.x1, .x2, .x3] {
            for background in [nil, RGBAColor.white, RGBAColor.black] {
                for (index, text) in texts.enumerated() {
                    let settings = RenderSettings(scale: scale, background: background)
                    let layout = try renderer.layout(Fixtures.breakdown(text: text), style: settings.style)
                    let surface = try renderer.paintImage(layout, settings: settings)
                    let name = "rendered-scale\(scale)-\(background.map { "\($0.red)" } ?? "clear")-\(index)"
                    images.append(ARGBImage(name: name, surface: surface.pointer))
                }
            }
        }
        let drawn = BreakdownTestSurface()
        images.append(ARGBImage(name: "naive-benchmark-like", surface: drawn.surface))
        return images
    }
}

/// Runs Python with PIL and zlib over a folder of PNGs. For each `name.png` it writes
/// `name.rgba` (PIL's decoded RGBA pixels; its mode and size on the first line of `report`) and
/// `name.scanlines` (the IDAT chunks joined and inflated by `zlib.decompress`, which checks the
/// Adler-32), or `name.error` with the exception.
enum PythonDecoder {
    static let script = """
        import os, struct, sys, zlib
        from PIL import Image
        folder = sys.argv[1]
        for name in sorted(os.listdir(folder)):
            if not name.endswith('.png'):
                continue
            path = os.path.join(folder, name)
            stem = path[:-4]
            try:
                data = open(path, 'rb').read()
                offset, idat = 8, b''
                while offset < len(data):
                    length, kind = struct.unpack('>I4s', data[offset:offset + 8])
                    if kind == b'IDAT':
                        idat += data[offset + 8:offset + 8 + length]
                    offset += 12 + length
                open(stem + '.scanlines', 'wb').write(zlib.decompress(idat))
                with Image.open(path) as image:
                    image.load()
                    open(stem + '.rgba', 'wb').write(('%s %d %d\\n' % (image.mode, image.width, image.height)).encode() + image.tobytes())
            except Exception as error:
                open(stem + '.error', 'w').write(repr(error))
        """

    static func run(folder: String) throws -> (status: Int32, output: String) {
        let scriptPath = folder + "/decode.py"
        try script.write(toFile: scriptPath, atomically: false, encoding: .utf8)
        return try ExternalTool.run("/usr/bin/env", ["python3", scriptPath, folder])
    }
}

/// A fresh folder in the temporary directory, removed with the object.
final class TestFolder {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-png-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ bytes: [UInt8], _ name: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name)) }
    func read(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: path + "/" + name).map { [UInt8]($0) } }
}

/// The PNG with its IDAT data (one chunk) changed by `change`, and the chunk's CRC made right again,
/// so that only the zlib stream is wrong.
func withImageData(_ png: [UInt8], _ change: (inout [UInt8]) -> Void) -> [UInt8] {
    let idat = 33  // signature (8) + IHDR chunk (25)
    precondition(Array(png[idat + 4..<idat + 8]) == Array("IDAT".utf8))
    let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
    var data = Array(png[idat + 8..<idat + 8 + length])
    change(&data)
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in Array("IDAT".utf8) + data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    crc = ~crc
    var result = Array(png[0..<idat + 8]) + data
    result += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    return result + png[(idat + 12 + length)...]
}

/// Where two byte arrays first differ, for a short failure message.
func difference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
    guard actual.count == expected.count else { return "\(actual.count) bytes, expected \(expected.count)" }
    guard let index = actual.indices.first(where: { actual[$0] != expected[$0] }) else { return "same" }
    return "byte \(index) is \(actual[index]), expected \(expected[index])"
}
