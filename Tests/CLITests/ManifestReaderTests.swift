@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
@testable import BreakdownCLI
import Foundation
import Testing
import BreakdownIO
import BreakdownTestSupport

/// The three manifest formats read in process: records, their lines, literal numbers, problems.
@Suite struct ManifestReaderTests {
    /// Every record of a manifest given as text.
    static func records(_ text: String, _ format: ManifestFormat? = nil) throws -> [ManifestRecord] {
        try records(Array(text.utf8), format)
    }

    static func records(_ bytes: [UInt8], _ format: ManifestFormat? = nil) throws -> [ManifestRecord] {
        let reader = try ManifestOpener.open(bytes: bytes, format: format)
        var all: [ManifestRecord] = []
        while let record = try reader.next() { all.append(record) }
        return all
    }

    static func fields(_ record: ManifestRecord) throws -> [String: ManifestValue] {
        try record.fields.get()
    }

    static func problem(_ record: ManifestRecord) -> RecordProblem? {
        if case .failure(let problem) = record.fields { return problem }
        return nil
    }

    @Test func ndjsonKeepsNumbersAsWrittenAndCountsLines() throws {
        let records = try Self.records("{\"amount\": 100.10, \"cbt\": true}\n\n{\"amount\": \"5\", \"format\": [\"png\", \"svg\"]}\r\n   \n{bad\n")
        #expect(records.count == 3)
        #expect(records.map(\.line) == [1, 3, 5])
        #expect(records.map(\.index) == [0, 1, 2])
        #expect(try Self.fields(records[0]) == ["amount": .number("100.10"), "cbt": .bool(true)])
        #expect(try Self.fields(records[1])["format"] == .list([.text("png"), .text("svg")]))
        #expect(Self.problem(records[2])?.message.hasPrefix("not valid JSON at column 2") == true)
    }

    @Test func jsonArrayIsStreamedElementByElement() throws {
        let text = """
            [
              {"amount": 1e3, "name": "a"},
              {"amount": "2", "link-text": "a, b ] } \\" ["},
              17,
              {"amount": }
            ]
            """
        let records = try Self.records(text)
        #expect(records.map(\.line) == [2, 3, 4, 5])
        #expect(try Self.fields(records[0]) == ["amount": .number("1e3"), "name": .text("a")])
        #expect(try Self.fields(records[1])["link-text"] == .text("a, b ] } \" ["))
        #expect(Self.problem(records[2])?.message == "the record is a number, not an object; expected a JSON object such as {\"amount\": \"100\"}")
        #expect(Self.problem(records[3]) != nil)
        #expect(try Self.records("[]").isEmpty)
        #expect(try Self.records(" \n[ ]\n").isEmpty)
    }

    /// A JSON array's strings are scanned in runs, up to the next quote, backslash or newline:
    /// a raw newline inside a string still counts as a line, a string longer than a record may be
    /// fails its element, and an escaped quote or backslash does not end the string.
    @Test func jsonArrayStringsKeepLinesLimitsAndEscapes() throws {
        let long = String(repeating: "a", count: ManifestLimits.maximumRecordBytes + 10)
        let text = "[{\"link-text\": \"two\nlines\"},\n{\"link-text\": \"\(long)\"},\n{\"amount\": \"3\", \"name\": \"q\\\"\\\\\"}\n]"
        let records = try Self.records(text)
        #expect(records.map(\.line) == [1, 3, 4])
        #expect(Self.problem(records[1])?.message == "the element is longer than \(ManifestLimits.maximumRecordBytes) bytes; a record must be shorter")
        #expect(try Self.fields(records[2]) == ["amount": .text("3"), "name": .text("q\"\\")])
    }

    /// The same from a file, read in 64 KiB chunks: an escape whose backslash ends one chunk and
    /// whose quote starts the next is still an escape.
    @Test func aJSONEscapeSplitAcrossChunksIsAnEscape() throws {
        let folder = try BatchTestSupport.temporaryFolder("json-chunks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = "[{\"amount\": \"1\", \"link-text\": \""
        let before = String(repeating: "b", count: 65_535 - head.utf8.count)
        let after = String(repeating: "c", count: 100_000)
        let file = folder.appendingPathComponent("m.json")
        try Data((head + before + "\\\"" + after + "\"},\n{\"amount\": \"2\"}]").utf8).write(to: file)
        let reader = try ManifestOpener.open(path: file.path, format: nil)
        var records: [ManifestRecord] = []
        while let record = try reader.next() { records.append(record) }
        #expect(records.count == 2)
        #expect(try Self.fields(records[0])["link-text"] == .text(before + "\"" + after))
        #expect(try Self.fields(records[1]) == ["amount": .text("2")])
        #expect(records[1].line == 2)
    }

    @Test func truncatedJSONArrayEndsWithAProblem() throws {
        let records = try Self.records("[{\"amount\": \"1\"}, {\"amount\": \"2\"")
        #expect(records.count == 2)
        #expect(Self.problem(records[1])?.message == "the manifest ends inside this record (truncated?)")
        let unclosed = try Self.records("[{\"amount\": \"1\"},\n")
        #expect(Self.problem(unclosed.last!)?.message == "the array is not closed with ']' (truncated?)")
        let trailing = try Self.records("[{\"amount\": \"1\"}] x")
        #expect(trailing.count == 2)
        #expect(Self.problem(trailing[1])?.message == "unexpected text after the array's closing ']'")
        let comma = try Self.records("[{\"amount\": \"1\"},]")
        #expect(Self.problem(comma[1])?.message.hasPrefix("an empty element") == true)
    }

    @Test func csvWithQuotesNewlinesAndEmptyCells() throws {
        let text = "amount,link-text,logo,name\n100,\"a, \"\"b\"\"\",,first\n\n 5 ,\"two\nlines\",lockup,second\r\n"
        let records = try Self.records(text, .csv)
        #expect(records.count == 2)
        #expect(try Self.fields(records[0]) == ["amount": .text("100"), "link-text": .text("a, \"b\""), "name": .text("first")])
        #expect(records[1].line == 4)
        #expect(try Self.fields(records[1]) == ["amount": .text("5"), "link-text": .text("two\nlines"), "logo": .text("lockup"), "name": .text("second")])
    }

    @Test func badCSVRowsAreReportedAndReadingGoesOn() throws {
        let text = "amount,logo\n1,\"x\"y\n2,a\"b\n3\n4,badge\n5,\"never closed\n"
        let records = try Self.records(text, .csv)
        #expect(records.map(\.line) == [2, 3, 4, 5, 6])
        #expect(Self.problem(records[0])?.message.hasPrefix("text after the closing quote of cell 2") == true)
        #expect(Self.problem(records[1])?.message.hasPrefix("a \" inside unquoted cell 2") == true)
        #expect(Self.problem(records[2])?.message == "the row has 1 cell but the header has 2 columns (','-separated)")
        #expect(try Self.fields(records[3]) == ["amount": .text("4"), "logo": .text("badge")])
        #expect(Self.problem(records[4])?.message == "a quoted cell opened on line 6 is never closed with \"")
    }

    @Test func csvHeaderProblemsMeanTheManifestCannotBeRead() {
        #expect(throws: CLIError.self) { try Self.records("", .csv) }
        #expect(throws: CLIError.self) { try Self.records("amount,,logo\n1,2,3\n", .csv) }
        #expect(throws: CLIError.self) { try Self.records("amount,amount\n1,2\n", .csv) }
        #expect(throws: CLIError.self) { try Self.records("{}", .json) }
    }

    /// The delimiter is the one of `,` `;` TAB that splits the header most often outside quotes;
    /// the others are text in a cell (issue 46).
    @Test func csvDelimiterIsToldFromTheHeader() throws {
        #expect(try Self.fields(Self.records("\"Price; incl. VAT\",SKU\n7,A;B\n", .csv)[0]) == ["Price; incl. VAT": .text("7"), "SKU": .text("A;B")])
        #expect(try Self.fields(Self.records("SKU\t\"Price, AUD\"\tname\nA,1\t7\tx;y\n", .csv)[0]) == ["SKU": .text("A,1"), "Price, AUD": .text("7"), "name": .text("x;y")])
        #expect(try Self.fields(Self.records("amount;name;Title, long\n1,50;n;t\n", .csv)[0]) == ["amount": .text("1,50"), "name": .text("n"), "Title, long": .text("t")])
        // One column: no delimiter seen, read as commas.
        #expect(try Self.fields(Self.records("amount\n7\n", .csv)[0]) == ["amount": .text("7")])
        // Given, it is not told from the header: a ';' header read with commas is one column.
        let reader = try ManifestOpener.open(bytes: Array("a;b,c\n".utf8), format: .csv, delimiter: .semicolon)
        #expect(reader.headerColumns == ["a", "b,c"])
        #expect(throws: CLIError.self) { try Self.records("a;b,c\n1;2\n", .csv) }
    }

    @Test func formatIsSniffedFromTheFirstCharacter() throws {
        #expect(try Self.records("\u{FEFF}[{\"amount\": \"1\"}]").count == 1)
        #expect(try Self.records("\u{FEFF}{\"amount\": \"1\"}\n{\"amount\": \"2\"}").count == 2)
        #expect(try Self.fields(Self.records("amount\n7\n")[0]) == ["amount": .text("7")])
        #expect(try Self.records("").isEmpty)
    }

    @Test func invalidUTF8AndOversizedRecordsAreProblems() throws {
        var bytes = Array("{\"amount\": \"".utf8) + [0xFF, 0xFE] + Array("\"}\n{\"amount\": \"1\"}\n".utf8)
        var records = try Self.records(bytes)
        #expect(Self.problem(records[0])?.message.contains("not valid UTF-8") == true)
        #expect(try Self.fields(records[1]) == ["amount": .text("1")])

        bytes = Array("{\"link-text\": \"".utf8) + [UInt8](repeating: 0x61, count: ManifestLimits.maximumRecordBytes + 10)
            + Array("\"}\n{\"amount\": \"1\"}\n".utf8)
        records = try Self.records(bytes)
        #expect(records.count == 2)
        #expect(Self.problem(records[0])?.message.hasPrefix("the line is longer than") == true)
        #expect(records[1].line == 2)
    }

    @Test func duplicateKeysAndBadEscapes() throws {
        let records = try Self.records("{\"amount\": \"1\", \"amount\": \"2\"}\n{\"a\": \"\\x\"}\n{\"a\": \"\\ud800\"}\n{\"a\": \"\\u00e9\\ud83d\\ude00\"}\n")
        #expect(Self.problem(records[0]) == RecordProblem(field: "amount", "the key 'amount' appears more than once", cause: .unreadable))
        #expect(Self.problem(records[1])?.message.contains("unknown escape") == true)
        #expect(Self.problem(records[2])?.message.contains("surrogate") == true)
        #expect(try Self.fields(records[3]) == ["a": .text("é😀")])
    }
}
