/// Memory for image pixels that grows to the largest image asked for and is reused after that,
/// so drawing image after image allocates nothing. One per renderer (one thread). Memory above
/// `keptByteCount` is not kept: after an outsize image the next smaller one shrinks it back, so
/// one large record does not hold its pixels for the rest of a batch.
package final class PixelMemory {
    private var start: UnsafeMutableRawPointer?
    /// The bytes held now.
    package private(set) var capacity = 0
    /// The most memory kept between images: 16 MiB (a 4-megapixel image).
    package static let keptByteCount = 16 << 20

    package init() {}

    deinit {
        start?.deallocate()
    }

    /// At least `byteCount` bytes, all zero (transparent), valid until the next call.
    package func zeroed(byteCount: Int) -> UnsafeMutableRawPointer {
        if capacity < byteCount || (capacity > Self.keptByteCount && byteCount < capacity) {
            start?.deallocate()
            start = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
            capacity = byteCount
        }
        let memory = start!
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        return memory
    }
}
