import Foundation
import Testing

@testable import BreakdownBatch

/// The planner's table of used names against a `Dictionary` doing the same inserts: every key
/// found with its latest value, absent keys not found, the count, across many growths; keys that
/// share a probe start (same top bits after mixing) and the key 0 (the table's empty marker).
@Suite struct NameTableTests {
    @Test func agreesWithADictionary() {
        var generator = SystemRandomNumberGenerator()
        var table = NameTable(capacity: 4)
        var reference: [UInt64: UInt64] = [:]
        var keys: [UInt64] = [0, 1, UInt64.max]
        // Small keys: after the multiplicative mix many start in the same slots of a small table.
        keys += (2..<2000).map { UInt64($0) }
        keys += (0..<60_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
        for (index, key) in keys.enumerated() {
            let value = UInt64(index) &* 0x1_0000_0001
            table[key] = value
            reference[key] = value
            if index % 7 == 0 {
                // Overwrites keep one entry.
                table[key] = value &+ 1
                reference[key] = value &+ 1
            }
        }
        #expect(table.count == reference.count)
        var mismatches = 0
        for (key, value) in reference where table[key] != value { mismatches += 1 }
        #expect(mismatches == 0)
        var falseHits = 0
        for _ in 0..<20_000 {
            let key = UInt64.random(in: 0...UInt64.max, using: &generator)
            if reference[key] == nil, table[key] != nil { falseHits += 1 }
        }
        #expect(falseHits == 0)
    }

    @Test func zeroIsAKeyLikeAnyOther() {
        var table = NameTable()
        #expect(table[0] == nil)
        table[0] = 5
        #expect(table[0] == 5)
        #expect(table.count == 1)
        table[0] = 6
        #expect(table[0] == 6)
        #expect(table.count == 1)
        #expect(table[1] == nil)
    }

    /// Probes that run off the end of a shard wrap to its start: keys made to start in the
    /// last two of 16 slots (five of them, so some land in slot 15 by probing and some wrap to
    /// slots 0 and 1) are all found, and a key that starts there but was never added is not.
    @Test func probesWrapAroundTheEnd() {
        var table = NameTable()
        var nearEnd: [UInt64] = []
        var candidate: UInt64 = 1
        // Keys of one shard (a new table's shards have 16 slots) that start in its last two slots.
        while nearEnd.count < 6 {
            if NameTable.shard(of: candidate) == 7, NameTable.home(of: candidate, slotCount: 16) >= 14 { nearEnd.append(candidate) }
            candidate += 1
        }
        for (index, key) in nearEnd.prefix(5).enumerated() { table[key] = UInt64(index + 100) }
        for (index, key) in nearEnd.prefix(5).enumerated() {
            #expect(table[key] == UInt64(index + 100), "key \(key) (starts in slot \(NameTable.home(of: key, slotCount: 16)))")
        }
        #expect(table[nearEnd[5]] == nil)
        #expect(table.count == 5)
    }
}
