/// The Huffman codes of one image's block and what they cost, made from the token counts of
/// `PNGRunLengthCompressor.analyze`. One plan belongs to one compressor and is remade for every
/// image in memory allocated once, so planning an image allocates nothing.
///
/// The codes are kept as the writer wants them: one 64-bit entry per literal/length value and per
/// distance code, so that `PNGRunLengthCompressor.write` sends a whole token (length, distance and
/// their extra bits) as one write of at most 48 bits.
final class BlockPlan {
    /// Per literal/length value (0...255 a literal, 256 + n − 3 a copy of n bytes): the bit-reversed
    /// code with the length's extra bits above it in the low 32 bits, its bit count in bits 32–39.
    let valueTable = UnsafeMutablePointer<UInt64>.allocate(capacity: 512)
    /// Per distance code 0...29: the bit-reversed code in the low 32 bits, its length in bits 32–39,
    /// the length plus the code's extra bits in bits 40–47. Entries 30 and 31 are 0: a literal's
    /// token names distance code 30 (`literalDistance`), so it sends no distance bits.
    let distanceTable = UnsafeMutablePointer<UInt64>.allocate(capacity: 32)
    /// The distance code field (bits 9–13) of a literal's token.
    static let literalDistance: UInt32 = 30 << 9
    private(set) var endOfBlockCode: UInt32 = 0
    private(set) var endOfBlockLength = 0
    /// The header after the block type: HLIT, HDIST, HCLEN and the code lengths, each entry the
    /// bits in the low 32 and their count above.
    private let header = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 + 19 + 2 * (286 + 30))
    private var headerCount = 0
    /// The whole zlib stream: 2 header bytes, the block, the Adler-32.
    private(set) var zlibBytes = 0
    /// The block's header: BFINAL, BTYPE and the code description.
    private(set) var headerBits = 0

    private let literalFrequencies = UnsafeMutablePointer<Int>.allocate(capacity: 286)
    private let literalLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 286)
    private let literalCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 286)
    private let distanceFrequencies = UnsafeMutablePointer<Int>.allocate(capacity: 30)
    private let distanceLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 30)
    private let distanceCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 30)
    private let codeLengthFrequencies = UnsafeMutablePointer<Int>.allocate(capacity: 19)
    private let codeLengthLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 19)
    private let codeLengthCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 19)
    /// The code lengths of the literal/length then distance codes, and their run-length coding:
    /// per entry the symbol (0...18) in the low 8 bits, its extra bits' value in bits 8–15 and
    /// their count in bits 16–23.
    private let allLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 286 + 30)
    private let symbols = UnsafeMutablePointer<UInt32>.allocate(capacity: 286 + 30)
    private var scratch = HuffmanScratch(capacity: 286)

    init() {}

    deinit {
        for pointer in [UnsafeMutableRawPointer(valueTable), UnsafeMutableRawPointer(distanceTable), UnsafeMutableRawPointer(header)] {
            pointer.deallocate()
        }
        literalFrequencies.deallocate()
        literalLengths.deallocate()
        literalCodes.deallocate()
        distanceFrequencies.deallocate()
        distanceLengths.deallocate()
        distanceCodes.deallocate()
        codeLengthFrequencies.deallocate()
        codeLengthLengths.deallocate()
        codeLengthCodes.deallocate()
        allLengths.deallocate()
        symbols.deallocate()
        scratch.free()
    }

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

    /// Makes the codes for `counts` (of literal/length values 0..<512, then of distance codes at
    /// 512..<542) and returns the size of the zlib stream.
    ///
    /// A `covering` code gives every literal/length symbol and every distance code a code, those
    /// `counts` never use the longest (the counts, times 4, outweigh them): a code made from some
    /// of an image's tokens (its bands') that can still send any other token. The size returned
    /// is then of the block of `counts` alone.
    @discardableResult
    func make(counts: UnsafeMutablePointer<Int>, covering: Bool = false) -> Int {
        // Literal/length symbol frequencies from the value counts.
        for byte in 0..<256 { literalFrequencies[byte] = counts[byte] }
        for symbol in 256..<286 { literalFrequencies[symbol] = 0 }
        literalFrequencies[256] = 1  // end of block
        Self.lengthCodeTable.withUnsafeBufferPointer { lengthCodes in
            for length in 3...258 { literalFrequencies[257 &+ Int(lengthCodes[length])] &+= counts[256 &+ length &- 3] }
        }
        for code in 0..<30 { distanceFrequencies[code] = counts[512 &+ code] }
        if covering {
            for symbol in 0..<286 { literalFrequencies[symbol] = literalFrequencies[symbol] &* 4 &+ 1 }
            for code in 0..<30 { distanceFrequencies[code] = distanceFrequencies[code] &* 4 &+ 1 }
        }
        HuffmanCode.build(
            literalFrequencies, count: 286, maximumLength: 15, scratch: &scratch, lengths: literalLengths, codes: literalCodes)
        HuffmanCode.build(
            distanceFrequencies, count: 30, maximumLength: 15, scratch: &scratch, lengths: distanceLengths, codes: distanceCodes)

        for byte in 0..<256 {
            valueTable[byte] = UInt64(literalCodes[byte]) | UInt64(literalLengths[byte]) &<< 32
        }
        Self.lengthCodeTable.withUnsafeBufferPointer { lengthCodes in
            Self.lengthBase.withUnsafeBufferPointer { lengthBase in
                Self.lengthExtraBits.withUnsafeBufferPointer { lengthExtraBits in
                    for length in 3...258 {
                        let code = Int(lengthCodes[length]), symbol = 257 &+ code
                        let symbolLength = Int(literalLengths[symbol]), bits = symbolLength &+ lengthExtraBits[code]
                        let value = 256 &+ length &- 3
                        let extra = UInt32(truncatingIfNeeded: length &- lengthBase[code]) &<< UInt32(symbolLength)
                        valueTable[value] = UInt64(literalCodes[symbol] | extra) | UInt64(bits) &<< 32
                    }
                }
            }
        }
        for code in 0..<30 {
            let length = Int(distanceLengths[code]), bits = length &+ Self.distanceExtraBits(code)
            distanceTable[code] = UInt64(distanceCodes[code]) | UInt64(length) &<< 32 | UInt64(bits) &<< 40
        }
        distanceTable[30] = 0
        distanceTable[31] = 0
        endOfBlockCode = literalCodes[256]
        endOfBlockLength = Int(literalLengths[256])
        let blockBits = bits(of: counts) &+ endOfBlockLength

        // The code lengths, run-length coded with symbols 16 (repeat the previous 3...6 times),
        // 17 (3...10 zeros) and 18 (11...138 zeros).
        var literalCount = 257
        for symbol in stride(from: 285, through: 257, by: -1) where literalFrequencies[symbol] > 0 {
            literalCount = symbol + 1
            break
        }
        var distanceCount = 1
        for code in stride(from: 29, through: 1, by: -1) where distanceFrequencies[code] > 0 || distanceLengths[code] > 0 {
            distanceCount = code + 1
            break
        }
        let total = literalCount + distanceCount
        allLengths.update(from: literalLengths, count: literalCount)
        (allLengths + literalCount).update(from: distanceLengths, count: distanceCount)
        var symbolCount = 0
        @inline(__always) func append(_ symbol: Int, extra: Int = 0, extraBits: Int = 0) {
            symbols[symbolCount] = UInt32(symbol) | UInt32(extra) << 8 | UInt32(extraBits) << 16
            symbolCount &+= 1
        }
        var index = 0
        while index < total {
            let value = allLengths[index]
            var run = 1
            while index &+ run < total, allLengths[index &+ run] == value { run &+= 1 }
            index &+= run
            if value == 0 {
                while run >= 11 {
                    let n = min(run, 138)
                    append(18, extra: n - 11, extraBits: 7)
                    run -= n
                }
                if run >= 3 {
                    append(17, extra: run - 3, extraBits: 3)
                    run = 0
                }
            } else {
                append(Int(value))
                run -= 1
                while run >= 3 {
                    let n = min(run, 6)
                    append(16, extra: n - 3, extraBits: 2)
                    run -= n
                }
            }
            for _ in 0..<run { append(Int(value)) }
        }
        codeLengthFrequencies.initialize(repeating: 0, count: 19)
        for entry in 0..<symbolCount { codeLengthFrequencies[Int(symbols[entry] & 0xFF)] &+= 1 }
        HuffmanCode.build(
            codeLengthFrequencies, count: 19, maximumLength: 7, scratch: &scratch, lengths: codeLengthLengths,
            codes: codeLengthCodes)
        var codeLengthCount = 19
        while codeLengthCount > 4, codeLengthLengths[Self.codeLengthOrder[codeLengthCount - 1]] == 0 {
            codeLengthCount -= 1
        }

        headerCount = 0
        var headerBits = 3
        @inline(__always) func send(_ bits: UInt32, _ count: Int) {
            header[headerCount] = UInt64(bits) | UInt64(count) << 32
            headerCount &+= 1
            headerBits &+= count
        }
        send(UInt32(literalCount - 257), 5)
        send(UInt32(distanceCount - 1), 5)
        send(UInt32(codeLengthCount - 4), 4)
        for position in 0..<codeLengthCount {
            send(UInt32(codeLengthLengths[Self.codeLengthOrder[position]]), 3)
        }
        for entry in 0..<symbolCount {
            let symbol = Int(symbols[entry] & 0xFF), extraBits = Int(symbols[entry] >> 16)
            send(codeLengthCodes[symbol], Int(codeLengthLengths[symbol]))
            if extraBits > 0 { send((symbols[entry] >> 8) & 0xFF, extraBits) }
        }
        self.headerBits = headerBits
        zlibBytes = 2 + (headerBits + blockBits + 7) / 8 + 4
        return zlibBytes
    }

    /// The bits the tokens of `counts` (as `make` takes them) take in the last code made, extra
    /// bits included, the end of the block not.
    func bits(of counts: UnsafePointer<Int>) -> Int {
        Self.bits(of: counts, values: valueTable, distances: distanceTable)
    }

    /// The bits the tokens of `counts` take in the code of `values` and `distances` (as
    /// `valueTable` and `distanceTable` hold one).
    static func bits(of counts: UnsafePointer<Int>, values: UnsafePointer<UInt64>, distances: UnsafePointer<UInt64>) -> Int {
        var total = 0
        for value in 0..<512 { total &+= counts[value] &* Int(truncatingIfNeeded: (values[value] &>> 32) & 0xFF) }
        for code in 0..<30 { total &+= counts[512 &+ code] &* Int(truncatingIfNeeded: (distances[code] &>> 40) & 0xFF) }
        return total
    }

    /// The last code made, as `PNGRunLengthCompressor.write` sends it, kept apart from the plan
    /// (which the next image's `make` overwrites).
    struct Tables {
        /// `valueTable` and `distanceTable`.
        let values: [UInt64], distances: [UInt64]
        /// The header entries `writeHeader` sends, and their bits (BFINAL and BTYPE included).
        let header: [UInt64]
        let headerBits: Int
        let endOfBlockCode: UInt32, endOfBlockLength: Int

        /// About the memory kept, in bytes.
        var footprint: Int { (values.count + distances.count + header.count) * 8 + 128 }

        func writeHeader(to bits: inout DeflateBitWriter) {
            header.withUnsafeBufferPointer { BlockPlan.writeHeader($0.baseAddress!, count: $0.count, to: &bits) }
        }
    }

    /// The code of the last `make`, to keep.
    var tables: Tables {
        Tables(
            values: Array(UnsafeBufferPointer(start: valueTable, count: 512)), distances: Array(UnsafeBufferPointer(start: distanceTable, count: 32)),
            header: Array(UnsafeBufferPointer(start: header, count: headerCount)), headerBits: headerBits, endOfBlockCode: endOfBlockCode,
            endOfBlockLength: endOfBlockLength)
    }

    /// Writes BFINAL, BTYPE = dynamic and the code description.
    func writeHeader(to bits: inout DeflateBitWriter) {
        Self.writeHeader(header, count: headerCount, to: &bits)
    }

    private static func writeHeader(_ header: UnsafePointer<UInt64>, count: Int, to bits: inout DeflateBitWriter) {
        bits.write(0b101, count: 3)  // BFINAL 1, then BTYPE 2 (binary 10), least significant bit first
        for entry in 0..<count {
            bits.write(UInt64(UInt32(truncatingIfNeeded: header[entry])), count: Int(header[entry] >> 32))
        }
    }
}
