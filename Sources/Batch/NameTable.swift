/// The output names a batch has used so far: a 64-bit hash of each name → 64 bits the planner
/// packs (what the record asked for, the line it started on). 256 shards (by the hash's low
/// byte), each one flat array with open addressing and linear probing, at most 80% full: 16 bytes
/// a slot, 4 MiB for 200,000 names. A shard grows alone, so growing never holds two copies of the
/// whole table; a `Dictionary` (at most 75% full, separate metadata, growing all at once) took
/// 8 MiB at 200,000 names and 12 MiB while growing, most of a large batch's memory growth.
struct NameTable {
    static let shardCount = 256
    private var shards: [Shard]
    private var zeroKeyValue: UInt64?
    private(set) var count = 0

    /// Room for about `capacity` names before the first growth.
    init(capacity: Int = 1024) {
        shards = Array(repeating: Shard(capacity: capacity / Self.shardCount), count: Self.shardCount)
    }

    /// The shard a key lives in.
    static func shard(of key: UInt64) -> Int { Int(truncatingIfNeeded: key & UInt64(shardCount - 1)) }

    subscript(key: UInt64) -> UInt64? {
        get {
            key == 0 ? zeroKeyValue : shards[Self.shard(of: key)].value(for: key)
        }
        set {
            guard let newValue else { preconditionFailure("NameTable only adds names") }
            if key == 0 {
                if zeroKeyValue == nil { count += 1 }
                zeroKeyValue = newValue
                return
            }
            if shards[Self.shard(of: key)].set(newValue, for: key) { count += 1 }
        }
    }

    /// Where a key's probe starts in a shard of `slotCount` slots: its top bits after a
    /// multiplicative mix (the shard was chosen by the low bits).
    static func home(of key: UInt64, slotCount: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotCount.trailingZeroBitCount))
    }

    /// One shard: key, value, key, value…; a key of 0 marks an empty slot.
    private struct Shard {
        private var slots: [UInt64]
        private var count = 0

        init(capacity: Int) {
            var slotCount = 16
            while slotCount * 4 < capacity * 5 { slotCount *= 2 }
            slots = [UInt64](repeating: 0, count: slotCount * 2)
        }

        private var slotCount: Int { slots.count / 2 }

        func value(for key: UInt64) -> UInt64? {
            var slot = NameTable.home(of: key, slotCount: slotCount)
            while true {
                let found = slots[slot * 2]
                if found == key { return slots[slot * 2 + 1] }
                if found == 0 { return nil }
                slot = (slot + 1) & (slotCount - 1)
            }
        }

        /// Stores the pair; true when the key was new.
        mutating func set(_ value: UInt64, for key: UInt64) -> Bool {
            if (count + 1) * 5 > slotCount * 4 { grow() }
            let added = Self.place(key, value, in: &slots)
            if added { count += 1 }
            return added
        }

        private static func place(_ key: UInt64, _ value: UInt64, in slots: inout [UInt64]) -> Bool {
            let slotCount = slots.count / 2
            var slot = NameTable.home(of: key, slotCount: slotCount)
            while true {
                let found = slots[slot * 2]
                if found == 0 || found == key {
                    slots[slot * 2] = key
                    slots[slot * 2 + 1] = value
                    return found == 0
                }
                slot = (slot + 1) & (slotCount - 1)
            }
        }

        private mutating func grow() {
            var larger = [UInt64](repeating: 0, count: slots.count * 2)
            for slot in 0..<slotCount where slots[slot * 2] != 0 {
                _ = Self.place(slots[slot * 2], slots[slot * 2 + 1], in: &larger)
            }
            slots = larger
        }
    }
}
