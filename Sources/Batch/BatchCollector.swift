import BreakdownLocking
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
/// `@unchecked Sendable` is safe: what changes is in `state`, behind its lock; the lets are set
/// in init, and the report writers and the progress line are used by the handling worker only
/// (one at a time, `State.handling`).
final class BatchCollector: @unchecked Sendable {
    /// What the workers share (guarded together).
    private struct State {
        var pending: [Int: [BatchOutcome]] = [:]
        var nextChunk = 0
        /// A worker is handling outcomes (only one at a time, in manifest order).
        var handling = false
        var counts = BatchCounts()
        var cancelled = false
        var fullDisk = false
        /// What changed for the images replaced (`locale en_CA → fr_CA`), first seen first.
        var changes: [String] = []
        /// The first files removed, kept and left for failed or hidden records (up to 8 each).
        var samples: (removed: [String], kept: [String], foreign: [String], leftovers: [String], replaced: [String], changed: [String]) = (
            [], [], [], [], [], []
        )
    }
    private let state = Locked(State())
    private let settings: BatchSettings
    private let console: Console
    private let progress: BatchProgress
    private let reports: [BatchReportWriter]
    /// What earlier runs found for the names they drew (a hash of the name → outcome).
    private let earlier: BatchShardReports.Earlier
    /// This run's command line options, to say what changed for an image it replaces.
    private let givenOptions: [String: String]
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
        givenOptions = Dictionary(BatchShardReports.givenOptions(settings).map { ($0.key, $0.value) }) { $1 }
        self.committer = committer
        self.queue = queue
        self.onOutcome = onOutcome
    }

    /// True once `--fail-fast` saw a failure, or SIGINT/SIGTERM came: the producer stops
    /// reading and workers leave the records they have not started.
    var isCancelled: Bool {
        if BatchInterrupt.isRequested { return true }
        return state.withLock { $0.cancelled }
    }

    /// `--fail-fast` stopped the batch.
    var stoppedByFailure: Bool {
        return state.withLock { $0.cancelled }
    }

    /// A full disk stopped the batch (its one line is already printed).
    var stoppedByFullDisk: Bool {
        return state.withLock { $0.fullDisk }
    }

    /// The command line options that changed for images replaced or kept (`locale en_CA → fr_CA`).
    var currentChanges: [String] {
        return state.withLock { $0.changes }
    }

    /// The first files removed, kept and left for failed or hidden records.
    var currentSamples: (removed: [String], kept: [String], foreign: [String], leftovers: [String], replaced: [String], changed: [String]) {
        return state.withLock { $0.samples }
    }

    var currentCounts: BatchCounts {
        return state.withLock { $0.counts }
    }

    /// The outcomes of chunk number `chunk` (chunks are numbered in manifest order from 0).
    func deliver(chunk: Int, _ outcomes: [BatchOutcome]) {
        // Another worker is handling: it will take this chunk when its turn comes. Otherwise this
        // worker handles the next chunk in order, if that is here.
        var next = state.withLock { state -> [BatchOutcome]? in
            state.pending[chunk] = outcomes
            guard !state.handling, let next = state.pending.removeValue(forKey: state.nextChunk) else { return nil }
            state.handling = true
            return next
        }
        while let outcomes = next {
            for outcome in outcomes { handle(outcome) }
            // Stop handling in the same step that finds the next chunk missing: one delivered
            // after it is then handled by the worker that delivers it.
            next = state.withLock { state in
                state.nextChunk += 1
                guard let next = state.pending.removeValue(forKey: state.nextChunk) else {
                    state.handling = false
                    return nil
                }
                return next
            }
            queue.release()
        }
    }

    /// One outcome, in manifest order, by the handling worker (the lock is not held).
    private func handle(_ given: BatchOutcome) {
        var outcome = given
        if outcome.status == .skipped, !outcome.kept, outcome.earlier == nil, let name = outcome.name {
            outcome.earlier = earlier.entry(name)?.status
        }
        if outcome.changedFromEarlier, let name = outcome.name {
            if state.withLock({ $0.changes.count }) < 8 {
                let found = earlier.changes(name, now: givenOptions)
                state.withLock { state in for change in found where !state.changes.contains(change) { state.changes.append(change) } }
            }
            if outcome.status != .rendered, outcome.status != .outsideLimits {
                // Kept or refused: the image in place is still the earlier run's.
                outcome.earlier = earlier.entry(name)?.status
                outcome.earlierOptions = earlier.options(name)
            } else if outcome.replacedChanged {
                // Replaced: what drew the image it replaced, for the report.
                outcome.earlierOptions = earlier.options(name)
            }
        }
        let (now, wasCancelled) = state.withLock { state -> (BatchCounts, Bool) in
            let wasCancelled = state.cancelled
            state.counts.add(outcome.status)
            state.counts.warnings += outcome.warnings.count
            if outcome.replacedChanged { state.counts.replacedChanged += 1 }
            if outcome.kept { state.counts.kept += 1 }
            // The record's name (its images may be several files) in the summary, replaced or kept.
            if outcome.replacedChanged || outcome.kept, state.samples.changed.count < 8, let name = outcome.name {
                state.samples.changed.append(name)
            }
            state.counts.removedFiles += outcome.removedFiles.count
            state.counts.removedLeftovers += outcome.removedLeftovers.count
            state.samples.leftovers += outcome.removedLeftovers.prefix(8 - state.samples.leftovers.count)
            state.counts.keptFiles += outcome.keptFiles.count
            state.counts.foreignFiles += outcome.foreignFiles.count
            state.samples.removed += outcome.removedFiles.prefix(8 - state.samples.removed.count)
            state.samples.kept += outcome.keptFiles.prefix(8 - state.samples.kept.count)
            state.samples.foreign += outcome.foreignFiles.prefix(8 - state.samples.foreign.count)
            state.counts.replacedUnknown += outcome.replacedUnknown.count
            state.samples.replaced += outcome.replacedUnknown.prefix(max(0, 8 - state.samples.replaced.count))
            if outcome.status == .failed {
                state.counts.causes[(outcome.cause ?? .of(field: outcome.field)).key, default: 0] += 1
                if settings.failFast || outcome.stopsBatch { state.cancelled = true }
                if outcome.stopsBatch { state.fullDisk = true }
            }
            return (state.counts, wasCancelled)
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
