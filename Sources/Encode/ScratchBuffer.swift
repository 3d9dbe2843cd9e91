#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A block of memory that grows to the largest size asked for and is reused after that,
/// so encoding image after image allocates nothing but each result.
/// The owner frees it; copies share the same memory.
struct ScratchBuffer {
    private var start: UnsafeMutableRawPointer?
    private var capacity = 0

    /// Memory for at least `byteCount` bytes, valid until the next `reserve` or `free`.
    /// The contents are not kept when the buffer grows.
    mutating func reserve(_ byteCount: Int) -> UnsafeMutableRawPointer {
        if let start, capacity >= byteCount { return start }
        free()
        let newCapacity = max(byteCount, 4096)
        let block = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        start = block
        capacity = newCapacity
        return block
    }

    /// Like `reserve`, but memory it newly allocates is zero-filled. (Memory it reuses holds what
    /// the owner left in it: an owner that keeps it all zero between uses never clears it whole.)
    mutating func reserveZeroed(_ byteCount: Int) -> UnsafeMutableRawPointer {
        if let start, capacity >= byteCount { return start }
        let block = reserve(byteCount)
        memset(block, 0, capacity)
        return block
    }

    mutating func free() {
        start?.deallocate()
        start = nil
        capacity = 0
    }
}
