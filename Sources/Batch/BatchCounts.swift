import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// How many records ended which way.
struct BatchCounts: Sendable, Hashable {
    var rendered = 0
    var skipped = 0
    var hidden = 0
    var failed = 0
    var duplicates = 0
    var notRun = 0
    var outsideLimits = 0
    /// Low-contrast warnings of drawn records (counted, also under `--quiet`).
    var warnings = 0
    /// Images that replaced ones an earlier run drew with other options or another renderer.
    var replacedChanged = 0
    /// Records `--on-change keep` left as an earlier run drew them.
    var kept = 0
    /// Records without a price, skipped under `--empty-amount skip`.
    var noPrice = 0
    /// Failures by cause (`FailureCause.key` → how many).
    var causes: [String: Int] = [:]
    /// Files of failed or hidden records that an earlier run drew: removed, kept (`--on-change
    /// keep`), and files of such names no run of the batch drew (left).
    var removedFiles = 0
    var keptFiles = 0
    var foreignFiles = 0
    /// Files an earlier run drew for records drawn again that this run does not write (removed).
    var removedLeftovers = 0
    /// Files of the output folder no run of the batch wrote, replaced by a record's image.
    var replacedUnknown = 0

    var done: Int { rendered + outsideLimits + skipped + hidden + failed + duplicates + noPrice }
    /// Every record handled, including those not run.
    var total: Int { done + notRun }

    mutating func add(_ status: BatchOutcome.Status) {
        switch status {
        case .rendered: rendered += 1
        case .skipped: skipped += 1
        case .hidden: hidden += 1
        case .failed: failed += 1
        case .duplicate: duplicates += 1
        case .notRun: notRun += 1
        case .outsideLimits: outsideLimits += 1
        case .noPrice: noPrice += 1
        }
    }
}
