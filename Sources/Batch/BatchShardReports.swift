import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import Foundation
import BreakdownIO
import BreakdownLayout
import BreakdownPipeline

/// Every batch also keeps its own report in the output folder,
/// `.breakdown-batch/report-RUN-K-of-N.json` (K/N its shard; `0-of-1` unsharded), written like
/// `--report`. RUN names the run: 10 hex digits of its manifest and its command line's content
/// and drawing options, so a second locale into the same folder keeps a report of its own, and
/// running the same command again (a resume, a retry) replaces that run's. `breakdown report
/// FOLDER` combines the newest manifest's runs (the latest shard count of each; runs of earlier
/// manifests are named as superseded) into one summary and one report,
/// the latest outcome per name; a later run reads them to say, for each record it skips, what
/// the run that drew it found (`earlier`).
package enum BatchShardReports {
    static func fileName(_ shard: Shard, run: String) -> String { "report-\(run)-\(shard.index)-of-\(shard.count).json" }

    /// The run a batch's report belongs to: its manifest and the content and drawing options of
    /// its command line (not how it runs: jobs, policies, shards).
    static func run(of settings: BatchSettings) -> String {
        var text = settings.manifestLabel
        for (key, value) in givenOptions(settings) { text += "\n" + key + "=" + value }
        return String(Fingerprint(text).hex.prefix(10))
    }

    /// The run and shard a file name stands for (`report-3f9c2a71b0-3-of-8.json`; a report of
    /// an older version, `report-3-of-8.json`, is a run of its own), if it is one.
    static func shard(ofFile name: String) -> (run: String, shard: Shard)? {
        guard name.hasPrefix("report-"), name.hasSuffix(".json") else { return nil }
        var middle = Substring(name.dropFirst("report-".count).dropLast(".json".count))
        var run = ""
        if let dash = middle.firstIndex(of: "-"), middle.distance(from: middle.startIndex, to: dash) == 10,
            middle[..<dash].allSatisfy(\.isHexDigit)
        {
            run = String(middle[..<dash])
            middle = middle[middle.index(after: dash)...]
        }
        let parts = middle.components(separatedBy: "-of-")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index) else {
            return nil
        }
        return (run, Shard(index: index, count: count))
    }

    /// The digest of a manifest file's bytes (`BatchSettings.manifestDigest`); nil when it is
    /// not a regular file that can be read (standard input, a pipe).
    package static func manifestDigest(ofFile path: String) -> String? {
        // Looked at without opening it: opening a FIFO (`<(cmd)`, /dev/stdin) and closing it
        // again would end its writer's stream before the batch reads it.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var digest = ContentDigest()
        do throws(RegularFile.Problem) {
            _ = try RegularFile.stream(path, limit: Int.max) { digest.add($0) }
            return Fingerprint.hex(digest.value)
        } catch {
            return nil
        }
    }

    /// One report read back: its record lines (as written) and what follows them.
    struct Report {
        var manifest: String
        /// The digest of the manifest's bytes the run read (nil: an older report, or standard input).
        var manifestDigest: String?
        var records: [(index: Int, line: String, object: [String: Any])] = []
        var counts: [String: Int] = [:]
        var interrupted: String?
        var stoppedEarly = false
        /// Names of records no longer in the manifest whose files were still in place (`gone`).
        var gone: [String] = []
        /// Failures by cause (`duplicate-name` → how many).
        var failures: [String: Int] = [:]
        /// The command line's content and drawing options of the run that wrote it.
        var options: [String: String] = [:]
    }

    /// The content and drawing options a batch's command line gave, `--scale 1,2,3` among them
    /// (several scales are the batch's own, not one of `defaults`).
    static func givenOptions(_ settings: BatchSettings) -> [(key: String, value: String)] {
        let given = givenOptions(settings.defaults)
        guard !settings.scales.isEmpty else { return given }
        return given + [(RenderOptions.scale.name, settings.scales.map(\.text).joined(separator: ","))]
    }

    /// The content and drawing options a command line gave, in declared order (flags as `true`).
    static func givenOptions(_ options: ParsedOptions) -> [(key: String, value: String)] {
        BatchRecordPlanner.groups.allOptions.compactMap { spec in
            guard options.isGiven(spec) || (spec.isFlag && options.isOn(spec)) else { return nil }
            return (spec.name, spec.isFlag ? "true" : options.texts(of: spec).joined(separator: ","))
        }
    }

    /// What earlier runs left in the folder: for each name drawn, the outcome and the run.
    struct Earlier: Sendable {
        /// 4 bytes a name (a table entry of 12 with its key): a resume of 200,000 records holds about 4 MiB.
        struct Entry: Sendable {
            private var outsideLimits: Bool
            private var runIndex: UInt16
            /// `rendered` or `outside-limits`.
            var status: String { outsideLimits ? BatchOutcome.Status.outsideLimits.rawValue : BatchOutcome.Status.rendered.rawValue }
            /// Which of `runs` drew it.
            var run: Int { Int(runIndex) }

            init?(status: String, run: Int) {
                guard status == "rendered" || status == "outside-limits", let index = UInt16(exactly: run) else { return nil }
                outsideLimits = status == "outside-limits"
                runIndex = index
            }
        }
        var entries: [UInt64: Entry] = [:]
        /// The command line options of each earlier report read.
        var runs: [[String: String]] = []
        /// Every name a report of runs with `options` (the current run's) lists, as a record or
        /// as gone: the names whose files `BatchGoneRecords` looks for when the manifest lacks them.
        var namesOfTheseOptions: Set<String> = []

        /// Whether the latest run that drew `name` had `options` (true when no report says who did),
        /// its scales aside (`sameList`).
        func lastDrawn(_ name: String, with options: [String: String]) -> Bool {
            guard let entry = entry(name), runs.indices.contains(entry.run) else { return true }
            return Self.sameList(runs[entry.run], options)
        }

        /// Whether runs with these options draw one list of names: the same content and drawing
        /// options, whatever their scales. A run at other scales draws the same records (under
        /// names with or without `@2x`), so a record dropped since, or drawn again under its name
        /// at the new scales, is found (`BatchGoneRecords`).
        static func sameList(_ first: [String: String], _ second: [String: String]) -> Bool {
            let scale = RenderOptions.scale.name
            return first.filter { $0.key != scale } == second.filter { $0.key != scale }
        }

        func entry(_ name: String) -> Entry? { entries.isEmpty ? nil : entries[Fingerprint(name).value] }

        /// The options of the run that drew `name`, if known.
        func options(_ name: String) -> [String: String]? {
            guard let entry = entry(name), runs.indices.contains(entry.run) else { return nil }
            return runs[entry.run]
        }

        /// The index of these options in `runs` (added when new).
        mutating func run(_ options: [String: String]) -> Int {
            if let index = runs.lastIndex(of: options) { return index }
            runs.append(options)
            return runs.count - 1
        }

        /// `locale en_CA → fr_CA`: the command line's options that differ from the run that drew `name`.
        func changes(_ name: String, now: [String: String]) -> [String] {
            guard let entry = entry(name), runs.indices.contains(entry.run) else { return [] }
            let before = runs[entry.run]
            return Set(before.keys).union(now.keys).sorted().compactMap { key in
                let old = before[key], new = now[key]
                guard old != new else { return nil }
                return "\(key) \(old ?? "(not given)") → \(new ?? "(not given)")"
            }
        }
    }

    /// Reads a report this tool wrote: a record a line, then the counts.
    static func read(_ path: String, keepLines: Bool = true) -> Report? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var report = Report(manifest: "")
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var line = raw
            if line.hasPrefix("    {") {
                if line.hasSuffix(",") { line = line.dropLast() }
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                let index = object["index"] as? Int ?? -1
                report.records.append((index, keepLines ? String(line.drop(while: { $0 == " " })) : "", object))
            } else if line.hasPrefix("  \"") {
                if line.hasSuffix(",") { line = line.dropLast() }
                guard let object = try? JSONSerialization.jsonObject(with: Data(("{" + line + "}").utf8)) as? [String: Any] else { continue }
                if let manifest = object["manifest"] as? String { report.manifest = manifest }
                if let digest = object["manifestDigest"] as? String { report.manifestDigest = digest }
                if let counts = object["counts"] as? [String: Int] { report.counts = counts }
                if let interrupted = object["interrupted"] as? String { report.interrupted = interrupted }
                if let stopped = object["stoppedEarly"] as? Bool { report.stoppedEarly = stopped }
                if let options = object["options"] as? [String: String] { report.options = options }
                if let failures = object["failures"] as? [String: Int] { report.failures = failures }
                if let gone = object["gone"] as? [[String: Any]] {
                    // Those whose files were not all removed (`--prune`).
                    report.gone = gone.compactMap { entry in
                        (entry["files"] as? [String] ?? []).count > (entry["removed"] as? [String] ?? []).count ? entry["name"] as? String : nil
                    }
                }
            }
        }
        guard !report.counts.isEmpty else { return nil }
        return report
    }

    /// The report files in a batch's own folder, oldest first.
    static func files(in own: String) -> [(name: String, run: String, shard: Shard, modified: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: own)) ?? []
        var found: [(name: String, run: String, shard: Shard, modified: Date)] = []
        for name in names {
            guard let (run, shard) = shard(ofFile: name),
                let attributes = try? FileManager.default.attributesOfItem(atPath: own + "/" + name),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            found.append((name, run, shard, attributes[.modificationDate] as? Date ?? .distantPast))
        }
        return found.sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
    }

    /// What earlier runs found for each name they drew or skipped: a hash of the name → the
    /// outcome (`rendered`, `outside-limits`). Later reports win.
    /// - Parameter options: the current run's options: the names of reports of runs with these
    ///   (`Earlier.namesOfTheseOptions`) are kept too.
    static func earlierOutcomes(in own: String, options: [String: String]? = nil) -> Earlier {
        var earlier = Earlier()
        for file in files(in: own) {
            guard let report = read(own + "/" + file.name, keepLines: false) else { continue }
            let run = earlier.run(report.options)
            if let options, Earlier.sameList(report.options, options) {
                for record in report.records { if let name = record.object["name"] as? String { earlier.namesOfTheseOptions.insert(name) } }
                earlier.namesOfTheseOptions.formUnion(report.gone)
            }
            for record in report.records {
                guard let name = record.object["name"] as? String, let status = record.object["status"] as? String else { continue }
                let key = Fingerprint(name).value
                let found = record.object["earlier"] as? String
                if let found, let drawnWith = record.object["drawnWith"] as? [String: String] {
                    // Kept or refused by --on-change: the image is still the one an older run drew.
                    earlier.entries[key] = Earlier.Entry(status: found, run: earlier.run(drawnWith)) ?? earlier.entries[key]
                } else if status == "skipped", let found {
                    // Up to date: drawn with this run's options, as the report says.
                    earlier.entries[key] = Earlier.Entry(status: found, run: run) ?? earlier.entries[key]
                } else if status == "rendered" || status == "outside-limits" {
                    earlier.entries[key] = Earlier.Entry(status: status, run: run) ?? earlier.entries[key]
                }
            }
        }
        return earlier
    }

    /// `breakdown report FOLDER`: every run's reports combined (of each run, its latest shard
    /// count), the latest outcome per name, in run then manifest order. Prints the failures (one
    /// line each) and one summary line, failures totalled by cause; writes the combined report
    /// to `reportPath` if given. Exit 1 when a shard's report is missing, a record failed, or a
    /// shard was interrupted.
    package static func combine(folder: String, reportPath: String?, console: Console) throws(CLIError) -> Int32 {
        // The combined report never takes the place of what the batch reads or wrote: its
        // journal, a shard's report, an image (batch --report's rule), or the manifest (below).
        if let reportPath, let problem = BatchReportWriter.clash(reportPath, output: folder) {
            throw .usage("--report \(reportPath) \(problem)")
        }
        let own = folder + "/" + BatchFolder.ownFolderName
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: own, isDirectory: &isFolder), isFolder.boolValue else {
            throw .usage("\(folder) has no batch reports: it is not the output folder of a batch (no \(BatchFolder.ownFolderName) in it)")
        }
        let all = files(in: own)
        guard let latest = all.last else {
            throw .usage("\(folder) has no batch reports in \(BatchFolder.ownFolderName): no batch has finished there yet")
        }
        // The runs, oldest first (by their newest report); of each, the latest shard count.
        var runOrder: [String] = []
        for file in all.reversed() where !runOrder.contains(file.run) { runOrder.insert(file.run, at: 0) }
        var runs: [Run] = []
        // Reports of a run's earlier shard count: superseded by its latest, named, never combined.
        var leftOut: [String] = []
        // Reports of the same manifest path whose bytes were others than the run's latest (the
        // file was edited between shards): their records are another list, never combined.
        var otherContent: [String] = []
        for key in runOrder {
            let files = all.filter { $0.run == key }
            let count = files.last!.shard.count
            leftOut += files.filter { $0.shard.count != count }.map(\.name)
            var run = Run(count: count)
            var latestDigest: String?
            for file in files.filter({ $0.shard.count == count }).reversed() {
                guard let report = read(own + "/" + file.name) else {
                    // Cut short (a copy from a node that stopped) or not one this tool wrote: the
                    // shard is as good as unfinished, and said as such with the file's name; the
                    // other shards are still combined.
                    run.unreadable[file.shard.index] = own + "/" + file.name
                    continue
                }
                if file.name == files.last!.name { latestDigest = report.manifestDigest }
                if let digest = report.manifestDigest, let latestDigest, digest != latestDigest {
                    otherContent.append(file.name)
                    continue
                }
                run.reports[file.shard.index] = report
                run.modified[file.shard.index] = file.modified
            }
            run.missing = (0..<count).filter { run.reports[$0] == nil }
            run.identity = files.last.flatMap { file in run.reports[file.shard.index].map(Self.manifestIdentity) } ?? ""
            run.newest = files.last!.modified
            runs.append(run)
        }
        // Only the newest manifest's runs are the folder's list (nightly exports under dated
        // names into one folder): runs of another manifest (another digest of its bytes; for
        // standard input, another path) are superseded, listed by path and time, never
        // combined, never failing the report. A name the newest manifest has that a
        // superseded run drew last keeps that run's outcome: the image in place is its.
        let newestIdentity = runs.last { $0.newest == runs.map(\.newest).max() }?.identity ?? ""
        let superseded = runs.filter { $0.identity != newestIdentity }
        let keptNames = Set(runs.filter { $0.identity == newestIdentity }.flatMap { $0.reports.values.flatMap { $0.records.compactMap { $0.object["name"] as? String } } })
        // The latest outcome per name: a later report's entries of a name replace an earlier
        // report's, report by report in the order they were written (a shard rerun late does not
        // make its whole run the latest); within a report every entry stays (variants and
        // duplicates share a name). An entry without a name is its manifest's line.
        var records: [(run: Int, order: Int, index: Int, line: String, object: [String: Any])] = []
        let written = runs.enumerated().flatMap { number, run in
            run.reports.keys.map { (run: number, shard: $0, modified: run.modified[$0] ?? .distantPast) }
        }.sorted { ($0.modified, $0.run, $0.shard) < ($1.modified, $1.run, $1.shard) }
        func key(_ object: [String: Any], manifest: String) -> String {
            (object["name"] as? String).map { "name:" + $0 } ?? "line:\(manifest)\u{0}\(object["line"] as? Int ?? -1)"
        }
        for (order, file) in written.enumerated() {
            let report = runs[file.run].reports[file.shard]!
            let entries = report.records.sorted { $0.index < $1.index }
            let keys = Set(entries.map { key($0.object, manifest: report.manifest) })
            records.removeAll { keys.contains(key($0.object, manifest: runs[$0.run].manifest)) }
            records += entries.map { (file.run, order, $0.index, $0.line, $0.object) }
        }
        records.removeAll { record in
            runs[record.run].identity != newestIdentity && !((record.object["name"] as? String).map(keptNames.contains) ?? false)
        }
        let superseding = runs.indices.filter { runs[$0].identity != newestIdentity }
        for index in superseding { runs[index].missing = [] }
        let combinedRuns = runs.filter { $0.identity == newestIdentity }
        // Shown run by run (oldest first), each in manifest order, as one run would list them.
        records.sort { ($0.run, $0.index, $0.order) < ($1.run, $1.index, $1.order) }
        var counts: [String: Int] = [:]
        // Counts of what happened in the runs (not a status): summed.
        for key in ["warnings", "replacedChanged", "kept", "removedFiles", "keptStaleFiles", "leftUnknownFiles", "removedLeftoverFiles", "replacedUnknownFiles"] {
            counts[key] = combinedRuns.flatMap(\.reports.values).reduce(0) { $0 + ($1.counts[key] ?? 0) }
        }
        let statusKeys: [String: String] = [
            "rendered": "rendered", "outside-limits": "outsideLimits", "skipped": "skipped", "hidden": "hidden", "failed": "failed",
            "duplicate": "duplicates", "not-run": "notRun", "notRun": "notRun", "no-price": "noPrice",
        ]
        for key in Set(statusKeys.values) { counts[key] = 0 }
        var failures: [String: Int] = [:]
        // The folder's view: a record skipped because an earlier run drew it counts as what that
        // run found (its `earlier`), and `drawnEarlier` says how many those are.
        counts["drawnEarlier"] = 0
        for record in records {
            guard var status = record.object["status"] as? String else { continue }
            if status == "skipped", let earlier = record.object["earlier"] as? String, earlier == "rendered" || earlier == "outside-limits" {
                status = earlier
                counts["drawnEarlier", default: 0] += 1
            }
            guard let key = statusKeys[status] else { continue }
            counts[key, default: 0] += 1
            if status == "failed" {
                let cause = record.object["cause"] as? String ?? FailureCause.of(field: record.object["field"] as? String).key
                failures[cause, default: 0] += 1
                let line = record.object["line"] as? Int ?? 0
                let number = record.object["record"] as? Int ?? 0
                console.printError("\(runs[record.run].manifest) line \(line) (record \(number)): \(record.object["error"] as? String ?? "failed")")
            }
        }
        counts["records"] = records.count
        let interrupted = combinedRuns.flatMap(\.reports.values).compactMap(\.interrupted)
        var summaryCounts = BatchCounts(reportCounts: counts)
        summaryCounts.causes = failures
        let summary = BatchSummary(records: records.count, counts: summaryCounts, seconds: 0, stoppedEarly: false)
        let shards = combinedRuns.reduce(0) { $0 + $1.count }
        var line = summary.countsLine + " (\(BatchSummary.count(records.count, "record")) in \(BatchSummary.count(shards, "shard"))"
        line += combinedRuns.count > 1 ? " of \(combinedRuns.count) runs)" : ")"
        if let drawnEarlier = counts["drawnEarlier"], drawnEarlier > 0 {
            line += "; \(BatchSummary.count(drawnEarlier, "record")) drawn by an earlier run, skipped since, counted as that run found"
        }
        for run in combinedRuns where !run.missing.isEmpty {
            let which = combinedRuns.count > 1 ? " of the run of \(run.manifest)\(Self.optionsShown(run))" : ""
            let unfinished = run.missing.filter { run.unreadable[$0] == nil }
            if !unfinished.isEmpty {
                line += "; no report from \(unfinished.count == 1 ? "shard" : "shards") \(unfinished.map { "\($0)/\(run.count)" }.joined(separator: ", "))\(which): \(unfinished.count == 1 ? "it has" : "they have") not finished (rerun \(unfinished.count == 1 ? "it" : "them"))"
            }
            for shard in run.missing {
                guard let path = run.unreadable[shard] else { continue }
                line += "; the report of shard \(shard)/\(run.count)\(which) is cut short or not one this tool wrote (\(path)): its records are not counted (rerun the shard)"
            }
        }
        // Which shards were interrupted, by what: each must be run again to read the rest of the
        // manifest (its records not yet read are in no report, so not in these counts).
        let interruptedShards = combinedRuns.flatMap { run in
            run.reports.sorted { $0.key < $1.key }.compactMap { shard, report in report.interrupted.map { "shard \(shard)/\(run.count) by \($0)" } }
        }
        if !interruptedShards.isEmpty {
            line += "; interrupted, the rest of the manifest not read: \(interruptedShards.joined(separator: ", ")) (rerun \(interruptedShards.count == 1 ? "it" : "them"))"
        }
        if !otherContent.isEmpty {
            line += "; left out \(BatchSummary.count(otherContent.count, "report")) of another content of the manifest, which changed after \(otherContent.count == 1 ? "it was" : "they were") written (\(otherContent.sorted().prefix(8).joined(separator: ", "))\(otherContent.count > 8 ? " and \(otherContent.count - 8) more" : "")): rerun \(otherContent.count == 1 ? "that shard" : "those shards")"
        }
        if !leftOut.isEmpty {
            line += "; left out \(BatchSummary.count(leftOut.count, "report")) of an earlier shard count of the same run (\(leftOut.sorted().prefix(8).joined(separator: ", "))\(leftOut.count > 8 ? " and \(leftOut.count - 8) more" : ""))"
        }
        if combinedRuns.flatMap(\.reports.values).contains(where: \.stoppedEarly) { line += "; stopped at a failure (--fail-fast)" }
        // Records the newest manifest no longer has whose files its runs found in place (each
        // report's `gone`), unless a later report drew the name again.
        let drawnNames = Set(records.compactMap { $0.object["name"] as? String })
        let gone = Set(combinedRuns.flatMap { $0.reports.values.flatMap(\.gone) }).subtracting(drawnNames)
        if !gone.isEmpty {
            let names = gone.sorted()
            line += "; \(BatchSummary.count(names.count, "record")) no longer in the manifest still \(names.count == 1 ? "has" : "have") files (\(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? " and \(names.count - 8) more" : "")): breakdown batch --prune removes them"
        }
        if !superseded.isEmpty {
            let shown = superseded.reversed().prefix(8).map { "\($0.manifest) at \(Self.timeText($0.newest))\(Self.optionsShown($0))" }
            line += "; superseded by the newest manifest (\(combinedRuns.last?.manifest ?? "")), not combined: \(BatchSummary.count(superseded.count, "run")) of "
                + (Set(superseded.map(\.identity)).count == 1 ? "an earlier manifest" : "earlier manifests") + " (" + shown.joined(separator: ", ")
                + (superseded.count > 8 ? " and \(superseded.count - 8) more" : "") + ")"
        }
        if let reportPath, let manifest = Set(runs.map(\.manifest)).sorted().first(where: { $0 != "-" && OutputPath.isSameFile(reportPath, $0) }) {
            throw .usage("--report \(reportPath) is the manifest \(manifest): give another path for the report")
        }
        console.print(line)
        let missing = combinedRuns.flatMap(\.missing)
        if let reportPath {
            let manifests = combinedRuns.map(\.manifest)
            let supersededList = JSONValue.array(
                superseded.map { run in
                    .object([
                        ("manifest", .string(run.manifest)), ("manifestDigest", run.reports.values.first?.manifestDigest.map { .string($0) } ?? .null),
                        ("written", .string(Self.timeText(run.newest))), ("shards", .number(Double(run.count))),
                        ("options", .object((run.reports.values.first?.options ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                    ])
                })
            let runList = JSONValue.array(
                combinedRuns.map { run in
                    .object([
                        ("manifest", .string(run.manifest)), ("shards", .number(Double(run.count))),
                        ("missingShards", .array(run.missing.map { .number(Double($0)) })),
                        // Among the missing: those whose report is there but cut short (its path).
                        ("unreadableReports", .array(run.unreadable.sorted { $0.key < $1.key }.map { .string($0.value) })),
                        ("interruptedShards", .array(run.reports.filter { $0.value.interrupted != nil }.keys.sorted().map { .number(Double($0)) })),
                        ("options", .object((run.reports.values.first?.options ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                    ])
                })
            var text = "{\n  \"manifest\": \(JSONValue.string(manifests.last ?? "").compact),\n  \"output\": \(JSONValue.string(folder).compact),\n"
            text += "  \"shards\": \(latest.shard.count),\n  \"missingShards\": [\(runs.last!.missing.map(String.init).joined(separator: ", "))],\n"
            text += "  \"runs\": \(runList.compact),\n  \"superseded\": \(supersededList.compact),\n  \"leftOut\": \(JSONValue.array((leftOut + otherContent).sorted().map { .string($0) }).compact),\n  \"records\": ["
            text += records.isEmpty ? "" : "\n    " + records.map(\.line).joined(separator: ",\n    ") + "\n  "
            let countsJSON = JSONValue.object(counts.keys.sorted().map { ($0, JSONValue.number(Double(counts[$0]!))) })
            let failuresJSON = JSONValue.object(failures.keys.sorted().map { ($0, JSONValue.number(Double(failures[$0]!))) })
            text += "],\n  \"counts\": \(countsJSON.compact),\n  \"failures\": \(failuresJSON.compact),\n"
            text += "  \"interrupted\": \(interrupted.isEmpty ? "null" : JSONValue.string(interrupted[0]).compact)\n}\n"
            do {
                try AtomicWriter.write([(Data(text.utf8), reportPath)])
            } catch {
                throw .failure("cannot write the report \(reportPath): \(error.message)")
            }
        }
        let failed = counts["failed"] ?? 0
        return failed > 0 || !missing.isEmpty || !interrupted.isEmpty ? ExitStatus.failure : ExitStatus.success
    }

    /// One run's reports in a folder: of its latest shard count, and the shards without one.
    private struct Run {
        var count: Int
        var reports: [Int: Report] = [:]
        /// When each shard's report was written.
        var modified: [Int: Date] = [:]
        var missing: [Int] = []
        /// The shards whose report could not be read (cut short, or not one this tool wrote), by
        /// the report's path; among `missing`.
        var unreadable: [Int: String] = [:]
        var manifest: String { reports.values.first?.manifest ?? "" }
        /// Which manifest it read (`manifestIdentity` of its latest report).
        var identity = ""
        /// When its latest report was written.
        var newest = Date.distantPast
    }

    /// What tells one manifest from another: the digest of its bytes; for a run that read
    /// standard input (no digest), its label.
    static func manifestIdentity(_ report: Report) -> String { report.manifestDigest.map { "digest:" + $0 } ?? "path:" + report.manifest }

    /// `2026-12-04T01:02:03Z`.
    static func timeText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// ` (locale fr_CA)`: a run's command line options, to tell runs of one manifest apart.
    private static func optionsShown(_ run: Run) -> String {
        guard let given = run.reports.values.first?.options, !given.isEmpty else { return "" }
        return " (" + given.keys.sorted().map { "\($0) \(given[$0]!)" }.joined(separator: ", ") + ")"
    }
}

extension BatchCounts {
    /// Counts as a report writes them.
    init(reportCounts counts: [String: Int]) {
        self.init()
        rendered = counts["rendered"] ?? 0
        outsideLimits = counts["outsideLimits"] ?? 0
        skipped = counts["skipped"] ?? 0
        hidden = counts["hidden"] ?? 0
        failed = counts["failed"] ?? 0
        duplicates = counts["duplicates"] ?? 0
        notRun = counts["notRun"] ?? 0
        warnings = counts["warnings"] ?? 0
        replacedChanged = counts["replacedChanged"] ?? 0
        kept = counts["kept"] ?? 0
        noPrice = counts["noPrice"] ?? 0
        removedFiles = counts["removedFiles"] ?? 0
        keptFiles = counts["keptStaleFiles"] ?? 0
        foreignFiles = counts["leftUnknownFiles"] ?? 0
        removedLeftovers = counts["removedLeftoverFiles"] ?? 0
        replacedUnknown = counts["replacedUnknownFiles"] ?? 0
    }
}
