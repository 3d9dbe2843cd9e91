@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownIO
import BreakdownTestSupport

/// What spreadsheets write around a CSV: Excel's `sep=;` line before the header (honoured and
/// said), UTF-16 or UTF-32 text (refused as such, with how to save it as UTF-8, in every format),
/// and a byte order mark written twice (both skipped, so the first column keeps its name).
@Suite struct ManifestExportQuirksTests {
    typealias Reader = ManifestReaderTests

    static func failure(_ bytes: [UInt8], format: ManifestFormat? = nil, delimiter: CSVDelimiter? = nil) -> String? {
        do {
            _ = try ManifestOpener.open(bytes: bytes, label: "m.csv", format: format, delimiter: delimiter)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: ["\n", "\r\n"])
    func excelsSepLineChoosesTheDelimiterAndIsNotTheHeader(newline: String) throws {
        let text = "sep=;" + newline + "SKU;Price" + newline + "A;12.50" + newline + "B;\"1,299.00\"" + newline
        let reader = try ManifestOpener.open(bytes: Array(text.utf8), label: "m.csv", format: nil)
        #expect(reader.headerColumns == ["SKU", "Price"])
        #expect(reader.delimiterDescription == "read as ';'-separated (its first line, sep=)")
        var records: [ManifestRecord] = []
        while let record = try reader.next() { records.append(record) }
        #expect(try records.map { try Reader.fields($0) } == [["SKU": .text("A"), "Price": .text("12.50")], ["SKU": .text("B"), "Price": .text("1,299.00")]])
        #expect(records.map(\.line) == [3, 4], "lines count the sep= line")
        // Tab and comma too; the same delimiter given with --delimiter agrees with it.
        let tab = try ManifestOpener.open(bytes: Array("sep=\t\nSKU\tPrice\nA\t1\n".utf8), format: nil)
        #expect(tab.headerColumns == ["SKU", "Price"])
        let agreed = try ManifestOpener.open(bytes: Array(text.utf8), format: .csv, delimiter: .semicolon)
        #expect(agreed.headerColumns == ["SKU", "Price"] && agreed.delimiterDescription == "read as ';'-separated (--delimiter)")
    }

    @Test func aSepLineThatCannotBeHonouredIsRefused() {
        #expect(Self.failure(Array("sep=|\nSKU|Price\n".utf8))
            == "cannot read the manifest m.csv: its first line, sep=|, names a delimiter this tool does not read; expected sep=, sep=; or a tab")
        #expect(Self.failure(Array("sep=;\nSKU;Price\n".utf8), format: .csv, delimiter: .comma)
            == "cannot read the manifest m.csv: its first line says sep=; but --delimiter is comma; give one of them")
        // Not a sep= line: a column named so, or more after the delimiter, is the header.
        let notSep = try? ManifestOpener.open(bytes: Array("sep=x,y\n1,2\n".utf8), format: nil)
        #expect(notSep?.headerColumns == ["sep=x", "y"])
    }

    @Test func utf16AndUTF32AreRefusedAsSuchInEveryFormat() throws {
        let csv = "SKU,Price\nA,10\n", ndjson = "{\"amount\": \"10\"}\n"
        func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
            let units = text.utf16.flatMap { unit in bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            return (mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []) + units
        }
        let saveAs = "save it as UTF-8 (in Excel: CSV UTF-8)"
        for text in [csv, ndjson] {
            for bigEndian in [false, true] {
                for format in [nil, ManifestFormat.csv, .ndjson, .json] {
                    #expect(Self.failure(utf16(text, bigEndian: bigEndian, mark: true), format: format)
                        == "cannot read the manifest m.csv: it is UTF-16 text (its byte order mark says so), not UTF-8; \(saveAs)")
                    #expect(Self.failure(utf16(text, bigEndian: bigEndian, mark: false), format: format)
                        == "cannot read the manifest m.csv: it looks like UTF-16 text (NUL bytes between its characters), not UTF-8; \(saveAs)")
                }
            }
            let utf32: [UInt8] = [0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { scalar -> [UInt8] in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } }
            #expect(Self.failure(utf32) == "cannot read the manifest m.csv: it is UTF-32 text (its byte order mark says so), not UTF-8; \(saveAs)")
        }
        // NUL bytes that do not alternate with text are not UTF-16: /dev/zero's, or a NUL in a
        // cell, is read on and refused for what it is (no header name, an endless row).
        #expect(Self.failure([0, 0, 0, 0, 0, 0])?.contains("UTF-16") != true)
        #expect(Self.failure(Array("S\u{0}KU,Price\n".utf8))?.contains("UTF-16") != true)
        // iconv's own UTF-16, as the export is made, read from a file.
        let folder = try BatchTestSupport.temporaryFolder("utf16")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("m.csv")
        try Data(csv.data(using: .utf16)!).write(to: file)
        #expect(throws: CLIError.self) { try ManifestOpener.open(path: file.path, format: nil) }
    }

    @Test func aByteOrderMarkWrittenTwiceIsSkippedTwice() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for count in 1...3 {
            let reader = try ManifestOpener.open(bytes: Array(repeating: mark, count: count).flatMap { $0 } + Array("SKU,Price\nA,1\n".utf8), format: nil)
            #expect(reader.headerColumns == ["SKU", "Price"], "\(count) marks")
        }
        // Part of a mark is not skipped (it is not one): the column's name keeps it, unreadable.
        #expect(Self.failure([0xEF, 0xBB] + Array("SKU,Price\n".utf8)) == "cannot read the manifest m.csv: CSV header column 1 is not valid UTF-8")
    }

    /// From a pipe whose writer sends the first line in pieces: the look at the first bytes
    /// waits for them (a short read is not taken for the whole line).
    @Test func aSepLineArrivingInPiecesOnAPipeIsHonoured() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let pieces = ["se", "p=", ";\nSKU;Pri", "ce\nA;5\n"]
        @Sendable func write(_ piece: String) { _ = piece.utf8CString.withUnsafeBufferPointer { Foundation.write(writeEnd, $0.baseAddress, piece.utf8.count) } }
        // Each piece is written once the reader has taken everything before it (the pipe holds
        // nothing): the reader sees the line in pieces, whatever the scheduling.
        @Sendable func drained() -> Bool {
            var waiting: Int32 = 0
            return ioctl(readEnd, UInt(FIONREAD), &waiting) == 0 && waiting == 0
        }
        write(pieces[0])
        let writer = Thread {
            for piece in pieces.dropFirst() {
                _ = waitFor(deadline: 60) { drained() }
                write(piece)
            }
            close(writeEnd)
        }
        writer.start()
        let reader = try ManifestOpener.open(path: "/dev/fd/\(readEnd)", format: nil)
        #expect(reader.headerColumns == ["SKU", "Price"])
        let record = try #require(try reader.next())
        #expect(try Reader.fields(record) == ["SKU": .text("A"), "Price": .text("5")])
        #expect(try reader.next() == nil)
    }
}
