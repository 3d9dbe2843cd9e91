@testable import BreakdownEncode
import BreakdownContent
import BreakdownDiff
import BreakdownLayout
import BreakdownPipeline
import CDeflate
import Foundation
import Testing
import BreakdownTestSupport
@testable import RenderTestSupport

/// Bands: columns the encoder tokenizes on their own and reuses from image to image (`PNGBand`).
/// Every image is read back by libdeflate's own decompressor (which checks each distance against
/// the window and the Adler-32) and compared with its scanlines worked out here; and the bytes of
/// an image must be those a new encoder makes, whatever the encoder kept from earlier images.
@Suite("PNG bands", .serialized)
struct PNGBandTests {
    /// The scanlines of a PNG's image data, inflated by libdeflate; nil when it will not inflate.
    static func scanlines(of png: [UInt8], count: Int) -> [UInt8]? {
        var data: [UInt8] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[at + 4..<at + 8].elementsEqual("IDAT".utf8) { data += png[at + 8..<at + 8 + length] }
            at += 12 + length
        }
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: count)
        var written = 0
        let result = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, $0.baseAddress, count, &written) }
        }
        return result == LIBDEFLATE_SUCCESS && written == count ? output : nil
    }

    static func encode(_ image: ARGBImage, bands: [Range<Int>], with encoder: PNGEncoder) throws -> [UInt8] {
        var nonZero: [Range<Int>] = []
        return try image.words.withUnsafeBytes {
            try encoder.encode(width: image.width, height: image.height, stride: image.width * 4, argb32: $0.baseAddress!, nonZero: &nonZero, bands: bands)
        }
    }

    /// Encodes `image` with `bands` through `encoder`, and checks that it reads back right and that
    /// a new encoder gives the same bytes.
    static func check(_ image: ARGBImage, bands: [Range<Int>], with encoder: PNGEncoder, _ what: String) throws {
        let bytes = try encode(image, bands: bands, with: encoder)
        let expected = image.noneFilteredScanlines
        let read = scanlines(of: bytes, count: expected.count)
        #expect(read != nil, "\(what): libdeflate cannot read it back")
        #expect(read == expected, "\(what): other pixels read back")
        #expect(try encode(image, bands: bands, with: PNGEncoder(method: .runLength)) == bytes, "\(what): a new encoder writes other bytes")
    }

    /// Antialiased text-like pixels: grey edges of varying alpha around black strokes, from `seed`.
    static func textLike(_ x: Int, _ y: Int, seed: Int) -> UInt32 {
        let value = (x * 7 + y * 13 + seed * 31) % 23
        if y < 3 || y > 20 || value > 15 { return 0 }
        let alpha = UInt32(value < 8 ? 255 : 40 + value * 11)
        return alpha << 24
    }

    @Test("bands read back right and the bytes do not depend on earlier images, at many widths and band shapes")
    func bandsReadBackAndAreReused() throws {
        let encoder = try PNGEncoder(method: .runLength)
        // The same columns before and after a middle whose width and pixels change, as a sentence
        // whose instalment changes: the bands are found again at every width.
        for (index, middle) in [40, 41, 57, 80, 40, 63].enumerated() {
            let width = 120 + middle + 90
            let image = ARGBImage(name: "sentence-\(index)", width: width, height: 24) { x, y in
                if x < 120 { return Self.textLike(x, y, seed: 1) }
                if x < 120 + middle { return Self.textLike(x, y, seed: 2 + index) }
                return Self.textLike(x - width, y, seed: 3) | (x - width > -30 && y > 8 && y < 16 ? 0xFFB2_FCE4 : 0)
            }
            try Self.check(image, bands: [0..<117, (123 + middle)..<width], with: encoder, image.name)
        }
        let counts = encoder.bandCounts
        // The band that starts the row is made once and kept; the other is kept the second time
        // it is met (made twice), and then used for the four images after.
        #expect(counts.misses == 3, "the first band made once, the second twice: \(counts)")
        #expect(counts.hits == 9, "the first used for the five images after, the second for four: \(counts)")
        #expect(encoder.rowStartBandCounts == (5, 1) as (Int, Int), "\(encoder.rowStartBandCounts)")
        // Other shapes: one band, a band in the middle, bands that touch, a band of a whole row,
        // an odd number of rows, and bands the encoder cannot use (misaligned, overlapping, too
        // narrow, past the row).
        let image = ARGBImage(name: "shapes", width: 97, height: 13) { x, y in Self.textLike(x, y, seed: 5) | (x % 31 == 0 ? 0xFF20_4060 : 0) }
        for bands in [[0..<40], [20..<60], [0..<30, 30..<97], [0..<97], [50..<97], [0..<3], [10..<40, 30..<60], [0..<120]] {
            try Self.check(image, bands: bands, with: encoder, "shapes \(bands)")
        }
    }

    /// An image with bands is sent in a code made from its bands' tokens, kept with the bands'
    /// bits once every band is kept (`PNGBandCode`). A code is found again only for the same bands
    /// at the same row length; one made with a band not kept is not kept, as nothing tells such
    /// bands apart. Each image reads back right and has the bytes a new encoder gives it.
    @Test("the bands' code is kept once its bands are, and found again for the same bands and row length")
    func bandCodesAreKeptAndFound() throws {
        let encoder = try PNGEncoder(method: .runLength)
        func sentence(_ name: String, middle: Int, seed: Int, after: Int) -> ARGBImage {
            let width = 120 + middle + 90
            return ARGBImage(name: name, width: width, height: 24) { x, y in
                if x < 120 { return Self.textLike(x, y, seed: 1) }
                if x < 120 + middle { return Self.textLike(x, y, seed: seed) }
                return Self.textLike(x - width, y, seed: after) | (x - width > -30 && y > 8 && y < 16 ? 0xFFB2_FCE4 : 0)
            }
        }
        func bands(_ image: ARGBImage) -> [Range<Int>] { [0..<117, (image.width - 87)..<image.width] }
        let steps: [(image: ARGBImage, hits: Int, misses: Int)] = [
            // The band after the middle is not kept the first time: the code is made, not kept.
            (sentence("first", middle: 40, seed: 2, after: 3), 0, 1),
            // Now both bands are kept: the code is made and kept.
            (sentence("again", middle: 40, seed: 2, after: 3), 0, 2),
            (sentence("third", middle: 40, seed: 2, after: 3), 1, 2),
            // Other pixels between the same bands, at the same row length: the same code.
            (sentence("other-middle", middle: 40, seed: 9, after: 3), 2, 2),
            // Another row length: another code, then found again.
            (sentence("wider", middle: 48, seed: 4, after: 3), 2, 3),
            (sentence("wider-again", middle: 48, seed: 5, after: 3), 3, 3),
            // Two bands after the middle met once each (not kept), at the same row length: each
            // its own code.
            (sentence("new-after", middle: 40, seed: 2, after: 6), 3, 4),
            (sentence("another-after", middle: 40, seed: 2, after: 7), 3, 5),
        ]
        for step in steps {
            try Self.check(step.image, bands: bands(step.image), with: encoder, step.image.name)
            let counts = encoder.bandCodeCounts
            #expect(counts == (step.hits, step.misses) as (Int, Int), "\(step.image.name): \(counts)")
        }
    }

    /// The bands' code gives every symbol a code, so the columns between the bands can hold what
    /// the bands never do: here bands of one flat colour, and between them bytes of every value,
    /// copies of every length and from every distance code.
    @Test("the bands' code sends tokens the bands never hold")
    func bandCodesSendAnyToken() throws {
        let encoder = try PNGEncoder(method: .runLength)
        var random = TestRandom(state: 99)
        let noise = (0..<4096).map { _ in UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000 }
        for (index, width) in [400, 1000, 2000].enumerated() {
            let image = ARGBImage(name: "flat-bands-\(width)", width: width, height: 20) { x, y in
                if x < 100 || x >= width - 100 { return 0xFF10_2030 }
                // Noise, rows that repeat one far back (long copies from far), and runs.
                if y % 5 == 4 { return noise[(x * 7 + (y - 4) * 131) % 4096] }
                if y % 5 == 3 { return noise[(x * 7 + y * 131 + index) % 4096] }
                return x % (3 + y) == 0 ? noise[(x + y) % 4096] : 0xFF00_0000 | UInt32(y * 9)
            }
            // Twice: the second time with the band after the middle kept.
            for _ in 0..<2 { try Self.check(image, bands: [0..<100, (width - 100)..<width], with: encoder, image.name) }
        }
    }

    /// The bands' kept bits are appended to an image's stream 56 at a time (`DeflateBitWriter.append`):
    /// the bytes must be those of writing the same codes one by one, wherever either stream is in
    /// its byte.
    @Test("bits appended from another stream are those written one by one, at any place in a byte")
    func appendedBitsAreWrittenBits() {
        var random = TestRandom(state: 5)
        let pieces: [(bits: UInt64, count: Int)] = (0..<300).map { _ in
            let count = Int(random.next() % 56) + 1
            return (random.next() & (1 << UInt64(count) - 1), count)
        }
        var source = [UInt8](repeating: 0, count: 300 * 7 + 16)
        var ends = [0]
        source.withUnsafeMutableBytes { raw in
            var writer = DeflateBitWriter(output: raw.baseAddress!)
            for piece in pieces {
                writer.write(piece.bits, count: piece.count)
                ends.append(writer.bitCount)
            }
            _ = writer.finish()
        }
        for lead in 0..<8 {
            for (first, last) in [(0, 300), (1, 2), (3, 40), (17, 18), (100, 250), (299, 300), (5, 5)] {
                func written(appending: Bool) -> [UInt8] {
                    var output = [UInt8](repeating: 0, count: 300 * 7 + 32)
                    let count = output.withUnsafeMutableBytes { raw in
                        var writer = DeflateBitWriter(output: raw.baseAddress!)
                        writer.write(0b1011_0101, count: lead)
                        if appending {
                            source.withUnsafeBytes { writer.append($0.baseAddress!, from: ends[first], to: ends[last]) }
                        } else {
                            for piece in pieces[first..<last] { writer.write(piece.bits, count: piece.count) }
                        }
                        writer.write(0b11, count: 2)
                        return writer.finish()
                    }
                    return Array(output[..<count])
                }
                #expect(written(appending: true) == written(appending: false), "\(lead) bits before pieces \(first)..<\(last)")
            }
        }
    }

    /// A cache makes its bands in memory it keeps from band to band (`PNGBandScratch`): chains,
    /// distance numbers and output. A band made there after others, wider, narrower, taller or of
    /// other pixels, has the tokens, places and distances of the same band made in new memory.
    @Test("a band made in memory used for other bands is the band made alone")
    func bandsMadeInReusedMemory() throws {
        let scratch = PNGBandScratch()
        var random = TestRandom(state: 17)
        let letters = (0..<12).map { _ in random.premultipliedWord() | 0x8000_0000 }
        for (index, shape) in [(97, 13), (300, 24), (41, 9), (300, 24), (160, 40), (97, 13)].enumerated() {
            let (width, height) = shape
            let image = ARGBImage(name: "scratch-\(index)", width: width, height: height) { x, y in
                Self.textLike(x, y, seed: index % 3) | (x % 29 < 12 && y % 5 == 2 ? letters[(x + index) % 12] : 0)
            }
            let scanlines = image.noneFilteredScanlines
            let rowDistance = width * 4 + 1
            for range in [0..<(rowDistance - 8), 1..<(1 + 4 * (width / 2))] {
                let rows = PNGBand.rows(for: rowDistance)
                let (reused, alone) = scanlines.withUnsafeBytes { raw in
                    (
                        PNGBand(raw.baseAddress!, rowDistance: rowDistance, height: height, range: range, rows: rows, scratch: scratch),
                        PNGBand(raw.baseAddress!, rowDistance: rowDistance, height: height, range: range, rows: rows)
                    )
                }
                #expect(reused.tokens == alone.tokens, "\(image.name) \(range): other tokens")
                #expect(reused.rowEnds == alone.rowEnds && reused.entries == alone.entries && reused.entryEnds == alone.entryEnds, "\(image.name) \(range)")
                #expect(reused.distances == alone.distances && reused.uses == alone.uses && reused.valueCounts == alone.valueCounts, "\(image.name) \(range)")
                #expect(alone.distances.count > 2, "\(image.name) \(range): the band has copies of several distances")
            }
        }
    }

    @Test("which bands an image can use")
    func usableBands() {
        let row = 4 * 100 + 1
        func usable(_ bands: [Range<Int>]) -> [Range<Int>] { PNGRunLengthCompressor.usableBands(bands, rowDistance: row, byteCount: row * 10) }
        #expect(usable([0..<81, 201..<401]) == [0..<81, 201..<401])
        #expect(usable([0..<80]) == [], "a band ends at a pixel's end")
        #expect(usable([3..<201]) == [], "a band starts at a row's start or a pixel's first byte")
        #expect(usable([0..<201, 101..<401]) == [0..<201], "bands do not overlap")
        #expect(usable([201..<401, 0..<201]) == [201..<401], "bands come in order")
        #expect(usable([0..<61]) == [], "at least 64 bytes")
        #expect(usable([201..<405]) == [], "within a row")
        #expect(PNGRunLengthCompressor.usableBands([0..<81], rowDistance: row, byteCount: row * 10 + 1) == [])
        // Rows over 16 KiB leave no room for a copy from the row above within DEFLATE's 32 KiB.
        #expect(PNGBand.rows(for: 3661) == 7)
        #expect(PNGBand.rows(for: 8001) == 3)
        #expect(PNGBand.rows(for: 16384) == 1)
        #expect(PNGBand.rows(for: 16385) == 0)
        #expect(PNGRunLengthCompressor.usableBands([0..<81], rowDistance: 16385, byteCount: 16385 * 3) == [])
    }

    /// Three of a band's rows name its kept tokens; the bytes decide. An image whose band differs
    /// from the kept one in another row only, or holds zeros where it holds pixels, is tokenized anew.
    @Test("a kept band is used only when every byte is the same")
    func keptOnlyWhenEveryByteMatches() throws {
        let encoder = try PNGEncoder(method: .runLength)
        let first = ARGBImage(name: "first", width: 60, height: 16) { x, y in Self.textLike(x, y, seed: 7) | (y == 1 && x < 20 ? 0xFF00_0000 : 0) }
        try Self.check(first, bands: [0..<40], with: encoder, "first")
        try Self.check(first, bands: [0..<40], with: encoder, "first again")
        #expect(encoder.bandCounts == (1, 1) as (Int, Int), "\(encoder.bandCounts)")
        // Rows 4, 8 and 12 (the checksum's) the same; row 1 differs inside the band.
        let otherRow = ARGBImage(name: "other-row", width: 60, height: 16) { x, y in
            Self.textLike(x, y, seed: 7) | (y == 1 && x < 20 ? 0xFF00_0000 : 0) | (y == 1 && x == 5 ? 0xFF10_0000 : 0)
        }
        try Self.check(otherRow, bands: [0..<40], with: encoder, "other row")
        #expect(encoder.bandCounts == (1, 2) as (Int, Int), "\(encoder.bandCounts)")
        // Row 1 transparent from end to end (a span the encoder knows is zero) where the kept band has pixels.
        let zeroRow = ARGBImage(name: "zero-row", width: 60, height: 16) { x, y in Self.textLike(x, y, seed: 7) }
        try Self.check(zeroRow, bands: [0..<40], with: encoder, "zero row")
        #expect(encoder.bandCounts == (1, 3) as (Int, Int), "\(encoder.bandCounts)")
        try Self.check(zeroRow, bands: [0..<40], with: encoder, "zero row again")
        #expect(encoder.bandCounts == (2, 3) as (Int, Int), "\(encoder.bandCounts)")
    }

    /// A copy in a band comes only from the band: not from the bytes after the band's end in an
    /// earlier row (which another image need not share), nor from further back than the window.
    @Test("a band's copies stay inside the band and within the window, at any row length")
    func copiesStayInside() throws {
        let encoder = try PNGEncoder(method: .runLength)
        // Pixels of a pattern P: P[0..<10] ends row 2 of the band, P[10..<20] starts row 3, and
        // P[0..<20] runs in row 3 up to the band's end. In the band's own rows, the copy for row 3
        // from the end of row 2 could run on into row 3's start; in the image, what follows row 2's
        // band is the image's own: P[10..<20] in the first image, other pixels in the second.
        func pattern(_ i: Int) -> UInt32 { UInt32(0x30 + i * 9) << 24 | UInt32(i * 3) << 8 }
        for (index, outside) in [UInt32?.none, 0xFF77_2211].enumerated() {
            let image = ARGBImage(name: "outside-\(index)", width: 70, height: 6) { x, y in
                if y == 2, x >= 40 { return x < 50 ? outside ?? pattern(x - 30) : 0 }
                if x >= 40 { return 0 }
                if y == 2, x >= 30 { return pattern(x - 30) }
                if y == 3, x < 10 { return pattern(x + 10) }
                if y == 3, x >= 20 { return pattern(x - 20) }
                return 0
            }
            try Self.check(image, bands: [0..<40], with: encoder, image.name)
        }
        // A band from column 20 whose row 2 starts with a black pixel, as row 1 of the band ends:
        // the pixel before it in the image (column 19) is another colour, and no copy may use it.
        let midRow = ARGBImage(name: "mid-row", width: 50, height: 4) { x, y in
            if y == 1, x == 39 { return 0xFF00_0000 }
            if y == 2, x == 20 { return 0xFF00_0000 }
            if y == 2, x == 19 { return 0xFFAA_BBCC }
            return x == 45 ? 0x8000_0000 : 0
        }
        try Self.check(midRow, bands: [20..<40], with: encoder, "mid-row")
        // Rows of 8,001 bytes: a band's copy may come from at most 3 rows back. The same 64 bytes
        // 4 rows back and far to the left would be out of the 32 KiB window.
        var random = TestRandom(state: 99)
        let unique = (0..<16).map { _ in random.premultipliedWord() | 0xFF00_0000 }
        let wide = ARGBImage(name: "wide", width: 2000, height: 9) { x, y in
            if y == 1, x >= 10, x < 26 { return unique[x - 10] }
            if y == 5, x >= 1900, x < 1916 { return unique[x - 1900] }
            return x % 97 == 0 ? 0x80_0000 : 0
        }
        try Self.check(wide, bands: [0..<2000], with: encoder, "wide")
        try Self.check(wide, bands: [0..<1950], with: encoder, "wide, band short of the end")
        try Self.check(wide, bands: [5..<2000], with: encoder, "wide, a band searched quickly")
    }

    /// The renderer gives the columns before the instalment and those after it as bands; for the
    /// amounts of one configuration the columns before hold the same pixels, so that band is made
    /// once and found again for every other amount; the columns after are kept when met twice.
    @Test("a catalogue's sentences share the bands either side of the instalment", arguments: ["en_AU", "en_GB", "fr_CA", "en_US"])
    func catalogueSharesBands(locale: String) throws {
        let renderer = try Fixtures.renderer()
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: locale)
        let amounts = ["10.00", "25.00", "133.61", "1999.99", "47.30", "250.04", "99.99", "12.34"]
        for scale in [RenderScale.x1, .x2, .x3] {
            let settings = RenderSettings(scale: scale)
            let before = renderer.pngRowStartBandCounts
            var widths: Set<Int> = []
            var sides: Set<[String]> = [], instalments: Set<String> = []
            for amount in amounts {
                let breakdown = PriceBreakdown(configuration: configuration, deviceLocale: locale, amount: try Amount(amount))
                let layout = try renderer.layout(breakdown, style: settings.style, scale: scale)
                let bands = BreakdownRenderer.bands(layout, scale: scale.factor)
                let png = [UInt8](try renderer.render(breakdown, settings: settings, format: .png).bytes)
                let image = try PNGDecoder.decode(png)
                widths.insert(image.width)
                #expect(
                    bands.count == 2 && bands[0].lowerBound == 0 && bands[1].upperBound == image.width, "\(locale) \(amount) \(scale): \(bands)")
                // Met a second and a third time, both bands are kept (the one after the instalment
                // from the second), found the third time, and the bytes never change.
                for time in 2...3 {
                    let counts = renderer.pngBandCounts
                    #expect([UInt8](try renderer.render(breakdown, settings: settings, format: .png).bytes) == png, "\(amount) \(scale) \(time)")
                    let after = renderer.pngBandCounts
                    if time == 3 {
                        #expect(after.hits == counts.hits + 2 && after.misses == counts.misses, "\(locale) \(amount) \(scale): \(counts) \(after)")
                    }
                }
                // The text either side of the instalment is the same for every amount.
                let range = try #require(breakdown.instalmentRange)
                let bytes = Array(breakdown.text.utf8)
                sides.insert([String(decoding: bytes[..<range.lowerBound], as: UTF8.self), String(decoding: bytes[range.upperBound...], as: UTF8.self)])
                let instalment = String(decoding: bytes[range], as: UTF8.self)
                instalments.insert(instalment)
                // The whole instalment, and nothing else: words either side end and start with a space.
                #expect(instalment.first?.isWhitespace == false && instalment.last?.isWhitespace == false, "'\(instalment)'")
                #expect(instalment.contains { $0.isNumber } && !instalment.contains(" "), "'\(instalment)'")
                #expect(bytes[range.lowerBound - 1] == 0x20 && bytes[range.upperBound] == 0x20, "\(breakdown.text)")
            }
            #expect(sides.count == 1 && instalments.count == amounts.count, "\(sides) \(instalments)")
            let counts = renderer.pngRowStartBandCounts
            let made = counts.misses - before.misses, found = counts.hits - before.hits
            // The band before the instalment is made once and found for every other image: once
            // for each reach of copies from rows above, which depends on the image's row length.
            let reaches = Set(widths.map { PNGBand.rows(for: $0 * 4 + 1) }).count
            #expect(made == reaches && found == 3 * amounts.count - reaches, "\(locale) \(scale): made \(made), found \(found)")
            #expect(widths.count > 1, "the amounts give images of different widths")
        }
    }

    /// The Android view's sentence gives the same bands: its layout finds the instalment too.
    @Test("an Android catalogue shares the bands either side of the instalment")
    func androidCatalogueSharesBands() throws {
        let renderer = try Fixtures.renderer()
        let configuration = try AndroidConfiguration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU", consumerLocale: "en_AU")
        let settings = RenderSettings(style: LayoutStyle(fontFamily: "Roboto", fontSize: 14, tracking: .none), scale: .x2)
        let amounts = ["10.00", "25.00", "133.61", "1999.99", "47.30", "250.04"]
        for amount in amounts {
            let view = try BreakdownView(android: AndroidInputs(configuration: configuration, deviceLocale: "en_AU", amount: Decimal(string: amount)!))
            let range = try #require(view.breakdown.instalmentRange, "\(view.breakdown.text)")
            let bytes = Array(view.breakdown.text.utf8)
            #expect(String(decoding: bytes[range], as: UTF8.self).hasPrefix("$"), "\(view.breakdown.text)")
            let layout = try renderer.layout(view, style: settings.style, scale: .x2)
            #expect(BreakdownRenderer.bands(layout, scale: 2).count == 2, "\(view.breakdown.text)")
            let png = [UInt8](try renderer.render(view, settings: settings, format: .png).bytes)
            let expected = try renderer.render(view, settings: settings, format: .png)
            #expect([UInt8](expected.bytes) == png, "the same bytes a second time")
            let counts = renderer.pngBandCounts
            #expect([UInt8](try renderer.render(view, settings: settings, format: .png).bytes) == png, "the same bytes a third time")
            let after = renderer.pngBandCounts
            #expect(after.hits == counts.hits + 2 && after.misses == counts.misses, "both bands found the third time: \(counts) \(after)")
        }
        let counts = renderer.pngRowStartBandCounts
        #expect(counts == (3 * amounts.count - 1, 1) as (Int, Int), "\(counts)")
    }

    /// The columns after a band copy letters from it as they would without the band: the band's
    /// literals at a red or alpha byte are entered in the compressor's hash table row by row.
    @Test("the columns after a band copy a letter from it")
    func laterColumnsCopyFromTheBand() throws {
        var random = TestRandom(state: 777)
        let letter = (0..<12).map { _ in random.premultipliedWord() | 0xFF00_0000 }
        let image = ARGBImage(name: "letter-twice", width: 100, height: 8) { x, y in
            if y == 3, x >= 5, x < 17 { return letter[x - 5] }
            if y == 3, x >= 60, x < 72 { return letter[x - 60] }
            return 0
        }
        try Self.check(image, bands: [0..<40], with: PNGEncoder(method: .runLength), "letter twice")
        let scanlines = image.noneFilteredScanlines
        let row = image.width * 4 + 1
        let compressor = PNGRunLengthCompressor()
        _ = scanlines.withUnsafeBytes { compressor.analyze($0.baseAddress!, byteCount: scanlines.count, rowBytes: row - 1, bands: [0..<161]) }
        // Each copy's start and source, read back from the tokens.
        var position = 0
        var sources: [(start: Int, source: Int)] = []
        for token in compressor.tokens {
            let value = Int(token & 0x1FF)
            if value < 256 {
                position += 1
                continue
            }
            let code = Int((token >> 9) & 0x1F)
            let distance = BlockPlan.distanceBaseOf(code) + Int(token >> 14)
            sources.append((position, position - distance))
            position += value - 256 + 3
        }
        #expect(position == scanlines.count)
        let second = 3 * row + 1 + 60 * 4, first = 3 * row + 1 + 5 * 4
        #expect(sources.contains { $0.start <= second + 4 && $0.start >= second && $0.source - ($0.start - second) == first }, "\(sources.filter { $0.start >= 3 * row && $0.start < 4 * row })")
    }

    /// A band that does not start a row is searched quickly, as the compressor searches, in place:
    /// its tokens depend on its bytes alone (not on the columns either side, the row length, or
    /// the spans the encoder knows are zero), and copies stay inside it.
    @Test("a band searched quickly has the same tokens wherever its bytes are, zero spans known or not")
    func quickBandsDependOnTheirBytesAlone() throws {
        var random = TestRandom(state: 4242)
        let letter = (0..<6).map { _ in random.premultipliedWord() | 0xFF00_0000 }
        let tail = (0..<4).map { _ in random.premultipliedWord() | 0xFF00_0000 }
        // The band's own pixels, 60 wide and 20 tall: zero rows first, text-like rows, a zero row
        // after text, two zero rows, a letter at the end of row 9 and again (with the pixels that
        // follow it outside the band in one image) in row 12, zero gaps inside rows.
        func band(_ x: Int, _ y: Int) -> UInt32 {
            if y < 3 || y == 10 || y == 15 || y == 16 { return 0 }
            if y == 9 { return x >= 54 ? letter[x - 54] : 0 }
            if y == 12 { return x >= 20 && x < 26 ? letter[x - 20] : (x >= 26 && x < 30 ? tail[x - 26] : 0) }
            if x >= 25 && x < 37 { return 0 }
            return Self.textLike(x, y, seed: 9) | (x % 13 == 4 && y % 4 == 1 ? letter[y % 6] : 0)
        }
        var made: [PNGBand] = []
        for (index, shape) in [(left: 17, right: 11), (left: 40, right: 3)].enumerated() {
            let width = shape.left + 60 + shape.right
            let image = ARGBImage(name: "quick-\(index)", width: width, height: 20) { x, y in
                if x >= shape.left, x < shape.left + 60 { return band(x - shape.left, y) }
                // Outside: in the first image the letter's tail follows row 9's letter.
                if index == 0, y == 9, x >= shape.left + 60 { return x - shape.left - 60 < 4 ? tail[x - shape.left - 60] : 0 }
                return Self.textLike(x, y, seed: index + 2)
            }
            try Self.check(image, bands: [shape.left..<(shape.left + 60)], with: PNGEncoder(method: .runLength), image.name)
            let scanlines = image.noneFilteredScanlines
            let rowDistance = width * 4 + 1
            // Every run of zero bytes, as spans the encoder knows.
            var spans: [Range<Int>] = []
            var at = 0
            while at < scanlines.count {
                guard scanlines[at] == 0 else {
                    at += 1
                    continue
                }
                let start = at
                while at < scanlines.count, scanlines[at] == 0 { at += 1 }
                spans.append(start..<at)
            }
            let range = (1 + 4 * shape.left)..<(1 + 4 * (shape.left + 60))
            let rows = PNGBand.rows(for: rowDistance)
            let (known, unknown) = scanlines.withUnsafeBytes { raw in
                (
                    PNGBand(raw.baseAddress!, rowDistance: rowDistance, height: 20, range: range, rows: rows, quick: true, zeroSpans: spans),
                    PNGBand(raw.baseAddress!, rowDistance: rowDistance, height: 20, range: range, rows: rows, quick: true)
                )
            }
            #expect(known.tokens == unknown.tokens && known.distances == unknown.distances, "\(image.name): the zero spans change the tokens")
            #expect(known.entries == unknown.entries && known.valueCounts == unknown.valueCounts && known.uses == unknown.uses, "\(image.name)")
            #expect(known.distances.contains(PNGBand.Back(rows: 3, bytes: -34 * 4)), "\(image.name): row 12 copies row 9's letter")
            made.append(known)
        }
        #expect(made[0].tokens == made[1].tokens && made[0].rowEnds == made[1].rowEnds, "the columns outside the band change its tokens")
        #expect(made[0].distances == made[1].distances && made[0].entries == made[1].entries)
    }
}
