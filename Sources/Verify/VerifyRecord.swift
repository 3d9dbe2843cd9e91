import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
/// One record of a verify manifest: the reference's name, where the record is (for error lines),
/// and its option values by option name (without dashes).
package struct VerifyRecord: Sendable {
    package var name: String
    /// `line 3`: where the record starts in the manifest.
    var position: String
    package var options: [String: RecordValue]

    /// `line 3 (au-badge)`, to start an error line.
    package var label: String { "\(position) (\(name))" }
}
