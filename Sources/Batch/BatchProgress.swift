import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Progress on standard error: on a terminal one live line (done/total, images per second,
/// time left), redrawn at most ten times a second; otherwise a plain line every five seconds.
final class BatchProgress {
    private let total: Int
    private let console: Console
    private let isTerminal: Bool
    private let enabled: Bool
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private var lineShown = false

    init(total: Int, console: Console, enabled: Bool, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.console = console
        self.enabled = enabled
        self.isTerminal = isTerminal
        // Off a terminal, the first line comes after the first interval, not at once.
        if !isTerminal { lastDrawn = start }
    }

    var elapsed: Double { Date().timeIntervalSince(start) }

    /// Called after each record; draws when it is time.
    func update(_ counts: BatchCounts) {
        guard enabled else { return }
        let now = Date()
        let interval = isTerminal ? 0.1 : 5
        guard now.timeIntervalSince(lastDrawn) >= interval || (isTerminal && counts.done == total) else { return }
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

    /// `batch 1234/2000 (61%), 85.2 images/s, 0:09 left`.
    func text(_ counts: BatchCounts) -> String {
        let done = counts.done
        let seconds = max(elapsed, 0.001)
        let rate = Double(done) / seconds
        let percent = total > 0 ? done * 100 / total : 100
        var line = "batch \(done)/\(total) (\(percent)%), \(String(format: "%.1f", rate)) images/s"
        if rate > 0, done < total {
            let left = Int((Double(total - done) / rate).rounded(.up))
            line += ", " + String(format: "%d:%02d", left / 60, left % 60) + " left"
        }
        if counts.failed > 0 { line += ", \(counts.failed) failed" }
        return line
    }
}
