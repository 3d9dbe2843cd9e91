import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownIO
/// CSV (RFC 4180) with a header row naming the columns: cells separated by commas (or `;` or
/// TAB: given, else told from the header line, `CSVDelimiter`), a cell in double quotes may hold
/// the delimiter, newlines and doubled quotes (""). A `"` inside an unquoted cell is refused in a
/// comma or semicolon file (RFC 4180) and is text in a TAB-separated one (inch marks in a Google
/// feed's titles; a cell that starts with `"` is still a quoted cell there). Empty cells are "not given". A row with bad
/// quoting or the wrong number of cells is reported and the next row is read. A cell that is not
/// UTF-8 is named in the record (`unreadableColumns`): the planner fails the record only when it
/// reads that column.
final class CSVManifestReader: ByteManifestReader {
    let bytes: ByteReader
    private let label: String
    private var index = 0
    /// The header's column names, in order.
    let columns: [String]
    var headerColumns: [String]? { columns }
    /// The byte between cells, and whether it was told from the header (not given).
    let delimiter: CSVDelimiter
    let delimiterDetected: Bool
    /// The delimiter came from an Excel `sep=;` line before the header (skipped).
    let delimiterFromSepLine: Bool
    /// `read with ';' (told from the header)`, for the summary and header messages.
    var delimiterDescription: String? {
        "read as \(delimiter.shown)-separated"
            + (delimiterFromSepLine ? " (its first line, sep=)" : delimiterDetected ? " (told from the header)" : " (--delimiter)")
    }

    private enum Row {
        case cells([[UInt8]], quoted: [Bool], separators: [UInt8])
        case problem(RecordProblem)
        case end
    }

    init(_ bytes: ByteReader, label: String, delimiter given: CSVDelimiter? = nil) throws(CLIError) {
        self.bytes = bytes
        self.label = label
        bytes.skipByteOrderMark()
        let sepLine = try Self.sepLine(bytes, label: label, given: given)
        let fixed = given ?? sepLine
        var header: [String] = []
        var seen: Set<String> = []
        var chosen = fixed ?? .comma
        while header.isEmpty {
            let line = bytes.line
            switch Self.readRow(bytes, delimiters: fixed.map { [$0.byte] } ?? CSVDelimiter.bytes) {
            case .end:
                try bytes.checkFailure(label)
                throw .usage("cannot read the manifest \(label): the CSV has no header row (the option names, e.g. amount,locale,name)")
            case .problem(let problem):
                throw .usage("cannot read the manifest \(label): the CSV header on line \(line): \(problem.message)")
            case .cells(let split, let quotedSplit, let separators):
                if split.count == 1, split[0].isEmpty { continue }
                var cells = split
                if fixed == nil {
                    var counts: [UInt8: Int] = [:]
                    for separator in separators { counts[separator, default: 0] += 1 }
                    guard let detected = CSVDelimiter.detect(counts) else {
                        let seen = CSVDelimiter.allCases.filter { counts[$0.byte, default: 0] > 0 }
                            .map { "\($0.shown) \(counts[$0.byte]! == 1 ? "once" : "\(counts[$0.byte]!) times")" }.joined(separator: ", ")
                        let first = Self.firstFields(split, quotedSplit)
                        throw .usage(
                            "cannot read the manifest \(label): cannot tell the CSV delimiter from the header on line \(line) (\(seen)); its first fields: \(first); give --delimiter comma, semicolon or tab"
                        )
                    }
                    chosen = detected.delimiter
                    cells = Self.rejoin(split, separators: separators, keeping: chosen.byte)
                }
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
        delimiter = chosen
        delimiterDetected = fixed == nil
        delimiterFromSepLine = given == nil && sepLine != nil
    }

    /// Excel's `sep=;` line before the header (what Excel writes and reads to know the
    /// delimiter): consumed, and its delimiter returned; nil when the first line is not one.
    /// A delimiter this reader does not read, or one other than `--delimiter`'s, is refused.
    private static func sepLine(_ bytes: ByteReader, label: String, given: CSVDelimiter?) throws(CLIError) -> CSVDelimiter? {
        let start = Array(bytes.peek(7))
        guard start.count >= 5, start.starts(with: Array("sep=".utf8)) else { return nil }
        let rest = start.dropFirst(5)
        guard rest.isEmpty || rest.first == 0x0A || rest.starts(with: [0x0D, 0x0A]) || rest.elementsEqual([0x0D]) else { return nil }
        let shown = String(decoding: [start[4]], as: UTF8.self).debugDescription.dropFirst().dropLast()
        guard let named = CSVDelimiter(byte: start[4]) else {
            throw .usage("cannot read the manifest \(label): its first line, sep=\(shown), names a delimiter this tool does not read; expected sep=, sep=; or a tab")
        }
        if let given, given != named {
            throw .usage("cannot read the manifest \(label): its first line says sep=\(shown) but --delimiter is \(given.rawValue); give one of them")
        }
        bytes.skipLine()
        return named
    }

    /// Cells split at every candidate delimiter, joined again where the byte between them is
    /// not the chosen one.
    private static func rejoin(_ cells: [[UInt8]], separators: [UInt8], keeping delimiter: UInt8) -> [[UInt8]] {
        var joined: [[UInt8]] = [cells[0]]
        for (index, separator) in separators.enumerated() where index + 1 < cells.count {
            if separator == delimiter {
                joined.append(cells[index + 1])
            } else {
                joined[joined.count - 1] += [separator] + cells[index + 1]
            }
        }
        return joined
    }

    /// `'SKU', 'Price', 'Title'`: the first three cells of a header as read, for messages.
    static func firstFields(_ cells: [[UInt8]], _ quoted: [Bool] = []) -> String {
        let shown = cells.prefix(3).map { QuotedValue.quoted(String(decoding: $0, as: UTF8.self).trimmingASCIISpaces) }
        return shown.joined(separator: ", ") + (cells.count > 3 ? " …" : "")
    }

    func next() throws(CLIError) -> ManifestRecord? {
        while true {
            let line = bytes.line
            switch Self.readRow(bytes, delimiters: [delimiter.byte]) {
            case .end:
                try bytes.checkFailure(label)
                return nil
            case .problem(let problem):
                defer { index += 1 }
                return ManifestRecord(index: index, line: line, fields: .failure(problem))
            case .cells(let cells, let quoted, _):
                if cells.count == 1, cells[0].isEmpty, !quoted[0] { continue }
                defer { index += 1 }
                var unreadable: [String] = []
                let read = fields(cells, quoted: quoted, unreadable: &unreadable)
                return ManifestRecord(index: index, line: line, fields: read, unreadableColumns: unreadable)
            }
        }
    }

    private func fields(_ cells: [[UInt8]], quoted: [Bool], unreadable: inout [String]) -> Result<[String: ManifestValue], RecordProblem> {
        guard cells.count == columns.count else {
            return .failure(
                RecordProblem("the row has \(cells.count) \(cells.count == 1 ? "cell" : "cells") but the header has \(columns.count) columns (\(delimiter.shown)-separated)"))
        }
        var fields: [String: ManifestValue] = [:]
        for (column, cell) in cells.enumerated() {
            guard var text = String(validating: cell, as: UTF8.self) else {
                // Named, not failed here: a column the run ignores never fails a record.
                unreadable.append(columns[column])
                continue
            }
            if !quoted[column] { text = text.trimmingASCIISpaces }
            if !text.isEmpty { fields[columns[column]] = .text(text) }
        }
        return .success(fields)
    }

    /// One row; a problem row has been skipped to the end of its line.
    /// `delimiters`: the bytes that end a cell (all three candidates for a header whose
    /// delimiter is not known yet; `separators` lists which one ended each cell).
    private static func readRow(_ bytes: ByteReader, delimiters: Set<UInt8>) -> Row {
        enum State { case cellStart, unquoted, quoted, afterQuote }
        var state = State.cellStart
        var cells: [[UInt8]] = []
        var quoted: [Bool] = []
        var cell: [UInt8] = []
        var separators: [UInt8] = []
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
                return .cells(cells, quoted: quoted, separators: separators)
            }
            length += 1
            if length > ManifestLimits.maximumRecordBytes {
                return fail("the row is longer than \(ManifestLimits.maximumRecordBytes) bytes; a record must be shorter")
            }
            let isLineEnd = byte == 0x0A || (byte == 0x0D && bytes.peek() == 0x0A)
            switch state {
            case .cellStart, .unquoted:
                if delimiters.contains(byte) {
                    separators.append(byte)
                    endCell()
                    state = .cellStart
                } else if isLineEnd {
                    if byte == 0x0D { _ = bytes.next() }
                    endCell()
                    return .cells(cells, quoted: quoted, separators: separators)
                } else if byte == UInt8(ascii: "\"") {
                    if state == .cellStart, cell.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        cell = []
                        state = .quoted
                    } else if !delimiters.contains(UInt8(ascii: ",")), !delimiters.contains(UInt8(ascii: ";")) {
                        // TAB-separated (a Google feed's `Monitor 27"`): tab-separated values have
                        // no quoting inside a cell, so a quote after its first character is text.
                        cell.append(byte)
                        state = .unquoted
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
                if delimiters.contains(byte) {
                    separators.append(byte)
                    endCell()
                    state = .cellStart
                } else if isLineEnd {
                    if byte == 0x0D { _ = bytes.next() }
                    endCell()
                    return .cells(cells, quoted: quoted, separators: separators)
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
