import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Runs a batch: reads the manifest once to count this shard's records, then again to plan each
/// record on this thread while `jobs` worker threads (each with its own renderers) draw them.
/// `batch` and `gallery` both run through here.
package enum BatchEngine {
    /// - Parameters:
    ///   - openManifest: opens the manifest from its start (called twice: count, then run).
    ///   - onOutcome: called for each record, in manifest order.
    package static func run(
        settings: BatchSettings, console: Console, openManifest: () throws(CLIError) -> any ManifestReader,
        onOutcome: (@Sendable (BatchOutcome) -> Void)? = nil
    ) throws(CLIError) -> BatchSummary {
        let total = try countRecords(openManifest(), shard: settings.shard)
        try prepareFolders(settings)
        let report = try settings.reportPath.map { path throws(CLIError) in try BatchReportWriter(path: path, settings: settings) }
        let progress = BatchProgress(total: total, console: console, enabled: !settings.quiet)
        let jobs = max(1, settings.jobs)
        let collector = BatchCollector(
            windowSize: jobs * 8 + 8, settings: settings, console: console, progress: progress, report: report,
            onOutcome: onOutcome)
        let queue = BatchWorkQueue()
        let workers = DispatchGroup()
        for number in 0..<jobs {
            workers.enter()
            let thread = Thread {
                let renderer = BatchRecordRenderer(settings: settings)
                while let job = queue.pop() {
                    if collector.isCancelled {
                        collector.deliver(BatchOutcome(job, .notRun))
                    } else {
                        collector.deliver(renderer.process(job))
                    }
                }
                workers.leave()
            }
            thread.name = "batch worker \(number + 1)"
            thread.stackSize = 8 << 20
            thread.start()
        }

        var readError: CLIError?
        var sequence = 0
        do throws(CLIError) {
            let reader = try openManifest()
            let planner = BatchRecordPlanner(
                defaults: settings.defaults, defaultFormats: settings.defaultFormats,
                htmlBaseURL: settings.writeHTML ? settings.htmlBaseURL : nil)
            while !collector.isCancelled, let record = try reader.next() {
                guard settings.shard.contains(record.index) else { continue }
                let job = planner.plan(record, sequence: sequence)
                sequence += 1
                collector.waitForRoom()
                queue.push(job)
            }
        } catch {
            readError = error
        }
        queue.close()
        workers.wait()
        progress.finish()

        let summary = BatchSummary(
            records: total, counts: collector.currentCounts, seconds: progress.elapsed, stoppedEarly: collector.isCancelled)
        if let readError {
            report?.discard()
            throw readError
        }
        try report?.finish(summary)
        return summary
    }

    /// The records of this shard; reading the whole manifest once also finds a manifest that
    /// cannot be read before anything is drawn.
    private static func countRecords(_ reader: any ManifestReader, shard: Shard) throws(CLIError) -> Int {
        var count = 0
        while let record = try reader.next() {
            if shard.contains(record.index) { count += 1 }
        }
        return count
    }

    private static func prepareFolders(_ settings: BatchSettings) throws(CLIError) {
        try OutputPath.createFolder(settings.outputDirectory, what: "the output folder")
        try OutputPath.createFolder(settings.markerDirectory, what: "the output folder's resume folder")
        StaleTemporaryFiles.remove(in: settings.outputDirectory)
        StaleTemporaryFiles.remove(in: settings.markerDirectory)
    }
}
