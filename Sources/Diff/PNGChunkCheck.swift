import CDeflate

/// Where a PNG's chunk structure is damaged, found by reading it as the format says (RFC 2083,
/// PNG 3rd edition 5.3): a length, a type, data and a CRC-32 of the type and data. Used only to
/// word a file the decoder refused as what it is (a damaged chunk, a file cut short), where the
/// decoder's own status would say something else ("out of memory").
enum PNGChunkCheck {
    /// The first damage after the signature, in words, or nil when every chunk up to IEND is whole
    /// and the image data inflates to what the header's size needs.
    static func firstDamage(_ bytes: [UInt8]) -> String? {
        var offset = 8
        var header: ArraySlice<UInt8>?
        var imageData: [UInt8] = []
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
            if type == "IHDR", length == 13, header == nil { header = bytes[offset + 8..<offset + 21] }
            if type == "IDAT" { imageData += bytes[offset + 8..<offset + 8 + length] }
            if type == "IEND" { return header.flatMap { imageDataDamage(header: $0, data: imageData) } }
            offset += 12 + length
        }
        return "it has no IEND chunk: the file is cut short"
    }

    /// Whether the IDAT chunks' zlib stream (whole chunks, CRCs right) inflates to the bytes the
    /// header's size, depth, colour type and interlacing need: damage inside the compressed data
    /// passes every CRC check (a file damaged before its CRCs were written), and the decoder then
    /// says only "out of memory". nil when it does, or when the header is not one this can size.
    static func imageDataDamage(header: ArraySlice<UInt8>, data: [UInt8]) -> String? {
        let fields = Array(header)
        let width = fields[0..<4].reduce(0) { $0 << 8 | Int($1) }, height = fields[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let depth = Int(fields[8]), interlaced = fields[12] == 1
        let channels: Int
        switch fields[9] {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        guard [1, 2, 4, 8, 16].contains(depth), (1...32767).contains(width), (1...32767).contains(height) else { return nil }
        let bits = channels * depth
        // The passes' sizes in pixels: Adam7's seven (starting column and row, steps), or the image.
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)].map { x, y, dx, dy in
                ((width - x + dx - 1) / dx, (height - y + dy - 1) / dy)
            } : [(width, height)]
        // Each row: a filter-type byte, then its pixels' bytes; an empty pass has no rows.
        let rowBytes = passes.map { $0.0 == 0 || $0.1 == 0 ? (0, 0) : (1 + ($0.0 * bits + 7) / 8, $0.1) }
        let expected = rowBytes.reduce(0) { $0 + $1.0 * $1.1 }
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        // One byte of room more than needed, to tell "more data than the size needs" apart.
        var output = [UInt8](repeating: 0, count: expected + 1)
        var written = 0
        let result = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { libdeflate_zlib_decompress_ex(decompressor, input.baseAddress, input.count, $0.baseAddress, $0.count, nil, &written) }
        }
        switch result {
        case LIBDEFLATE_SUCCESS where written == expected:
            var start = 0
            for (length, count) in rowBytes {
                for row in 0..<count where output[start + row * length] > 4 {
                    return "its image data (the IDAT chunks, CRCs intact) gives a row the filter type \(output[start + row * length]) (PNG has 0 to 4): the data is damaged"
                }
                start += length * count
            }
            return nil
        case LIBDEFLATE_SUCCESS where written < expected:
            return "its image data (the IDAT chunks, CRCs intact) inflates to \(written) bytes, fewer than the \(expected) its \(width) × \(height) size needs: the data is damaged or cut short"
        case LIBDEFLATE_SUCCESS, LIBDEFLATE_INSUFFICIENT_SPACE:
            return "its image data (the IDAT chunks, CRCs intact) inflates to more than the \(expected) bytes its \(width) × \(height) size needs: the data is damaged"
        default:
            return "its image data (the IDAT chunks, CRCs intact) is not a valid zlib stream: the compressed data is damaged"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
