import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// What happened to one record.
package struct BatchOutcome: Sendable {
    package enum Status: String, Sendable {
        case rendered, skipped, hidden, failed
        /// Not attempted: `--fail-fast` stopped the batch first.
        case notRun
    }

    package var sequence: Int
    package var index: Int
    package var line: Int
    package var status: Status
    /// The output name (file stem), when the record was valid.
    package var name: String?
    /// Files written (or found, when skipped), relative to the output folder.
    package var files: [String] = []
    /// For a failure: the field at fault, when known.
    package var field: String?
    /// Why it failed, why it is hidden, or why it was skipped.
    package var message: String?
    /// Low-contrast warnings of a drawn record (WCAG ratio below 3:1), one line each.
    package var warnings: [String] = []

    init(_ job: BatchJob, _ status: Status, name: String? = nil) {
        sequence = job.sequence
        index = job.index
        line = job.line
        self.status = status
        self.name = name
    }
}
