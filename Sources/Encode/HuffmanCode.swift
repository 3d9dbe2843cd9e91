/// A canonical, length-limited Huffman code as DEFLATE uses it (RFC 1951 section 3.2.2), built
/// from symbol frequencies. Deterministic: ties are broken by symbol number.
struct HuffmanCode {
    /// Code length of each symbol in bits; 0 for a symbol that is never used.
    let lengths: [UInt8]
    /// Each symbol's code, bit-reversed so that it can be written least significant bit first.
    let codes: [UInt32]

    /// The optimal code for `frequencies`, with no code longer than `maximumLength` bits.
    ///
    /// At least two symbols get a code (the first two symbols are given one if fewer are used),
    /// so the code is always complete, which every inflater accepts. When the optimal code is
    /// too deep, the frequencies are halved (keeping every used symbol at 1 or more) until it fits,
    /// which ends because equal weights give a balanced code; at most 2^`maximumLength` symbols.
    init(frequencies: [Int], maximumLength: Int) {
        let count = frequencies.count
        var lengths = [UInt8](repeating: 0, count: count)
        var codes = [UInt32](repeating: 0, count: count)
        if count > 0 {
            var scratch = HuffmanScratch(capacity: count)
            defer { scratch.free() }
            frequencies.withUnsafeBufferPointer { weights in
                lengths.withUnsafeMutableBufferPointer { lengthsOut in
                    codes.withUnsafeMutableBufferPointer { codesOut in
                        Self.build(
                            weights.baseAddress!, count: count, maximumLength: maximumLength, scratch: &scratch,
                            lengths: lengthsOut.baseAddress!, codes: codesOut.baseAddress!)
                    }
                }
            }
        }
        self.lengths = lengths
        self.codes = codes
    }

    /// The code of `init(frequencies:maximumLength:)` for `count` weights, written to `lengths`
    /// and `codes` (each `count` long), using `scratch` (at least `count` symbols) and allocating
    /// nothing: what the PNG compressor calls once an image for each of its three codes.
    static func build(
        _ frequencies: UnsafePointer<Int>, count: Int, maximumLength: Int, scratch: inout HuffmanScratch,
        lengths: UnsafeMutablePointer<UInt8>, codes: UnsafeMutablePointer<UInt32>
    ) {
        precondition(scratch.capacity >= count, "Huffman scratch for \(scratch.capacity) symbols, \(count) asked for")
        let weights = scratch.weights
        var used = 0
        for symbol in 0..<count {
            weights[symbol] = frequencies[symbol]
            if frequencies[symbol] > 0 { used &+= 1 }
        }
        if used < 2 {
            for symbol in 0..<min(2, count) where weights[symbol] == 0 {
                weights[symbol] = 1
                used += 1
            }
        }
        precondition(used <= 1 << maximumLength, "more symbols than \(maximumLength)-bit codes can hold")
        while optimalLengths(weights, count: count, scratch: scratch, lengths: lengths) > maximumLength {
            for symbol in 0..<count where weights[symbol] > 0 { weights[symbol] = max(1, weights[symbol] >> 1) }
        }
        canonicalCodes(lengths, count: count, codes: codes)
    }

    /// Huffman code lengths by the two-queue method: leaves sorted by (weight, symbol), merged
    /// nodes in the order they are made. Writes every symbol's length and returns the longest.
    private static func optimalLengths(
        _ weights: UnsafeMutablePointer<Int>, count: Int, scratch: HuffmanScratch, lengths: UnsafeMutablePointer<UInt8>
    ) -> Int {
        // Sorted by weight, then symbol: one integer key each (weights are below 2⁴⁸, symbols below 2¹⁶).
        let keys = scratch.keys
        var leafCount = 0
        var largest: UInt64 = 0
        for symbol in 0..<count where weights[symbol] > 0 {
            let key = UInt64(weights[symbol]) << 16 | UInt64(symbol)
            keys[leafCount] = key
            largest = max(largest, key)
            leafCount &+= 1
        }
        lengths.initialize(repeating: 0, count: count)
        guard leafCount > 1 else { return 0 }
        radixSort(keys, count: leafCount, largest: largest, spare: scratch.spareKeys)
        // Nodes 0..<leafCount are the leaves; merged nodes follow. parent[node] is the merged node.
        let weight = scratch.nodeWeights, parent = scratch.parents
        for leaf in 0..<leafCount { weight[leaf] = Int(keys[leaf] >> 16) }
        let nodeCount = 2 * leafCount - 1
        var made = leafCount, nextLeaf = 0, nextMerged = leafCount
        @inline(__always) func takeSmallest() -> Int {
            if nextLeaf < leafCount, nextMerged >= made || weight[nextLeaf] <= weight[nextMerged] {
                nextLeaf &+= 1
                return nextLeaf &- 1
            }
            nextMerged &+= 1
            return nextMerged &- 1
        }
        while made < nodeCount {
            let a = takeSmallest(), b = takeSmallest()
            parent[a] = made
            parent[b] = made
            weight[made] = weight[a] &+ weight[b]
            made &+= 1
        }
        // The root is the last node; a node's depth is its parent's plus one (reusing `weight`).
        let depth = weight
        depth[nodeCount - 1] = 0
        var longest = 0
        for node in stride(from: nodeCount - 2, through: 0, by: -1) {
            depth[node] = depth[parent[node]] &+ 1
        }
        for leaf in 0..<leafCount {
            let length = depth[leaf]
            lengths[Int(keys[leaf] & 0xFFFF)] = UInt8(truncatingIfNeeded: min(length, 255))
            longest = max(longest, length)
        }
        return longest
    }

    /// Sorts `count` keys, all at most `largest`, each a weight above a 16-bit symbol, given in
    /// increasing symbol order: stable passes over the weight's bytes, least significant first (as
    /// many as `largest`'s weight has), keep equal weights in symbol order, so the symbol's own
    /// two bytes need no pass. `spare` (as long) is the other buffer. Short lists (the distance
    /// and code length codes) go by insertion instead.
    private static func radixSort(_ keys: UnsafeMutablePointer<UInt64>, count: Int, largest: UInt64, spare: UnsafeMutablePointer<UInt64>) {
        if count <= 48 {
            for index in 1..<max(count, 1) {
                let key = keys[index]
                var slot = index
                while slot > 0, keys[slot &- 1] > key {
                    keys[slot] = keys[slot &- 1]
                    slot &-= 1
                }
                keys[slot] = key
            }
            return
        }
        var source = keys, target = spare
        var shift: UInt64 = 16
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            let bucket = counts.baseAddress!
            while shift < 64, largest >> shift != 0 {
                bucket.initialize(repeating: 0, count: 256)
                for index in 0..<count { bucket[Int((source[index] >> shift) & 0xFF)] &+= 1 }
                var total = 0
                for digit in 0..<256 {
                    let n = bucket[digit]
                    bucket[digit] = total
                    total &+= n
                }
                for index in 0..<count {
                    let key = source[index]
                    let digit = Int((key >> shift) & 0xFF)
                    target[bucket[digit]] = key
                    bucket[digit] &+= 1
                }
                swap(&source, &target)
                shift += 8
            }
        }
        if source != keys { keys.update(from: source, count: count) }
    }

    /// Canonical codes (shorter codes first, then by symbol), each reversed for LSB-first output.
    private static func canonicalCodes(_ lengths: UnsafePointer<UInt8>, count: Int, codes: UnsafeMutablePointer<UInt32>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 258) { buffer in
            let countOfLength = buffer.baseAddress!, nextCode = countOfLength + 129
            countOfLength.initialize(repeating: 0, count: 258)
            var longest = 0
            for symbol in 0..<count where lengths[symbol] > 0 {
                countOfLength[Int(lengths[symbol])] &+= 1
                longest = max(longest, Int(lengths[symbol]))
            }
            var code: UInt32 = 0
            if longest > 0 {
                for length in 1...longest {
                    code = (code &+ countOfLength[length - 1]) &<< 1
                    nextCode[length] = code
                }
            }
            for symbol in 0..<count {
                let length = Int(lengths[symbol])
                guard length > 0 else {
                    codes[symbol] = 0
                    continue
                }
                codes[symbol] = reversed(nextCode[length], bits: length)
                nextCode[length] &+= 1
            }
        }
    }

    /// The low `bits` bits (1...32) of `value` in reverse order.
    @inline(__always)
    static func reversed(_ value: UInt32, bits: Int) -> UInt32 {
        var v = value
        v = (v & 0x5555_5555) &<< 1 | (v &>> 1) & 0x5555_5555
        v = (v & 0x3333_3333) &<< 2 | (v &>> 2) & 0x3333_3333
        v = (v & 0x0F0F_0F0F) &<< 4 | (v &>> 4) & 0x0F0F_0F0F
        v = v.byteSwapped
        return v &>> UInt32(32 - bits)
    }
}

/// Working memory for `HuffmanCode.build`, allocated once and reused; the owner frees it.
struct HuffmanScratch {
    let capacity: Int
    let weights: UnsafeMutablePointer<Int>
    let keys: UnsafeMutablePointer<UInt64>
    let spareKeys: UnsafeMutablePointer<UInt64>
    let nodeWeights: UnsafeMutablePointer<Int>
    let parents: UnsafeMutablePointer<Int>

    init(capacity: Int) {
        self.capacity = capacity
        weights = .allocate(capacity: capacity)
        keys = .allocate(capacity: capacity)
        spareKeys = .allocate(capacity: capacity)
        nodeWeights = .allocate(capacity: 2 * capacity)
        parents = .allocate(capacity: 2 * capacity)
    }

    func free() {
        weights.deallocate()
        keys.deallocate()
        spareKeys.deallocate()
        nodeWeights.deallocate()
        parents.deallocate()
    }
}
