@testable import BreakdownPaint
import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import BreakdownPipeline
import Testing
@testable import RenderTestSupport

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

    /// Every byte of `byteCount` at `pointer` is zero.
    private func allZero(_ pointer: UnsafeMutableRawPointer, _ byteCount: Int) -> Bool {
        UnsafeRawBufferPointer(start: pointer, count: byteCount).allSatisfy { $0 == 0 }
    }

    /// Told which ranges an image left non-zero, the next `zeroed` clears those, and the memory
    /// is all zero again: here written bytes at the ends and in the middle, within the ranges.
    @Test func onlyTheRangesLeftNonZeroAreClearedAndTheMemoryIsZeroAgain() {
        let memory = PixelMemory()
        let size = 64 * 32 * 4
        let pointer = memory.zeroed(byteCount: size)
        #expect(allZero(pointer, size))
        for offset in [0, 1, 100, 5000, size - 1] { pointer.storeBytes(of: 0xAB, toByteOffset: offset, as: UInt8.self) }
        memory.keepOnly(nonZero: [0..<2, 96..<104, 4096..<5004, (size - 4)..<size], at: pointer)
        let again = memory.zeroed(byteCount: size)
        #expect(again == pointer)
        #expect(allZero(again, size))
        // A smaller image, then a larger one: what the larger one gets is zero too.
        let small = memory.zeroed(byteCount: size / 4)
        for offset in 0..<(size / 4) { small.storeBytes(of: 0x5A, toByteOffset: offset, as: UInt8.self) }
        #expect(allZero(memory.zeroed(byteCount: size), size))
    }

    /// Ranges for other memory, or past what was handed out, are not taken: everything drawn is
    /// cleared as before.
    @Test func rangesForOtherMemoryOrPastTheImageAreIgnored() {
        let memory = PixelMemory()
        let size = 32 * 32 * 4
        let pointer = memory.zeroed(byteCount: size)
        for offset in 0..<size { pointer.storeBytes(of: 0xFF, toByteOffset: offset, as: UInt8.self) }
        let other = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { other.deallocate() }
        memory.keepOnly(nonZero: [], at: other)
        #expect(allZero(memory.zeroed(byteCount: size), size))
        for offset in 0..<size { pointer.storeBytes(of: 0xFF, toByteOffset: offset, as: UInt8.self) }
        memory.keepOnly(nonZero: [0..<(size + 4)], at: pointer)
        #expect(allZero(memory.zeroed(byteCount: size), size))
    }

    /// One renderer drawing images of every size, colour and background one after another (each
    /// clearing only what the one before drew) gives the same PNG bytes as a new renderer for
    /// each image, whose pixel memory is new and cleared whole.
    @Test func aRendererClearingOnlyWhatWasDrawnGivesTheBytesOfANewOne() throws {
        let reused = try BreakdownRenderer()
        let red = RGBAColor(red8: 200, green8: 30, blue8: 30)
        let cases: [(text: String, size: Double, scale: RenderScale, background: RGBAColor?, kind: LogoType)] = [
            ("or 4 interest-free payments of $2,500.00 with", 40, .x3, nil, .badge),
            ("or 4 payments of $1.00 with", 12, .x1, nil, .lockup),
            ("pay in 4 payments of $25.00 with", 17, .x2, red, .compactBadge),
            ("4 payments of $9.99", 17, .x2, nil, .badge),
            ("or 4 interest-free payments of $123.45 with and a longer line to wrap", 28, .x3, nil, .badge),
            ("or 4 payments of $3.00 with", 17, .x1, RGBAColor(red8: 255, green8: 255, blue8: 255, alpha8: 128), .lockup),
            ("or 4 payments of $3.00 with", 17, .x2, nil, .badge),
        ]
        for (index, item) in cases.enumerated() {
            let breakdown = Fixtures.breakdown(text: item.text, kind: item.kind)
            let settings = RenderSettings(style: LayoutStyle(fontSize: item.size, width: index == 4 ? 200 : nil), scale: item.scale, background: item.background)
            let drawn = try reused.render(breakdown, settings: settings, format: .png)
            let alone = try BreakdownRenderer().render(breakdown, settings: settings, format: .png)
            // A Bool, not the two Data: a failure's report would diff every byte.
            let same = drawn.bytes == alone.bytes
            #expect(same, "image \(index): other bytes after the images before it")
        }
    }
}
