@testable import BreakdownEncode
import BreakdownLayout
import BreakdownPaint
import BreakdownPipeline
import CPNGKernels
import Testing
@testable import RenderTestSupport

/// The C kernels of the PNG encoder (Sources/CPNGKernels): each version this CPU runs against
/// straight RGBA worked out in the test with plain division, and against each other.
@Suite("PNG kernels")
struct PNGKernelTests {
    /// Rows made to reach every branch of both versions: eights and fours of transparent pixels
    /// (skipped), opaque ones (reordered), black with partial alpha (reordered), colour with partial
    /// alpha (the table), an eight whose first or second four is transparent, and a shorter last group.
    static func rows() -> [(name: String, words: [UInt32])] {
        var random = TestRandom(state: 0x1234_5678_9ABC_DEF1)
        var rows: [(String, [UInt32])] = []
        for width in Array(0...40) + [63, 64, 65, 907] {
            var words: [UInt32] = []
            for x in 0..<width {
                switch (x / 4 + width) % 7 {
                case 0, 1: words.append(0)
                case 2: words.append(0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF)
                case 3: words.append(UInt32(truncatingIfNeeded: random.next() % 255 + 1) << 24)
                case 4: words.append(x % 3 == 0 ? 0 : random.premultipliedWord())
                default: words.append(random.premultipliedWord())
                }
            }
            rows.append(("mixed-\(width)", words))
        }
        // Each half of an eight transparent while the other is not, and a lone pixel in a four.
        rows.append(("first-four-transparent", [0, 0, 0, 0, 0xFF11_2233, 0x8000_0000, 0x4010_2030, 0xFF00_0000]))
        rows.append(("second-four-transparent", [0xFF11_2233, 0x8000_0000, 0x4010_2030, 0xFF00_0000, 0, 0, 0, 0]))
        rows.append(("lone-pixel", [0, 0, 0, 0, 0, 0, 0x0100_0000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        // Not valid premultiplied data (a channel above alpha, colour under alpha 0): Cairo's
        // arithmetic wraps, and colour under alpha 0 is written as zeros.
        rows.append(("invalid", [0x10FF_FFFF, 0x00FF_FFFF, 0x0000_0001, 0x7FFF_0000, 0x01FF_FFFF, 0, 0, 0, 0x00FF_0000]))
        return rows
    }

    /// What the encoder must write for `words`: straight RGBA with Cairo's rounding, a channel
    /// wrapped to a byte when it exceeds alpha, zeros where alpha is 0.
    static func straight(_ words: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        for word in words {
            let alpha = Int(word >> 24)
            for shift in [16, 8, 0] {
                let channel = Int((word >> UInt32(shift)) & 0xFF)
                bytes.append(alpha == 0 ? 0 : UInt8(truncatingIfNeeded: (channel * 255 + alpha / 2) / alpha))
            }
            bytes.append(UInt8(alpha))
        }
        return bytes
    }

    /// The bytes that may be non-zero: from the first group of four (x = 0, 4, …, while four
    /// remain; then single pixels) holding a non-zero word to the end of the last one.
    static func kept(_ words: [UInt32]) -> Range<Int> {
        var groups: [Range<Int>] = []
        var x = 0
        while x + 4 <= words.count { groups.append(x..<(x + 4)); x += 4 }
        while x < words.count { groups.append(x..<(x + 1)); x += 1 }
        let used = groups.filter { $0.contains { words[$0] != 0 } }
        guard let first = used.first, let last = used.last else { return 0..<0 }
        return (first.lowerBound * 4)..<(last.upperBound * 4)
    }

    /// Runs `words` through kernel set `set` into `output` (whose bytes stay where nothing is
    /// written): `convertRow`, or with `summing` given `convertRowSummed`, which clears `words`
    /// when it is true. The row's kept bytes, and its sums when summed (else 0).
    static func convert(_ words: inout [UInt32], into output: inout [UInt8], set: PNGKernelSet, summing clearing: Bool? = nil)
        -> (kept: Range<Int>, sum: UInt64, weighted: UInt64)
    {
        let width = words.count
        return Unpremultiply.table.withUnsafeBufferPointer { table in
            words.withUnsafeMutableBytes { source in
                output.withUnsafeMutableBytes { destination in
                    // An empty row has no memory: any address does, nothing is read or written.
                    let from = source.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 16)!
                    let to = destination.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 16)!
                    guard let clearing else {
                        return (Unpremultiply.convertRow(from: from, to: to, width: width, table: table, kernels: set), 0, 0)
                    }
                    return Unpremultiply.convertRowSummed(from: from, to: to, width: width, table: table, kernels: set, clearing: clearing)
                }
            }
        }
    }

    @Test("every kernel set converts each row as plain division does, and says which bytes it kept")
    func rowsMatchPlainDivision() throws {
        #expect(PNGKernels.available.first == PNGKernelSetPortable)
        for set in PNGKernels.available {
            for (name, words) in Self.rows() {
                var output = [UInt8](repeating: 0, count: words.count * 4)
                var source = words
                let range = Self.convert(&source, into: &output, set: set).kept
                #expect(output == Self.straight(words), "\(name), kernels \(set.rawValue)")
                #expect(range == Self.kept(words), "\(name), kernels \(set.rawValue)")
            }
        }
    }

    /// The encoder keeps its scanlines zero between images and the kernels skip transparent groups:
    /// what lies under a transparent group of four is not written at all (a marker survives), and
    /// every other pixel is.
    @Test("transparent groups of four are left as they were; every other pixel is written")
    func transparentGroupsAreNotWritten() throws {
        let marker: UInt8 = 0xA5
        for set in PNGKernels.available {
            for (name, words) in Self.rows() {
                var output = [UInt8](repeating: marker, count: words.count * 4)
                var source = words
                _ = Self.convert(&source, into: &output, set: set)
                let expected = Self.straight(words)
                for x in 0..<words.count {
                    let group = x - x % 4
                    let skippable = group + 4 <= words.count && words[group..<(group + 4)].allSatisfy { $0 == 0 }
                    let pixel = Array(output[(x * 4)..<(x * 4 + 4)])
                    if skippable {
                        // AVX2 may write the zeros of a transparent four inside an eight that is not.
                        let left = pixel == [marker, marker, marker, marker] || pixel == [0, 0, 0, 0]
                        #expect(left, "\(name) x \(x), kernels \(set.rawValue): \(pixel)")
                        if set == PNGKernelSetPortable { #expect(pixel == [marker, marker, marker, marker], "\(name) x \(x)") }
                    } else {
                        #expect(pixel == Array(expected[(x * 4)..<(x * 4 + 4)]), "\(name) x \(x), kernels \(set.rawValue)")
                    }
                }
            }
        }
    }

    @Test("every kernel set gives the same PNG bytes for every test image")
    func sameBytesWithEveryKernelSet() throws {
        let images = try PNGTestImages.synthetic() + PNGTestImages.rendered()
        let portable = try PNGEncoder(method: .runLength, kernels: PNGKernelSetPortable)
        for set in PNGKernels.available.dropFirst() {
            let other = try PNGEncoder(method: .runLength, kernels: set)
            for image in images {
                #expect(try image.encode(with: other) == image.encode(with: portable), "\(image.name), kernels \(set.rawValue)")
            }
        }
        // This machine's CPU has AVX2 (the CI machine's does): the fast version is really tested.
        #expect(PNGKernels.best == PNGKernelSetAVX2 || !cpuHasAVX2(), "AVX2 is on this CPU but not chosen")
    }

    /// Adler-32 byte by byte, as RFC 1950 defines it: the reference the rows' sums are checked against.
    static func plainAdler32(_ bytes: [UInt8]) -> UInt32 {
        var first: UInt32 = 1, second: UInt32 = 0
        for byte in bytes {
            first = (first + UInt32(byte)) % 65521
            second = (second + first) % 65521
        }
        return second << 16 | first
    }

    @Test("the summing kernels write what the plain ones do, sum what they wrote, and clear the source when asked")
    func summedRowsSumTheirBytes() throws {
        for set in PNGKernels.available {
            for (name, words) in Self.rows() {
                for clearing in [false, true] {
                    var source = words
                    var output = [UInt8](repeating: 0, count: words.count * 4)
                    let result = Self.convert(&source, into: &output, set: set, summing: clearing)
                    let label = "\(name), kernels \(set.rawValue), clearing \(clearing)"
                    let expected = Self.straight(words)
                    #expect(output == expected, "\(label)")
                    #expect(result.kept == Self.kept(words), "\(label)")
                    #expect(result.sum == expected.reduce(0) { $0 + UInt64($1) }, "\(label)")
                    #expect(result.weighted == expected.enumerated().reduce(0) { $0 + UInt64($1.offset) * UInt64($1.element) }, "\(label)")
                    #expect(source == (clearing ? [UInt32](repeating: 0, count: words.count) : words), "\(label)")
                }
            }
        }
    }

    @Test("an Adler-32 put together from rows' sums is the Adler-32 of their bytes")
    func adlerOfRowsIsAdlerOfBytes() throws {
        var random = TestRandom(state: 0x0DDB_A11C_AFE0_0001)
        // Rows of the test's kinds laid out as scanlines (a filter byte each), and the widest
        // row summed: 2^18 opaque white pixels (every byte 255), the sums' largest.
        var layouts: [[[UInt32]]] = [Self.rows().map(\.words).filter { !$0.isEmpty }]
        layouts.append([[UInt32](repeating: 0xFFFF_FFFF, count: Unpremultiply.longestSummedRow / 4)])
        var rows: [[UInt32]] = []
        for _ in 0..<5 { rows.append((0..<97).map { _ in random.premultipliedWord() }) }
        layouts.append(rows)
        for set in PNGKernels.available {
            for layout in layouts {
                for width in Set(layout.map(\.count)) {
                    let same = layout.filter { $0.count == width }
                    var stream: [UInt8] = []
                    var adler = AdlerOfRows()
                    for var words in same {
                        var row = [UInt8](repeating: 0, count: width * 4)
                        let result = Self.convert(&words, into: &row, set: set, summing: false)
                        adler.add(offset: stream.count + 1, sum: result.sum, weighted: result.weighted)
                        stream += [0] + row
                    }
                    #expect(adler.value(byteCount: stream.count) == Self.plainAdler32(stream), "width \(width), kernels \(set.rawValue)")
                }
            }
        }
    }

    @Test("encoding a PNG for the renderer leaves its pixels all zero, and the next image drawn there is whole")
    func encodingClearsThePixels() throws {
        let renderer = try BreakdownRenderer()
        let settings = RenderSettings(scale: .x2)
        let layout = try renderer.layout(Fixtures.breakdown(), style: LayoutStyle(), scale: .x2)
        let surface = try renderer.paintImage(layout, settings: settings)
        let size = surface.imageLayout.stride * surface.imageLayout.height
        let pixels = UnsafeRawBufferPointer(start: surface.imageData!, count: size)
        #expect(pixels.filter { $0 != 0 }.count > 1000, "the badge and the sentence were drawn")
        let cleared = try renderer.encodePNG(surface, clearing: PixelMemory())
        #expect(pixels.allSatisfy { $0 == 0 })
        // The same image encoded without clearing, from a new drawing: the same bytes.
        #expect(try renderer.encodePNG(renderer.paintImage(layout, settings: settings)) == cleared)
        // Images drawn one after another in the renderer's own memory, which the encoder
        // clears instead of it: each is the image a new renderer draws.
        let texts = ["or 4 interest-free payments of $1,234.56 with", "or 4 payments of $1.00 with", Fixtures.inRangeText]
        for text in texts {
            let image = try renderer.render(Fixtures.breakdown(text: text), settings: settings, format: .png).bytes
            #expect(image == (try BreakdownRenderer().render(Fixtures.breakdown(text: text), settings: settings, format: .png).bytes), "\(text)")
        }
    }

    /// Whether /proc/cpuinfo lists avx2 (read independently of the kernels' own check).
    func cpuHasAVX2() -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("flags") && $0.split(separator: " ").contains("avx2") }
    }
}
