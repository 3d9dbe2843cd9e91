import BreakdownLocking
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
    ///   - reopenManifest: opens the manifest again for a pre-pass over its names (a regular
    ///     file only; nil for standard input or a pipe, read once): with `--name`, two records
    ///     whose values give one name then both fail before either is drawn.
    package static func run(
        settings: BatchSettings, console: Console, openManifest: () throws(CLIError) -> any ManifestReader,
        reopenManifest: (() throws(CLIError) -> any ManifestReader)? = nil,
        onOutcome: (@Sendable (BatchOutcome) -> Void)? = nil
    ) throws(CLIError) -> BatchSummary {
        // The workers start first: they make their renderers while the manifest is opened (a
        // stream may not have sent anything yet) and the first records are planned.
        let run = Run(settings: settings, console: console, onOutcome: onOutcome)
        run.startWorkers()
        // Workers still waiting when the run ends without a first record (or the manifest is
        // refused) stop; the batch returns once they have.
        defer { run.stopWorkers() }
        let reader = try openManifest()
        let restoreSignals = BatchInterrupt.install()
        defer { restoreSignals() }
        let clashes = settings.nameTemplate != nil ? reopenManifest.map { prePass($0, settings: settings) } ?? [:] : [:]
        return try run.go(reader, clashingLines: clashes)
    }

    /// Plans every record of the manifest once, drawing nothing: the name clashes (the line of a
    /// record that took a name → the first later line giving it from other values). On a 20,000
    /// record export this costs about 0.4 s of CPU, about 4% of drawing them (docs/batch.md). A
    /// manifest that cannot be read again finds none (the main pass reports its problems).
    static func prePass(_ open: () throws(CLIError) -> any ManifestReader, settings: BatchSettings) -> [Int: Int] {
        guard let reader = try? open(), let first = try? reader.next() else { return [:] }
        // A header the main pass refuses at once: read no further (a huge file would be read
        // whole for nothing).
        if let columns = reader.headerColumns {
            do throws(CLIError) {
                try settings.columnMap.check(header: columns, label: settings.manifestLabel, named: Set(settings.nameTemplate?.fields ?? []))
                try settings.nameTemplate?.check(header: columns, label: settings.manifestLabel)
            } catch {
                return [:]
            }
        }
        let planner = BatchRecordPlanner(settings: settings, header: reader.headerColumns)
        var record: ManifestRecord? = first
        var sequence = 0
        while !BatchInterrupt.isRequested, let next = record {
            _ = planner.plan(next, sequence: sequence)
            sequence += 1
            record = try? reader.next()
        }
        return planner.clashes
    }

    /// One run's state: created lazily when the first record is ready, so a manifest refused
    /// at once creates no folder.
    private final class Run {
        let settings: BatchSettings
        let console: Console
        let onOutcome: (@Sendable (BatchOutcome) -> Void)?
        let progress: BatchProgress
        var started: Started?
        /// The worker threads: started with the run, each making its renderers while the
        /// manifest is opened and the first records planned; they wait here for `start()`.
        private let workerStart = WorkerStart()
        private let workers = DispatchGroup()

        struct Started {
            var folder: BatchFolder
            var journal: BatchJournal
            var committer: BatchCommitter
            var report: BatchReportWriter?
            /// The report every run keeps in the output folder (`breakdown report FOLDER` combines them).
            var folderReport: BatchReportWriter
            var queue: BatchWorkQueue
            var collector: BatchCollector
            /// What the folder's reports said when the run started (for `BatchGoneRecords`).
            var earlier: BatchShardReports.Earlier
        }

        init(settings: BatchSettings, console: Console, onOutcome: (@Sendable (BatchOutcome) -> Void)?) {
            self.settings = settings
            self.console = console
            self.onOutcome = onOutcome
            progress = BatchProgress(console: console, enabled: !settings.quiet)
        }

        func go(_ reader: any ManifestReader, clashingLines: [Int: Int]) throws(CLIError) -> BatchSummary {
            let planner = BatchRecordPlanner(settings: settings, header: reader.headerColumns)
            planner.clashingLines = clashingLines
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

            // The manifest could not be read to its end (an endless line, a read error part way):
            // the records planned before it are still drawn, then the run fails with it, whether
            // or not a pause in the input had already handed them out.
            var readFailure: CLIError?
            func nextRecord() -> ManifestRecord? {
                do throws(CLIError) {
                    return try reader.next()
                } catch {
                    readFailure = error
                    return nil
                }
            }

            do throws(CLIError) {
                // A stream that pauses: hand out what is planned rather than let workers wait.
                reader.beforeWaiting = { if readable { try? dispatch() } }
                while !(started?.collector.isCancelled ?? BatchInterrupt.isRequested), let record = nextRecord() {
                    if !readable, case .failure = record.fields, held.count < BatchEngine.heldProblemsLimit {
                        held.append(record)
                        continue
                    }
                    if !readable {
                        // A CSV's header is known before any record is planned: columns the batch
                        // would not understand are one error for the whole manifest, nothing drawn.
                        if let columns = reader.headerColumns {
                            do throws(CLIError) {
                                try settings.columnMap.check(
                                    header: columns, label: settings.manifestLabel, named: Set(settings.nameTemplate?.fields ?? []))
                                try settings.nameTemplate?.check(header: columns, label: settings.manifestLabel)
                                try Self.checkAmountColumn(columns, settings: settings)
                                try SaleColumns.check(header: columns, map: settings.columnMap, label: settings.manifestLabel)
                            } catch {
                                // A header read with the wrong delimiter is one long column: say which.
                                var told = error
                                told.message += Self.delimiterNote(reader)
                                throw told
                            }
                        }
                        readable = true
                        for problem in held { try plan(problem) }
                        held.removeAll()
                    }
                    try plan(record)
                }
                reader.beforeWaiting = nil
                if let readFailure, !readable { throw readFailure }
                if !readable, !BatchInterrupt.isRequested {
                    var message = "cannot read the manifest \(settings.manifestLabel): it holds no records"
                    if let first = held.first, case .failure(let problem) = first.fields {
                        message += " (line \(first.line): \(problem.message))"
                    }
                    message += Self.delimiterNote(reader)
                    throw CLIError.usage(message)
                }
                try dispatch()
                // A shard the manifest gave no record still finished: its report says so (0
                // records), so `breakdown report` sees every shard of the run.
                if readable, started == nil, !BatchInterrupt.isRequested { _ = try start() }
                if let readFailure { throw readFailure }
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
            state.committer.drain()
            state.queue.close()
            workers.wait()
            state.folder.removeSpool()
            progress.finish()
            var summary = BatchSummary(
                records: sequence, counts: state.collector.currentCounts, seconds: progress.elapsed,
                stoppedEarly: state.collector.stoppedByFailure, interruptedBy: BatchInterrupt.signal)
            summary.stoppedUnwritable = state.collector.stoppedByFullDisk
            summary.failuresExitZero = settings.failuresExitZero
            summary.delimiter = reader.delimiterDescription
            summary.limitsNote = ExampleLimits.note(settings.defaults, currency: nil)
            summary.salesAsOf = Self.salesNote(settings)
            summary.scalesNote = Self.scalesNote(settings)
            summary.changes = state.collector.currentChanges
            summary.earlierRunsHere = state.folder.ownFolderExisted
            (summary.removedSample, summary.keptSample, summary.foreignSample, summary.leftoverSample, summary.replacedSample, summary.changedSample) =
                state.collector.currentSamples
            // Records no longer in the manifest: known only once the whole manifest was read.
            if readError == nil, BatchInterrupt.signal == nil, !state.collector.stoppedByFailure, !state.collector.stoppedByFullDisk {
                summary.gone = BatchGoneRecords.find(
                    earlier: state.earlier, options: Self.givenOptions(settings), isInManifest: { planner.hasUsed(name: $0) },
                    shard: settings.shard, journal: state.journal, folder: state.folder, prune: settings.prune,
                    scales: settings.scales.map(\.text), scaleNamed: settings.nameTemplate?.fields.contains(RenderOptions.scale.name) ?? false)
                summary.counts.removedLeftovers += summary.gone.removedOtherScales.count
                summary.leftoverSample += summary.gone.removedOtherScales.prefix(max(0, 8 - summary.leftoverSample.count))
                if !settings.quiet {
                    for record in summary.gone.records {
                        for file in record.removed { console.print("pruned \(settings.outputDirectory)/\(file) (\(record.name): no longer in the manifest)") }
                    }
                }
            }
            do throws(CLIError) {
                try state.committer.finish()
                // Removed stale images stay removed after a crash.
                if summary.counts.removedFiles + summary.counts.removedLeftovers + summary.gone.removedCount > 0 { try state.folder.makeDurable() }
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
            do throws(CLIError) {
                try state.report?.finish(summary)
            } catch {
                // Its own line; the summary line still follows, with the counts it would have held.
                console.printError(error.message)
                summary.reportFailure = error
            }
            return summary
        }

        /// `; the header was read as ';'-separated (told from the header), its first fields: 'A',
        /// 'B', 'C' …; --delimiter …` for a CSV, so a header read with the wrong delimiter (one long
        /// column) is plain to see; nothing for JSON.
        static func delimiterNote(_ reader: any ManifestReader) -> String {
            guard let delimiter = reader.delimiterDescription, let columns = reader.headerColumns else { return "" }
            let first = ColumnMap.listed(Array(columns.prefix(3))) + (columns.count > 3 ? " …" : "")
            return "; the header was \(delimiter), its first fields: \(first); --delimiter comma, semicolon or tab"
        }

        /// A CSV none of whose columns is an amount (the price column never mapped, say) would
        /// draw every record without a price: one error before anything is drawn, unless the
        /// command line gives the amount for every record.
        /// `2026-12-04T01:30:00Z (--as-of)` when the run judges sales by their dates (or was told when).
        static func salesNote(_ settings: BatchSettings) -> String? {
            let judges = SaleColumns.keys.contains { settings.columnMap.columnForKey[$0] != nil }
            guard judges || settings.asOfGiven else { return nil }
            return SaleTime.shown(settings.asOf) + (settings.asOfGiven ? " (--as-of)" : " (now)")
        }

        /// `each record at scales 1x, 2x, 3x (names without {scale} end @1x, @2x, @3x)`, for several scales.
        static func scalesNote(_ settings: BatchSettings) -> String? {
            guard settings.scales.count > 1 else { return nil }
            let listed = settings.scales.map(\.description).joined(separator: ", ")
            let templated = settings.nameTemplate?.fields.contains(RenderOptions.scale.name) ?? false
            return "each record at scales \(listed)" + (templated ? "" : " (names without {scale} end " + settings.scales.map { "@" + $0.description }.joined(separator: ", ") + ")")
        }

        static func checkAmountColumn(_ columns: [String], settings: BatchSettings) throws(CLIError) {
            guard !settings.defaults.isGiven(ContentOptions.amount) else { return }
            let map = settings.columnMap
            if columns.contains(where: { map.key(for: $0) == "amount" }) { return }
            let suggestion = ColumnMap.suggestedMap(columns.filter { map.key(for: $0) == nil })
            let hint = suggestion.hasPrefix("amount=") ? suggestion.split(separator: ",")[0] : "amount=COLUMN"
            throw .usage(
                "cannot read the manifest \(settings.manifestLabel): none of its columns is an amount, so no record has a price; map the price column with --map \(hint), or give --amount for every record; its columns: \(ColumnMap.listed(columns))"
            )
        }

        /// The command line's content and drawing options, as the reports hold them.
        static func givenOptions(_ settings: BatchSettings) -> [String: String] {
            // The reports' own key (`--scale 1,2,3` among them), so runs are matched by what their reports say.
            Dictionary(BatchShardReports.givenOptions(settings).map { ($0.key, $0.value) }) { $1 }
        }

        /// Starts the `jobs` worker threads. Each of the first as many as there are cores makes
        /// its renderer for the command line's options and lays out (and, when of ordinary
        /// size, draws) one image it throws away (`BatchRecordRenderer.warmUp`: fonts, artwork and
        /// the number formats load then, not with the first record); the
        /// others make theirs with their first record, so `--jobs 64` does not delay a refused
        /// manifest's message. Then each waits for `start()`; without it (no record, a refused
        /// manifest), it stops.
        func startWorkers() {
            let warming = ProcessInfo.processInfo.activeProcessorCount
            for number in 0..<max(1, settings.jobs) {
                workers.enter()
                let thread = Thread { [settings, workerStart, workers] in
                    defer { workers.leave() }
                    let cache = RenderersByResources()
                    if number < warming { BatchRecordRenderer.warmUp(cache, settings: settings) }
                    guard let context = workerStart.wait() else { return }
                    let renderer = BatchRecordRenderer(
                        settings: settings, folder: context.folder, spool: number, journal: context.journal, cache: cache)
                    while let (chunkNumber, chunk) = context.queue.pop() {
                        var outcomes: [BatchOutcome] = []
                        outcomes.reserveCapacity(chunk.count)
                        for job in chunk {
                            outcomes.append(context.collector.isCancelled ? BatchOutcome(job, .notRun) : renderer.process(job))
                        }
                        context.collector.deliver(chunk: chunkNumber, outcomes)
                    }
                }
                thread.name = "batch worker \(number + 1)"
                thread.stackSize = 8 << 20
                thread.start()
            }
        }

        /// Lets workers still waiting for a first record stop, and waits for all of them.
        func stopWorkers() {
            workerStart.close()
            workers.wait()
        }

        /// Prepares the folders, journal, report and queue (once), and lets the workers go.
        func start() throws(CLIError) -> Started {
            if let started { return started }
            if let path = settings.reportPath, let problem = BatchReportWriter.clash(path, output: settings.outputDirectory) {
                throw .usage("--report \(path) \(problem)")
            }
            let jobs = max(1, settings.jobs)
            let folder = try BatchFolder(path: settings.outputDirectory, spools: jobs)
            StaleTemporaryFiles.remove(in: folder.own)
            let journal = try BatchJournal(folder: folder, shard: settings.shard)
            if let rebuilt = journal.rebuilt { console.printWarning(rebuilt) }
            if let ignored = journal.ignored { console.printWarning(ignored) }
            let committer = BatchCommitter(folder: folder, journal: journal, policy: .fromEnvironment())
            let report = try settings.reportPath.map { path throws(CLIError) in try BatchReportWriter(path: path, settings: settings) }
            // Read before this run's report replaces this shard's.
            let earlier = BatchShardReports.earlierOutcomes(in: settings.ownDirectory, options: Self.givenOptions(settings))
            let folderReport = try BatchReportWriter(
                path: settings.ownDirectory + "/" + BatchShardReports.fileName(settings.shard, run: BatchShardReports.run(of: settings)), settings: settings,
                temporaryName: StaleTemporaryFiles.newName())
            let queue = BatchWorkQueue(window: jobs * 4 + 2)
            let collector = BatchCollector(
                settings: settings, console: console, progress: progress, reports: [folderReport] + (report.map { [$0] } ?? []),
                earlier: earlier, committer: committer, queue: queue, onOutcome: onOutcome)
            let state = Started(
                folder: folder, journal: journal, committer: committer, report: report, folderReport: folderReport, queue: queue,
                collector: collector, earlier: earlier)
            workerStart.open(WorkerStart.Context(folder: folder, journal: journal, queue: queue, collector: collector))
            started = state
            return state
        }
    }
}

/// The hand-over from a batch's run to its worker threads, once: what they work with, or
/// nothing (the run ended before its first record).
private final class WorkerStart: Sendable {
    struct Context {
        var folder: BatchFolder
        var journal: BatchJournal
        var queue: BatchWorkQueue
        var collector: BatchCollector
    }

    /// Decided once: nil until `open` or `close`, then the context, or nil inside.
    private let decision = Locked<Context??>(nil)

    /// Lets the workers go with `context` (the first call decides).
    func open(_ context: Context) {
        decision.withLock(waking: .all) { decision in
            if decision == nil { decision = .some(context) }
        }
    }

    /// Stops workers that are still waiting (no effect after `open`).
    func close() {
        decision.withLock(waking: .all) { decision in
            if decision == nil { decision = .some(nil) }
        }
    }

    /// Waits for `open` or `close`: the context, or nil.
    func wait() -> Context? {
        decision.withLock(when: { $0 == nil ? .waitForChange : .ready }) { $0 ?? nil }
    }
}
