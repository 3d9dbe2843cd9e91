import CDeflate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tokens of one band of an image: the same bytes of every scanline (a range of columns, top
/// to bottom), tokenized with copies only from the band itself: the pixel before (distance 4) when
/// that is in the band, the row above, or an earlier place in the band's last `rows` rows. No copy
/// runs out of its band's row, at either end. So the tokens are a function of the band's bytes
/// alone, and any image holding the same bytes there, wherever its other columns and however wide
/// it is, has the same tokens: the compressor keeps them (`PNGBandCache`) and tokenizes only the
/// rest of the next image.
///
/// A breakdown's sentence is the same for every amount of one configuration but for the
/// instalment: the columns before it are such a band, and so are those after it for the amounts
/// whose instalment ends at the same sub-pixel offset. Distances are kept as rows and bytes back,
/// since an image's row length (and so a copy's distance in the stream) changes with the amount's
/// width.
final class PNGBand {
    /// The most rows back a copy in a band may come from (fewer when rows are long: see `rows(for:)`).
    static let maximumRows = 7
    /// The narrowest band kept, in bytes: narrower ones are tokenized with the rest.
    static let minimumWidth = 64

    /// How many rows back a band's copies may come from in an image whose rows are `rowDistance`
    /// bytes apart, so that every copy is within DEFLATE's 32 KiB: 0 (no bands) past 16 KiB.
    static func rows(for rowDistance: Int) -> Int {
        max(0, min(maximumRows, PNGRunLengthCompressor.maximumDistance / rowDistance - 1))
    }

    /// A copy's distance: `rows` back, `bytes` further left in the band's row (negative: further
    /// right).
    struct Back: Hashable {
        let rows: Int, bytes: Int
    }

    /// Whether the band starts with each scanline's filter byte (else with a pixel's first byte).
    let startsRow: Bool
    /// The most rows back a copy comes from.
    let rows: Int
    /// Bytes of each row in the band, and rows.
    let width: Int, height: Int
    /// The band's bytes, row after row: what an image must hold to use these tokens.
    let bytes: [UInt8]
    /// Whether each row of the band is all zeros.
    let zeroRows: [Bool]
    /// Row after row: the value (a literal byte, or 256 + length − 3) in the low 9 bits, then 0 for
    /// a literal or 1 + the index of the copy's distance in `distances`.
    let tokens: [UInt32]
    /// Where each row's tokens end in `tokens`.
    let rowEnds: [Int]
    /// The places the compressor enters in its hash table after each row of the band, as if it had
    /// searched the band itself (its literals at a red or alpha byte, not zero, 6 bytes from the
    /// band row's end), so that the columns after the band copy letters from it: the byte in the
    /// band's row above `PNGRunLengthCompressor.hashBits`, the hash of its 6 bytes below.
    let entries: [UInt32]
    /// Where each row's places end in `entries`.
    let entryEnds: [Int]
    /// The copies' distances.
    let distances: [Back]
    /// How many tokens use each distance in `distances`.
    let uses: [Int]
    /// How many tokens have each value, 0..<512.
    let valueCounts: [Int]
    /// The number `PNGBandCache` gave the band when it kept it, never given twice in a cache; 0
    /// for a band not kept. Codes made for kept bands are found by it (`PNGBandCode`).
    var serial = 0

    /// A band's tokens as a search makes them (see the properties of the same names).
    typealias Made = (tokens: [UInt32], rowEnds: [Int], entries: [UInt32], entryEnds: [Int], distances: [Back], uses: [Int], valueCounts: [Int])

    /// What the band keeps in memory, roughly, for `PNGBandCache`'s budget.
    var footprint: Int {
        bytes.count + zeroRows.count + tokens.count * 4 + rowEnds.count * 16 + entries.count * 4 + distances.count * 40 + 512 * 8
    }

    /// Tokenizes the band of `scanlines` (rows of `rowDistance` bytes, `height` of them) that is
    /// `range` of each row, with copies from at most `rows` rows back.
    ///
    /// A band is tokenized once and its tokens used for every image that holds it, so the search
    /// here is thorough where the compressor's is quick: every earlier place in reach with the same
    /// 4 bytes (up to `chainDepth` of them) is tried, the longest copy wins (the pixel before, then
    /// the row above, then the nearest, on a tie), and a copy is put off by one byte when the next
    /// byte starts a longer one.
    ///
    /// A `quick` band is searched as the compressor searches (`quickTokenize`), in place: bands of
    /// which a batch may meet a new one at nearly every image (the columns after the instalment)
    /// cost about what tokenizing those columns with the rest would. Its bytes are copied only when
    /// it is to be `kept` (a band not kept matches nothing); `zeroSpans` are bytes of the scanlines
    /// known to be zero.
    init(
        _ scanlines: UnsafeRawPointer, rowDistance: Int, height: Int, range: Range<Int>, rows: Int, quick: Bool = false,
        kept: Bool = true, zeroSpans: [Range<Int>] = [], scratch: PNGBandScratch = PNGBandScratch()
    ) {
        let startsRow = range.lowerBound == 0
        self.startsRow = startsRow
        width = range.count
        self.height = height
        self.rows = rows
        let width = range.count
        var bytes: [UInt8] = []
        if kept || !quick {
            bytes = [UInt8](repeating: 0, count: width * height)
            bytes.withUnsafeMutableBytes { band in
                for y in 0..<height {
                    band.baseAddress!.advanced(by: y * width).copyMemory(from: scanlines + y * rowDistance + range.lowerBound, byteCount: width)
                }
            }
        }
        self.bytes = kept ? bytes : []
        zeroRows = kept ? bytes.withUnsafeBytes { band in (0..<height).map { Self.isZero(band.baseAddress! + $0 * width, count: width) } } : []
        let made =
            quick
            ? Self.quickTokenize(
                scanlines, rowDistance: rowDistance, start: range.lowerBound, width: width, height: height, rows: rows, zeroSpans: zeroSpans,
                scratch: scratch)
            : bytes.withUnsafeBytes { raw in
                Self.tokenize(raw.baseAddress!, width: width, height: height, rows: rows, startsRow: startsRow, scratch: scratch)
            }
        tokens = made.tokens
        rowEnds = made.rowEnds
        entries = made.entries
        entryEnds = made.entryEnds
        distances = made.distances
        uses = made.uses
        valueCounts = made.valueCounts
    }

    /// The band's tokens (see `init`), made in `scratch`'s memory: the chains, the distances'
    /// numbers and the output are flat buffers kept from band to band (a batch of more
    /// configurations than the cache holds makes a band for every image).
    private static func tokenize(
        _ band: UnsafeRawPointer, width: Int, height: Int, rows: Int, startsRow: Bool, scratch: PNGBandScratch
    ) -> Made {
        let slotsPerRow = scratch.prepare(width: width, height: height, rows: rows, hashBits: hashBits)
        let heads = scratch.heads, chain = scratch.chain, out = scratch.tokens, entryOut = scratch.entries, slots = scratch.slots
        var (rowEnds, entryEnds, distances, uses, valueCounts) = Self.emptyOutput(height: height)
        var tokenCount = 0, entryCount = 0
        let ownFirst = startsRow ? 1 : 0
        let minimum = PNGRunLengthCompressor.minimumPixelMatch
        valueCounts.withUnsafeMutableBufferPointer { valueCounts in
            for y in 0..<height {
                let rowStart = y * width
                // The first position of the oldest row a copy may come from.
                let oldest = max(0, (y - rows) * width)
                // This row's positions before `inserted` are in the chains.
                var inserted = 0
                // Enters this row's positions before `end` (those with 4 bytes left in the row).
                @inline(__always) func insert(upTo end: Int) {
                    let last = min(end, width - 3)
                    while inserted < last {
                        let place = rowStart + inserted
                        let hash = Self.hash(band, at: place)
                        chain[place] = heads[hash]
                        heads[hash] = Int32(truncatingIfNeeded: place)
                        inserted += 1
                    }
                }
                var at = 0
                var pending: (length: Int, rows: Int, bytes: Int)?
                while at < width {
                    let position = rowStart + at
                    insert(upTo: at)
                    var here = pending ?? longest(band, position, y: y, at: at, width: width, oldest: oldest, heads: heads, chain: chain)
                    pending = nil
                    if here.length >= minimum, here.length < Self.lazyBelow, at + 1 < width {
                        insert(upTo: at + 1)
                        let next = longest(band, position + 1, y: y, at: at + 1, width: width, oldest: oldest, heads: heads, chain: chain)
                        if next.length > here.length {
                            // A literal now, and the longer copy from the next byte.
                            here.length = 0
                            pending = next
                        }
                    }
                    if here.length >= minimum {
                        let slot = here.rows * slotsPerRow + here.bytes + width
                        var index = Int(slots[slot])
                        if index < 0 {
                            index = distances.count
                            slots[slot] = Int32(truncatingIfNeeded: index)
                            distances.append(Back(rows: here.rows, bytes: here.bytes))
                            uses.append(0)
                        }
                        uses[index] += 1
                        let value = 256 + here.length - 3
                        valueCounts[value] += 1
                        out[tokenCount] = UInt32(truncatingIfNeeded: value) | UInt32(truncatingIfNeeded: index + 1) << 9
                        tokenCount += 1
                        // The places inside a long copy (a run, a repeated row) are not entered: a
                        // copy from them is found from the run's start or the row.
                        if here.length >= Self.enteredBelow { inserted = max(inserted, at + here.length) }
                        at += here.length
                    } else {
                        let byte = band.load(fromByteOffset: position, as: UInt8.self)
                        valueCounts[Int(byte)] += 1
                        out[tokenCount] = UInt32(byte)
                        tokenCount += 1
                        // Where the compressor's own search would have looked this byte up and
                        // entered it (a literal at a red or alpha byte, not zero).
                        if byte != 0, (at - ownFirst) & 3 == 0 || (at - ownFirst) & 3 == 3, at + 6 <= width {
                            let hash = PNGRunLengthCompressor.hashOfSix(band, at: position)
                            entryOut[entryCount] = UInt32(at) << UInt32(PNGRunLengthCompressor.hashBits) | UInt32(truncatingIfNeeded: hash)
                            entryCount += 1
                        }
                        at += 1
                    }
                }
                rowEnds[y] = tokenCount
                entryEnds[y] = entryCount
            }
        }
        // Leave the distance slots empty for the next band.
        for back in distances { slots[back.rows * slotsPerRow + back.bytes + width] = -1 }
        return (
            Array(UnsafeBufferPointer(start: out, count: tokenCount)), rowEnds, Array(UnsafeBufferPointer(start: entryOut, count: entryCount)),
            entryEnds, distances, uses, valueCounts
        )
    }

    /// What a search of a band of `height` rows fills in (`Made`, but the tokens and places, which
    /// go to the scratch memory), as it starts.
    private static func emptyOutput(height: Int) -> (rowEnds: [Int], entryEnds: [Int], distances: [Back], uses: [Int], valueCounts: [Int]) {
        ([Int](repeating: 0, count: height), [Int](repeating: 0, count: height), [], [], [Int](repeating: 0, count: 512))
    }

    /// Puts down a copy of `length` bytes from `rowsBack` rows and `bytesBack` bytes back, its
    /// distance numbered in `slots` and `distances` as it is first met.
    @inline(__always)
    private static func record(
        _ length: Int, rowsBack: Int, bytesBack: Int, slots: UnsafeMutablePointer<Int32>, slotsPerRow: Int, width: Int, distances: inout [Back],
        uses: inout [Int], valueCounts: UnsafeMutableBufferPointer<Int>, out: UnsafeMutablePointer<UInt32>, tokenCount: inout Int
    ) {
        let slot = rowsBack &* slotsPerRow &+ bytesBack &+ width
        var index = Int(slots[slot])
        if index < 0 {
            index = distances.count
            slots[slot] = Int32(truncatingIfNeeded: index)
            distances.append(Back(rows: rowsBack, bytes: bytesBack))
            uses.append(0)
        }
        uses[index] &+= 1
        let value = 256 &+ length &- 3
        valueCounts[value] &+= 1
        out[tokenCount] = UInt32(truncatingIfNeeded: value) | UInt32(truncatingIfNeeded: index &+ 1) &<< 9
        tokenCount &+= 1
    }

    /// Whether `count` bytes from `bytes` are all zero.
    static func isZero(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        var at = 0, bits: UInt64 = 0
        while at &+ 8 <= count {
            bits |= bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            at &+= 8
        }
        while at < count {
            bits |= UInt64(bytes.load(fromByteOffset: at, as: UInt8.self))
            at &+= 1
        }
        return bits == 0
    }

    /// The tokens of the band of `scanlines` at `start` of each row, `width` bytes wide, as
    /// `PNGRunLengthCompressor` would find them if nothing outside the band were in reach: at each
    /// place the pixel before (in the band) and the row above are tried first, and, only where
    /// neither gives 3 bytes and the byte is a red or alpha byte not zero, the last place in the
    /// band's last `rows` rows whose next 6 bytes hashed the same (one place, as the compressor's
    /// table keeps). A copy stays in its source's row of the band, so the tokens are a function of
    /// the band's bytes alone. A row inside one of `zeroSpans` after another (or first) is not
    /// compared: its tokens are the ones the search would find there.
    private static func quickTokenize(
        _ scanlines: UnsafeRawPointer, rowDistance: Int, start: Int, width: Int, height: Int, rows: Int, zeroSpans: [Range<Int>],
        scratch: PNGBandScratch
    ) -> Made {
        let hashBits = PNGRunLengthCompressor.hashBits
        let slotsPerRow = scratch.prepare(width: width, height: height, rows: rows, hashBits: hashBits)
        // Each hash's last place: its row in the high 16 bits, its byte in the band's row below
        // (a band is narrower than 16 KiB: `rows(for:)`).
        let table = scratch.heads, out = scratch.tokens, entryOut = scratch.entries, slots = scratch.slots
        var (rowEnds, entryEnds, distances, uses, valueCounts) = Self.emptyOutput(height: height)
        var tokenCount = 0, entryCount = 0
        let ownFirst = start == 0 ? 1 : 0
        let minimum = PNGRunLengthCompressor.minimumPixelMatch, hashed = PNGRunLengthCompressor.minimumHashedMatch
        // The first zero span that ends after the place, and its bounds (Int.max past the last).
        var span = 0, aboveZero = false
        var spanStart = zeroSpans.first?.lowerBound ?? Int.max, spanEnd = zeroSpans.first?.upperBound ?? Int.max
        valueCounts.withUnsafeMutableBufferPointer { valueCounts in
            for y in 0..<height {
                let rowStart = y &* rowDistance &+ start
                while rowStart >= spanEnd {
                    span &+= 1
                    spanStart = span < zeroSpans.count ? zeroSpans[span].lowerBound : Int.max
                    spanEnd = span < zeroSpans.count ? zeroSpans[span].upperBound : Int.max
                }
                let zero = spanStart <= rowStart && spanEnd >= rowStart &+ width
                defer {
                    aboveZero = zero
                    rowEnds[y] = tokenCount
                    entryEnds[y] = entryCount
                }
                if zero, y == 0 || aboveZero {
                    // What the search finds in a zero row under a zero row (or first): the row
                    // above (else 4 literals), then the pixel before, and the last 1 or 2 bytes
                    // as literals.
                    var at = 0
                    if y == 0 {
                        valueCounts[0] &+= 4
                        for _ in 0..<4 {
                            out[tokenCount] = 0
                            tokenCount &+= 1
                        }
                        at = 4
                    } else {
                        at = min(PNGRunLengthCompressor.maximumMatch, width)
                        Self.record(
                            at, rowsBack: 1, bytesBack: 0, slots: slots, slotsPerRow: slotsPerRow, width: width, distances: &distances, uses: &uses,
                            valueCounts: valueCounts, out: out, tokenCount: &tokenCount)
                    }
                    while width &- at >= minimum {
                        let length = min(PNGRunLengthCompressor.maximumMatch, width &- at)
                        Self.record(
                            length, rowsBack: 0, bytesBack: 4, slots: slots, slotsPerRow: slotsPerRow, width: width, distances: &distances,
                            uses: &uses, valueCounts: valueCounts, out: out, tokenCount: &tokenCount)
                        at &+= length
                    }
                    while at < width {
                        valueCounts[0] &+= 1
                        out[tokenCount] = 0
                        tokenCount &+= 1
                        at &+= 1
                    }
                    continue
                }
                var at = 0
                while at < width {
                    let position = rowStart &+ at
                    let limit = min(PNGRunLengthCompressor.maximumMatch, width &- at)
                    var length = 0, rowsBack = 0, bytesBack = 4
                    while position >= spanEnd {
                        span &+= 1
                        spanStart = span < zeroSpans.count ? zeroSpans[span].lowerBound : Int.max
                        spanEnd = span < zeroSpans.count ? zeroSpans[span].upperBound : Int.max
                    }
                    if at >= 4, position &- 4 >= spanStart {
                        // In a zero span with 4 zeros before: the copy runs at least to its end.
                        length = min(limit, spanEnd &- position)
                        if length < limit { length &+= matchLength(scanlines, at: position &+ length, distance: 4, limit: limit &- length) }
                    } else if at >= 4, limit >= minimum {
                        if limit >= 4 {
                            if (scanlines.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                                ^ scanlines.loadUnaligned(fromByteOffset: position &- 4, as: UInt32.self)) & UInt32(littleEndian: 0xFF_FFFF) == 0
                            {
                                length = matchLength(scanlines, at: position &+ 3, distance: 4, limit: limit &- 3) &+ 3
                            }
                        } else {
                            length = matchLength(scanlines, at: position, distance: 4, limit: limit)
                        }
                    }
                    if y >= 1, limit >= 4, length < limit,
                        scanlines.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                            == scanlines.loadUnaligned(fromByteOffset: position &- rowDistance, as: UInt32.self)
                    {
                        let above = matchLength(scanlines, at: position &+ 4, distance: rowDistance, limit: limit &- 4) &+ 4
                        if above > length {
                            length = above
                            rowsBack = 1
                            bytesBack = 0
                        }
                    }
                    let byte = scanlines.load(fromByteOffset: position, as: UInt8.self)
                    let phase = (at &- ownFirst) & 3
                    let looksUp = byte != 0 && (phase == 0 || phase == 3)
                    if length < minimum, looksUp, limit >= hashed {
                        let hash = PNGRunLengthCompressor.hashOfSix(scanlines, at: position)
                        let previous = Int(table[hash])
                        table[hash] = Int32(truncatingIfNeeded: y &<< 16 | at)
                        let previousRow = previous &>> 16, previousAt = previous & 0xFFFF
                        if previous >= 0, y &- previousRow <= rows {
                            let reach = min(limit, width &- previousAt)
                            let back = (y &- previousRow) &* rowDistance &+ at &- previousAt
                            if reach >= hashed {
                                let found = matchLength(scanlines, at: position, distance: back, limit: reach)
                                if found >= hashed {
                                    length = found
                                    rowsBack = y &- previousRow
                                    bytesBack = at &- previousAt
                                }
                            }
                        }
                    }
                    if length >= minimum {
                        Self.record(
                            length, rowsBack: rowsBack, bytesBack: bytesBack, slots: slots, slotsPerRow: slotsPerRow, width: width,
                            distances: &distances, uses: &uses, valueCounts: valueCounts, out: out, tokenCount: &tokenCount)
                        at &+= length
                    } else {
                        valueCounts[Int(byte)] &+= 1
                        out[tokenCount] = UInt32(byte)
                        tokenCount &+= 1
                        if looksUp, at &+ 6 <= width {
                            entryOut[entryCount] = UInt32(at) << UInt32(hashBits) | UInt32(truncatingIfNeeded: PNGRunLengthCompressor.hashOfSix(scanlines, at: position))
                            entryCount &+= 1
                        }
                        at &+= 1
                    }
                }
            }
        }
        // Leave the distance slots empty for the next band.
        for back in distances { slots[back.rows &* slotsPerRow &+ back.bytes &+ width] = -1 }
        return (
            Array(UnsafeBufferPointer(start: out, count: tokenCount)), rowEnds, Array(UnsafeBufferPointer(start: entryOut, count: entryCount)),
            entryEnds, distances, uses, valueCounts
        )
    }

    /// The longest copy for `position` (row `y`, byte `at` of the band's row): the pixel before,
    /// then the row above, then earlier places with the same 4 bytes from `oldest` on, up to
    /// `chainDepth` of them, nearest first; the first of the longest wins. Returns its length (0
    /// for none) and how far back it is, in rows and bytes.
    @inline(__always)
    private static func longest(
        _ band: UnsafeRawPointer, _ position: Int, y: Int, at: Int, width: Int, oldest: Int, heads: UnsafeMutablePointer<Int32>,
        chain: UnsafeMutablePointer<Int32>
    ) -> (length: Int, rows: Int, bytes: Int) {
        let limit = min(PNGRunLengthCompressor.maximumMatch, width - at)
        var best = (length: 0, rows: 0, bytes: 4)
        guard limit >= PNGRunLengthCompressor.minimumPixelMatch else { return best }
        // A first compare of 3 (or 4) bytes rules out the copies too short to take.
        if at >= 4, limit >= 4,
            (band.loadUnaligned(fromByteOffset: position, as: UInt32.self) ^ band.loadUnaligned(fromByteOffset: position &- 4, as: UInt32.self))
                & UInt32(littleEndian: 0xFF_FFFF) == 0
        {
            best = (matchLength(band, at: position &+ 3, distance: 4, limit: limit &- 3) &+ 3, 0, 4)
        } else if at >= 4, limit < 4 {
            let length = matchLength(band, at: position, distance: 4, limit: limit)
            if length >= PNGRunLengthCompressor.minimumPixelMatch { best = (length, 0, 4) }
        }
        if y >= 1, limit >= 4, best.length < limit,
            band.loadUnaligned(fromByteOffset: position, as: UInt32.self) == band.loadUnaligned(fromByteOffset: position &- width, as: UInt32.self)
        {
            let length = matchLength(band, at: position &+ 4, distance: width, limit: limit &- 4) &+ 4
            if length > best.length { best = (length, 1, 0) }
        }
        guard limit >= 4, best.length < limit else { return best }
        var candidate = Int(heads[hash(band, at: position)])
        var depth = 0
        while candidate >= oldest, depth < chainDepth {
            if band.load(fromByteOffset: candidate + best.length, as: UInt8.self) == band.load(fromByteOffset: position + best.length, as: UInt8.self) {
                let candidateRow = Int(UInt32(truncatingIfNeeded: candidate) / UInt32(truncatingIfNeeded: width))
                let candidateAt = candidate - candidateRow * width
                // The copy stays in its source's row of the band.
                let reach = min(limit, width - candidateAt)
                if reach > best.length {
                    let length = matchLength(band, at: position, distance: position - candidate, limit: reach)
                    if length > best.length, length >= minimumChainMatch {
                        best = (length, y - candidateRow, at - candidateAt)
                        if length == limit { break }
                    }
                }
            }
            candidate = Int(chain[candidate])
            depth += 1
        }
        return best
    }

    /// How many earlier places with the same 4 bytes a position tries, nearest first.
    static let chainDepth = 64
    /// The shortest copy from an earlier place (not the pixel before or the row above) that is taken:
    /// a shorter one costs more bits (a rare distance) than the pixel-before copies and literals it
    /// displaces (measured on the bench's images: 4 bytes 1.7% more than 8).
    static let minimumChainMatch = 8
    /// The places inside a copy this long or longer are not entered in the chains.
    static let enteredBelow = 32
    /// A copy shorter than this is put off when the next byte starts a longer one.
    static let lazyBelow = 258
    static let hashBits = 15

    @inline(__always)
    private static func hash(_ bytes: UnsafeRawPointer, at position: Int) -> Int {
        let word = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
        return Int(truncatingIfNeeded: (word &* 0x9E37_79B1) &>> UInt32(32 - hashBits))
    }

    /// Whether row after row of `range` in `scanlines` holds the band's bytes. A row inside one of
    /// `zeroSpans` (bytes known to be zero) is the band's when the band's row is all zeros.
    func matches(_ scanlines: UnsafeRawPointer, rowDistance: Int, range: Range<Int>, zeroSpans: [Range<Int>]) -> Bool {
        guard bytes.count == width * height else { return false }
        var span = 0
        return bytes.withUnsafeBytes { band in
            for y in 0..<height {
                let start = y * rowDistance + range.lowerBound
                while span < zeroSpans.count, zeroSpans[span].upperBound <= start { span += 1 }
                if span < zeroSpans.count, zeroSpans[span].lowerBound <= start, zeroSpans[span].upperBound >= start + width {
                    if !zeroRows[y] { return false }
                } else if memcmp(band.baseAddress! + y * width, scanlines + start, width) != 0 {
                    return false
                }
            }
            return true
        }
    }

    /// Each distance's code (bits 9–13) and extra bits (from 14) in an image whose rows are
    /// `rowDistance` bytes apart, as a token of the compressor holds them
    /// (`PNGRunLengthCompressor.Token`): entry 0 for a literal, then one per `distances`.
    func distanceFields(rowDistance: Int) -> [UInt32] {
        var fields = [BlockPlan.literalDistance]
        for back in distances {
            let distance = back.rows * rowDistance + back.bytes
            let code = BlockPlan.distanceCode(distance)
            fields.append(UInt32(code) << 9 | UInt32(distance - BlockPlan.distanceBaseOf(code)) << 14)
        }
        return fields
    }

    /// Counts the band's tokens in an image whose rows are `rowDistance` bytes apart into `counts`
    /// (values 0..<512, then 512 + each distance code).
    func count(rowDistance: Int, into counts: UnsafeMutablePointer<Int>) {
        for (index, back) in distances.enumerated() {
            counts[512 + BlockPlan.distanceCode(back.rows * rowDistance + back.bytes)] += uses[index]
        }
        for value in 0..<512 { counts[value] += valueCounts[value] }
    }

    /// The band's tokens as the compressor holds them in an image whose rows are `rowDistance`
    /// bytes apart.
    func imageTokens(rowDistance: Int) -> [UInt32] {
        let fields = distanceFields(rowDistance: rowDistance)
        return tokens.map { $0 & 0x1FF | fields[Int($0 >> 9)] }
    }

    /// How many bytes from `position` on (at most `limit`) equal those `distance` bytes before.
    @inline(__always)
    private static func matchLength(_ bytes: UnsafeRawPointer, at position: Int, distance: Int, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let difference =
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position + length, as: UInt64.self))
                ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position + length - distance, as: UInt64.self))
            if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit,
            bytes.load(fromByteOffset: position + length, as: UInt8.self) == bytes.load(fromByteOffset: position + length - distance, as: UInt8.self)
        {
            length += 1
        }
        return length
    }
}

/// The bands a compressor tokenized lately, found by their shape and a checksum of three of their
/// rows, and used only when every byte matches. Bounded by what they keep in memory: past its
/// share of `budget` bytes the oldest of a kind go first.
///
/// Two kinds, each with its own share: bands that start a row (the columns before the instalment,
/// one a configuration, searched thoroughly) keep `budget`; others (the columns after it, which
/// come in a few dozen sub-pixel variants a configuration, searched quickly) half of it, and
/// one is kept only when it is met a second time, so a batch of many configurations, which meets
/// a new one at nearly every image, neither fills memory with them nor pushes out the first kind.
/// Whether a band was kept never changes its tokens: they are a function of its bytes.
final class PNGBandCache {
    struct Key: Hashable {
        let startsRow: Bool
        let width: Int, height: Int, rows: Int
        let checksum: UInt32
    }

    /// The most memory the bands that start a row may keep, in bytes (the others: half of it).
    let budget: Int
    private var bands: [Key: PNGBand] = [:]
    /// The keys of each kind (0: starting a row) in the order they came, oldest first, and what
    /// they keep.
    private var order: [[Key]] = [[], []]
    private var kept = [0, 0]
    /// Bands of the second kind met once and not kept, with nothing else known of them.
    private var metOnce: Set<Key> = []
    /// Where bands are made.
    private let scratch = PNGBandScratch()
    /// The last serial number given (`PNGBand.serial`).
    private var served = 0
    /// Bands used as they were kept, and tokenized anew, of each kind (0: starting a row).
    private(set) var kindHits = [0, 0], kindMisses = [0, 0]
    /// Bands used as they were kept, and tokenized anew.
    var hits: Int { kindHits[0] + kindHits[1] }
    var misses: Int { kindMisses[0] + kindMisses[1] }

    init(budget: Int = 24 << 20) {
        self.budget = budget
    }

    /// How many bands not starting a row are remembered as met once before the memory is cleared.
    static let metOnceLimit = 4096

    /// The tokens of `range` of each of the `height` rows of `scanlines`: kept ones when their bytes
    /// are the same, else made now (and kept, for a band not starting a row only the second time
    /// it is met). `zeroSpans` are bytes of the scanlines known to be zero.
    func band(_ scanlines: UnsafeRawPointer, rowDistance: Int, height: Int, range: Range<Int>, zeroSpans: [Range<Int>]) -> PNGBand {
        let rows = PNGBand.rows(for: rowDistance)
        var checksum: UInt32 = 0
        for y in [height / 4, height / 2, height * 3 / 4] {
            checksum = UInt32(truncatingIfNeeded: libdeflate_crc32(checksum, scanlines + y * rowDistance + range.lowerBound, range.count))
        }
        let startsRow = range.lowerBound == 0
        let key = Key(startsRow: startsRow, width: range.count, height: height, rows: rows, checksum: checksum)
        let kind = startsRow ? 0 : 1
        if let known = bands[key], known.matches(scanlines, rowDistance: rowDistance, range: range, zeroSpans: zeroSpans) {
            kindHits[kind] += 1
            return known
        }
        kindMisses[kind] += 1
        let keep = startsRow || metOnce.remove(key) != nil
        let made = PNGBand(
            scanlines, rowDistance: rowDistance, height: height, range: range, rows: rows, quick: !startsRow, kept: keep, zeroSpans: zeroSpans,
            scratch: scratch)
        if !keep {
            if metOnce.count >= Self.metOnceLimit { metOnce.removeAll(keepingCapacity: true) }
            metOnce.insert(key)
            return made
        }
        let share = startsRow ? budget : budget / 2
        if let replaced = bands.updateValue(made, forKey: key) {
            kept[kind] -= replaced.footprint
        } else {
            order[kind].append(key)
        }
        kept[kind] += made.footprint
        served += 1
        made.serial = served
        while kept[kind] > share, order[kind].count > 1 {
            let oldest = order[kind].removeFirst()
            if let gone = bands.removeValue(forKey: oldest) { kept[kind] -= gone.footprint }
        }
        return made
    }

    /// How many bands are kept.
    var count: Int { bands.count }
}

/// The memory a cache's bands are made in, reused from band to band (so making one allocates
/// only what it keeps): the hash chains' heads and links, the tokens and places as they are
/// found, and each distance's number. Not thread-safe, as its cache.
final class PNGBandScratch {
    private(set) var heads = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << PNGBand.hashBits)
    private(set) var chain = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var entries = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// For each distance (rows back × (2 × width + 1) + bytes back + width) its number, or -1.
    private(set) var slots = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var positions = 1, slotCount = 1

    init() {
        slots.initialize(to: -1)
    }

    /// Readies the memory for a search of a band `width` bytes wide and `height` rows tall, with
    /// copies from `rows` rows back: room for it, and no place entered in the first
    /// `1 << hashBits` of `heads` (both searches start here; the quick one keeps one place a hash
    /// there, with the compressor's smaller hash). Returns the distance slots of one row back
    /// (`2 × width + 1`: every byte offset either way).
    func prepare(width: Int, height: Int, rows: Int, hashBits: Int) -> Int {
        let slotsPerRow = 2 * width + 1
        reserve(positions: width * height, slots: (rows + 1) * slotsPerRow)
        heads.update(repeating: -1, count: 1 << hashBits)
        return slotsPerRow
    }

    /// Room for a band of `positions` bytes, with `count` distance slots (all -1 when made).
    func reserve(positions: Int, slots count: Int) {
        if positions > self.positions {
            chain.deallocate()
            tokens.deallocate()
            entries.deallocate()
            self.positions = positions
            chain = .allocate(capacity: positions)
            tokens = .allocate(capacity: positions)
            entries = .allocate(capacity: positions)
        }
        if count > slotCount {
            slots.deallocate()
            slotCount = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: -1, count: count)
        }
    }

    deinit {
        heads.deallocate()
        chain.deallocate()
        tokens.deallocate()
        entries.deallocate()
        slots.deallocate()
    }
}
