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
    /// badge, about a quarter), so pixels are taken four at a time: a stretch of transparent
    /// pixels is found four, then sixteen at a time (one test of eight 64-bit words) and written as
    /// zeros, four opaque ones by swapping red and blue in two 64-bit words,
    /// without looking at each pixel; the others go through `convertPixel`. Same bytes either way.
    ///
    /// Returns the bytes of the row that are not known to be zero: from the first group of four
    /// pixels that is not all transparent to the end of the last one (`0..<0` for a row of
    /// transparent pixels), so the compressor can skip the transparent spans without comparing them.
    @inline(__always)
    @discardableResult
    package static func convertRow(
        from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, width: Int,
        table: UnsafeBufferPointer<UInt8>
    ) -> Range<Int> {
        var firstKept = -1, end = 0
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        let greens: UInt64 = 0xFF00_FF00_FF00_FF00
        let blues: UInt64 = 0x0000_00FF_0000_00FF
        var x = 0
        while x &+ 4 <= width {
            let first = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
            let second = source.loadUnaligned(fromByteOffset: x &* 4 &+ 8, as: UInt64.self)
            if first | second == 0 {
                destination.storeBytes(of: 0, toByteOffset: x &* 4, as: UInt64.self)
                destination.storeBytes(of: 0, toByteOffset: x &* 4 &+ 8, as: UInt64.self)
                x &+= 4
                // In a transparent stretch: 16 pixels a step, one test of eight words.
                while x &+ 16 <= width, isTransparent16(source + x &* 4) {
                    for word in 0..<8 { destination.storeBytes(of: 0, toByteOffset: x &* 4 &+ word &* 8, as: UInt64.self) }
                    x &+= 16
                }
                continue
            }
            if firstKept < 0 { firstKept = x &* 4 }
            end = (x &+ 4) &* 4
            if first & second & alphas == alphas {
                // Four opaque pixels: 0xFFRRGGBB → bytes R, G, B, 0xFF (the word 0xFFBBGGRR).
                let a = first & greens | (first &>> 16) & blues | (first & blues) &<< 16
                let b = second & greens | (second &>> 16) & blues | (second & blues) &<< 16
                destination.storeBytes(of: a.littleEndian, toByteOffset: x &* 4, as: UInt64.self)
                destination.storeBytes(of: b.littleEndian, toByteOffset: x &* 4 &+ 8, as: UInt64.self)
            } else {
                convertPixel(x, from: source, to: destination, table: table)
                convertPixel(x &+ 1, from: source, to: destination, table: table)
                convertPixel(x &+ 2, from: source, to: destination, table: table)
                convertPixel(x &+ 3, from: source, to: destination, table: table)
            }
            x &+= 4
        }
        while x < width {
            if source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) != 0 {
                if firstKept < 0 { firstKept = x &* 4 }
                end = (x &+ 1) &* 4
            }
            convertPixel(x, from: source, to: destination, table: table)
            x &+= 1
        }
        return firstKept < 0 ? 0..<0 : firstKept..<end
    }

    /// Whether the 16 pixels (64 bytes) at `pixels` are all zero.
    @inline(__always)
    private static func isTransparent16(_ pixels: UnsafeRawPointer) -> Bool {
        var any: UInt64 = 0
        for word in 0..<8 { any |= pixels.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self) }
        return any == 0
    }

    /// Converts pixel `x` of a row.
    @inline(__always)
    private static func convertPixel(
        _ x: Int, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, table: UnsafeBufferPointer<UInt8>
    ) {
        let pixel = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
        let alpha = pixel >> 24
        let red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF
        let word: UInt32
        if alpha == 0xFF {
            word = red | green << 8 | blue << 16 | 0xFF00_0000
        } else if pixel & 0x00FF_FFFF == 0 {
            word = alpha << 24  // black (antialiased text) or fully transparent: no division
        } else {
            let row = Int(alpha << 8)
            let r = UInt32(table[row | Int(red)])
            let g = UInt32(table[row | Int(green)])
            let b = UInt32(table[row | Int(blue)])
            word = r | g << 8 | b << 16 | alpha << 24
        }
        destination.storeBytes(of: word.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
    }
}
