/// What happened to one record.
struct BatchOutcome: Sendable {
    enum Status: String, Sendable {
        case rendered, skipped, hidden, failed
        /// Not attempted: `--fail-fast` stopped the batch first.
        case notRun
    }

    var sequence: Int
    var index: Int
    var line: Int
    var status: Status
    /// The output name (file stem), when the record was valid.
    var name: String?
    /// Files written (or found, when skipped), relative to the output folder.
    var files: [String] = []
    /// For a failure: the field at fault, when known.
    var field: String?
    /// Why it failed, why it is hidden, or why it was skipped.
    var message: String?

    init(_ job: BatchJob, _ status: Status, name: String? = nil) {
        sequence = job.sequence
        index = job.index
        line = job.line
        self.status = status
        self.name = name
    }
}
