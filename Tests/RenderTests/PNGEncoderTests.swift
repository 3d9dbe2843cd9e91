import BreakdownDiff
import BreakdownEncode
import BreakdownPipeline
import CPangoCairo
import BreakdownTestSupport
import Foundation
import Testing
@testable import RenderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

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
