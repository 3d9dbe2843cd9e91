/// The start of a PNG file: its signature and the IHDR chunk that follows it, which holds the
/// pixel size. The one reader of a PNG's size without decoding it (verify, the gallery, the
/// artwork bounds).
package enum PNGHeader {
    /// The eight bytes every PNG starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// How many bytes the size needs: the signature and the IHDR chunk's length, type, width and height.
    package static let sizeByteCount = 24

    /// The pixel size the IHDR chunk names, or nil when `bytes` do not start like a PNG.
    package static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= sizeByteCount, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
