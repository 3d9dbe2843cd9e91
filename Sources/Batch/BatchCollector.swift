import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Receives outcomes from the workers in any order and handles them in manifest order: counts,
/// error lines, report entries, progress. The window (jobs queued, in flight or waiting here)
/// is bounded, so memory stays flat however long the manifest is.
final class BatchCollector: @unchecked Sendable {
    private let lock = NSLock()
    private let window: DispatchSemaphore
    private var pending: [Int: BatchOutcome] = [:]
    private var nextSequence = 0
    private var counts = BatchCounts()
    private var cancelled = false
    private let settings: BatchSettings
    private let console: Console
    private let progress: BatchProgress
    private let report: BatchReportWriter?
    private let onOutcome: (@Sendable (BatchOutcome) -> Void)?

    init(
        windowSize: Int, settings: BatchSettings, console: Console, progress: BatchProgress, report: BatchReportWriter?,
        onOutcome: (@Sendable (BatchOutcome) -> Void)?
    ) {
        window = DispatchSemaphore(value: windowSize)
        self.settings = settings
        self.console = console
        self.progress = progress
        self.report = report
        self.onOutcome = onOutcome
    }

    /// The producer waits here before queueing a job, until the window has room.
    func waitForRoom() { window.wait() }

    /// True once `--fail-fast` saw a failure: the producer stops and workers skip what is left.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    var currentCounts: BatchCounts {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    func deliver(_ outcome: BatchOutcome) {
        lock.lock()
        defer { lock.unlock() }
        pending[outcome.sequence] = outcome
        while let next = pending.removeValue(forKey: nextSequence) {
            handle(next)
            nextSequence += 1
            window.signal()
        }
    }

    private func handle(_ outcome: BatchOutcome) {
        counts.add(outcome.status)
        if outcome.status == .failed {
            progress.clearLine()
            console.printError("\(settings.manifestLabel) line \(outcome.line) (record \(outcome.index)): \(outcome.message ?? "failed")")
            if settings.failFast { cancelled = true }
        }
        if settings.printWarnings, !outcome.warnings.isEmpty {
            progress.clearLine()
            for warning in outcome.warnings {
                console.printWarning(
                    "\(settings.manifestLabel) line \(outcome.line) (record \(outcome.index), \(outcome.name ?? "")): \(ContrastWarning.prefix)\(warning)")
            }
        }
        report?.add(outcome)
        onOutcome?(outcome)
        progress.update(counts)
    }
}
