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

    /// Bits written so far.
    var bitCount: Int { (next - start) &* 8 &+ Int(truncatingIfNeeded: count) }

    /// Appends bits `from..<to` of `source`, a stream of bits as this writer writes them (least
    /// significant first), which must be readable 8 bytes past the byte holding bit `to - 1`:
    /// 56 bits a write, whatever either stream's place in its byte.
    @inline(__always)
    mutating func append(_ source: UnsafeRawPointer, from: Int, to end: Int) {
        var at = from
        while at &+ 56 <= end {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: at &>> 3, as: UInt64.self)) &>> UInt64(at & 7)
            write(word & (1 &<< 56 &- 1), count: 56)
            at &+= 56
        }
        if at < end {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: at &>> 3, as: UInt64.self)) &>> UInt64(at & 7)
            write(word & (1 &<< UInt64(end &- at) &- 1), count: end &- at)
        }
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
