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
        var weights = frequencies
        if weights.lazy.filter({ $0 > 0 }).count < 2 {
            for symbol in 0..<min(2, weights.count) where weights[symbol] == 0 { weights[symbol] = 1 }
        }
        precondition(
            weights.lazy.filter { $0 > 0 }.count <= 1 << maximumLength, "more symbols than \(maximumLength)-bit codes can hold")
        var lengths = Self.optimalLengths(weights)
        while lengths.max() ?? 0 > maximumLength {
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 >> 1) }
            lengths = Self.optimalLengths(weights)
        }
        self.lengths = lengths.map(UInt8.init)
        codes = Self.canonicalCodes(lengths)
    }

    /// Huffman code lengths by the two-queue method: leaves sorted by (weight, symbol), merged
    /// nodes in the order they are made.
    private static func optimalLengths(_ weights: [Int]) -> [Int] {
        // Sorted by weight, then symbol: one integer key each (weights are below 2⁴⁸, symbols below 2¹⁶).
        var keys: [UInt64] = []
        keys.reserveCapacity(weights.count)
        for (symbol, weight) in weights.enumerated() where weight > 0 { keys.append(UInt64(weight) << 16 | UInt64(symbol)) }
        keys.sort()
        let leaves = keys.map { Int($0 & 0xFFFF) }
        var lengths = [Int](repeating: 0, count: weights.count)
        guard leaves.count > 1 else { return lengths }
        // Nodes 0..<leaves.count are the leaves; merged nodes follow. parent[node] is the merged node.
        var weight = leaves.map { weights[$0] }
        var parent = [Int](repeating: -1, count: 2 * leaves.count - 1)
        var nextLeaf = 0, nextMerged = leaves.count
        func takeSmallest() -> Int {
            if nextLeaf < leaves.count, nextMerged >= weight.count || weight[nextLeaf] <= weight[nextMerged] {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextMerged += 1
            return nextMerged - 1
        }
        while weight.count < parent.count {
            let a = takeSmallest(), b = takeSmallest()
            parent[a] = weight.count
            parent[b] = weight.count
            weight.append(weight[a] + weight[b])
        }
        // The root is the last node; a node's depth is its parent's plus one.
        var depth = [Int](repeating: 0, count: parent.count)
        for node in stride(from: parent.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for (leaf, symbol) in leaves.enumerated() { lengths[symbol] = depth[leaf] }
        return lengths
    }

    /// Canonical codes (shorter codes first, then by symbol), each reversed for LSB-first output.
    private static func canonicalCodes(_ lengths: [Int]) -> [UInt32] {
        let longest = lengths.max() ?? 0
        var countOfLength = [Int](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { countOfLength[length] += 1 }
        var nextCode = [UInt32](repeating: 0, count: longest + 2)
        var code: UInt32 = 0
        if longest > 0 {
            for length in 1...longest {
                code = (code + UInt32(countOfLength[length - 1])) << 1
                nextCode[length] = code
            }
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = nextCode[length]
            nextCode[length] += 1
            return reversed(value, bits: length)
        }
    }

    /// The low `bits` bits of `value` in reverse order.
    static func reversed(_ value: UInt32, bits: Int) -> UInt32 {
        var input = value, output: UInt32 = 0
        for _ in 0..<bits {
            output = output << 1 | input & 1
            input >>= 1
        }
        return output
    }
}
