/// Writes a DEFLATE bit stream (RFC 1951): codes go in least significant bit first, so Huffman
/// codes are stored bit-reversed in the tables and every write is one shift and one or.
///
/// Bits collect in a 64-bit word that is written out eight bytes at a time; the output must have
/// 8 bytes of slack past the last byte the stream will hold.
struct DeflateBitWriter {
    private let start: UnsafeMutableRawPointer
    private var next: UnsafeMutableRawPointer
    private var buffer: UInt64 = 0
    private var count = 0

    init(output: UnsafeMutableRawPointer) {
        start = output
        next = output
    }

    /// Appends the low `bitCount` bits of `bits` (at most 32; higher bits must be zero).
    @inline(__always)
    mutating func write(_ bits: UInt32, count bitCount: Int) {
        buffer |= UInt64(bits) &<< UInt64(count)
        count &+= bitCount
        if count >= 32 {
            next.storeBytes(of: buffer.littleEndian, as: UInt64.self)
            let whole = count >> 3
            next += whole
            buffer = whole == 8 ? 0 : buffer &>> UInt64(whole &* 8)
            count &-= whole &* 8
        }
    }

    /// Pads the last byte with zero bits and returns the number of bytes written.
    mutating func finish() -> Int {
        next.storeBytes(of: buffer.littleEndian, as: UInt64.self)
        next += (count + 7) >> 3
        buffer = 0
        count = 0
        return next - start
    }
}
