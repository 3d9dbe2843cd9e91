import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownIO
/// NDJSON: one JSON object a line. Blank lines are skipped; each line is read with a length
/// limit, so even a line of many megabytes costs no more memory than the limit.
final class NDJSONManifestReader: ByteManifestReader {
    let bytes: ByteReader
    private let label: String
    private var index = 0

    init(_ bytes: ByteReader, label: String) {
        self.bytes = bytes
        self.label = label
        bytes.skipByteOrderMark()
    }

    func next() throws(CLIError) -> ManifestRecord? {
        while true {
            let line = bytes.line
            var buffer: [UInt8] = []
            let (found, truncated) = bytes.readLine(into: &buffer, limit: ManifestLimits.maximumRecordBytes)
            guard found else {
                try bytes.checkFailure(label)
                return nil
            }
            if !truncated, buffer.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            defer { index += 1 }
            if truncated {
                let problem = RecordProblem("the line is longer than \(ManifestLimits.maximumRecordBytes) bytes; a record must be shorter")
                return ManifestRecord(index: index, line: line, fields: .failure(problem))
            }
            return ManifestRecord(index: index, line: line, fields: JSONRecordParser.parseObject(buffer))
        }
    }
}
