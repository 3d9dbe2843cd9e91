import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownIO
/// CSV (RFC 4180) with a header row naming the columns: cells separated by commas, a cell in
/// double quotes may hold commas, newlines and doubled quotes (""). Empty cells are "not given".
/// A row with bad quoting or the wrong number of cells is reported and the next row is read.
final class CSVManifestReader: ByteManifestReader {
    let bytes: ByteReader
    private let label: String
    private var index = 0
    /// The header's column names, in order.
    let columns: [String]
    var headerColumns: [String]? { columns }

    private enum Row {
        case cells([[UInt8]], quoted: [Bool])
        case problem(RecordProblem)
        case end
    }

    init(_ bytes: ByteReader, label: String) throws(CLIError) {
        self.bytes = bytes
        self.label = label
        bytes.skipByteOrderMark()
        var header: [String] = []
        var seen: Set<String> = []
        while header.isEmpty {
            let line = bytes.line
            switch Self.readRow(bytes) {
            case .end:
                try bytes.checkFailure(label)
                throw .usage("cannot read the manifest \(label): the CSV has no header row (the option names, e.g. amount,locale,name)")
            case .problem(let problem):
                throw .usage("cannot read the manifest \(label): the CSV header on line \(line): \(problem.message)")
            case .cells(let cells, _):
                if cells.count == 1, cells[0].isEmpty { continue }
                for (column, cell) in cells.enumerated() {
                    guard let name = String(validating: cell, as: UTF8.self) else {
                        throw .usage("cannot read the manifest \(label): CSV header column \(column + 1) is not valid UTF-8")
                    }
                    let trimmed = name.trimmingASCIISpaces
                    guard !trimmed.isEmpty else {
                        throw .usage("cannot read the manifest \(label): CSV header column \(column + 1) has no name; name every column with an option name")
                    }
                    guard seen.insert(trimmed).inserted else {
                        throw .usage("cannot read the manifest \(label): the CSV header names column '\(trimmed)' twice")
                    }
                    header.append(trimmed)
                }
            }
        }
        columns = header
    }

    func next() throws(CLIError) -> ManifestRecord? {
        while true {
            let line = bytes.line
            switch Self.readRow(bytes) {
            case .end:
                try bytes.checkFailure(label)
                return nil
            case .problem(let problem):
                defer { index += 1 }
                return ManifestRecord(index: index, line: line, fields: .failure(problem))
            case .cells(let cells, let quoted):
                if cells.count == 1, cells[0].isEmpty, !quoted[0] { continue }
                defer { index += 1 }
                return ManifestRecord(index: index, line: line, fields: fields(cells, quoted: quoted))
            }
        }
    }

    private func fields(_ cells: [[UInt8]], quoted: [Bool]) -> Result<[String: ManifestValue], RecordProblem> {
        guard cells.count == columns.count else {
            return .failure(RecordProblem("the row has \(cells.count) cells but the header has \(columns.count) columns"))
        }
        var fields: [String: ManifestValue] = [:]
        for (column, cell) in cells.enumerated() {
            guard var text = String(validating: cell, as: UTF8.self) else {
                return .failure(RecordProblem(field: columns[column], "the cell is not valid UTF-8"))
            }
            if !quoted[column] { text = text.trimmingASCIISpaces }
            if !text.isEmpty { fields[columns[column]] = .text(text) }
        }
        return .success(fields)
    }

    /// One row; a problem row has been skipped to the end of its line.
    private static func readRow(_ bytes: ByteReader) -> Row {
        enum State { case cellStart, unquoted, quoted, afterQuote }
        var state = State.cellStart
        var cells: [[UInt8]] = []
        var quoted: [Bool] = []
        var cell: [UInt8] = []
        var length = 0
        let startLine = bytes.line
        func endCell() {
            cells.append(cell)
            quoted.append(state == .afterQuote)
            cell = []
        }
        func fail(_ message: String) -> Row {
            bytes.skipLine()
            return .problem(RecordProblem(message))
        }
        guard bytes.peek() != nil else { return .end }
        while true {
            guard let byte = bytes.next() else {
                if state == .quoted {
                    return .problem(RecordProblem("a quoted cell opened on line \(startLine) is never closed with \""))
                }
                endCell()
                return .cells(cells, quoted: quoted)
            }
            length += 1
            if length > ManifestLimits.maximumRecordBytes {
                return fail("the row is longer than \(ManifestLimits.maximumRecordBytes) bytes; a record must be shorter")
            }
            let isLineEnd = byte == 0x0A || (byte == 0x0D && bytes.peek() == 0x0A)
            switch state {
            case .cellStart, .unquoted:
                if byte == UInt8(ascii: ",") {
                    endCell()
                    state = .cellStart
                } else if isLineEnd {
                    if byte == 0x0D { _ = bytes.next() }
                    endCell()
                    return .cells(cells, quoted: quoted)
                } else if byte == UInt8(ascii: "\"") {
                    if state == .cellStart, cell.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        cell = []
                        state = .quoted
                    } else {
                        return fail("a \" inside unquoted cell \(cells.count + 1); put the whole cell in double quotes and double the quotes inside (\"\")")
                    }
                } else {
                    cell.append(byte)
                    if byte != 0x20, byte != 0x09 { state = .unquoted }
                }
            case .quoted:
                if byte == UInt8(ascii: "\"") {
                    if bytes.peek() == UInt8(ascii: "\"") {
                        _ = bytes.next()
                        cell.append(byte)
                    } else {
                        state = .afterQuote
                    }
                } else {
                    cell.append(byte)
                }
            case .afterQuote:
                if byte == UInt8(ascii: ",") {
                    endCell()
                    state = .cellStart
                } else if isLineEnd {
                    if byte == 0x0D { _ = bytes.next() }
                    endCell()
                    return .cells(cells, quoted: quoted)
                } else if byte != 0x20, byte != 0x09 {
                    return fail("text after the closing quote of cell \(cells.count + 1); a quoted cell ends at its closing quote")
                }
            }
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingASCIISpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
