import CPNGKernels

/// Turns Cairo's premultiplied colour channels back into straight ones, with the same arithmetic
/// as Cairo's own PNG writer: `(channel * 255 + alpha / 2) / alpha`, and all zeros when alpha is 0.
package enum Unpremultiply {
    /// `table[alpha << 8 | channel]` is the straight value of a premultiplied channel, for alpha 1...255.
    /// Row 0 (alpha 0) is all zeros. 64 KiB, built once per process.
    package static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for alpha in 1...255 {
            for channel in 0...255 {
                // Cairo stores the quotient in a byte; channels larger than alpha (not valid
                // premultiplied data) wrap the same way.
                table[alpha << 8 | channel] = UInt8(truncatingIfNeeded: (channel * 255 + alpha / 2) / alpha)
            }
        }
        return table
    }()

    /// Converts one row of native-endian `0xAARRGGBB` premultiplied words into straight RGBA bytes.
    /// `table` is `Unpremultiply.table`'s storage, passed in so the caller takes it out of the array once.
    ///
    /// Most pixels of a breakdown image are fully transparent (about 70% of them) or opaque (the
    /// badge, about a quarter), so pixels are taken four at a time (eight with AVX2): a transparent
    /// group is one test and is **not written**, so `destination` must already hold zeros where the
    /// row's transparent groups are; opaque ones only have red and blue swapped; the others go
    /// pixel by pixel through the table. The work is `png_unpremultiply_row` (Sources/CPNGKernels),
    /// in `kernels`' version: every version writes the same bytes.
    ///
    /// Returns the bytes of the row that are not known to be zero: from the first group of four
    /// pixels that is not all transparent to the end of the last one (`0..<0` for a row of
    /// transparent pixels), so the compressor can skip the transparent spans without comparing them.
    @inline(__always)
    @discardableResult
    package static func convertRow(
        from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, width: Int,
        table: UnsafeBufferPointer<UInt8>, kernels: PNGKernelSet = PNGKernels.best
    ) -> Range<Int> {
        var start = 0, end = 0
        png_unpremultiply_row(source, destination, width, table.baseAddress, kernels, &start, &end)
        return start..<end
    }

    /// `convertRow`, and also the row's sums for the Adler-32 (`png_unpremultiply_row_summed`):
    /// the sum of the bytes written, and of each times its offset in the row. With `clearing`, the
    /// source row is all zero afterwards (each group not already zero is cleared once read).
    @inline(__always)
    package static func convertRowSummed(
        from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer, width: Int,
        table: UnsafeBufferPointer<UInt8>, kernels: PNGKernelSet = PNGKernels.best, clearing: Bool
    ) -> (kept: Range<Int>, sum: UInt64, weighted: UInt64) {
        var start = 0, end = 0
        var sum: UInt64 = 0, weighted: UInt64 = 0
        png_unpremultiply_row_summed(source, destination, width, table.baseAddress, kernels, clearing ? 1 : 0, &start, &end, &sum, &weighted)
        return (start..<end, sum, weighted)
    }

    /// The longest row `convertRowSummed` sums (bytes): its sums cannot overflow (a Cairo
    /// surface is at most 32,767 pixels wide, 131,068 bytes).
    package static let longestSummedRow = 1 << 20
}

/// The Adler-32 of scanlines put together from each row's sums (`Unpremultiply.convertRowSummed`),
/// without reading the bytes again. Over `n` bytes b₀…bₙ₋₁ Adler-32's first sum is
/// 1 + Σ bᵢ and its second n + Σ (n − i)·bᵢ, both modulo 65,521; a row whose bytes start at
/// offset o adds its sum s to the first and n·s − (o·s + w) to the second, w being its bytes
/// weighted by their offsets in the row. Bytes not written (zeros) add nothing.
package struct AdlerOfRows {
    private static let modulus: UInt64 = 65521
    /// Σ bᵢ (exact: at most 2^31 bytes of 255), and Σ i·bᵢ modulo 65,521.
    private var sum: UInt64 = 0, placed: UInt64 = 0

    package init() {}

    /// Adds a row whose bytes start at `offset` of the stream, with its sums.
    package mutating func add(offset: Int, sum rowSum: UInt64, weighted: UInt64) {
        sum &+= rowSum
        let m = Self.modulus
        placed = (placed + (UInt64(offset) % m) * (rowSum % m) % m + weighted % m) % m
    }

    /// The Adler-32 of a stream of `byteCount` bytes holding the rows added (zeros elsewhere).
    package func value(byteCount: Int) -> UInt32 {
        let m = Self.modulus
        let n = UInt64(byteCount) % m, s = sum % m
        let first = (1 + s) % m
        let second = (n + n * s % m + m - placed) % m
        return UInt32(truncatingIfNeeded: second) << 16 | UInt32(truncatingIfNeeded: first)
    }
}

/// The versions of the PNG kernels (Sources/CPNGKernels) this process may run.
package enum PNGKernels {
    /// The fastest version this CPU runs (AVX2 where it has it), found once per process.
    package static let best: PNGKernelSet = png_kernels_best()
    /// Every version this CPU runs, the portable one first: the tests run each on the same input.
    package static let available: [PNGKernelSet] =
        best == PNGKernelSetPortable ? [PNGKernelSetPortable] : [PNGKernelSetPortable, best]
}
