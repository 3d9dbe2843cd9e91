import CDeflate

/// Where a PNG's chunk structure is damaged, found by reading it as the format says (RFC 2083,
/// PNG 3rd edition 5.3): a length, a type, data and a CRC-32 of the type and data. Used only to
/// word a file the decoder refused as what it is (a damaged chunk, a file cut short), where the
/// decoder's own status would say something else ("out of memory").
enum PNGChunkCheck {
    /// The first damage after the signature, in words, or nil when every chunk up to IEND is whole.
    static func firstDamage(_ bytes: [UInt8]) -> String? {
        var offset = 8
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return "it ends inside the chunk header at byte \(offset)" }
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let printable = type.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic) }
            guard printable else { return "the chunk at byte \(offset) has no valid type (its 4 bytes are not letters)" }
            guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else {
                return "its \(type) chunk at byte \(offset) says \(length) bytes, past the end of the file (\(bytes.count) bytes): the file is cut short"
            }
            let stored = bytes[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let computed = bytes.withUnsafeBufferPointer { UInt32(libdeflate_crc32(0, $0.baseAddress! + offset + 4, 4 + length)) }
            if stored != computed {
                return "its \(type) chunk at byte \(offset) is damaged (its CRC is \(hex(stored)), its bytes give \(hex(computed)))"
            }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
        return "it has no IEND chunk: the file is cut short"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
