import CDeflate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tokens of one band of an image: the same bytes of every scanline (a range of columns, top
/// to bottom), tokenized as if nothing else existed. A copy inside a band starts and ends in it and
/// copies only from it: the pixel before (distance 4) when that is in the band, the row above, or
/// an earlier place in the band's last `maximumRows` rows found by a hash of 6 bytes. So the
/// tokens are a function of the band's bytes alone, and any image holding the same bytes as a
/// band, wherever its other columns and however wide it is, has the same tokens there: the
/// compressor keeps them (`PNGBandCache`) and tokenizes only the rest of the next image.
///
/// A breakdown's sentence is the same for every amount of one configuration but for the
/// instalment: the columns before it, and after it (the same pixels at one of a few sub-pixel
/// offsets), are such bands. Distances are kept as rows and bytes back, since an image's row
/// length (and so a copy's distance in the stream) changes with the amount's width.
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
    /// The copies' distances, as rows back and bytes back (negative: further right in a row above).
    let distances: [(rows: Int, bytes: Int)]
    /// How many tokens use each distance in `distances`.
    let uses: [Int]
    /// How many tokens have each value, 0..<512.
    let valueCounts: [Int]

    /// What the band keeps in memory, roughly, for `PNGBandCache`'s budget.
    var footprint: Int {
        bytes.count + zeroRows.count + tokens.count * 4 + rowEnds.count * 8 + distances.count * 32 + 512 * 8
            + Self.rowDistancesKept * ((distances.count + 1) * 4 + 30 * 8 + 64)
    }

    /// Tokenizes the band of `scanlines` (rows of `rowDistance` bytes, `height` of them) that is
    /// `range` of each row, with copies from at most `rows` rows back.
    ///
    /// A band is tokenized once and its tokens used for every image that holds it, so the search
    /// here is thorough where the compressor's is quick: every earlier place in reach with the same
    /// 4 bytes (up to `chainDepth` of them) is tried, the longest copy wins (the pixel before, then
    /// the row above, then the nearest, on a tie), and a copy is put off by one byte when the next
    /// byte starts a longer one.
    init(_ scanlines: UnsafeRawPointer, rowDistance: Int, height: Int, range: Range<Int>, rows: Int) {
        startsRow = range.lowerBound == 0
        width = range.count
        self.height = height
        self.rows = rows
        let width = range.count
        var bytes = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeMutableBytes { band in
            for y in 0..<height {
                band.baseAddress!.advanced(by: y * width).copyMemory(from: scanlines + y * rowDistance + range.lowerBound, byteCount: width)
            }
        }
        self.bytes = bytes
        zeroRows = (0..<height).map { y in bytes[(y * width)..<(y * width + width)].allSatisfy { $0 == 0 } }
        var tokens: [UInt32] = []
        var rowEnds: [Int] = []
        var distances: [(rows: Int, bytes: Int)] = []
        var distanceIndex: [Int: Int] = [:]
        var uses: [Int] = []
        var valueCounts = [Int](repeating: 0, count: 512)
        // Per hash of 4 bytes, the last band position (row × width + byte) that started them; and
        // per position, the one before it with the same hash: -1 for none.
        var heads = [Int32](repeating: -1, count: 1 << Self.hashBits)
        var chain = [Int32](repeating: -1, count: width * height)
        var inserted = 0
        bytes.withUnsafeBytes { raw in
            let band = raw.baseAddress!
            heads.withUnsafeMutableBufferPointer { heads in
                chain.withUnsafeMutableBufferPointer { chain in
                    // Enters every position before `end` in the chains (those with 4 bytes left in their row).
                    func insert(upTo end: Int) {
                        while inserted < end {
                            if inserted % width + 4 <= width {
                                let hash = Self.hash(band, at: inserted)
                                chain[inserted] = heads[hash]
                                heads[hash] = Int32(inserted)
                            }
                            inserted += 1
                        }
                    }
                    // The longest copy for `position` (row `y`, byte `at` of it).
                    func longest(_ position: Int, y: Int, at: Int) -> (length: Int, back: (rows: Int, bytes: Int)) {
                        let limit = min(PNGRunLengthCompressor.maximumMatch, width - at)
                        var best = (length: 0, back: (rows: 0, bytes: 4))
                        guard limit >= PNGRunLengthCompressor.minimumPixelMatch else { return best }
                        if at >= 4 {
                            let length = Self.matchLength(band, at: position, distance: 4, limit: limit)
                            if length >= PNGRunLengthCompressor.minimumPixelMatch { best = (length, (0, 4)) }
                        }
                        if y >= 1 {
                            let length = Self.matchLength(band, at: position, distance: width, limit: limit)
                            if length > best.length, length >= 4 { best = (length, (1, 0)) }
                        }
                        guard limit >= 4, best.length < limit else { return best }
                        var candidate = Int(heads[Self.hash(band, at: position)])
                        var depth = 0
                        while candidate >= 0, depth < Self.chainDepth {
                            let candidateRow = candidate / width
                            if y - candidateRow > rows { break }
                            let candidateAt = candidate - candidateRow * width
                            let reach = min(limit, width - candidateAt)
                            if reach > best.length,
                                band.load(fromByteOffset: candidate + best.length, as: UInt8.self) == band.load(fromByteOffset: position + best.length, as: UInt8.self)
                            {
                                let length = Self.matchLength(band, at: position, distance: position - candidate, limit: reach)
                                if length > best.length, length >= Self.minimumChainMatch {
                                    best = (length, (y - candidateRow, at - candidateAt))
                                    if length == limit { break }
                                }
                            }
                            candidate = Int(chain[candidate])
                            depth += 1
                        }
                        return best
                    }
                    for y in 0..<height {
                        let row = y * width
                        var at = 0
                        var pending: (length: Int, back: (rows: Int, bytes: Int))?
                        while at < width {
                            let position = row + at
                            insert(upTo: position)
                            var here = pending ?? longest(position, y: y, at: at)
                            pending = nil
                            if here.length >= PNGRunLengthCompressor.minimumPixelMatch, here.length < Self.lazyBelow, at + 1 < width {
                                insert(upTo: position + 1)
                                let next = longest(position + 1, y: y, at: at + 1)
                                if next.length > here.length {
                                    // A literal now, and the longer copy from the next byte.
                                    here.length = 0
                                    pending = next
                                }
                            }
                            if here.length >= PNGRunLengthCompressor.minimumPixelMatch {
                                let key = here.back.rows << 32 | (here.back.bytes + (1 << 31))
                                let index: Int
                                if let known = distanceIndex[key] {
                                    index = known
                                } else {
                                    index = distances.count
                                    distanceIndex[key] = index
                                    distances.append(here.back)
                                    uses.append(0)
                                }
                                uses[index] += 1
                                let value = 256 + here.length - 3
                                valueCounts[value] += 1
                                tokens.append(UInt32(value) | UInt32(index + 1) << 9)
                                // The places inside a long copy (a run, a repeated row) are not
                                // entered: a copy from them is found from the run's start or the row.
                                if here.length >= Self.enteredBelow { inserted = max(inserted, position + here.length) }
                                at += here.length
                            } else {
                                let byte = band.load(fromByteOffset: position, as: UInt8.self)
                                valueCounts[Int(byte)] += 1
                                tokens.append(UInt32(byte))
                                at += 1
                            }
                        }
                        rowEnds.append(tokens.count)
                    }
                }
            }
        }
        self.tokens = tokens
        self.rowEnds = rowEnds
        self.distances = distances
        self.uses = uses
        self.valueCounts = valueCounts
    }

    /// How many earlier places with the same 4 bytes a position tries, nearest first.
    static let chainDepth = 32
    /// The shortest copy from an earlier place (not the pixel before or the row above) that is taken.
    static let minimumChainMatch = 4
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

    /// Each distance's token bits (code in bits 9–13, extra bits from 14) in images whose rows are
    /// `rowDistance` bytes apart, after the literals' (`BlockPlan.literalDistance`) at index 0;
    /// and each distance's uses counted in `counts` (512 + code), with the values'.
    func tokenBits(rowDistance: Int, counting counts: UnsafeMutablePointer<Int>) -> [UInt32] {
        let made: (bits: [UInt32], distanceCounts: [Int])
        if let known = bitsByRowDistance[rowDistance] {
            made = known
        } else {
            var bits = [UInt32](repeating: 0, count: distances.count + 1)
            var distanceCounts = [Int](repeating: 0, count: 30)
            bits[0] = BlockPlan.literalDistance
            for (index, back) in distances.enumerated() {
                let distance = back.rows * rowDistance + back.bytes
                let code = BlockPlan.distanceCode(distance)
                bits[index + 1] = UInt32(code) << 9 | UInt32(distance - BlockPlan.distanceBaseOf(code)) << 14
                distanceCounts[code] += uses[index]
            }
            made = (bits, distanceCounts)
            if bitsByRowDistance.count >= Self.rowDistancesKept { bitsByRowDistance.removeAll(keepingCapacity: true) }
            bitsByRowDistance[rowDistance] = made
        }
        for code in 0..<30 { counts[512 + code] += made.distanceCounts[code] }
        for value in 0..<512 { counts[value] += valueCounts[value] }
        return made.bits
    }

    /// `tokenBits` by row length, made once each (a catalogue's images come in a few dozen widths, most in a few).
    private var bitsByRowDistance: [Int: (bits: [UInt32], distanceCounts: [Int])] = [:]
    /// How many row lengths' bits are kept; past it, they are made again.
    static let rowDistancesKept = 16

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
/// rows, and used only when every byte matches. Bounded by what they keep in memory: past
/// `budget` bytes the oldest go first.
final class PNGBandCache {
    struct Key: Hashable {
        let startsRow: Bool
        let width: Int, height: Int, rows: Int
        let checksum: UInt32
    }

    /// The most memory the bands may keep, in bytes.
    let budget: Int
    private var bands: [Key: PNGBand] = [:]
    /// The keys in the order they came, oldest first.
    private var order: [Key] = []
    private var kept = 0
    /// Bands used as they were kept, and tokenized anew.
    private(set) var hits = 0, misses = 0

    init(budget: Int = 24 << 20) {
        self.budget = budget
    }

    /// The tokens of `range` of each of the `height` rows of `scanlines`: kept ones when their bytes
    /// are the same, else made now (and kept). `zeroSpans` are bytes of the scanlines known to be zero.
    func band(_ scanlines: UnsafeRawPointer, rowDistance: Int, height: Int, range: Range<Int>, zeroSpans: [Range<Int>]) -> PNGBand {
        let rows = PNGBand.rows(for: rowDistance)
        var checksum: UInt32 = 0
        for y in [height / 4, height / 2, height * 3 / 4] {
            checksum = UInt32(truncatingIfNeeded: libdeflate_crc32(checksum, scanlines + y * rowDistance + range.lowerBound, range.count))
        }
        let key = Key(startsRow: range.lowerBound == 0, width: range.count, height: height, rows: rows, checksum: checksum)
        if let known = bands[key], known.matches(scanlines, rowDistance: rowDistance, range: range, zeroSpans: zeroSpans) {
            hits += 1
            return known
        }
        misses += 1
        let made = PNGBand(scanlines, rowDistance: rowDistance, height: height, range: range, rows: rows)
        if let replaced = bands.updateValue(made, forKey: key) {
            kept -= replaced.footprint
        } else {
            order.append(key)
        }
        kept += made.footprint
        while kept > budget, order.count > 1 {
            let oldest = order.removeFirst()
            if let gone = bands.removeValue(forKey: oldest) { kept -= gone.footprint }
        }
        return made
    }

    /// How many bands are kept.
    var count: Int { bands.count }
}
