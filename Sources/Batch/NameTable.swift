/// The output names a batch has used so far: a 64-bit hash of each name → 64 bits the planner
/// packs (what the record asked for, the line it started on). One flat array, open addressing
/// with linear probing, at most 80% full: 16 bytes a slot, so 200,000 names take 4 MiB (6 MiB
/// while it grows), where a `Dictionary` (at most 75% full, separate metadata, growing by
/// doubling) took 8 MiB and 12 MiB while growing — most of a large batch's memory growth.
struct NameTable {
    /// Key, value, key, value…; a key of 0 marks an empty slot (the key 0 itself is kept aside).
    private var slots: [UInt64]
    private var zeroKeyValue: UInt64?
    private(set) var count = 0

    /// Room for about `capacity` names before the first growth.
    init(capacity: Int = 1024) {
        var slotCount = 16
        while slotCount * 4 < capacity * 5 { slotCount *= 2 }
        slots = [UInt64](repeating: 0, count: slotCount * 2)
    }

    private var slotCount: Int { slots.count / 2 }

    subscript(key: UInt64) -> UInt64? {
        get {
            if key == 0 { return zeroKeyValue }
            var slot = Self.home(of: key, slotCount: slotCount)
            while true {
                let found = slots[slot * 2]
                if found == key { return slots[slot * 2 + 1] }
                if found == 0 { return nil }
                slot = (slot + 1) & (slotCount - 1)
            }
        }
        set {
            guard let newValue else { preconditionFailure("NameTable only adds names") }
            if key == 0 {
                if zeroKeyValue == nil { count += 1 }
                zeroKeyValue = newValue
                return
            }
            if (count + 1) * 5 > slotCount * 4 { grow() }
            if Self.place(key, newValue, in: &slots) { count += 1 }
        }
    }

    /// Where a key's probe starts: its top bits after a multiplicative mix.
    private static func home(of key: UInt64, slotCount: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotCount.trailingZeroBitCount))
    }

    /// Stores the pair; true when the key was new.
    private static func place(_ key: UInt64, _ value: UInt64, in slots: inout [UInt64]) -> Bool {
        let slotCount = slots.count / 2
        var slot = home(of: key, slotCount: slotCount)
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
