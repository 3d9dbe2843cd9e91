@testable import BreakdownEncode
import BreakdownContent
import BreakdownDiff
import BreakdownPipeline
import CPangoCairo
import Foundation
import Testing
import BreakdownTestSupport
@testable import RenderTestSupport

@Suite("PNG run-length compressor", .serialized)
struct PNGRunLengthTests {
    /// From Cairo's premultiplied pixels the encoder learns, while unpremultiplying, which spans
    /// are transparent and skips comparing them; from straight RGBA it learns nothing and compares
    /// every byte. The spans only save work: the tokens, so the bytes, are the same. Images with
    /// transparent margins, transparent rows, opaque runs and a transparent last row exercise it.
    @Test("the transparent spans found while unpremultiplying give the same bytes as comparing every byte")
    func zeroSpansChangeNothing() throws {
        var images = try PNGTestImages.synthetic() + PNGTestImages.rendered()
        images.append(
            ARGBImage(name: "margins-and-rows", width: 203, height: 23) { x, y in
                y % 5 == 0 || x < 70 || x > 150 ? 0 : (x % 9 == 0 ? 0x80_402010 : 0xFF00_0000)
            })
        let encoder = try PNGEncoder(method: .runLength)
        var spanned = 0
        for image in images {
            let fromPremultiplied = try image.encode(with: encoder)
            let straight = PixelImage(width: image.width, height: image.height, rgba: image.straightRGBA)
            let fromStraight = try encoder.encode(straight)
            #expect(fromPremultiplied == fromStraight, "\(image.name): \(difference(fromPremultiplied, fromStraight))")
            // Which images have a transparent span long enough to be skipped (64 bytes: 16 pixels).
            if straight.rgba.count >= 64, image.words.contains(0) { spanned += 1 }
        }
        #expect(spanned >= 10, "the images must have transparent spans to skip")
    }

    @Test("the same pixels give the same bytes, whatever the encoder encoded before")
    func deterministic() throws {
        let images = try PNGTestImages.synthetic() + PNGTestImages.rendered()
        for method in [PNGEncoder.Method.runLength, .automatic] {
            let warm = try PNGEncoder(method: method)
            for image in images.reversed() { _ = try image.encode(with: warm) }
            for image in images {
                let fresh = try image.encode(with: PNGEncoder(method: method))
                #expect(try image.encode(with: warm) == fresh, "\(image.name) \(method)")
            }
        }
    }

    @Test("breakdown images: run-length output at most 1.3× libdeflate level 1's, and no fallback")
    func sizeOnBreakdowns() throws {
        let libdeflate = try PNGEncoder(method: .libdeflate)
        let runLength = try PNGEncoder(method: .runLength), automatic = try PNGEncoder()
        var ours = 0, theirs = 0
        for image in try PNGTestImages.rendered() {
            let fast = try image.encode(with: runLength), reference = try image.encode(with: libdeflate)
            #expect(Double(fast.count) <= 1.3 * Double(reference.count), "\(image.name): \(fast.count) vs \(reference.count)")
            #expect(try image.encode(with: automatic) == fast, "\(image.name) fell back to libdeflate")
            ours += fast.count
            theirs += reference.count
        }
        #expect(Double(ours) <= 1.15 * Double(theirs), "in all \(ours) bytes vs libdeflate's \(theirs)")
    }

    @Test("noise falls back: automatic output is no larger than libdeflate's, and decodes right")
    func noiseFallsBack() throws {
        let noise = try #require(PNGTestImages.synthetic().first { $0.name == "noise" })
        let automatic = try noise.encode(with: PNGEncoder())
        let libdeflate = try noise.encode(with: PNGEncoder(method: .libdeflate))
        let runLength = try noise.encode(with: PNGEncoder(method: .runLength))
        #expect(Double(runLength.count) > PNGEncoder.fallbackFraction * Double(noise.words.count * 4 + noise.height))
        #expect(automatic.count == min(libdeflate.count, runLength.count))
        #expect(automatic == (libdeflate.count <= runLength.count ? libdeflate : runLength))
    }

    @Test("Huffman codes are complete, prefix-free, canonical and at most the length limit")
    func huffmanCodes() throws {
        var fibonacci: [Int] = []
        var (a, b) = (1, 1)
        for _ in 0..<30 {
            fibonacci.append(a)
            (a, b) = (b, a + b)
        }
        let cases: [(frequencies: [Int], limit: Int)] = [
            (fibonacci, 15), (fibonacci.reversed(), 7), ([0, 0, 5, 0], 15), ([], 15), ([3, 3, 3, 3], 2), ([3, 3, 3, 3, 3], 3),
            (Array(repeating: 1, count: 286), 15), ([1000, 1, 1, 0, 0, 1], 15),
            // Weights of several bytes (the sort goes byte by byte) and equal weights (ties by symbol).
            ([1 << 40, 3, 0, 1 << 33, 7, 70_000, 300, 300, 5 << 20], 15), ((0..<286).map { ($0 * 7919) % 1009 }, 15),
            ((0..<60).map { (($0 * 7919) % 1009 + 1) << 30 }, 15),
        ]
        // Codes the limit does not bind (their Huffman trees are 3, 7, 15 and 11 deep).
        let unbound = Set([[1000, 1, 1, 0, 0, 1]] + cases.suffix(3).map(\.frequencies))
        for (frequencies, limit) in cases {
            let code = HuffmanCode(frequencies: frequencies, maximumLength: limit)
            if unbound.contains(frequencies) {
                // Optimal: the cost (sum of frequency × length) equals the sum of the weights that
                // Huffman's algorithm merges, worked out here with a sorted list.
                var queue = frequencies.filter { $0 > 0 }.sorted(), merged = 0
                while queue.count > 1 {
                    let sum = queue.removeFirst() + queue.removeFirst()
                    merged += sum
                    queue.insert(sum, at: queue.firstIndex { $0 > sum } ?? queue.count)
                }
                let cost = frequencies.indices.reduce(0) { $0 + frequencies[$1] * Int(code.lengths[$1]) }
                #expect(cost == merged, "\(frequencies): cost \(cost), optimal \(merged)")
            }
            let used = code.lengths.indices.filter { code.lengths[$0] > 0 }
            guard !frequencies.isEmpty else {
                #expect(used.isEmpty)
                continue
            }
            #expect(used.count >= 2)
            for symbol in frequencies.indices where frequencies[symbol] > 0 { #expect(code.lengths[symbol] > 0) }
            #expect(code.lengths.allSatisfy { Int($0) <= limit }, "\(frequencies) limit \(limit): \(code.lengths)")
            // Kraft: a complete code's 2^-length sum to exactly 1.
            let kraft = used.reduce(0) { $0 + (1 << (limit - Int(code.lengths[$1]))) }
            #expect(kraft == 1 << limit, "\(frequencies): not complete")
            // Canonical (RFC 1951 3.2.2): ordered by (length, symbol), each code the previous + 1,
            // shifted left when the length grows. Codes are stored bit-reversed.
            let ordered = used.sorted { (code.lengths[$0], $0) < (code.lengths[$1], $1) }
            var expected: UInt32 = 0, previousLength = Int(code.lengths[ordered[0]])
            for (position, symbol) in ordered.enumerated() {
                let length = Int(code.lengths[symbol])
                if position > 0 { expected = (expected + 1) << UInt32(length - previousLength) }
                previousLength = length
                var reversed: UInt32 = 0
                for bit in 0..<length { reversed |= ((expected >> UInt32(bit)) & 1) << UInt32(length - 1 - bit) }
                #expect(code.codes[symbol] == reversed, "\(frequencies): symbol \(symbol)")
            }
        }
    }
}
