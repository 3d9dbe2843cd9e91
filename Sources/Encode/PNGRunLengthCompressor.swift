import CDeflate


/// The PNG image data compressor made for breakdown images: mostly fully transparent rows and
/// flat colours, with antialiased edges. It writes a complete zlib stream (RFC 1950) of one
/// dynamic-Huffman DEFLATE block (RFC 1951) for scanlines filtered with None, in two steps:
///
/// 1. `analyze`: the scanlines become tokens. At each position only two matches are tried, each by
///    comparing eight bytes at a time: a copy of the pixel before (distance 4: repeated pixels, flat
///    colour, and runs of transparent pixels) and a copy of the row above (distance one scanline:
///    repeated rows, vertical edges). The longer one, if at least `minimumMatch` bytes, is taken
///    (ties go to distance 4, whose code is cheaper); otherwise the byte is a literal. No hash table,
///    no search. These two copies do what the filters Sub and Up would do for exact repeats, without
///    turning the runs of one colour with varying alpha of antialiased text into differences.
///    Token counts give a Huffman code made for this image, and the exact compressed size.
/// 2. `write`: the block header, the tokens through that code, and the Adler-32 of the scanlines.
///
/// It is not safe to share between threads; its buffers are reused from image to image.
final class PNGRunLengthCompressor {
    /// Token values: 0...255 a literal byte; 256 + (n − 3) a copy of n = 3...258 bytes from
    /// distance 4; 512 + (n − 3) the same from one scanline back.
    static let tokenKinds = 768
    /// The shortest copy taken; shorter repeats cost more as a length and distance than as literals.
    static let minimumMatch = 4
    static let maximumMatch = 258
    /// The farthest back DEFLATE can copy from.
    static let maximumDistance = 32768

    private var tokenMemory = ScratchBuffer()
    private var tokenStart: UnsafeMutablePointer<UInt16>?
    private let counts = UnsafeMutablePointer<Int>.allocate(capacity: tokenKinds)
    private var tokenCount = 0
    private var adler: UInt32 = 1
    private var plan: BlockPlan?

    init() {}

    deinit {
        tokenMemory.free()
        counts.deallocate()
    }

    /// Tokenizes `byteCount` bytes of scanlines (each a filter type byte then `rowBytes` bytes).
    /// Returns the exact size of the zlib stream `write` will make.
    func analyze(_ scanlines: UnsafeRawPointer, byteCount: Int, rowBytes: Int) -> Int {
        let tokens = tokenMemory.reserve(byteCount * 2).bindMemory(to: UInt16.self, capacity: byteCount)
        tokenStart = tokens
        counts.initialize(repeating: 0, count: Self.tokenKinds)
        let rowDistance = rowBytes + 1
        let rowCopies = rowDistance <= Self.maximumDistance
        var count = 0, position = 0
        while position < byteCount {
            let limit = min(Self.maximumMatch, byteCount &- position)
            var length = 0, kind = 256
            if position >= 4 {
                length = Self.matchLength(scanlines, at: position, distance: 4, limit: limit)
            }
            if rowCopies, length < limit, position >= rowDistance {
                let above = Self.matchLength(scanlines, at: position, distance: rowDistance, limit: limit)
                if above > length {
                    length = above
                    kind = 512
                }
            }
            let token: Int
            if length >= Self.minimumMatch {
                token = kind &+ length &- 3
                position &+= length
            } else {
                token = Int(scanlines.load(fromByteOffset: position, as: UInt8.self))
                position &+= 1
            }
            tokens[count] = UInt16(truncatingIfNeeded: token)
            counts[token] &+= 1
            count &+= 1
        }
        tokenCount = count
        adler = libdeflate_adler32(1, scanlines, byteCount)
        let plan = BlockPlan(counts: counts, rowDistance: rowDistance)
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
        plan.tokenCodes.withUnsafeBufferPointer { codes in
            plan.tokenLengths.withUnsafeBufferPointer { lengths in
                plan.distanceCodes.withUnsafeBufferPointer { distanceCodes in
                    plan.distanceLengths.withUnsafeBufferPointer { distanceLengths in
                        for index in 0..<tokenCount {
                            let token = Int(tokens[index])
                            bits.write(codes[token], count: Int(lengths[token]))
                            let distance = token &>> 8
                            if distance != 0 { bits.write(distanceCodes[distance], count: Int(distanceLengths[distance])) }
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
    /// Bit-reversed code (with the extra bits of a length) and length in bits per token.
    var tokenCodes: [UInt32]
    var tokenLengths: [UInt8]
    /// The distance code with its extra bits, and its length, for copies from distance 4 (index 1)
    /// and from one scanline back (index 2); index 0 is unused.
    var distanceCodes: [UInt32] = [0, 0, 0]
    var distanceLengths: [UInt8] = [0, 0, 0]
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
    /// Distance codes 0...29: the first distance each covers (its extra bits are max(0, code / 2 − 1)).
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    /// The order in which code length code lengths are sent.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The length code (0 for 257) of a copy of `length` bytes, 3...258.
    static func lengthCode(_ length: Int) -> Int {
        if length == 258 { return 28 }
        var code = 0
        while code < 27, lengthBase[code + 1] <= length { code += 1 }
        return code
    }

    /// The distance code of `distance`, 1...32768.
    static func distanceCode(_ distance: Int) -> Int {
        var code = 0
        while code < 29, distanceBase[code + 1] <= distance { code += 1 }
        return code
    }

    init(counts: UnsafeMutablePointer<Int>, rowDistance: Int) {
        // Literal/length symbol frequencies from the token counts.
        var frequencies = [Int](repeating: 0, count: 286)
        for byte in 0..<256 { frequencies[byte] = counts[byte] }
        frequencies[256] = 1  // end of block
        var copies = [0, 0, 0]
        for kind in 1...2 {
            for length in 3...258 {
                let count = counts[kind << 8 + length - 3]
                frequencies[257 + Self.lengthCode(length)] += count
                copies[kind] += count
            }
        }
        let literals = HuffmanCode(frequencies: frequencies, maximumLength: 15)
        // Distance frequencies: code 3 is distance 4; the row's code is found from the table.
        let distances = [0, 4, min(rowDistance, 32768)]
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        for kind in 1...2 { distanceFrequencies[Self.distanceCode(distances[kind])] += copies[kind] }
        let distanceCode = HuffmanCode(frequencies: distanceFrequencies, maximumLength: 15)
        for kind in 1...2 {
            let code = Self.distanceCode(distances[kind])
            let symbolLength = Int(distanceCode.lengths[code]), extra = max(0, code / 2 - 1)
            distanceCodes[kind] = distanceCode.codes[code] | UInt32(distances[kind] - Self.distanceBase[code]) << UInt32(symbolLength)
            distanceLengths[kind] = UInt8(symbolLength + extra)
        }

        tokenCodes = [UInt32](repeating: 0, count: 768)
        tokenLengths = [UInt8](repeating: 0, count: 768)
        var blockBits = 0
        for byte in 0..<256 {
            tokenCodes[byte] = literals.codes[byte]
            tokenLengths[byte] = literals.lengths[byte]
            blockBits += counts[byte] * Int(literals.lengths[byte])
        }
        for kind in 1...2 {
            for length in 3...258 {
                let code = Self.lengthCode(length), symbol = 257 + code
                let symbolLength = Int(literals.lengths[symbol]), extra = Self.lengthExtraBits[code]
                let token = kind << 8 + length - 3
                tokenCodes[token] = literals.codes[symbol] | UInt32(length - Self.lengthBase[code]) << UInt32(symbolLength)
                tokenLengths[token] = UInt8(symbolLength + extra)
                blockBits += counts[token] * (symbolLength + extra + Int(distanceLengths[kind]))
            }
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
