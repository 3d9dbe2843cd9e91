import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownIO
/// A JSON array of objects, streamed: each element's extent is found by scanning brackets and
/// strings, and only that element is held and parsed. A bad element is reported and the
/// scan goes on to the next one.
final class JSONArrayManifestReader: ByteManifestReader {
    let bytes: ByteReader
    private let label: String
    private var index = 0
    private var finished = false
    /// The line of text found after the closing ']', reported once as a bad record.
    private var trailingLine: Int?

    init(_ bytes: ByteReader, label: String) throws(CLIError) {
        self.bytes = bytes
        self.label = label
        bytes.skipByteOrderMark()
        bytes.skipWhitespace()
        guard bytes.next() == UInt8(ascii: "[") else {
            throw .usage("cannot read the manifest \(label): expected a JSON array starting with '[' (or use NDJSON or CSV)")
        }
        bytes.skipWhitespace()
        if bytes.peek() == UInt8(ascii: "]") {
            _ = bytes.next()
            finish()
        }
    }

    /// After the closing ']': only whitespace may follow.
    private func finish() {
        finished = true
        bytes.skipWhitespace()
        if bytes.peek() != nil { trailingLine = bytes.line }
    }

    func next() throws(CLIError) -> ManifestRecord? {
        guard !finished else {
            guard let line = trailingLine else { return nil }
            trailingLine = nil
            return record(line, .failure(RecordProblem("unexpected text after the array's closing ']'")))
        }
        bytes.skipWhitespace()
        let line = bytes.line
        var element: [UInt8] = []
        var tooLong = false
        var depth = 0
        var inString = false
        var escaped = false
        // Bytes of this element scanned; past `abandonedLineBytes` the reading ends (an element
        // with no end, `[{"name":"` and then a stream that never closes the string, is otherwise
        // skipped for ever, with no output).
        var scanned = 0
        // This element fails as too long (records before it are drawn); the next call finds the
        // input ended and reports why.
        func giveUp() {
            bytes.abandon("the element starting on line \(line) runs on for more than \(ByteReader.abandonedLineBytes >> 20) MiB without ending; nothing after it is read")
        }
        while true {
            let room = ManifestLimits.maximumRecordBytes - element.count
            if inString, !escaped, case let taken = bytes.consumeStringRun(into: &element, room: room), taken > 0 {
                // A run of a string's plain bytes, taken at once. (Past the room, the next byte
                // taken one at a time would say so too: a string always ends or spans chunks.)
                if taken > room { tooLong = true }
                scanned += taken
            } else {
                guard let byte = bytes.peek() else {
                    try bytes.checkFailure(label)
                    finished = true
                    if element.isEmpty {
                        return record(line, .failure(RecordProblem("the array is not closed with ']' (truncated?)")))
                    }
                    return record(line, .failure(RecordProblem("the manifest ends inside this record (truncated?)")))
                }
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else {
                    if depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") { break }
                    switch byte {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
                    default: break
                    }
                }
                _ = bytes.next()
                if room > 0 { element.append(byte) } else { tooLong = true }
                scanned += 1
            }
            if scanned > ByteReader.abandonedLineBytes {
                giveUp()
                break
            }
        }
        if bytes.next() == UInt8(ascii: "]") { finish() }
        if tooLong {
            return record(line, .failure(RecordProblem("the element is longer than \(ManifestLimits.maximumRecordBytes) bytes; a record must be shorter")))
        }
        while let last = element.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { element.removeLast() }
        if element.isEmpty {
            return record(line, .failure(RecordProblem("an empty element (two commas in a row, or a comma before ']')")))
        }
        return record(line, JSONRecordParser.parseObject(element))
    }

    private func record(_ line: Int, _ fields: Result<[String: ManifestValue], RecordProblem>) -> ManifestRecord {
        defer { index += 1 }
        return ManifestRecord(index: index, line: line, fields: fields)
    }
}
