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

    /// Each token's start in the scanlines, whether it is a copy, and the copy's distance,
    /// read back from the token format (`PNGRunLengthCompressor.Token`).
    private static func decoded(_ tokens: [UInt32]) -> [(start: Int, copy: Bool, distance: Int)] {
        var position = 0
        return tokens.map { token in
            let value = Int(token & 0x1FF), start = position
            guard value >= 256 else {
                position += 1
                return (start, false, 0)
            }
            let code = Int((token >> 9) & 0x1F), extra = Int(token >> 14)
            // RFC 1951 3.2.5: codes 0–3 are distances 1–4, then each pair of codes doubles the span.
            let base = code < 4 ? code + 1 : (2 + code % 2) << (code / 2 - 1) + 1
            position += value - 256 + 3
            return (start, true, base + extra)
        }
    }

    /// The hashed candidate is looked up only at a pixel's red or alpha byte that is not zero
    /// (issue 49): so a copy from any distance but the pixel before's and the row above's starts
    /// there. On a crafted image the repeats are placed so that, with lookups at every byte,
    /// they would start at a green byte, a blue byte and a zero red byte; and a repeat that starts
    /// at a red byte is still found there.
    @Test("hashed copies start only at a pixel's red or alpha byte, not zero")
    func hashedCopiesStartAtRedOrAlpha() throws {
        let width = 64, rowDistance = width * 4 + 1
        // Distinct bytes, none zero, no pixel like the one before or the one above.
        func pixel(_ index: Int, _ salt: Int) -> [UInt8] {
            (0..<4).map { UInt8(1 + (index * 37 + $0 * 11 + salt * 53) % 200) }
        }
        var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: width * 4), count: 6)
        // Row 1: eight pixels at x = 2 and again at x = 30: found at the second one's red byte.
        for i in 0..<8 {
            rows[1].replaceSubrange((2 + i) * 4..<(3 + i) * 4, with: pixel(i, 1))
            rows[1].replaceSubrange((30 + i) * 4..<(31 + i) * 4, with: pixel(i, 1))
        }
        // Row 2: the same 30 bytes from a green byte at x = 2 and x = 30 (the red bytes before
        // them differ): the copy can only start at the alpha byte two bytes on.
        let run = (0..<8).flatMap { pixel($0, 2) }.prefix(30)
        rows[2].replaceSubrange(2 * 4 + 1..<2 * 4 + 31, with: run)
        rows[2].replaceSubrange(30 * 4 + 1..<30 * 4 + 31, with: run)
        rows[2][2 * 4] = 201
        rows[2][30 * 4] = 202
        // Row 3: the same from a zero red byte: the copy starts at that pixel's alpha byte.
        var zeroRed = (0..<8).flatMap { pixel($0, 3) }
        zeroRed[0] = 0
        rows[3].replaceSubrange(2 * 4..<10 * 4, with: zeroRed)
        rows[3].replaceSubrange(30 * 4..<38 * 4, with: zeroRed)
        let scanlines: [UInt8] = rows.reduce(into: []) { $0 += [0] + $1 }
        let compressor = PNGRunLengthCompressor()
        _ = scanlines.withUnsafeBytes { compressor.analyze($0.baseAddress!, byteCount: scanlines.count, rowBytes: width * 4) }
        let tokens = Self.decoded(compressor.tokens)
        #expect(tokens.last.map { $0.start + ($0.copy ? 0 : 1) } ?? 0 <= scanlines.count)
        func copy(at position: Int) -> (start: Int, copy: Bool, distance: Int)? { tokens.first { $0.start == position } }
        // Where the rule says the copies start, 28 pixels back.
        let row1 = rowDistance + 1 + 30 * 4, row2 = 2 * rowDistance + 1 + 30 * 4, row3 = 3 * rowDistance + 1 + 30 * 4
        for (start, what) in [(row1, "a red byte"), (row2 + 3, "the alpha byte after a green start"), (row3 + 3, "the alpha after a zero red")] {
            let token = try #require(copy(at: start), "no token starts at \(what) (\(start))")
            #expect(token.copy && token.distance == 28 * 4, "at \(what): \(token)")
        }
        for start in [row2 + 1, row2 + 2, row3] {
            #expect(copy(at: start).map { !$0.copy } == true, "a literal at \(start), where no lookup is made")
        }
        // And on every rendered and synthetic image: a copy from another distance starts only there.
        for image in try PNGTestImages.synthetic() + PNGTestImages.rendered() {
            let lines = image.noneFilteredScanlines, distance = image.width * 4 + 1
            guard lines.count >= 8 else { continue }
            _ = lines.withUnsafeBytes { compressor.analyze($0.baseAddress!, byteCount: lines.count, rowBytes: image.width * 4) }
            for token in Self.decoded(compressor.tokens) where token.copy && token.distance != 4 && token.distance != distance {
                let place = (token.start % distance - 1) & 3
                #expect(
                    lines[token.start] != 0 && (place == 0 || place == 3),
                    "\(image.name): a copy from \(token.distance) back starts at \(token.start), byte \(lines[token.start]), place \(place)")
            }
        }
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
