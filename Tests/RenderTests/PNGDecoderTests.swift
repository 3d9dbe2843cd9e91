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

    @Test("a PNG with damaged image data or header is corrupt, not a crash")
    func corrupt() throws {
        var png = try validPNG()
        let dataStart = 8 + 25 + 8
        for offset in dataStart..<dataStart + 12 { png[offset] ^= 0x5A }
        let error = try #require(decodingError(png))
        guard case .corrupt(let why) = error.reason else {
            Issue.record("expected corrupt, got \(error)")
            return
        }
        #expect(!why.isEmpty)
        #expect(error.description.hasPrefix("cannot decode ref/au-badge.png: PNG is corrupt ("))

        var header = try validPNG()
        header[17] = 0xFF  // width becomes enormous; the IHDR CRC no longer matches
        #expect(decodingError(header) != nil)
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
