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

    var done: Int { rendered + skipped + hidden + failed + duplicates }
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
        }
    }
}
