import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// One record of a manifest as read: where it is (index among all records, 0-based; the line it
/// starts on, 1-based) and its fields, or why they could not be read.
package struct ManifestRecord: Sendable {
    var index: Int
    package var line: Int
    package var fields: Result<[String: ManifestValue], RecordProblem>
    /// A CSV's columns whose cell in this row is not UTF-8 (left out of `fields`): the planner
    /// fails the record when it reads one of them.
    package var unreadableColumns: [String] = []
}
