import CDeflate

/// The PNG image data compressor made for breakdown images: mostly fully transparent rows and
/// flat colours, with antialiased text. It writes a complete zlib stream (RFC 1950) of one
/// dynamic-Huffman DEFLATE block (RFC 1951) for scanlines filtered with None, in two steps:
///
/// 1. `analyze`: the scanlines become tokens. At each position two copies are tried first, each by
///    comparing eight bytes at a time: of the pixel before (distance 4: runs of transparent pixels,
///    flat colour) and of the row above (distance one scanline: repeated rows, vertical edges).
///    The longer one, if at least `minimumMatch` bytes (`minimumPixelMatch` from the pixel before), is taken (ties go to distance 4, whose code
///    is cheaper). Only where neither applies (antialiased edges, about a tenth of the bytes) is a
///    third candidate looked up: the last position whose next 4 bytes hashed the same, which finds
///    repeated letters. Otherwise the byte is a literal. These copies do what the filters Sub and
///    Up would do for exact repeats, without turning antialiased runs of one colour with varying
///    alpha into differences; no hash chains, no lazy matching, and long runs cost one comparison
///    per 8 bytes. Token counts give a Huffman code made for this image, and the exact size.
/// 2. `write`: the block header, the tokens through that code, and the Adler-32 of the scanlines.
///
/// It is not safe to share between threads; its buffers are reused from image to image.
final class PNGRunLengthCompressor {
    /// Tokens are 32 bits: the low 9 a literal byte (0...255) or 256 + (n − 3) for a copy of
    /// n = 3...258 bytes; for a copy, bits 9–13 its distance code (0...29) and bits 14–26 the
    /// distance's extra bits, worked out once here so that `write` only looks codes up.
    typealias Token = UInt32
    /// The shortest copy from distance 4 or one row back that is taken.
    static let minimumMatch = 4
    /// The shortest copy of the pixel before (distance 4) that is taken: DEFLATE's shortest, 3
    /// bytes, which turns the three zero channels of an antialiased black pixel (0, 0, 0, alpha)
    /// after another into one token instead of three literals (fewer tokens, and 2% fewer bytes).
    static let minimumPixelMatch = 3
    /// The shortest copy from a hashed position that is taken: its distance costs more bits.
    static let minimumHashedMatch = 6
    static let maximumMatch = 258
    /// The farthest back DEFLATE can copy from.
    static let maximumDistance = 32768
    static let hashBits = 13

    private var tokenMemory = ScratchBuffer()
    private var tokenStart: UnsafeMutablePointer<Token>?
    /// Counts of literal/length values (0..<512) then of distance codes (512..<542).
    private let counts = UnsafeMutablePointer<Int>.allocate(capacity: 512 + 30)
    /// Per hash of 4 bytes, the last literal position (+ 1) where they started; 0 for none.
    private let hashTable = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
    private var tokenCount = 0
    private var adler: UInt32 = 1
    private var plan: BlockPlan?

    init() {}

    deinit {
        tokenMemory.free()
        counts.deallocate()
        hashTable.deallocate()
    }

    /// Tokenizes `byteCount` bytes of scanlines (each a filter type byte then `rowBytes` bytes).
    /// Returns the exact size of the zlib stream `write` will make.
    ///
    /// `zeroSpans` (in order, not overlapping) are byte ranges known to be all zero: there a copy
    /// of the bytes 4 back is known to run to the end of the span without comparing them, so a
    /// transparent area is looked at once, by the unpremultiplier, not again here. The tokens are
    /// the same as without them.
    func analyze(_ scanlines: UnsafeRawPointer, byteCount: Int, rowBytes: Int, zeroSpans: [Range<Int>] = []) -> Int {
        let tokens = tokenMemory.reserve(byteCount * 4).bindMemory(to: Token.self, capacity: byteCount)
        tokenStart = tokens
        counts.initialize(repeating: 0, count: 512 + 30)
        hashTable.initialize(repeating: 0, count: 1 << Self.hashBits)
        let rowDistance = rowBytes + 1
        let rowCopies = rowDistance <= Self.maximumDistance
        let rowDistanceCode = BlockPlan.distanceCode(min(rowDistance, Self.maximumDistance))
        let rowDistanceExtra = min(rowDistance, Self.maximumDistance) - BlockPlan.distanceBaseOf(rowDistanceCode)
        var count = 0, position = 0
        var span = 0
        let spanCount = zeroSpans.count
        // Past the last span: no span ends after any position.
        var spanStart = spanCount > 0 ? zeroSpans[0].lowerBound : Int.max
        var spanEnd = spanCount > 0 ? zeroSpans[0].upperBound : Int.max
        while position < byteCount {
            let limit = min(Self.maximumMatch, byteCount &- position)
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
            if length < Self.minimumPixelMatch, limit >= 4 {
                let next = scanlines.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                let hash = Int(truncatingIfNeeded: (next &* 0x9E37_79B1) &>> UInt32(32 - Self.hashBits))
                let previous = Int(hashTable[hash]) &- 1
                hashTable[hash] = Int32(truncatingIfNeeded: position &+ 1)
                if previous >= 0, position &- previous <= Self.maximumDistance,
                    scanlines.loadUnaligned(fromByteOffset: previous, as: UInt32.self) == next
                {
                    let hashed = Self.matchLength(scanlines, at: position &+ 4, distance: position &- previous, limit: limit &- 4) &+ 4
                    if hashed >= Self.minimumHashedMatch {
                        length = hashed
                        distance = position &- previous
                        distanceCode = BlockPlan.distanceCode(distance)
                        extra = distance &- BlockPlan.distanceBaseOf(distanceCode)
                    }
                }
            }
            let token: Token
            if length >= Self.minimumPixelMatch {
                let value = 256 &+ length &- 3
                token = Token(truncatingIfNeeded: value) | Token(truncatingIfNeeded: distanceCode) &<< 9
                    | Token(truncatingIfNeeded: extra) &<< 14
                counts[value] &+= 1
                counts[512 &+ distanceCode] &+= 1
                position &+= length
            } else {
                let value = Int(scanlines.load(fromByteOffset: position, as: UInt8.self))
                token = Token(truncatingIfNeeded: value)
                counts[value] &+= 1
                position &+= 1
            }
            tokens[count] = token
            count &+= 1
        }
        tokenCount = count
        adler = libdeflate_adler32(1, scanlines, byteCount)
        let plan = BlockPlan(counts: counts)
        self.plan = plan
        return plan.zlibBytes
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
        guard let plan, let tokens = tokenStart else { preconditionFailure("PNGRunLengthCompressor.write before analyze") }
        // zlib header: deflate with a 32 KiB window, no dictionary, "fastest" level; 0x7801 % 31 == 0.
        output.storeBytes(of: 0x78, as: UInt8.self)
        output.storeBytes(of: 0x01, toByteOffset: 1, as: UInt8.self)
        var bits = DeflateBitWriter(output: output + 2)
        plan.writeHeader(to: &bits)
        plan.valueCodes.withUnsafeBufferPointer { codes in
            plan.valueLengths.withUnsafeBufferPointer { lengths in
                plan.distanceCodes.withUnsafeBufferPointer { distanceCodes in
                    plan.distanceLengths.withUnsafeBufferPointer { distanceLengths in
                        for index in 0..<tokenCount {
                            let token = tokens[index]
                            let value = Int(token & 0x1FF)
                            bits.write(codes[value], count: Int(lengths[value]))
                            if value >= 256 {
                                let code = Int((token &>> 9) & 0x1F)
                                let extra = token &>> 14
                                let codeLength = Int(distanceLengths[code])
                                bits.write(distanceCodes[code] | extra &<< UInt32(codeLength), count: codeLength &+ BlockPlan.distanceExtraBits(code))
                            }
                        }
                    }
                }
            }
        }
        bits.write(plan.endOfBlockCode, count: plan.endOfBlockLength)
        let end = 2 + bits.finish()
        output.storeBytes(of: adler.bigEndian, toByteOffset: end, as: UInt32.self)
        return end + 4
    }
}

/// The Huffman codes of one image's block and what they cost.
private struct BlockPlan {
    /// Bit-reversed code (with the extra bits of a length) and length in bits per literal/length value.
    var valueCodes: [UInt32]
    var valueLengths: [UInt8]
    /// Bit-reversed code and length per distance code (without the extra bits).
    var distanceCodes: [UInt32]
    var distanceLengths: [UInt8]
    var endOfBlockCode: UInt32
    var endOfBlockLength: Int
    /// The header after the block type: HLIT, HDIST, HCLEN and the code lengths, as (bits, count).
    private var header: [(UInt32, Int)] = []
    /// The whole zlib stream: 2 header bytes, the block, the Adler-32.
    var zlibBytes: Int

    /// Length codes 257...285: the first length each covers and its extra bits (RFC 1951 3.2.5).
    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtraBits: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// The order in which code length code lengths are sent.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The first distance distance code `code` (0...29) covers: codes 0–3 are 1–4, then each pair
    /// of codes doubles the span.
    @inline(__always)
    static func distanceBaseOf(_ code: Int) -> Int {
        code < 4 ? code + 1 : (2 + code & 1) << (code / 2 - 1) + 1
    }

    /// The extra bits of distance code `code`.
    @inline(__always)
    static func distanceExtraBits(_ code: Int) -> Int { code < 4 ? 0 : code / 2 - 1 }

    /// The distance code of distance − 1 for 0...255, then of (distance − 1) >> 7 + 256 for the rest.
    static let distanceCodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var code = 0
        for distance in 1...32768 {
            while code < 29, distanceBaseOf(code + 1) <= distance { code += 1 }
            let index = distance <= 256 ? distance - 1 : 256 + (distance - 1) >> 7
            table[index] = UInt8(code)
        }
        return table
    }()

    @inline(__always)
    static func distanceCode(_ distance: Int, table: UnsafeBufferPointer<UInt8>) -> UInt8 {
        distance <= 256 ? table[distance &- 1] : table[256 &+ (distance &- 1) &>> 7]
    }

    static func distanceCode(_ distance: Int) -> Int {
        Int(distanceCodeTable.withUnsafeBufferPointer { distanceCode(distance, table: $0) })
    }

    /// The length code (0 for 257) of a copy of `length` bytes, 3...258.
    static func lengthCode(_ length: Int) -> Int { Int(lengthCodeTable[length]) }

    /// `lengthCodeTable[n]` is the length code of a copy of n = 3...258 bytes.
    static let lengthCodeTable: [UInt8] = (0...258).map { length in
        if length == 258 { return 28 }
        var code = 0
        while code < 27, lengthBase[code + 1] <= length { code += 1 }
        return UInt8(code)
    }

    init(counts: UnsafeMutablePointer<Int>) {
        // Literal/length symbol frequencies from the value counts.
        var frequencies = [Int](repeating: 0, count: 286)
        for byte in 0..<256 { frequencies[byte] = counts[byte] }
        frequencies[256] = 1  // end of block
        for length in 3...258 { frequencies[257 + Self.lengthCode(length)] += counts[256 + length - 3] }
        let literals = HuffmanCode(frequencies: frequencies, maximumLength: 15)
        let distanceFrequencies = (0..<30).map { counts[512 + $0] }
        let distanceCode = HuffmanCode(frequencies: distanceFrequencies, maximumLength: 15)
        distanceCodes = distanceCode.codes
        distanceLengths = distanceCode.lengths

        valueCodes = [UInt32](repeating: 0, count: 512)
        valueLengths = [UInt8](repeating: 0, count: 512)
        var blockBits = 0
        for byte in 0..<256 {
            valueCodes[byte] = literals.codes[byte]
            valueLengths[byte] = literals.lengths[byte]
            blockBits += counts[byte] * Int(literals.lengths[byte])
        }
        for length in 3...258 {
            let code = Self.lengthCode(length), symbol = 257 + code
            let symbolLength = Int(literals.lengths[symbol]), extra = Self.lengthExtraBits[code]
            let value = 256 + length - 3
            valueCodes[value] = literals.codes[symbol] | UInt32(length - Self.lengthBase[code]) << UInt32(symbolLength)
            valueLengths[value] = UInt8(symbolLength + extra)
            blockBits += counts[value] * (symbolLength + extra)
        }
        for code in 0..<30 {
            blockBits += distanceFrequencies[code] * (Int(distanceCode.lengths[code]) + Self.distanceExtraBits(code))
        }
        endOfBlockCode = literals.codes[256]
        endOfBlockLength = Int(literals.lengths[256])
        blockBits += endOfBlockLength

        // The code lengths, run-length coded with symbols 16 (repeat the previous 3...6 times),
        // 17 (3...10 zeros) and 18 (11...138 zeros).
        let literalCount = max(257, (frequencies.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceFrequencies.lastIndex { $0 > 0 } ?? 0) + 1, (distanceCode.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let allLengths = Array(literals.lengths[0..<literalCount]) + Array(distanceCode.lengths[0..<distanceCount])
        var symbols: [(symbol: Int, extra: UInt32, extraBits: Int)] = []
        var index = 0
        while index < allLengths.count {
            let value = allLengths[index]
            var run = 1
            while index + run < allLengths.count, allLengths[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let n = min(run, 138)
                    symbols.append((18, UInt32(n - 11), 7))
                    run -= n
                }
                if run >= 3 {
                    symbols.append((17, UInt32(run - 3), 3))
                    run = 0
                }
            } else {
                symbols.append((Int(value), 0, 0))
                run -= 1
                while run >= 3 {
                    let n = min(run, 6)
                    symbols.append((16, UInt32(n - 3), 2))
                    run -= n
                }
            }
            for _ in 0..<run { symbols.append((Int(value), 0, 0)) }
        }
        var codeLengthFrequencies = [Int](repeating: 0, count: 19)
        for entry in symbols { codeLengthFrequencies[entry.symbol] += 1 }
        let codeLengthCode = HuffmanCode(frequencies: codeLengthFrequencies, maximumLength: 7)
        var codeLengthCount = 19
        while codeLengthCount > 4, codeLengthCode.lengths[Self.codeLengthOrder[codeLengthCount - 1]] == 0 {
            codeLengthCount -= 1
        }

        header.append((UInt32(literalCount - 257), 5))
        header.append((UInt32(distanceCount - 1), 5))
        header.append((UInt32(codeLengthCount - 4), 4))
        for position in 0..<codeLengthCount {
            header.append((UInt32(codeLengthCode.lengths[Self.codeLengthOrder[position]]), 3))
        }
        for entry in symbols {
            header.append((codeLengthCode.codes[entry.symbol], Int(codeLengthCode.lengths[entry.symbol])))
            if entry.extraBits > 0 { header.append((entry.extra, entry.extraBits)) }
        }
        let headerBits = 3 + header.reduce(0) { $0 + $1.1 }
        zlibBytes = 2 + (headerBits + blockBits + 7) / 8 + 4
    }

    /// Writes BFINAL, BTYPE = dynamic and the code description.
    func writeHeader(to bits: inout DeflateBitWriter) {
        bits.write(0b101, count: 3)  // BFINAL 1, then BTYPE 2 (binary 10), least significant bit first
        for (value, count) in header { bits.write(value, count: count) }
    }
}
