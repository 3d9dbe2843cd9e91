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
    /// Most pixels of a breakdown image are fully transparent (about 90% of the bytes are zero), so
    /// pixels are taken two at a time (four a loop) and a transparent pair is written as zeros without looking
    /// at its channels; the others go through `convertPixel`. Same bytes either way.
    @inline(__always)
    package static func convertRow(
        from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, width: Int,
        table: UnsafeBufferPointer<UInt8>
    ) {
        var x = 0
        while x &+ 4 <= width {
            let first = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
            let second = source.loadUnaligned(fromByteOffset: x &* 4 &+ 8, as: UInt64.self)
            if first == 0 {
                destination.storeBytes(of: 0, toByteOffset: x &* 4, as: UInt64.self)
            } else {
                convertPixel(x, from: source, to: destination, table: table)
                convertPixel(x &+ 1, from: source, to: destination, table: table)
            }
            if second == 0 {
                destination.storeBytes(of: 0, toByteOffset: x &* 4 &+ 8, as: UInt64.self)
            } else {
                convertPixel(x &+ 2, from: source, to: destination, table: table)
                convertPixel(x &+ 3, from: source, to: destination, table: table)
            }
            x &+= 4
        }
        while x < width {
            convertPixel(x, from: source, to: destination, table: table)
            x &+= 1
        }
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
