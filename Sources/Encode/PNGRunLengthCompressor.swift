import CDeflate
import CPNGKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The PNG image data compressor made for breakdown images: mostly fully transparent rows and
/// flat colours, with antialiased text. It writes a complete zlib stream (RFC 1950) of one
/// dynamic-Huffman DEFLATE block (RFC 1951) for scanlines filtered with None, in two steps:
///
/// 1. `analyze`: the scanlines become tokens. At each position two copies are tried first, each by
///    comparing eight bytes at a time: of the pixel before (distance 4: runs of transparent pixels,
///    flat colour) and of the row above (distance one scanline: repeated rows, vertical edges).
///    The longer one, if at least `minimumMatch` bytes (`minimumPixelMatch` from the pixel before), is taken (ties go to distance 4, whose code
///    is cheaper). Only where neither applies (antialiased edges, about a tenth of the bytes) is a
///    third candidate looked up: the last position whose next 6 bytes (`minimumHashedMatch`)
///    hashed the same, which finds repeated letters; and only at the bytes `looksUp` names (a
///    pixel's red or alpha byte, not zero), where repeats start. Otherwise the byte is a
///    literal. These copies do what the filters Sub and
///    Up would do for exact repeats, without turning antialiased runs of one colour with varying
///    alpha into differences; no hash chains, no lazy matching, and long runs cost one comparison
///    per 8 bytes. Token counts give a Huffman code made for this image, and the exact size; an
///    image with bands is sent in its bands' code instead (`PNGBandCode`).
/// 2. `write`: the block header, the tokens through that code, and the Adler-32 of the scanlines.
///
/// It is not safe to share between threads; its buffers are reused from image to image.
final class PNGRunLengthCompressor {
    /// Tokens are 32 bits: the low 9 a literal byte (0...255) or 256 + (n − 3) for a copy of
    /// n = 3...258 bytes; for a copy, bits 9–13 its distance code (0...29) and bits 14–26 the
    /// distance's extra bits, worked out once here so that `write` only looks codes up; for a
    /// literal, bits 9–13 hold 30, whose distance entry sends nothing (`BlockPlan.literalDistance`).
    typealias Token = UInt32
    /// The shortest copy from distance 4 or one row back that is taken.
    static let minimumMatch = 4
    /// The shortest copy of the pixel before (distance 4) that is taken: DEFLATE's shortest, 3
    /// bytes, which turns the three zero channels of an antialiased black pixel (0, 0, 0, alpha)
    /// after another into one token instead of three literals (fewer tokens, and 2% fewer bytes).
    static let minimumPixelMatch = 3
    /// The shortest copy from a hashed position that is taken: its distance costs more bits. The
    /// hash is of this many bytes, so a position whose entry compares equal is always taken.
    static let minimumHashedMatch = 6
    static let maximumMatch = 258
    /// The farthest back DEFLATE can copy from.
    static let maximumDistance = 32768
    static let hashBits = 13
    /// Multiplies the 6 hashed bytes (shifted to a word's top) before their top `hashBits` are taken.
    static let hashMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    private var tokenMemory = ScratchBuffer()
    private var tokenStart: UnsafeMutablePointer<Token>?
    /// Counts of literal/length values (0..<512) then of distance codes (512..<542).
    private let counts = UnsafeMutablePointer<Int>.allocate(capacity: 512 + 30)
    /// Per hash of 6 bytes, the last position (+ 1) where they started and no copy of the pixel
    /// before or the row above applied; 0 for none.
    private let hashTable = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
    private var tokenCount = 0
    private var adler: UInt32 = 1
    private let plan = BlockPlan()
    private var planned = false
    /// The bands of earlier images, kept for the next (`PNGBand`).
    let bandCache = PNGBandCache()

    init() {}

    deinit {
        tokenMemory.free()
        bandBitScratch.free()
        gapEndMemory.free()
        counts.deallocate()
        hashTable.deallocate()
    }

    /// Tokenizes `byteCount` bytes of scanlines (each a filter type byte then `rowBytes` bytes).
    /// Returns the exact size of the zlib stream `write` will make.
    ///
    /// `zeroSpans` (in order, not overlapping) are byte ranges known to be all zero: there a copy
    /// of the bytes 4 back is known to run to the end of the span without comparing them, so a
    /// transparent area is looked at once, by the unpremultiplier, not again here. The tokens are
    /// the same as without them. `knownAdler`, when given, is the scanlines' Adler-32, worked out
    /// as they were written (`AdlerOfRows`): they are not read again for it.
    func analyze(
        _ scanlines: UnsafeRawPointer, byteCount: Int, rowBytes: Int, zeroSpans: [Range<Int>] = [], bands: [Range<Int>] = [],
        adler knownAdler: UInt32? = nil
    ) -> Int {
        let tokens = tokenMemory.reserve(byteCount * 4).bindMemory(to: Token.self, capacity: byteCount)
        tokenStart = tokens
        memset(counts, 0, (512 + 30) * MemoryLayout<Int>.stride)
        memset(hashTable, 0, (1 << Self.hashBits) * MemoryLayout<Int32>.stride)
        let rowDistance = rowBytes + 1
        var cursor = Cursor(nextRow: rowDistance, zeroSpans: zeroSpans)
        let usable = Self.usableBands(bands, rowDistance: rowDistance, byteCount: byteCount)
        if usable.isEmpty {
            tokenize(scanlines, from: 0, to: byteCount, rowDistance: rowDistance, zeroSpans: zeroSpans, tokens: tokens, cursor: &cursor)
        } else {
            // Each row: the tokens of the columns between bands, then each band's row, in order.
            // The bands' tokens are sent in their own code's bits (`PNGBandCode`): only the
            // columns between them are tokenized here, and counted for the size.
            let height = byteCount / rowDistance
            let kept = usable.map { bandCache.band(scanlines, rowDistance: rowDistance, height: height, range: $0, zeroSpans: zeroSpans) }
            let code = bandCodes.code(for: kept, rowDistance: rowDistance, plan: plan, counts: counts, scratch: &bandBitScratch)
            memset(counts, 0, (512 + 30) * MemoryLayout<Int>.stride)
            let gaps = usable.count + 1
            let ends = gapEndMemory.reserve(height * gaps * MemoryLayout<Int>.stride).bindMemory(to: Int.self, capacity: height * gaps)
            for y in 0..<height {
                let row = y * rowDistance
                var at = row
                for (index, range) in usable.enumerated() {
                    if at < row + range.lowerBound {
                        tokenize(
                            scanlines, from: at, to: row + range.lowerBound, rowDistance: rowDistance, zeroSpans: zeroSpans, tokens: tokens,
                            cursor: &cursor)
                    }
                    ends[y * gaps + index] = cursor.count
                    // The band's places in the hash table, for copies of its letters further on.
                    let start = row + range.lowerBound
                    for entry in kept[index].entries[(y == 0 ? 0 : kept[index].entryEnds[y - 1])..<kept[index].entryEnds[y]] {
                        hashTable[Int(entry & (1 << Self.hashBits - 1))] = Int32(truncatingIfNeeded: start + Int(entry >> UInt32(Self.hashBits)) + 1)
                    }
                    at = row + range.upperBound
                }
                if at < row + rowDistance {
                    tokenize(
                        scanlines, from: at, to: row + rowDistance, rowDistance: rowDistance, zeroSpans: zeroSpans, tokens: tokens,
                        cursor: &cursor)
                }
                ends[y * gaps + gaps - 1] = cursor.count
            }
            tokenCount = cursor.count
            adler = knownAdler ?? Self.adler32(scanlines, byteCount: byteCount, zeroSpans: zeroSpans)
            banded = Banded(code: code, bands: kept, rowDistance: rowDistance, height: height, gapEnds: ends)
            planned = true
            let tables = code.tables
            let gapBits = tables.values.withUnsafeBufferPointer { values in
                tables.distances.withUnsafeBufferPointer { distances in
                    BlockPlan.bits(of: counts, values: values.baseAddress!, distances: distances.baseAddress!)
                }
            }
            return 2 + (tables.headerBits + code.bitCount + gapBits + tables.endOfBlockLength + 7) / 8 + 4
        }
        tokenCount = cursor.count
        adler = knownAdler ?? Self.adler32(scanlines, byteCount: byteCount, zeroSpans: zeroSpans)
        banded = nil
        planned = true
        return plan.make(counts: counts)
    }

    /// The last `analyze`'s image with bands: its bands, their code, and where each row's
    /// stretches of tokens between the bands end (per row, one more than there are bands).
    private struct Banded {
        let code: PNGBandCode
        let bands: [PNGBand]
        let rowDistance: Int, height: Int
        let gapEnds: UnsafeMutablePointer<Int>
    }

    private var banded: Banded?
    private let bandCodes = PNGBandCodeCache()
    private var bandBitScratch = ScratchBuffer()
    private var gapEndMemory = ScratchBuffer()

    /// How many codes of an image's bands were found kept from an earlier image, and made anew.
    var bandCodeCounts: (hits: Int, misses: Int) { (bandCodes.hits, bandCodes.misses) }

    /// The bands of `bands` (byte ranges of each scanline) this image can use (`PNGBand`): in
    /// order, apart, within a row, each from a row's start or a pixel's first byte to a pixel's
    /// end, at least `PNGBand.minimumWidth` wide; none when a copy from the row above a band
    /// would be out of reach (`PNGBand.rows(for:)`) or the image is over `maximumBandedBytes`.
    static func usableBands(_ bands: [Range<Int>], rowDistance: Int, byteCount: Int) -> [Range<Int>] {
        guard !bands.isEmpty, PNGBand.rows(for: rowDistance) >= 1, byteCount <= maximumBandedBytes,
            byteCount >= rowDistance, byteCount % rowDistance == 0
        else { return [] }
        var usable: [Range<Int>] = []
        for band in bands
        where band.lowerBound >= (usable.last?.upperBound ?? 0) && band.upperBound <= rowDistance
            && band.count >= PNGBand.minimumWidth && (band.lowerBound == 0 || (band.lowerBound - 1) % 4 == 0)
            && (band.upperBound - 1) % 4 == 0
        {
            usable.append(band)
        }
        return usable
    }

    /// The largest image (bytes of scanlines) whose bands are kept: 2 MiB, above any breakdown image.
    static let maximumBandedBytes = 2 << 20

    /// Where tokenizing has reached, kept between the stretches `tokenize` is given (in order).
    private struct Cursor {
        /// Tokens so far.
        var count = 0
        /// Where the row after the position's begins, and where the position's row's pixels begin
        /// (its filter byte + 1): a byte's place in its pixel is (position − pixelStart) mod 4.
        var nextRow: Int, pixelStart = 1
        /// The next zero span that ends after the position, and its bounds (Int.max past the last).
        var span = 0, spanStart: Int, spanEnd: Int

        init(nextRow: Int, zeroSpans: [Range<Int>]) {
            self.nextRow = nextRow
            spanStart = zeroSpans.first?.lowerBound ?? Int.max
            spanEnd = zeroSpans.first?.upperBound ?? Int.max
        }
    }

    /// Tokenizes the scanlines from `start` to `end`: no copy runs past `end`, though copies may
    /// come from anywhere before.
    private func tokenize(
        _ scanlines: UnsafeRawPointer, from start: Int, to end: Int, rowDistance: Int, zeroSpans: [Range<Int>],
        tokens: UnsafeMutablePointer<Token>, cursor: inout Cursor
    ) {
        let rowCopies = rowDistance <= Self.maximumDistance
        let rowDistanceCode = BlockPlan.distanceCode(min(rowDistance, Self.maximumDistance))
        let rowDistanceExtra = min(rowDistance, Self.maximumDistance) - BlockPlan.distanceBaseOf(rowDistanceCode)
        var count = cursor.count, position = start
        var nextRow = cursor.nextRow, pixelStart = cursor.pixelStart
        var span = cursor.span, spanStart = cursor.spanStart, spanEnd = cursor.spanEnd
        let spanCount = zeroSpans.count
        defer {
            cursor.count = count
            cursor.nextRow = nextRow
            cursor.pixelStart = pixelStart
            cursor.span = span
            cursor.spanStart = spanStart
            cursor.spanEnd = spanEnd
        }
        // Where a copy may run its full length and every candidate can be tried: one row in, and
        // at least `maximumMatch` bytes from the end.
        let interiorEnd = rowCopies ? end &- Self.maximumMatch : 0
        while position < end {
            if position >= rowDistance, position < interiorEnd {
                // The same decisions as below, without the bounds that cannot fail here.
                while position < interiorEnd {
                    var length = 0, distance = 4, distanceCode = 3, extra = 0
                    while position >= spanEnd {
                        span &+= 1
                        spanStart = span < spanCount ? zeroSpans[span].lowerBound : Int.max
                        spanEnd = span < spanCount ? zeroSpans[span].upperBound : Int.max
                    }
                    let word = UInt64(littleEndian: scanlines.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    if position &- 4 >= spanStart {
                        length = min(Self.maximumMatch, spanEnd &- position)
                        if length < Self.maximumMatch {
                            length &+= Self.matchLength(scanlines, at: position &+ length, distance: 4, limit: Self.maximumMatch &- length)
                        }
                    } else if (word ^ UInt64(littleEndian: scanlines.loadUnaligned(fromByteOffset: position &- 4, as: UInt64.self))) & 0xFF_FFFF == 0 {
                        length = Self.matchLength(scanlines, at: position &+ 3, distance: 4, limit: Self.maximumMatch &- 3) &+ 3
                    }
                    if length < Self.maximumMatch,
                        UInt32(truncatingIfNeeded: word) == UInt32(littleEndian: scanlines.loadUnaligned(fromByteOffset: position &- rowDistance, as: UInt32.self))
                    {
                        let above = Self.matchLength(scanlines, at: position &+ 4, distance: rowDistance, limit: Self.maximumMatch &- 4) &+ 4
                        if above > length {
                            length = above
                            distance = rowDistance
                            distanceCode = rowDistanceCode
                            extra = rowDistanceExtra
                        }
                    }
                    if length < Self.minimumPixelMatch,
                        Self.looksUp(UInt8(truncatingIfNeeded: word), at: position, nextRow: &nextRow, pixelStart: &pixelStart, rowDistance: rowDistance)
                    {
                        let next = word &<< 16
                        let hash = Int(truncatingIfNeeded: (next &* Self.hashMultiplier) &>> UInt64(64 - Self.hashBits))
                        // The next lookup is most often 4 bytes on (the alpha of the next
                        // antialiased pixel): its entry is fetched while this one is worked out.
                        let ahead = UInt64(littleEndian: scanlines.loadUnaligned(fromByteOffset: position &+ 4, as: UInt64.self)) &<< 16
                        png_prefetch(hashTable + Int(truncatingIfNeeded: (ahead &* Self.hashMultiplier) &>> UInt64(64 - Self.hashBits)))
                        let previous = Int(hashTable[hash]) &- 1
                        hashTable[hash] = Int32(truncatingIfNeeded: position &+ 1)
                        if previous >= 0, position &- previous <= Self.maximumDistance,
                            UInt64(littleEndian: scanlines.loadUnaligned(fromByteOffset: previous, as: UInt64.self)) &<< 16 == next
                        {
                            distance = position &- previous
                            length = Self.matchLength(scanlines, at: position &+ 6, distance: distance, limit: Self.maximumMatch &- 6) &+ 6
                            distanceCode = BlockPlan.distanceCode(distance)
                            extra = distance &- BlockPlan.distanceBaseOf(distanceCode)
                        }
                    }
                    tokens[count] = Self.count(
                        length: length, distanceCode: distanceCode, extra: extra, literal: UInt8(truncatingIfNeeded: word), in: counts)
                    count &+= 1
                    position &+= length >= Self.minimumPixelMatch ? length : 1
                }
                continue
            }
            let limit = min(Self.maximumMatch, end &- position)
            var length = 0, distance = 4, distanceCode = 3, extra = 0
            while position >= spanEnd {
                span &+= 1
                spanStart = span < spanCount ? zeroSpans[span].lowerBound : Int.max
                spanEnd = span < spanCount ? zeroSpans[span].upperBound : Int.max
            }
            if position &- 4 >= spanStart {
                // Inside a zero span with 4 zeros before: the copy runs at least to the span's end.
                length = min(limit, spanEnd &- position)
                if length < limit {
                    length &+= Self.matchLength(scanlines, at: position &+ length, distance: 4, limit: limit &- length)
                }
            } else if position >= 4, limit >= 4,
                (scanlines.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                    ^ scanlines.loadUnaligned(fromByteOffset: position &- 4, as: UInt32.self)) & 0xFF_FFFF == 0
            {
                // One compare of the first 3 bytes rules out the copies too short to take.
                length = Self.matchLength(scanlines, at: position &+ 3, distance: 4, limit: limit &- 3) &+ 3
            }
            if rowCopies, length < limit, position >= rowDistance, limit >= 4,
                scanlines.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                    == scanlines.loadUnaligned(fromByteOffset: position &- rowDistance, as: UInt32.self)
            {
                let above = Self.matchLength(scanlines, at: position &+ 4, distance: rowDistance, limit: limit &- 4) &+ 4
                if above > length {
                    length = above
                    distance = rowDistance
                    distanceCode = rowDistanceCode
                    extra = rowDistanceExtra
                }
            }
            if length < Self.minimumPixelMatch, limit >= 8,
                Self.looksUp(
                    scanlines.load(fromByteOffset: position, as: UInt8.self), at: position, nextRow: &nextRow, pixelStart: &pixelStart,
                    rowDistance: rowDistance)
            {
                // The next 6 bytes (the shortest hashed copy taken), in the high bits of a word.
                let next = UInt64(littleEndian: scanlines.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &<< 16
                let hash = Int(truncatingIfNeeded: (next &* Self.hashMultiplier) &>> UInt64(64 - Self.hashBits))
                let previous = Int(hashTable[hash]) &- 1
                hashTable[hash] = Int32(truncatingIfNeeded: position &+ 1)
                if previous >= 0, position &- previous <= Self.maximumDistance,
                    UInt64(littleEndian: scanlines.loadUnaligned(fromByteOffset: previous, as: UInt64.self)) &<< 16 == next
                {
                    length = Self.matchLength(scanlines, at: position &+ 6, distance: position &- previous, limit: limit &- 6) &+ 6
                    distance = position &- previous
                    distanceCode = BlockPlan.distanceCode(distance)
                    extra = distance &- BlockPlan.distanceBaseOf(distanceCode)
                }
            }
            tokens[count] = Self.count(
                length: length, distanceCode: distanceCode, extra: extra,
                literal: scanlines.load(fromByteOffset: position, as: UInt8.self), in: counts)
            count &+= 1
            position &+= length >= Self.minimumPixelMatch ? length : 1
        }
    }

    /// Whether the hashed candidate is looked up (and the position entered in the table) for
    /// `byte` at `position`: a pixel's red byte or its alpha byte, when that byte is not 0. These
    /// are where a repeat of an antialiased edge starts (a black edge pixel's alpha, a coloured
    /// one's red). The lookups at green and blue bytes and at zeros (a third of them on the
    /// bench's images, half on the gallery's) found copies that saved less than the copies they
    /// displaced: without them the files are 0.5% smaller. `nextRow` and `pixelStart` follow
    /// `position`'s row (positions only grow).
    @inline(__always)
    static func looksUp(_ byte: UInt8, at position: Int, nextRow: inout Int, pixelStart: inout Int, rowDistance: Int) -> Bool {
        while position >= nextRow {
            nextRow &+= rowDistance
            pixelStart &+= rowDistance
        }
        let place = (position &- pixelStart) & 3
        return byte != 0 && (place == 0 || place == 3)
    }

    /// The hash table's slot for the 6 bytes at `position` (read as 4 + 2, nothing after them),
    /// as `analyze` hashes them: for the bands, whose places enter its table.
    @inline(__always)
    static func hashOfSix(_ bytes: UnsafeRawPointer, at position: Int) -> Int {
        let low = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
        let high = UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: position &+ 4, as: UInt16.self)))
        return Int(truncatingIfNeeded: ((low | high &<< 32) &<< 16 &* hashMultiplier) &>> UInt64(64 - hashBits))
    }

    /// The tokens of the last `analyze`, in order, the bands' included (for the tests).
    var tokens: [Token] {
        guard let tokenStart else { return [] }
        guard let banded else { return Array(UnsafeBufferPointer(start: tokenStart, count: tokenCount)) }
        let bandTokens = banded.bands.map { $0.imageTokens(rowDistance: banded.rowDistance) }
        let gaps = banded.bands.count + 1
        var all: [Token] = []
        var from = 0
        for y in 0..<banded.height {
            for gap in 0..<gaps {
                let to = banded.gapEnds[y * gaps + gap]
                all += UnsafeBufferPointer(start: tokenStart + from, count: to - from)
                from = to
                if gap < banded.bands.count {
                    let band = banded.bands[gap]
                    all += bandTokens[gap][(y == 0 ? 0 : band.rowEnds[y - 1])..<band.rowEnds[y]]
                }
            }
        }
        return all
    }

    /// The Adler-32 of the scanlines. Over a span of `n` known zero bytes the first sum stays and
    /// the second grows by `n` times the first, so only the bytes between the spans are read
    /// (about half of a breakdown image's).
    static func adler32(_ bytes: UnsafeRawPointer, byteCount: Int, zeroSpans: [Range<Int>]) -> UInt32 {
        var adler: UInt32 = 1
        var from = 0
        for span in zeroSpans {
            adler = libdeflate_adler32(adler, bytes + from, span.lowerBound &- from)
            let modulus: UInt64 = 65521
            let first = UInt64(adler & 0xFFFF), second = UInt64(adler &>> 16)
            let grown = (second &+ first &* UInt64(span.count % 65521)) % modulus
            adler = UInt32(truncatingIfNeeded: grown) &<< 16 | UInt32(truncatingIfNeeded: first)
            from = span.upperBound
        }
        return libdeflate_adler32(adler, bytes + from, byteCount &- from)
    }

    /// The token for a copy of `length` bytes (when at least `minimumPixelMatch`) or else for the
    /// literal byte, counted in `counts`.
    @inline(__always)
    private static func count(length: Int, distanceCode: Int, extra: Int, literal: UInt8, in counts: UnsafeMutablePointer<Int>) -> Token {
        if length >= Self.minimumPixelMatch {
            let value = 256 &+ length &- 3
            counts[value] &+= 1
            counts[512 &+ distanceCode] &+= 1
            return Token(truncatingIfNeeded: value) | Token(truncatingIfNeeded: distanceCode) &<< 9
                | Token(truncatingIfNeeded: extra) &<< 14
        }
        counts[Int(literal)] &+= 1
        return Token(literal) | BlockPlan.literalDistance
    }

    /// How many bytes from `position` on (at most `limit`) equal those `distance` bytes before.
    @inline(__always)
    private static func matchLength(_ bytes: UnsafeRawPointer, at position: Int, distance: Int, limit: Int) -> Int {
        var length = 0
        while length &+ 8 <= limit {
            let here = bytes.loadUnaligned(fromByteOffset: position &+ length, as: UInt64.self)
            let there = bytes.loadUnaligned(fromByteOffset: position &+ length &- distance, as: UInt64.self)
            let difference = (here ^ there).littleEndian
            if difference != 0 { return length &+ difference.trailingZeroBitCount &>> 3 }
            length &+= 8
        }
        while length < limit,
            bytes.load(fromByteOffset: position &+ length, as: UInt8.self)
                == bytes.load(fromByteOffset: position &+ length &- distance, as: UInt8.self)
        {
            length &+= 1
        }
        return length
    }

    /// Writes the zlib stream of the scanlines `analyze` saw last: `analyze`'s size in bytes, to
    /// `output`, which must have 8 bytes to spare after them.
    func write(to output: UnsafeMutableRawPointer) -> Int {
        guard planned, let tokens = tokenStart else { preconditionFailure("PNGRunLengthCompressor.write before analyze") }
        // zlib header: deflate with a 32 KiB window, no dictionary, "fastest" level; 0x7801 % 31 == 0.
        output.storeBytes(of: 0x78, as: UInt8.self)
        output.storeBytes(of: 0x01, toByteOffset: 1, as: UInt8.self)
        var bits = DeflateBitWriter(output: output + 2)
        if let banded {
            // Row by row, the tokens between the bands and the bands' rows, in the bands' code.
            let tables = banded.code.tables
            tables.writeHeader(to: &bits)
            tables.values.withUnsafeBufferPointer { values in
                tables.distances.withUnsafeBufferPointer { distances in
                    let gaps = banded.bands.count + 1
                    var from = 0
                    for y in 0..<banded.height {
                        for gap in 0..<gaps {
                            let to = banded.gapEnds[y &* gaps &+ gap]
                            Self.send(tokens + from, count: to &- from, values: values.baseAddress!, distances: distances.baseAddress!, to: &bits)
                            from = to
                            if gap < gaps &- 1 {
                                let ends = banded.code.rowEnds[gap]
                                banded.code.bits[gap].withUnsafeBytes { band in
                                    bits.append(band.baseAddress!, from: y == 0 ? 0 : ends[y &- 1], to: ends[y])
                                }
                            }
                        }
                    }
                }
            }
            bits.write(UInt64(tables.endOfBlockCode), count: tables.endOfBlockLength)
        } else {
            plan.writeHeader(to: &bits)
            Self.send(tokens, count: tokenCount, values: plan.valueTable, distances: plan.distanceTable, to: &bits)
            bits.write(UInt64(plan.endOfBlockCode), count: plan.endOfBlockLength)
        }
        let end = 2 + bits.finish()
        output.storeBytes(of: adler.bigEndian, toByteOffset: end, as: UInt32.self)
        return end + 4
    }

    /// Sends `count` tokens in the code of `values` and `distances` (`BlockPlan.valueTable` and
    /// `distanceTable`). With `fields`, the tokens are a band's (`PNGBand.tokens`): each one's
    /// distance field is looked up there by its number (`PNGBand.distanceFields`).
    @inline(__always)
    static func send(
        _ tokens: UnsafePointer<Token>, count: Int, values: UnsafePointer<UInt64>, distances: UnsafePointer<UInt64>,
        fields: UnsafePointer<UInt32>? = nil, to bits: inout DeflateBitWriter
    ) {
        for index in 0..<count {
            // One write a token: the value's code (and a length's extra bits), then the distance
            // code and its extra bits, which a literal's distance entry (30) makes 0 bits.
            let token = fields.map { tokens[index] & 0x1FF | $0[Int(truncatingIfNeeded: tokens[index] &>> 9)] } ?? tokens[index]
            let value = values[Int(token & 0x1FF)]
            let distance = distances[Int((token &>> 9) & 0x1F)]
            let valueBits = value &>> 32
            let distanceBits = UInt64(UInt32(truncatingIfNeeded: distance)) | UInt64(token &>> 14) &<< ((distance &>> 32) & 0xFF)
            bits.write(
                UInt64(UInt32(truncatingIfNeeded: value)) | distanceBits &<< valueBits,
                count: Int(truncatingIfNeeded: valueBits &+ distance &>> 40))
        }
    }
}

