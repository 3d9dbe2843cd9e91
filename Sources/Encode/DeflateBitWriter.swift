/// Writes a DEFLATE bit stream (RFC 1951): codes go in least significant bit first, so Huffman
/// codes are stored bit-reversed in the tables and every write is one shift and one or.
///
/// Bits collect in a 64-bit word that is stored, eight bytes, after every write; the pointer then
/// moves past the whole bytes, so fewer than 8 bits are left waiting and a write of up to 56 bits
/// needs no branch. The output must have 8 bytes of slack past the last byte the stream will hold.
struct DeflateBitWriter {
    private let start: UnsafeMutableRawPointer
    private var next: UnsafeMutableRawPointer
    private var buffer: UInt64 = 0
    /// Bits waiting in `buffer`, 0...7 between writes.
    private var count: UInt64 = 0

    init(output: UnsafeMutableRawPointer) {
        start = output
        next = output
    }

    /// Appends the low `bitCount` bits of `bits` (at most 56; higher bits must be zero).
    @inline(__always)
    mutating func write(_ bits: UInt64, count bitCount: Int) {
        buffer |= bits &<< count
        count &+= UInt64(truncatingIfNeeded: bitCount)
        next.storeBytes(of: buffer.littleEndian, as: UInt64.self)
        let whole = count & 56
        next += Int(truncatingIfNeeded: whole &>> 3)
        buffer = buffer &>> whole
        count &-= whole
    }

    /// Pads the last byte with zero bits and returns the number of bytes written.
    mutating func finish() -> Int {
        next.storeBytes(of: buffer.littleEndian, as: UInt64.self)
        next += Int((count + 7) >> 3)
        buffer = 0
        count = 0
        return next - start
    }
}
