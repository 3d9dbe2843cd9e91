import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// Progress on standard error: on a terminal one live line (records done, the share of the
/// manifest read, images per second, time left), redrawn at most ten times a second; otherwise a
/// plain line every five seconds. The manifest is read once, so there is no count of records
/// ahead: the share comes from the bytes read of a file (none for a stream).
final class BatchProgress {
    private var fraction: Double?
    private let console: Console
    private let isTerminal: Bool
    private let enabled: Bool
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private var lineShown = false

    init(console: Console, enabled: Bool) {
        self.console = console
        self.enabled = enabled
        self.isTerminal = console.errorIsTerminal
        // Off a terminal, the first line comes after the first interval, not at once.
        if !isTerminal { lastDrawn = start }
    }

    var elapsed: Double { Date().timeIntervalSince(start) }

    /// Called after each record with the share of the manifest read by then; draws when it is time.
    func update(_ counts: BatchCounts, fractionRead: Double?) {
        guard enabled else { return }
        if let fractionRead { fraction = fractionRead }
        let now = Date()
        let interval = isTerminal ? 0.1 : 5
        guard now.timeIntervalSince(lastDrawn) >= interval else { return }
        lastDrawn = now
        if isTerminal {
            console.writeError("\r\u{1B}[2K" + text(counts))
            lineShown = true
        } else {
            console.writeError(text(counts) + "\n")
        }
    }

    /// Before another line goes to standard error: clears the live line.
    func clearLine() {
        guard lineShown else { return }
        console.writeError("\r\u{1B}[2K")
        lineShown = false
    }

    /// Ends the live line.
    func finish() {
        guard lineShown else { return }
        console.writeError("\n")
        lineShown = false
    }

    /// `batch 1,234 records (61% of the manifest), 85.2 records/s, 0:09 left`; from a stream,
    /// `batch 1,234 records, 85.2 records/s`.
    func text(_ counts: BatchCounts) -> String {
        let done = counts.done
        let seconds = max(elapsed, 0.001)
        let rate = Double(done) / seconds
        var line = "batch " + BatchSummary.count(done, "record")
        if let fraction { line += " (\(Int(fraction * 100))% of the manifest)" }
        line += ", \(String(format: "%.1f", rate)) records/s"
        if let fraction, fraction > 0.01, fraction < 1 {
            let left = Int((seconds * (1 - fraction) / fraction).rounded(.up))
            line += ", " + String(format: "%d:%02d", left / 60, left % 60) + " left"
        }
        if counts.failed > 0 { line += ", \(counts.failed) failed" }
        return line
    }
}
