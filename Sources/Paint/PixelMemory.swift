/// Memory for image pixels that grows to the largest image asked for and is reused after that,
/// so drawing image after image allocates nothing. One per renderer (one thread).
package final class PixelMemory {
    private var start: UnsafeMutableRawPointer?
    private var capacity = 0

    package init() {}

    deinit {
        start?.deallocate()
    }

    /// At least `byteCount` bytes, all zero (transparent), valid until the next call.
    package func zeroed(byteCount: Int) -> UnsafeMutableRawPointer {
        if capacity < byteCount {
            start?.deallocate()
            start = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
            capacity = byteCount
        }
        let memory = start!
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        return memory
    }
}
