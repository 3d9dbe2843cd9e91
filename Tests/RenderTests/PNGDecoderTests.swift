import BreakdownDiff
import BreakdownEncode
import BreakdownPipeline
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("PNG decoder")
struct PNGDecoderTests {
    private func validPNG() throws -> [UInt8] {
        var image = PixelImage(width: 40, height: 30, filledWith: [200, 100, 50, 255])
        image[5, 5] = [0, 0, 0, 0]
        return try PNGEncoder().encode(image)
    }

    private func decodingError(_ bytes: [UInt8], source: String = "ref/au-badge.png") -> PNGDecodingError? {
        do {
            _ = try PNGDecoder.decode(bytes, source: source)
            return nil
        } catch let error as PNGDecodingError {
            return error
        } catch {
            return nil
        }
    }

    @Test("text that is not a PNG gives a one-line error naming the file")
    func notPNG() throws {
        let error = try #require(decodingError(Array("<html>not an image</html>".utf8)))
        #expect(error.reason == .notPNG)
        #expect(error.description == "cannot decode ref/au-badge.png: not a PNG (no PNG signature)")
    }

    @Test("an empty file is its own error")
    func empty() throws {
        let error = try #require(decodingError([]))
        #expect(error.reason == .empty)
        #expect(error.description.contains("ref/au-badge.png"))
    }

    @Test("a PNG cut short anywhere is reported as truncated", arguments: [4, 8, 20, 40, 60])
    func truncated(keepingFraction percent: Int) throws {
        let png = try validPNG()
        let kept = max(1, png.count * percent / 100)
        let error = try #require(decodingError(Array(png[..<kept])))
        #expect(error.reason == .truncated(byteCount: kept))
        #expect(!error.description.contains("\n"))
        #expect(error.description.contains("ref/au-badge.png"))
    }

    @Test("a PNG missing only its IEND chunk is truncated")
    func truncatedAtEnd() throws {
        let png = try validPNG()
        let error = try #require(decodingError(Array(png.dropLast(12))))
        #expect(error.reason == .truncated(byteCount: png.count - 12))
    }

    /// CRC-32 as PNG defines it (ISO 3309, reflected, polynomial 0xEDB88320), bit by bit: the
    /// test's own, not the decoder's.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("a PNG whose chunk CRC does not match its bytes is called damaged, naming the chunk")
    func damagedChunk() throws {
        var png = try validPNG()
        let idat = 8 + 25  // the signature, then IHDR (13 bytes of data and 12 of frame)
        #expect(String(decoding: png[idat + 4..<idat + 8], as: UTF8.self) == "IDAT")
        let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        for offset in idat + 8..<idat + 20 { png[offset] ^= 0x5A }
        let stored = png[idat + 8 + length..<idat + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let computed = Self.crc32(png[idat + 4..<idat + 8 + length])
        func hex(_ value: UInt32) -> String { String(format: "0x%08X", value) }
        let error = try #require(decodingError(png))
        #expect(error.reason == .damaged("its IDAT chunk at byte \(idat) is damaged (its CRC is \(hex(stored)), its bytes give \(hex(computed)))"))
        #expect(error.description.hasPrefix("cannot decode ref/au-badge.png: its IDAT chunk at byte 33 is damaged (its CRC is"))
        #expect(!error.description.contains("out of memory"))

        var header = try validPNG()
        header[17] = 0xFF  // width becomes enormous; the IHDR CRC no longer matches
        #expect(decodingError(header) != nil)
    }

    @Test("a PNG whose chunks are whole but whose image data is not is corrupt, not a crash")
    func corrupt() throws {
        var png = try validPNG()
        let idat = 8 + 25
        let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        for offset in idat + 8..<idat + 20 { png[offset] ^= 0x5A }
        // A CRC that matches the damaged bytes: only the compressed stream is wrong.
        let crc = Self.crc32(png[idat + 4..<idat + 8 + length])
        for index in 0..<4 { png[idat + 8 + length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
        let error = try #require(decodingError(png))
        // The zlib header is among the bytes changed: the stream is no zlib stream, and the error
        // says so (Cairo's own status for it is "out of memory").
        #expect(error.reason == .damaged("its image data (the IDAT chunks, CRCs intact) is not a valid zlib stream: the compressed data is damaged"))
        #expect(!error.description.contains("out of memory"))
    }

    /// A PNG of 8-bit RGBA pixels written by hand: rows of a filter byte and pixels, in one stored
    /// (uncompressed) deflate block with the test's own Adler-32, chunks with the test's own CRCs.
    static func handMadePNG(width: Int, height: Int, rows: [UInt8]) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(body[...])))
        }
        var a = 1, b = 0
        for byte in rows { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
        let stored = [0x01] + [UInt8(rows.count & 0xFF), UInt8(rows.count >> 8), ~UInt8(rows.count & 0xFF), ~UInt8(rows.count >> 8)] + rows
        let zlib = [0x78, 0x01] + stored + be32(b << 16 | a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    @Test("image data whose chunks are whole but which is too short, or has a bad filter byte, is named as such")
    func damagedImageData() throws {
        // 2 × 1 RGBA: one row of a filter byte and 8 bytes.
        let row: [UInt8] = [0, 255, 0, 0, 255, 0, 0, 255, 255]
        #expect((try? PNGDecoder.decode(Self.handMadePNG(width: 2, height: 1, rows: row)))?.width == 2, "the hand-made PNG itself decodes")
        let short = try #require(decodingError(Self.handMadePNG(width: 2, height: 1, rows: Array(row.prefix(5)))))
        #expect(short.reason == .damaged("its image data (the IDAT chunks, CRCs intact) inflates to 5 bytes, fewer than the 9 its 2 × 1 size needs: the data is damaged or cut short"), "\(short)")
        let filter = try #require(decodingError(Self.handMadePNG(width: 2, height: 1, rows: [9] + row.dropFirst())))
        #expect(filter.reason == .damaged("its image data (the IDAT chunks, CRCs intact) gives a row the filter type 9 (PNG has 0 to 4): the data is damaged"), "\(filter)")
    }

    @Test("a missing file names its path and the system's reason")
    func missingFile() throws {
        // A folder name nobody else uses, never created.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-no-such-dir-\(UUID().uuidString)/missing.png").path
        #expect(throws: PNGDecodingError(source: path, reason: .unreadable("No such file or directory"))) {
            try PNGDecoder.decode(fileAtPath: path)
        }
    }

    @Test("a file on disk decodes like its bytes")
    func decodesFile() throws {
        let png = try validPNG()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-decoder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("in.png").path
        let file = try #require(fopen(path, "wb"))
        #expect(fwrite(png, 1, png.count, file) == png.count)
        fclose(file)
        let image = try PNGDecoder.decode(fileAtPath: path)
        #expect(image == (try PNGDecoder.decode(png)))
        #expect(image[0, 0] == [200, 100, 50, 255])
        #expect(image[5, 5] == [0, 0, 0, 0])
    }
}
