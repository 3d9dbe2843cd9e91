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
}

/// The versions of the PNG kernels (Sources/CPNGKernels) this process may run.
package enum PNGKernels {
    /// The fastest version this CPU runs (AVX2 where it has it), found once per process.
    package static let best: PNGKernelSet = png_kernels_best()
    /// Every version this CPU runs, the portable one first: the tests run each on the same input.
    package static let available: [PNGKernelSet] =
        best == PNGKernelSetPortable ? [PNGKernelSetPortable] : [PNGKernelSetPortable, best]
}
