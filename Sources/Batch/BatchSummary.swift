import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// The end of a batch: counts, time, and whether it stopped early.
package struct BatchSummary: Sendable {
    var records: Int
    var counts: BatchCounts
    var seconds: Double
    var stoppedEarly: Bool

    /// 0 when nothing failed, else 1.
    package var exitStatus: Int32 { counts.failed > 0 ? ExitStatus.failure : ExitStatus.success }

    /// `rendered 1990, skipped 0, hidden 0, failed 10 (2000 records in 23.4 s, 85.0 images/s)`.
    package var line: String {
        var text = "rendered \(counts.rendered), skipped \(counts.skipped), hidden \(counts.hidden), failed \(counts.failed)"
        if counts.notRun > 0 { text += ", not run \(counts.notRun)" }
        let rate = seconds > 0 ? Double(counts.rendered) / seconds : 0
        text += " (\(records) records in \(String(format: "%.1f", seconds)) s, \(String(format: "%.1f", rate)) images/s)"
        if stoppedEarly { text += "; stopped at the first failure (--fail-fast)" }
        return text
    }
}
