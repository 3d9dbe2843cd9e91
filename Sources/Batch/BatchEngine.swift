import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// Runs a batch: reads the manifest once, streaming, planning each record on this thread and
/// handing chunks of records to `jobs` worker threads (each with its own renderers); outcomes come
/// back in chunks and are handled in manifest order; a group commit makes finished files durable
/// and journals them. `batch` and `gallery` both run through here.
package enum BatchEngine {
    /// Records a worker takes at a time.
    static let chunkSize = 16
    /// Records that a manifest's reader could not read, held until a readable one shows that
    /// the manifest is one at all (else the manifest is refused with one line, exit 2).
    private static let heldProblemsLimit = 64

    /// - Parameters:
    ///   - openManifest: opens the manifest (called once).
    ///   - onOutcome: called for each record, in manifest order.
    package static func run(
        settings: BatchSettings, console: Console, openManifest: () throws(CLIError) -> any ManifestReader,
        onOutcome: (@Sendable (BatchOutcome) -> Void)? = nil
    ) throws(CLIError) -> BatchSummary {
        let reader = try openManifest()
        let restoreSignals = BatchInterrupt.install()
        defer { restoreSignals() }
        let run = Run(settings: settings, console: console, onOutcome: onOutcome)
        return try run.go(reader)
    }

    /// One run's state: created lazily when the first record is ready, so a manifest refused
    /// at once creates no folder.
    private final class Run {
        let settings: BatchSettings
        let console: Console
        let onOutcome: (@Sendable (BatchOutcome) -> Void)?
        let progress: BatchProgress
        var started: Started?

        struct Started {
            var folder: BatchFolder
            var journal: BatchJournal
            var committer: BatchCommitter
            var report: BatchReportWriter?
            /// The report every run keeps in the output folder (`breakdown report FOLDER` combines them).
            var folderReport: BatchReportWriter
            var queue: BatchWorkQueue
            var collector: BatchCollector
            var workers: DispatchGroup
        }

        init(settings: BatchSettings, console: Console, onOutcome: (@Sendable (BatchOutcome) -> Void)?) {
            self.settings = settings
            self.console = console
            self.onOutcome = onOutcome
            progress = BatchProgress(console: console, enabled: !settings.quiet)
        }

        func go(_ reader: any ManifestReader) throws(CLIError) -> BatchSummary {
            let planner = BatchRecordPlanner(
                defaults: settings.defaults, defaultFormats: settings.defaultFormats,
                htmlBaseURL: settings.writeHTML ? settings.htmlBaseURL : nil)
            planner.columnMap = settings.columnMap
            planner.nameTemplate = settings.nameTemplate
            planner.priceText = PriceText(numberLocale: settings.numberLocale)
            planner.emptyAmountZero = settings.emptyAmountZero
            planner.header = reader.headerColumns.map(Set.init)
            var chunk: [BatchJob] = []
            var chunkNumber = 0
            var sequence = 0
            var readable = false
            var held: [ManifestRecord] = []
            var readError: CLIError?

            func dispatch() throws(CLIError) {
                guard !chunk.isEmpty else { return }
                let state = try start()
                let jobs = chunk
                chunk.removeAll(keepingCapacity: true)
                state.queue.push(jobs, number: chunkNumber)
                chunkNumber += 1
            }
            func plan(_ record: ManifestRecord) throws(CLIError) {
                // Every shard plans every record, so each sees every name; it keeps the records
                // whose name (else index) falls in it: two records with one name meet in one shard.
                var job = planner.plan(record, sequence: sequence)
                guard settings.shard.contains(job) else { return }
                job.fractionRead = reader.fractionRead
                sequence += 1
                chunk.append(job)
                if chunk.count >= BatchEngine.chunkSize { try dispatch() }
            }

            do throws(CLIError) {
                // A stream that pauses: hand out what is planned rather than let workers wait.
                reader.beforeWaiting = { if readable { try? dispatch() } }
                while !(started?.collector.isCancelled ?? BatchInterrupt.isRequested), let record = try reader.next() {
                    if !readable, case .failure = record.fields, held.count < BatchEngine.heldProblemsLimit {
                        held.append(record)
                        continue
                    }
                    if !readable {
                        // A CSV's header is known before any record is planned: columns the batch
                        // would not understand are one error for the whole manifest, nothing drawn.
                        if let columns = reader.headerColumns {
                            try settings.columnMap.check(
                                header: columns, label: settings.manifestLabel, named: Set(settings.nameTemplate?.fields ?? []))
                            try settings.nameTemplate?.check(header: columns, label: settings.manifestLabel)
                        }
                        readable = true
                        for problem in held { try plan(problem) }
                        held.removeAll()
                    }
                    try plan(record)
                }
                reader.beforeWaiting = nil
                if !readable, !BatchInterrupt.isRequested {
                    var message = "cannot read the manifest \(settings.manifestLabel): it holds no records"
                    if let first = held.first, case .failure(let problem) = first.fields {
                        message += " (line \(first.line): \(problem.message))"
                    }
                    throw CLIError.usage(message)
                }
                try dispatch()
            } catch {
                guard started != nil else { throw error }
                readError = error
            }
            guard let state = started else {
                // Interrupted before the first record: nothing was started.
                let summary = BatchSummary(
                    records: 0, counts: BatchCounts(), seconds: progress.elapsed, stoppedEarly: false,
                    interruptedBy: BatchInterrupt.signal)
                return summary
            }
            state.queue.close()
            state.workers.wait()
            state.folder.removeSpool()
            progress.finish()
            var summary = BatchSummary(
                records: sequence, counts: state.collector.currentCounts, seconds: progress.elapsed,
                stoppedEarly: state.collector.stoppedByFailure, interruptedBy: BatchInterrupt.signal)
            summary.changes = state.collector.currentChanges
            do throws(CLIError) {
                try state.committer.finish()
            } catch {
                summary.journalFailure = error.message
                // After a full disk stopped the batch, its one line says it all.
                if !state.collector.stoppedByFullDisk {
                    console.printError(error.message + "; the records of the last group will be drawn again by the next run")
                }
            }
            if let readError {
                state.report?.discard()
                state.folderReport.discard()
                throw readError
            }
            do throws(CLIError) {
                try state.folderReport.finish(summary)
            } catch {
                // After a full disk stopped the batch, its one line says it all.
                if !state.collector.stoppedByFullDisk { console.printError(error.message) }
                summary.journalFailure = summary.journalFailure ?? error.message
            }
            try state.report?.finish(summary)
            return summary
        }

        /// Prepares the folders, journal, report and workers (once).
        func start() throws(CLIError) -> Started {
            if let started { return started }
            let folder = try BatchFolder(path: settings.outputDirectory, spool: true)
            StaleTemporaryFiles.remove(in: folder.own)
            let journal = try BatchJournal(folder: folder)
            if let rebuilt = journal.rebuilt { console.printWarning(rebuilt) }
            let committer = BatchCommitter(folder: folder, journal: journal, policy: .fromEnvironment())
            let report = try settings.reportPath.map { path throws(CLIError) in try BatchReportWriter(path: path, settings: settings) }
            // Read before this run's report replaces this shard's.
            let earlier = BatchShardReports.earlierOutcomes(in: settings.ownDirectory)
            let folderReport = try BatchReportWriter(
                path: settings.ownDirectory + "/" + BatchShardReports.fileName(settings.shard), settings: settings,
                temporaryName: StaleTemporaryFiles.newName())
            let jobs = max(1, settings.jobs)
            let queue = BatchWorkQueue(window: jobs * 4 + 2)
            let collector = BatchCollector(
                settings: settings, console: console, progress: progress, reports: [folderReport] + (report.map { [$0] } ?? []),
                earlier: earlier, committer: committer, queue: queue, onOutcome: onOutcome)
            let workers = DispatchGroup()
            for number in 0..<jobs {
                workers.enter()
                let thread = Thread { [settings] in
                    let renderer = BatchRecordRenderer(settings: settings, folder: folder, journal: journal)
                    while let (chunkNumber, chunk) = queue.pop() {
                        var outcomes: [BatchOutcome] = []
                        outcomes.reserveCapacity(chunk.count)
                        for job in chunk {
                            outcomes.append(collector.isCancelled ? BatchOutcome(job, .notRun) : renderer.process(job))
                        }
                        collector.deliver(chunk: chunkNumber, outcomes)
                    }
                    workers.leave()
                }
                thread.name = "batch worker \(number + 1)"
                thread.stackSize = 8 << 20
                thread.start()
            }
            let state = Started(
                folder: folder, journal: journal, committer: committer, report: report, folderReport: folderReport, queue: queue,
                collector: collector,
                workers: workers)
            started = state
            return state
        }
    }
}
