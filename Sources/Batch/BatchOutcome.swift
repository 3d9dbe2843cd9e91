import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// What happened to one record.
package struct BatchOutcome: Sendable {
    package enum Status: String, Sendable {
        case rendered, skipped, hidden, failed
        /// Drawn, but the amount is outside the configuration's limits: the image is the limits
        /// sentence ("available for orders between …"), not instalments.
        case outsideLimits = "outside-limits"
        /// The same options and name as an earlier record: nothing more to draw.
        case duplicate
        /// Not attempted: `--fail-fast`, SIGINT or SIGTERM stopped the batch first.
        case notRun
        /// No price, skipped under `--empty-amount skip`: nothing drawn, not a failure.
        case noPrice = "no-price"
    }

    package var sequence: Int
    /// Position in the manifest, from 0 (as `--shard` counts).
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
    /// For a failure: why, in the words the summary totals failures by.
    package var cause: FailureCause?
    /// Files of this name an earlier run drew, removed because this record failed or is hidden
    /// (a stale image must not show a price the manifest no longer gives).
    package var removedFiles: [String] = []
    /// Files an earlier run drew under the name of a record drawn again that this run does not
    /// write (another format, a snippet or metadata no longer asked for): removed, so no file of
    /// the name shows what the record no longer says.
    package var removedLeftovers: [String] = []
    /// The same, left in place by `--on-change keep`.
    package var keptFiles: [String] = []
    /// Files of this name in the folder that no run of the batch drew (its journal does not
    /// know them): left as they are, and said.
    package var foreignFiles: [String] = []
    /// Files this record's images replaced that no run of the batch had written (a file of that
    /// name was already in the output folder: another tool's, or the user's).
    package var replacedUnknown: [String] = []
    /// What a rendered record's journal entry says: its fingerprint and files as written.
    var journalEntry: JournalEntry?
    /// The share of the manifest read when the record was (for progress).
    var fractionRead: Double?

    /// The record's number for people, from 1 (`line 2 (record 2)`).
    package var record: Int { index + 1 }
    /// Low-contrast warnings of a drawn record (WCAG ratio below 3:1), one line each.
    package var warnings: [String] = []
    /// The failure stops the batch: no later record can be written (the disk is full).
    package var stopsBatch = false
    /// The image replaced one an earlier run drew with other options or another renderer.
    package var replacedChanged = false
    /// For a skipped record: what the run that drew it found (`rendered`, `outside-limits`).
    package var earlier: String?
    /// For an image kept or refused by `--on-change`: the command line options of the run that drew it.
    package var earlierOptions: [String: String]?
    /// An earlier run drew this name with another fingerprint (replaced, kept or refused).
    package var changedFromEarlier = false
    /// `--on-change keep` left the earlier image.
    package var kept = false

    init(_ job: BatchJob, _ status: Status, name: String? = nil) {
        sequence = job.sequence
        index = job.index
        line = job.line
        self.status = status
        self.name = name
        fractionRead = job.fractionRead
    }
}
