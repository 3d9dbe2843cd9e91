@testable import BreakdownPaint
import Testing

/// Reused pixel memory grows for a large image and shrinks back after it, so one outsize record
/// does not hold its pixels for the rest of a batch.
@Suite struct PixelMemoryTests {
    @Test func memoryShrinksBackAfterAnOutsizeImage() {
        let memory = PixelMemory()
        let small = 400 * 100 * 4
        _ = memory.zeroed(byteCount: small)
        #expect(memory.capacity == small)
        // Smaller images reuse what is there (no allocation per image).
        _ = memory.zeroed(byteCount: small / 2)
        #expect(memory.capacity == small)
        // An outsize image (60 MiB, under the 64 MiB image limit) gets its memory…
        let outsize = 60 << 20
        let pointer = memory.zeroed(byteCount: outsize)
        #expect(memory.capacity == outsize)
        #expect(pointer.load(fromByteOffset: outsize - 1, as: UInt8.self) == 0)
        // …and the next ordinary image gives it back.
        _ = memory.zeroed(byteCount: small)
        #expect(memory.capacity == small)
        #expect(memory.capacity <= PixelMemory.keptByteCount)
        // Sizes up to the kept amount are still reused.
        _ = memory.zeroed(byteCount: PixelMemory.keptByteCount)
        _ = memory.zeroed(byteCount: small)
        #expect(memory.capacity == PixelMemory.keptByteCount)
    }
}
