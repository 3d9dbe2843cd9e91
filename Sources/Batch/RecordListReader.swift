import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownIO
/// A manifest held in memory (the gallery's built-in list): record i is "line" i + 1.
package final class RecordListReader: ManifestReader {
    private let records: [[String: ManifestValue]]
    private var index = 0

    package var fractionRead: Double? { records.isEmpty ? 1 : Double(index) / Double(records.count) }
    package var beforeWaiting: (() -> Void)?

    package init(_ records: [[String: ManifestValue]]) {
        self.records = records
    }

    package func next() throws(CLIError) -> ManifestRecord? {
        guard index < records.count else { return nil }
        defer { index += 1 }
        return ManifestRecord(index: index, line: index + 1, fields: .success(records[index]))
    }
}
