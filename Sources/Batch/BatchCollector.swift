import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// Receives chunks of outcomes from the workers in any order and handles them in manifest
/// order: counts, error lines, report entries, progress, and the journal entries of rendered
/// records, which go to the group commit. The window (chunks queued, in flight or waiting here)
/// is bounded, so memory stays flat however long the manifest is.
///
/// One worker at a time handles outcomes (the one that delivered the next chunk in order), with
/// the lock held only to take a chunk or change the counts: a worker delivering meanwhile leaves
/// its chunk and goes back to drawing instead of waiting while another writes report entries.
/// `@unchecked Sendable` is safe: every var changes only under lock, except what only the
/// handling worker touches (`changes` is also read under lock, and written under it); the lets are set in init.
final class BatchCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Int: [BatchOutcome]] = [:]
    private var nextChunk = 0
    /// A worker is handling outcomes (only one at a time, in manifest order).
    private var handling = false
    private var counts = BatchCounts()
    private var cancelled = false
    private var fullDisk = false
    private let settings: BatchSettings
    private let console: Console
    private let progress: BatchProgress
    private let reports: [BatchReportWriter]
    /// What earlier runs found for the names they drew (a hash of the name → outcome).
    private let earlier: BatchShardReports.Earlier
    /// This run's command line options, to say what changed for an image it replaces.
    private let givenOptions: [String: String]
    /// What changed for the images replaced (`locale en_CA → fr_CA`), first seen first.
    private var changes: [String] = []
    /// The first files removed, kept and left for failed or hidden records (up to 8 each).
    private var samples: (removed: [String], kept: [String], foreign: [String]) = ([], [], [])
    private let committer: BatchCommitter
    private let queue: BatchWorkQueue
    private let onOutcome: (@Sendable (BatchOutcome) -> Void)?

    init(
        settings: BatchSettings, console: Console, progress: BatchProgress, reports: [BatchReportWriter], earlier: BatchShardReports.Earlier,
        committer: BatchCommitter, queue: BatchWorkQueue, onOutcome: (@Sendable (BatchOutcome) -> Void)?
    ) {
        self.settings = settings
        self.console = console
        self.progress = progress
        self.reports = reports
        self.earlier = earlier
        givenOptions = Dictionary(BatchShardReports.givenOptions(settings.defaults).map { ($0.key, $0.value) }) { $1 }
        self.committer = committer
        self.queue = queue
        self.onOutcome = onOutcome
    }

    /// True once `--fail-fast` saw a failure, or SIGINT/SIGTERM came: the producer stops
    /// reading and workers leave the records they have not started.
    var isCancelled: Bool {
        if BatchInterrupt.isRequested { return true }
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// `--fail-fast` stopped the batch.
    var stoppedByFailure: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// A full disk stopped the batch (its one line is already printed).
    var stoppedByFullDisk: Bool {
        lock.lock()
        defer { lock.unlock() }
        return fullDisk
    }

    /// The command line options that changed for images replaced or kept (`locale en_CA → fr_CA`).
    var currentChanges: [String] {
        lock.lock()
        defer { lock.unlock() }
        return changes
    }

    /// The first files removed, kept and left for failed or hidden records.
    var currentSamples: (removed: [String], kept: [String], foreign: [String]) {
        lock.lock()
        defer { lock.unlock() }
        return samples
    }

    var currentCounts: BatchCounts {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    /// The outcomes of chunk number `chunk` (chunks are numbered in manifest order from 0).
    func deliver(chunk: Int, _ outcomes: [BatchOutcome]) {
        lock.lock()
        pending[chunk] = outcomes
        // Another worker is handling: it will take this chunk when its turn comes.
        guard !handling else {
            lock.unlock()
            return
        }
        handling = true
        while let next = pending.removeValue(forKey: nextChunk) {
            lock.unlock()
            for outcome in next { handle(outcome) }
            lock.lock()
            nextChunk += 1
            queue.release()
        }
        handling = false
        lock.unlock()
    }

    /// One outcome, in manifest order, by the handling worker (the lock is not held).
    private func handle(_ given: BatchOutcome) {
        var outcome = given
        if outcome.status == .skipped, !outcome.kept, outcome.earlier == nil, let name = outcome.name {
            outcome.earlier = earlier.entry(name)?.status
        }
        if outcome.changedFromEarlier, let name = outcome.name {
            if lock.withLock({ changes.count }) < 8 {
                let found = earlier.changes(name, now: givenOptions)
                lock.withLock { for change in found where !changes.contains(change) { changes.append(change) } }
            }
            if outcome.status != .rendered, outcome.status != .outsideLimits {
                // Kept or refused: the image in place is still the earlier run's.
                outcome.earlier = earlier.entry(name)?.status
                outcome.earlierOptions = earlier.options(name)
            }
        }
        let (now, wasCancelled) = lock.withLock { () -> (BatchCounts, Bool) in
            let wasCancelled = cancelled
            counts.add(outcome.status)
            counts.warnings += outcome.warnings.count
            if outcome.replacedChanged { counts.replacedChanged += 1 }
            if outcome.kept { counts.kept += 1 }
            counts.removedFiles += outcome.removedFiles.count
            counts.keptFiles += outcome.keptFiles.count
            counts.foreignFiles += outcome.foreignFiles.count
            samples.removed += outcome.removedFiles.prefix(8 - samples.removed.count)
            samples.kept += outcome.keptFiles.prefix(8 - samples.kept.count)
            samples.foreign += outcome.foreignFiles.prefix(8 - samples.foreign.count)
            if outcome.status == .failed {
                counts.causes[(outcome.cause ?? .of(field: outcome.field)).key, default: 0] += 1
                if settings.failFast || outcome.stopsBatch { cancelled = true }
                if outcome.stopsBatch { fullDisk = true }
            }
            return (counts, wasCancelled)
        }
        if outcome.status == .failed {
            // After a full disk stopped the batch, records already in flight fail the same way: one line is enough.
            if !(wasCancelled && outcome.stopsBatch) {
                progress.clearLine()
                console.printError(
                    "\(settings.manifestLabel) line \(outcome.line) (record \(outcome.record)): \(outcome.message ?? "failed")")
            }
        }
        if let entry = outcome.journalEntry { committer.add(entry) }
        if settings.printWarnings, !settings.quiet, !outcome.warnings.isEmpty {
            progress.clearLine()
            for warning in outcome.warnings {
                console.printWarning(
                    "\(settings.manifestLabel) line \(outcome.line) (record \(outcome.record), \(outcome.name ?? "")): \(ContrastWarning.prefix)\(warning)")
            }
        }
        for report in reports { report.add(outcome) }
        onOutcome?(outcome)
        progress.update(now, fractionRead: outcome.fractionRead)
    }
}
