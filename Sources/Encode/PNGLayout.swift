import CDeflate

/// The fixed parts of the PNG files the encoder writes: signature, IHDR, one IDAT, IEND.
/// No time, text or other ancillary chunks, so the same pixels always give the same bytes.
enum PNGLayout {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC).
    static let headerSize = 8 + 25
    /// Bytes before the IDAT data: its length and type.
    static let idatPrefixSize = 8
    /// Bytes after the IDAT data: its CRC, then the whole IEND chunk.
    static let trailerSize = 4 + 12

    /// Writes the signature and the IHDR chunk for 8-bit RGBA (colour type 6), not interlaced,
    /// at the start of `output`, which must hold `headerSize` bytes.
    static func writeHeader(width: Int, height: Int, to output: UnsafeMutableRawPointer) {
        for (index, byte) in signature.enumerated() {
            output.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
        }
        let chunk = output + 8
        writeBigEndian(13, to: chunk)
        writeType("IHDR", to: chunk + 4)
        writeBigEndian(UInt32(width), to: chunk + 8)
        writeBigEndian(UInt32(height), to: chunk + 12)
        let fields: [UInt8] = [8, 6, 0, 0, 0]  // bit depth, colour type RGBA, deflate, adaptive filtering, no interlace
        for (index, byte) in fields.enumerated() {
            chunk.storeBytes(of: byte, toByteOffset: 16 + index, as: UInt8.self)
        }
        writeCRC(ofChunkAt: chunk, dataLength: 13)
    }

    /// Writes the IDAT length and type before `dataLength` bytes of zlib data already at
    /// `chunk + 8`, then its CRC, then the IEND chunk. `chunk` must hold
    /// `idatPrefixSize + dataLength + trailerSize` bytes.
    static func finishImageData(at chunk: UnsafeMutableRawPointer, dataLength: Int) {
        writeBigEndian(UInt32(dataLength), to: chunk)
        writeType("IDAT", to: chunk + 4)
        writeCRC(ofChunkAt: chunk, dataLength: dataLength)
        let end = chunk + 8 + dataLength + 4
        writeBigEndian(0, to: end)
        writeType("IEND", to: end + 4)
        writeCRC(ofChunkAt: end, dataLength: 0)
    }

    /// Writes the CRC-32 of a chunk's type and data after its data.
    private static func writeCRC(ofChunkAt chunk: UnsafeMutableRawPointer, dataLength: Int) {
        let crc = libdeflate_crc32(0, chunk + 4, 4 + dataLength)
        writeBigEndian(crc, to: chunk + 8 + dataLength)
    }

    private static func writeBigEndian(_ value: UInt32, to output: UnsafeMutableRawPointer) {
        output.storeBytes(of: value.bigEndian, as: UInt32.self)
    }

    private static func writeType(_ type: StaticString, to output: UnsafeMutableRawPointer) {
        output.copyMemory(from: type.utf8Start, byteCount: 4)
    }
}
