import CDeflate
import CPNGKernels
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes 8-bit RGBA PNGs (colour type 6, not interlaced) quickly and deterministically.
///
/// Every row is filtered with None. By default (`Method.automatic`) the image data is compressed
/// by `PNGRunLengthCompressor`, made for breakdown images (transparent rows, flat colours,
/// antialiased text): copies of the pixel before and the row above found eight bytes at a time, a
/// hashed candidate for repeated letters, and a Huffman code made for the image (for an image with
/// bands, for its bands: `PNGBandCode`). On the bench
/// workload it is about 2.5× faster than libdeflate level 1 for the same bytes (see
/// `breakdown bench --encoders`). When its output is more than `fallbackFraction` of the raw
/// scanlines (not our kind of image: photographs, noise), libdeflate compresses them too and the
/// smaller result is kept, so such images are never larger than with libdeflate alone.
///
/// An encoder owns one libdeflate compressor and scratch buffers that it reuses from image to
/// image, so it is not safe to share between threads: make one per thread or task.
/// The output holds no timestamps or text, so the same pixels always give the same bytes.
public final class PNGEncoder {
    /// How an encoder compresses the image data.
    public enum Method: Sendable, Equatable {
        /// The run-length compressor; libdeflate as well when that output is more than
        /// `PNGEncoder.fallbackFraction` of the raw scanlines, keeping the smaller; libdeflate alone
        /// for images above `PNGEncoder.runLengthLimit` bytes of scanlines.
        case automatic
        /// Always the run-length compressor.
        case runLength
        /// Always libdeflate at the encoder's level, every row filtered with None (the encoder before issue 14).
        case libdeflate
    }

    /// The libdeflate level used unless another is asked for, chosen by measurement on ~950×73 px
    /// breakdown images: level 1 encodes 5–6× faster than `cairo_surface_write_to_png` with files
    /// 5–15% smaller; levels 2–6 are slower and save at most another 12%.
    public static let defaultCompressionLevel = 1

    /// `Method.automatic` also tries libdeflate when the run-length compressor's output is more than
    /// this fraction of the raw scanlines. Breakdown images come to 2–8% (bench workload and
    /// gallery); random noise to about 100%.
    public static let fallbackFraction = 0.125

    /// `Method.automatic` gives images with more bytes of scanlines than this (16 MiB, about
    /// 2048 × 2048 pixels; breakdown images are below 2 MiB) to libdeflate alone: the run-length
    /// compressor's tokens take up to four times the scanlines' memory.
    public static let runLengthLimit = 16 << 20

    /// How the image data is compressed.
    public let method: Method
    /// The libdeflate compression level, 0 (stored) through 12 (slowest, smallest).
    public let compressionLevel: Int

    private let compressor: OpaquePointer
    private let runLength = PNGRunLengthCompressor()
    /// The filtered scanlines: for each row, the filter type byte then the row's RGBA bytes.
    /// All zeros between images: the unpremultiplier does not write transparent pixels, so each
    /// encode clears what it may have written (everything outside `zeroSpans`) when it ends.
    private var scanlines = ScratchBuffer()
    /// The whole PNG file, written here; callers copy it out at its exact size.
    private var file = ScratchBuffer()
    /// Spans of the scanlines known to be zero bytes, in order (see `encode`).
    private var zeroSpans: [Range<Int>] = []
    /// Shorter zero spans are left to the compressor's comparisons.
    static let minimumZeroSpan = 64

    /// How many bands (see `encode(width:height:stride:argb32:nonZero:bands:)`) were found kept
    /// from an earlier image, and how many were tokenized anew.
    package var bandCounts: (hits: Int, misses: Int) { (runLength.bandCache.hits, runLength.bandCache.misses) }
    /// How many codes of an image's bands (`PNGBandCode`) were found kept from an earlier image,
    /// and how many were made anew.
    package var bandCodeCounts: (hits: Int, misses: Int) { runLength.bandCodeCounts }
    /// `bandCounts` of the bands that start a row (the columns before the instalment) alone.
    package var rowStartBandCounts: (hits: Int, misses: Int) { (runLength.bandCache.kindHits[0], runLength.bandCache.kindMisses[0]) }

    /// Which version of the C kernels (Sources/CPNGKernels) runs: the CPU's best unless a test asks.
    package let kernels: PNGKernelSet

    /// Makes an encoder using `method`, with libdeflate at `compressionLevel` (0 through 12)
    /// where it uses libdeflate.
    public convenience init(method: Method = .automatic, compressionLevel: Int = PNGEncoder.defaultCompressionLevel) throws {
        try self.init(method: method, compressionLevel: compressionLevel, kernels: PNGKernels.best)
    }

    /// Makes an encoder that runs `kernels`' version of the C kernels.
    package init(method: Method = .automatic, compressionLevel: Int = PNGEncoder.defaultCompressionLevel, kernels: PNGKernelSet) throws {
        guard (0...12).contains(compressionLevel),
            let compressor = libdeflate_alloc_compressor(Int32(compressionLevel))
        else { throw PNGEncodingError.compressorUnavailable(level: compressionLevel) }
        self.method = method
        self.compressionLevel = compressionLevel
        self.compressor = compressor
        self.kernels = kernels
    }

    deinit {
        libdeflate_free_compressor(compressor)
        scanlines.free()
        file.free()
    }

    /// Encodes Cairo `CAIRO_FORMAT_ARGB32` pixels: native-endian 32-bit words `0xAARRGGBB` with
    /// premultiplied alpha, `stride` bytes from the start of one row to the next.
    /// Colours are unpremultiplied with the same arithmetic as `cairo_surface_write_to_png`, so a
    /// decoder sees the same pixels as in Cairo's own PNG of the surface.
    package func encode(width: Int, height: Int, stride: Int, argb32: UnsafeRawPointer) throws -> [UInt8] {
        guard stride >= width * 4 else { throw PNGEncodingError.invalidStride(stride: stride, width: width) }
        return [UInt8](
            try Unpremultiply.table.withUnsafeBufferPointer { table in
                try encode(width: width, height: height) { y, row in
                    Unpremultiply.convertRow(from: argb32 + y * stride, to: row, width: width, table: table, kernels: kernels)
                }
            })
    }

    /// `encode(width:height:stride:argb32:)`, and `nonZero` becomes the byte ranges of
    /// `argb32` that may hold non-zero bytes: every byte outside them is zero (the rows' transparent
    /// ends, and whole transparent rows). A caller that reuses the pixel memory clears only those
    /// before the next image (`PixelMemory.keepOnly`).
    ///
    /// `bands` are ranges of columns (pixels) that often hold the same pixels from image to image,
    /// top to bottom: a breakdown's columns either side of its instalment. Each is compressed on
    /// its own (`PNGBand`), and its tokens kept for the next image holding the same bytes there.
    /// The bytes depend only on the pixels and the bands, never on the images before.
    package func encode(
        width: Int, height: Int, stride: Int, argb32: UnsafeRawPointer, nonZero: inout [Range<Int>], bands: [Range<Int>] = []
    ) throws -> [UInt8] {
        [UInt8](try encodeFile(width: width, height: height, stride: stride, argb32: argb32, nonZero: &nonZero, bands: bands))
    }

    /// `encode(width:height:stride:argb32:nonZero:bands:)` as `Data`, copied once from the
    /// encoder's memory.
    package func encodeData(
        width: Int, height: Int, stride: Int, argb32: UnsafeRawPointer, nonZero: inout [Range<Int>], bands: [Range<Int>] = []
    ) throws -> Data {
        Data(try encodeFile(width: width, height: height, stride: stride, argb32: argb32, nonZero: &nonZero, bands: bands))
    }

    /// `encodeData(width:height:stride:argb32:nonZero:bands:)` for pixels the caller draws the
    /// next image in: each pixel is set to zero once read, so the memory is all transparent again
    /// when the PNG is made (no pass over it to clear it). When this throws, some may not be.
    package func encodeDataClearing(width: Int, height: Int, stride: Int, argb32: UnsafeMutableRawPointer, bands: [Range<Int>] = []) throws -> Data {
        var nonZero: [Range<Int>] = []
        return Data(
            try encodeFile(width: width, height: height, stride: stride, argb32: argb32, nonZero: &nonZero, bands: bands, clearing: argb32))
    }

    /// The file of `encode(width:height:stride:argb32:nonZero:bands:)` in the encoder's memory,
    /// valid until the next image.
    /// With `clearing` (the same memory as `argb32`), every pixel is zeroed once read.
    private func encodeFile(
        width: Int, height: Int, stride: Int, argb32: UnsafeRawPointer, nonZero: inout [Range<Int>], bands: [Range<Int>],
        clearing: UnsafeMutableRawPointer? = nil
    ) throws -> UnsafeRawBufferPointer {
        guard stride >= width * 4 else { throw PNGEncodingError.invalidStride(stride: stride, width: width) }
        var ranges: [Range<Int>] = []
        // The Adler-32 from each row's sums, made as the rows are converted (`AdlerOfRows`).
        let summed = width * 4 <= Unpremultiply.longestSummedRow
        var adler = AdlerOfRows()
        let source = clearing ?? UnsafeMutableRawPointer(mutating: argb32)
        // The bytes between a row's pixels and the next row (the stride's padding) are not read:
        // with any, every row is counted whole.
        let padded = stride != width * 4
        let bandBytes = bands.map { ($0.lowerBound == 0 ? 0 : 1 + 4 * $0.lowerBound)..<(1 + 4 * $0.upperBound) }
        let bytes = try Unpremultiply.table.withUnsafeBufferPointer { table in
            try encode(width: width, height: height, bands: bandBytes, adler: { summed ? adler.value(byteCount: $0) : nil }) { y, row in
                let kept: Range<Int>
                if summed {
                    // The source is written only when `clearing` is given (the kernel reads it otherwise).
                    let converted = Unpremultiply.convertRowSummed(
                        from: source + y * stride, to: row, width: width, table: table, kernels: kernels, clearing: clearing != nil)
                    adler.add(offset: y * (width * 4 + 1) + 1, sum: converted.sum, weighted: converted.weighted)
                    kept = converted.kept
                } else {
                    kept = Unpremultiply.convertRow(from: argb32 + y * stride, to: row, width: width, table: table, kernels: kernels)
                    if let clearing { memset(clearing + y * stride, 0, width * 4) }
                }
                // The stride's padding after the row's pixels, if any: cleared too (never read).
                if let clearing, padded { memset(clearing + y * stride + width * 4, 0, stride - width * 4) }
                let range = padded ? (y * stride)..<(y * stride + stride) : (y * stride + kept.lowerBound)..<(y * stride + kept.upperBound)
                if !range.isEmpty {
                    if let last = ranges.last, last.upperBound == range.lowerBound {
                        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
                    } else {
                        ranges.append(range)
                    }
                }
                return kept
            }
        }
        nonZero = ranges
        return bytes
    }

    /// Encodes an image whose pixels are already straight RGBA; the bytes are written as they are.
    public func encode(_ image: PixelImage) throws -> [UInt8] {
        let rowBytes = image.width * 4
        return [UInt8](
            try image.rgba.withUnsafeBytes { pixels in
                try encode(width: image.width, height: image.height) { y, row in
                    guard let base = pixels.baseAddress else { return 0..<rowBytes }
                    row.copyMemory(from: base + y * rowBytes, byteCount: rowBytes)
                    return 0..<rowBytes  // not looked at: no span is known to be zero
                }
            })
    }

    /// Writes the PNG for an image whose row `y` of RGBA bytes `writeRow(y, destination)` writes;
    /// it returns the part of the row that may hold non-zero bytes (the rest is known to be zero).
    /// `bands` are byte ranges of each scanline (filter byte included) compressed on their own.
    /// The file is in the encoder's memory, valid until the next image.
    /// `adler(byteCount)`, asked once every row is written, may give the scanlines' Adler-32
    /// (from the rows' sums) so that the run-length compressor does not read them again for it.
    private func encode(
        width: Int, height: Int, bands: [Range<Int>] = [], adler: (Int) -> UInt32? = { _ in nil },
        writeRow: (_ y: Int, _ destination: UnsafeMutableRawPointer) -> Range<Int>
    ) throws -> UnsafeRawBufferPointer {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGEncodingError.invalidSize(width: width, height: height)
        }
        let (rowBytes, wide) = width.multipliedReportingOverflow(by: 4)
        let (scanlineBytes, tall) = (rowBytes + 1).multipliedReportingOverflow(by: height)
        guard !wide, !tall, scanlineBytes <= Int(Int32.max) else {
            throw PNGEncodingError.invalidSize(width: width, height: height)
        }

        let rows = scanlines.reserveZeroed(scanlineBytes)
        // Leave the scanlines all zero for the next image, however this one ends.
        defer { clearOutsideZeroSpans(rows, byteCount: scanlineBytes) }
        // The spans of zero bytes (transparent pixels and filter bytes) long enough to be worth
        // skipping: from the end of a row's last non-transparent group of pixels to the start of
        // the next row's first, across any transparent rows between.
        zeroSpans.removeAll(keepingCapacity: true)
        var zeroStart = 0
        for y in 0..<height {
            let offset = y * (rowBytes + 1)
            let scanline = rows + offset
            scanline.storeBytes(of: 0, as: UInt8.self)  // filter type None
            let kept = writeRow(y, scanline + 1)
            if !kept.isEmpty {
                if offset + 1 + kept.lowerBound - zeroStart >= Self.minimumZeroSpan {
                    zeroSpans.append(zeroStart..<(offset + 1 + kept.lowerBound))
                }
                zeroStart = offset + 1 + kept.upperBound
            }
        }
        if scanlineBytes - zeroStart >= Self.minimumZeroSpan { zeroSpans.append(zeroStart..<scanlineBytes) }
        var runLengthSize: Int?
        if method == .runLength || (method == .automatic && scanlineBytes <= Self.runLengthLimit) {
            let size = runLength.analyze(
                rows, byteCount: scanlineBytes, rowBytes: rowBytes, zeroSpans: zeroSpans, bands: bands, adler: adler(scanlineBytes))
            if method == .runLength || Double(size) <= Self.fallbackFraction * Double(scanlineBytes) {
                return try writeRunLength(width: width, height: height, size: size)
            }
            runLengthSize = size
        }
        let bound = libdeflate_zlib_compress_bound(compressor, scanlineBytes)
        let capacity = PNGLayout.headerSize + PNGLayout.idatPrefixSize + bound + PNGLayout.trailerSize
        let output = file.reserve(capacity)
        PNGLayout.writeHeader(width: width, height: height, to: output)
        let idat = output + PNGLayout.headerSize
        let dataStart = idat + PNGLayout.idatPrefixSize
        let dataLength = libdeflate_zlib_compress(compressor, rows, scanlineBytes, dataStart, bound)
        guard dataLength > 0 else { throw PNGEncodingError.compressionFailed }
        if let runLengthSize, runLengthSize < dataLength {
            return try writeRunLength(width: width, height: height, size: runLengthSize)
        }
        return finish(output, idat: idat, dataLength: dataLength)
    }

    /// Zeroes every byte of the scanlines outside `zeroSpans` (what this image may have written).
    private func clearOutsideZeroSpans(_ rows: UnsafeMutableRawPointer, byteCount: Int) {
        var from = 0
        for span in zeroSpans {
            memset(rows + from, 0, span.lowerBound - from)
            from = span.upperBound
        }
        memset(rows + from, 0, byteCount - from)
    }

    /// The PNG with the image data of the run-length compressor's last `analyze`, `size` bytes.
    private func writeRunLength(width: Int, height: Int, size: Int) throws -> UnsafeRawBufferPointer {
        let output = file.reserve(PNGLayout.headerSize + PNGLayout.idatPrefixSize + size + 8 + PNGLayout.trailerSize)
        PNGLayout.writeHeader(width: width, height: height, to: output)
        let idat = output + PNGLayout.headerSize
        let dataLength = runLength.write(to: idat + PNGLayout.idatPrefixSize)
        guard dataLength == size else { throw PNGEncodingError.compressionFailed }
        return finish(output, idat: idat, dataLength: dataLength)
    }

    /// Completes the IDAT chunk and IEND; the file, at its exact size, in the encoder's memory
    /// (valid until the next image: callers copy it out).
    private func finish(_ output: UnsafeMutableRawPointer, idat: UnsafeMutableRawPointer, dataLength: Int) -> UnsafeRawBufferPointer {
        PNGLayout.finishImageData(at: idat, dataLength: dataLength)
        let size = PNGLayout.headerSize + PNGLayout.idatPrefixSize + dataLength + PNGLayout.trailerSize
        return UnsafeRawBufferPointer(start: output, count: size)
    }
}
