import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownEncode

/// One record of this run, planned: where it came from and what to do with it.
struct BatchJob: Sendable {
    enum Work: Sendable {
        case render(BatchRenderPlan)
        /// The record cannot be rendered; reported with its line.
        case problem(RecordProblem)
        /// Identical options to an earlier record (same default name): nothing more to draw; or
        /// (`otherOptions`, under `--duplicate-names first`) other options under a name the
        /// earlier record took, which is drawn instead.
        case duplicate(name: String, line: Int, otherOptions: Bool)
        /// No price, under `--empty-amount skip`: nothing drawn, counted as "no price".
        case noPrice(name: String?, reason: String)
    }

    /// Position among this run's records (0-based), the order of the report.
    var sequence: Int
    /// Position in the manifest (0-based) and the line the record starts on (1-based).
    var index: Int
    var line: Int
    var work: Work
    /// The share of the manifest read when this record was (for progress), if known.
    var fractionRead: Double?
}

/// A valid record: its checked request (read once, by the planner: a worker never reads words),
/// the options it was read from (the command line's under the record's: for the name, the
/// fingerprint and the report), output name and formats, and the fingerprint its outputs are
/// written with.
struct BatchRenderPlan: Sendable {
    var name: String
    var formats: [OutputFormat]
    var request: RenderRequest
    var options: ParsedOptions
    /// Options + renderer version (+ HTML base URL): equal fingerprints draw equal files.
    var fingerprint: String
    /// `--scale 1,2,3`: each scale's file stem and request, smallest first (the first's name is
    /// `name`, the record's name in the journal, report and shards); empty for one scale.
    var variants: [BatchScaleVariant] = []
    /// The HTML snippet's stem when it is not `name` (the name before `@2x` was added).
    var htmlName: String? = nil
    /// `--html` with a dynamic palette (`dark-palette`, appearance not dark): the dark image at
    /// each scale (`W1@2x-dark`), the snippet's `<source media="(prefers-color-scheme: dark)">`.
    var darkVariants: [BatchScaleVariant] = []
}

/// One scale of a record drawn at several: its file stem (`W1@2x`) and its request.
struct BatchScaleVariant: Sendable {
    var scale: RenderScale
    var name: String
    var request: RenderRequest
}
