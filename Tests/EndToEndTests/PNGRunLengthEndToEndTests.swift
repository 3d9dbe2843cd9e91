@testable import BreakdownEncode
import BreakdownContent
import BreakdownDiff
import BreakdownPipeline
import CPangoCairo
import Foundation
import Testing
import BreakdownTestSupport
@testable import RenderTestSupport

/// The tests of PNGRunLengthTests that start a process; the rest are PNGRunLengthTests, in RenderTests.
@Suite("PNG run-length compressor, read back by independent decoders", .serialized)
struct PNGRunLengthEndToEndTests {
    /// Every image through both methods that use the run-length compressor, checked by pngcheck,
    /// PIL, Python's zlib (Adler-32 and None filter bytes) and Cairo's reader.
    @Test("pngcheck, PIL, zlib and Cairo read every image back as its straight RGBA")
    func independentDecoders() throws {
        try #require(access("/usr/bin/pngcheck", X_OK) == 0, "pngcheck is not installed: run make test, which installs it")
        let images = try PNGTestImages.synthetic() + PNGTestImages.rendered()
        let folder = try TestFolder()
        let methods: [PNGEncoder.Method] = [.runLength, .automatic]
        let encoders = try methods.map { try PNGEncoder(method: $0) }
        let libdeflate = try PNGEncoder(method: .libdeflate)
        var names: [String] = []
        for image in images {
            let reference = try image.encode(with: libdeflate)
            for (method, encoder) in zip(methods, encoders) {
                let png = try image.encode(with: encoder)
                let name = "\(image.name)-\(method)"
                try folder.write(png, name + ".png")
                names.append(name)
                // Cairo's reader (libpng): the same pixels as from the encoder before issue 14.
                #expect(try PNGDecoder.decode(png) == PNGDecoder.decode(reference), "\(name): Cairo")
            }
        }
        let check = try ExternalTool.run("/usr/bin/pngcheck", ["-q"] + names.map { folder.path + "/" + $0 + ".png" })
        #expect(check.status == 0, "pngcheck: \(check.output)")

        let python = try PythonDecoder.run(folder: folder.path)
        try #require(python.status == 0, "python3 with PIL (installed by make test): \(python.output)")
        var index = 0
        for image in images {
            let rgba = image.straightRGBA, scanlines = image.noneFilteredScanlines
            for _ in methods {
                let name = names[index]
                index += 1
                #expect(folder.read(name + ".error") == nil, "\(name): \(String(decoding: folder.read(name + ".error") ?? [], as: UTF8.self))")
                let inflated = folder.read(name + ".scanlines") ?? []
                #expect(inflated == scanlines, "\(name): zlib data is not the None-filtered rows: \(difference(inflated, scanlines))")
                let header = Array("RGBA \(image.width) \(image.height)\n".utf8)
                let decoded = folder.read(name + ".rgba") ?? []
                #expect(Array(decoded.prefix(header.count)) == header, "\(name): PIL mode and size")
                let pixels = Array(decoded.dropFirst(header.count))
                #expect(pixels == rgba, "\(name): PIL pixels: \(difference(pixels, rgba))")
            }
        }
    }

    @Test("a wrong Adler-32 or a damaged Huffman stream is caught by the decoders the tests use")
    func decodersCatchDamage() throws {
        let image = try #require(PNGTestImages.rendered().first)
        let png = try image.encode(with: PNGEncoder(method: .runLength))
        let folder = try TestFolder()
        try folder.write(png, "good.png")
        try folder.write(withImageData(png) { $0[$0.count - 1] ^= 0x01 }, "adler.png")
        // Flipping one bit in the middle of the block changes a Huffman code.
        try folder.write(withImageData(png) { $0[$0.count / 2] ^= 0x10 }, "huffman.png")
        let python = try PythonDecoder.run(folder: folder.path)
        try #require(python.status == 0, "\(python.output)")
        #expect(folder.read("good.error") == nil)
        #expect(folder.read("good.scanlines") == image.noneFilteredScanlines, "the undamaged image must decode")
        #expect(folder.read("adler.error") != nil, "zlib accepted a wrong Adler-32")
        let huffman = folder.read("huffman.error") != nil || folder.read("huffman.scanlines") != image.noneFilteredScanlines
        #expect(huffman, "a damaged stream decoded to the right scanlines")
        #expect(try ExternalTool.run("/usr/bin/pngcheck", ["-q", folder.path + "/adler.png"]).status != 0)
    }
}
