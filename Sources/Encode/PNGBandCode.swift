/// The Huffman code of an image that has bands (`PNGBand`), made from the bands' tokens alone,
/// and each band's rows already written in it.
///
/// Most of such an image's tokens are its bands' (about six in seven of a catalogue's), so a code
/// made from theirs suits the rest too: on the bench's images the files are 0.2% larger than with
/// a code made for each image. It is `BlockPlan`'s covering code, so it can send any token the
/// columns between the bands hold. Being a function of the bands' bytes and the image's row
/// length (through the distances of the bands' copies) and of nothing else, it is the same for
/// every image holding those bands at that row length, and so are the bands' bits: the compressor
/// keeps both (`PNGBandCodeCache`) and, for the next such image, writes only the columns between
/// the bands token by token, the bands' rows 56 bits at a time.
final class PNGBandCode {
    /// What finds a code: its bands' serial numbers and the row length.
    struct Key: Hashable {
        let serials: [Int]
        let rowDistance: Int
    }

    /// The code.
    let tables: BlockPlan.Tables
    /// Per band, its rows' bits one after another as `DeflateBitWriter` writes them, with 8 bytes
    /// to spare after the last.
    let bits: [[UInt8]]
    /// Per band, where each row's bits end in `bits`.
    let rowEnds: [[Int]]
    /// All the bands' bits.
    let bitCount: Int

    /// About the memory kept, in bytes.
    var footprint: Int { tables.footprint + bits.reduce(0) { $0 + $1.count } + rowEnds.reduce(0) { $0 + $1.count * 8 } + 256 }

    /// The code of `bands` in an image whose rows are `rowDistance` bytes apart, made with `plan`
    /// (which it overwrites), `counts` (542 entries) and `scratch` for working.
    init(bands: [PNGBand], rowDistance: Int, plan: BlockPlan, counts: UnsafeMutablePointer<Int>, scratch: inout ScratchBuffer) {
        counts.update(repeating: 0, count: 512 + 30)
        for band in bands { band.count(rowDistance: rowDistance, into: counts) }
        plan.make(counts: counts, covering: true)
        tables = plan.tables
        var allBits: [[UInt8]] = [], allEnds: [[Int]] = []
        var total = 0
        for band in bands {
            // The band's tokens hold their distances' numbers: each is given its code and extra
            // bits at this row length as it is sent.
            let fields = band.distanceFields(rowDistance: rowDistance)
            // At most 48 bits a token, and 8 bytes of slack.
            let output = scratch.reserve(band.tokens.count * 6 + 16)
            var writer = DeflateBitWriter(output: output)
            var ends = [Int](repeating: 0, count: band.height)
            band.tokens.withUnsafeBufferPointer { tokens in
                fields.withUnsafeBufferPointer { fields in
                    var from = 0
                    for y in 0..<band.height {
                        PNGRunLengthCompressor.send(
                            tokens.baseAddress! + from, count: band.rowEnds[y] - from, values: plan.valueTable, distances: plan.distanceTable,
                            fields: fields.baseAddress!, to: &writer)
                        ends[y] = writer.bitCount
                        from = band.rowEnds[y]
                    }
                }
            }
            let bitCount = writer.bitCount
            let byteCount = writer.finish()
            allBits.append([UInt8](UnsafeRawBufferPointer(start: output, count: byteCount)) + [UInt8](repeating: 0, count: 8))
            allEnds.append(ends)
            total += bitCount
        }
        bits = allBits
        rowEnds = allEnds
        bitCount = total
    }
}

/// The codes a compressor made for kept bands lately, by their bands and row length, bounded by
/// what they keep in memory: past `budget` bytes the oldest go first.
final class PNGBandCodeCache {
    let budget: Int
    private var codes: [PNGBandCode.Key: PNGBandCode] = [:]
    private var order: [PNGBandCode.Key] = []
    private var kept = 0
    /// Codes used as they were kept, and made anew.
    private(set) var hits = 0, misses = 0

    init(budget: Int = 8 << 20) {
        self.budget = budget
    }

    /// The code of `bands` at `rowDistance`: a kept one, else made now, and kept when every band
    /// is kept (has a serial number).
    func code(
        for bands: [PNGBand], rowDistance: Int, plan: BlockPlan, counts: UnsafeMutablePointer<Int>, scratch: inout ScratchBuffer
    ) -> PNGBandCode {
        let serials = bands.map(\.serial)
        let key = PNGBandCode.Key(serials: serials, rowDistance: rowDistance)
        if let known = codes[key] {
            hits += 1
            return known
        }
        misses += 1
        let made = PNGBandCode(bands: bands, rowDistance: rowDistance, plan: plan, counts: counts, scratch: &scratch)
        guard !serials.contains(0) else { return made }
        codes[key] = made
        order.append(key)
        kept += made.footprint
        while kept > budget, order.count > 1 {
            let oldest = order.removeFirst()
            if let gone = codes.removeValue(forKey: oldest) { kept -= gone.footprint }
        }
        return made
    }

    /// How many codes are kept.
    var count: Int { codes.count }
}
