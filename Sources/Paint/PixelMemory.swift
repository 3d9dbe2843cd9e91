#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// The byte ranges that may hold non-zero bytes; every other byte of `capacity` is zero.
    /// After `zeroed` it is the whole image (drawing may write anywhere in it); the PNG path
    /// narrows it to the pixels the encoder found drawn (`keepOnly`), so the next image clears
    /// only those: the rectangles drawn, not the whole surface (issue 49).
    private var written: [Range<Int>] = []
    /// The bytes the last `zeroed` handed out.
    private var handedOut = 0

    /// At least `byteCount` bytes, all zero (transparent), valid until the next call.
    package func zeroed(byteCount: Int) -> UnsafeMutableRawPointer {
        if capacity < byteCount || (capacity > Self.keptByteCount && byteCount < capacity) {
            start?.deallocate()
            start = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
            capacity = byteCount
            written = [0..<byteCount]
        }
        let memory = start!
        for range in written {
            memset(memory + range.lowerBound, 0, range.count)
        }
        written = [0..<byteCount]
        handedOut = byteCount
        return memory
    }

    /// Says that of the memory the last `zeroed` handed out (at `pointer`), only `ranges` may
    /// hold non-zero bytes now (the encoder read every pixel and found the rest zero). Ignored
    /// unless `pointer` is this memory's and each range lies in what was handed out.
    package func keepOnly(nonZero ranges: [Range<Int>], at pointer: UnsafeRawPointer) {
        guard let start, UnsafeRawPointer(start) == pointer, ranges.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= handedOut }) else {
            return
        }
        written = ranges
    }
}
