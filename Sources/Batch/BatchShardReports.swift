import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import Foundation
import BreakdownIO

/// Every batch also keeps its own report in the output folder,
/// `.breakdown-batch/report-K-of-N.json` (K/N its shard; `0-of-1` unsharded), written like
/// `--report`. `breakdown report FOLDER` combines the reports of the latest shard count into one
/// summary and one report; a later run reads them to say, for each record it skips, what the
/// run that drew it found (`earlier`).
package enum BatchShardReports {
    static func fileName(_ shard: Shard) -> String { "report-\(shard.index)-of-\(shard.count).json" }

    /// The shard a file name stands for (`report-3-of-8.json`), if it is one.
    static func shard(ofFile name: String) -> Shard? {
        guard name.hasPrefix("report-"), name.hasSuffix(".json") else { return nil }
        let middle = name.dropFirst("report-".count).dropLast(".json".count)
        let parts = middle.components(separatedBy: "-of-")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index) else {
            return nil
        }
        return Shard(index: index, count: count)
    }

    /// One report read back: its record lines (as written) and what follows them.
    struct Report {
        var manifest: String
        var records: [(index: Int, line: String, object: [String: Any])] = []
        var counts: [String: Int] = [:]
        var interrupted: String?
        var stoppedEarly = false
        /// The command line's content and drawing options of the run that wrote it.
        var options: [String: String] = [:]
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
                if let counts = object["counts"] as? [String: Int] { report.counts = counts }
                if let interrupted = object["interrupted"] as? String { report.interrupted = interrupted }
                if let stopped = object["stoppedEarly"] as? Bool { report.stoppedEarly = stopped }
                if let options = object["options"] as? [String: String] { report.options = options }
            }
        }
        guard !report.counts.isEmpty else { return nil }
        return report
    }

    /// The report files in a batch's own folder, oldest first.
    static func files(in own: String) -> [(name: String, shard: Shard, modified: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: own)) ?? []
        var found: [(name: String, shard: Shard, modified: Date)] = []
        for name in names {
            guard let shard = shard(ofFile: name),
                let attributes = try? FileManager.default.attributesOfItem(atPath: own + "/" + name),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            found.append((name, shard, attributes[.modificationDate] as? Date ?? .distantPast))
        }
        return found.sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
    }

    /// What earlier runs found for each name they drew or skipped: a hash of the name → the
    /// outcome (`rendered`, `outside-limits`). Later reports win.
    static func earlierOutcomes(in own: String) -> Earlier {
        var earlier = Earlier()
        for file in files(in: own) {
            guard let report = read(own + "/" + file.name, keepLines: false) else { continue }
            let run = earlier.run(report.options)
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

    /// `breakdown report FOLDER`: the latest shard count's reports combined, in manifest order.
    /// Prints the failures (one line each) and one summary line; writes the combined report to
    /// `reportPath` if given. Exit 1 when a shard's report is missing, a record failed, or a
    /// shard was interrupted.
    package static func combine(folder: String, reportPath: String?, console: Console) throws(CLIError) -> Int32 {
        let own = folder + "/" + BatchFolder.ownFolderName
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: own, isDirectory: &isFolder), isFolder.boolValue else {
            throw .usage("\(folder) has no batch reports: it is not the output folder of a batch (no \(BatchFolder.ownFolderName) in it)")
        }
        let all = files(in: own)
        guard let latest = all.last else {
            throw .usage("\(folder) has no batch reports in \(BatchFolder.ownFolderName): no batch has finished there yet")
        }
        let count = latest.shard.count
        let shards = all.filter { $0.shard.count == count }
        var reports: [Int: Report] = [:]
        for file in shards {
            guard let report = read(own + "/" + file.name) else {
                throw .failure("cannot read the report \(own)/\(file.name): it is not a report this tool wrote")
            }
            reports[file.shard.index] = report
        }
        let missing = (0..<count).filter { reports[$0] == nil }
        let manifests = Set(reports.values.map(\.manifest))
        guard manifests.count <= 1 else {
            throw .failure("the \(count) shard reports in \(folder) are of different manifests: \(manifests.sorted().joined(separator: ", "))")
        }
        let manifest = manifests.first ?? ""
        var records = reports.values.flatMap(\.records)
        records.sort { $0.index < $1.index }
        var counts: [String: Int] = [:]
        for report in reports.values { counts.merge(report.counts, uniquingKeysWith: +) }
        for record in records where record.object["status"] as? String == "failed" {
            let line = record.object["line"] as? Int ?? 0
            let number = record.object["record"] as? Int ?? 0
            console.printError("\(manifest) line \(line) (record \(number)): \(record.object["error"] as? String ?? "failed")")
        }
        let interrupted = reports.values.compactMap(\.interrupted)
        let summary = BatchSummary(
            records: counts["records"] ?? records.count, counts: BatchCounts(reportCounts: counts), seconds: 0, stoppedEarly: false)
        var line = summary.countsLine + " (\(BatchSummary.count(records.count, "record")) in \(BatchSummary.count(count, "shard")))"
        if !missing.isEmpty {
            line += "; no report from \(missing.count == 1 ? "shard" : "shards") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")): it has not finished (rerun it)"
        }
        if !interrupted.isEmpty { line += "; \(interrupted.count) interrupted (\(Set(interrupted).sorted().joined(separator: ", ")))" }
        if reports.values.contains(where: \.stoppedEarly) { line += "; stopped at a failure (--fail-fast)" }
        console.print(line)
        if let reportPath {
            var text = "{\n  \"manifest\": \(JSONValue.string(manifest).compact),\n  \"output\": \(JSONValue.string(folder).compact),\n"
            text += "  \"shards\": \(count),\n  \"missingShards\": [\(missing.map(String.init).joined(separator: ", "))],\n  \"records\": ["
            text += records.isEmpty ? "" : "\n    " + records.map(\.line).joined(separator: ",\n    ") + "\n  "
            let countsJSON = JSONValue.object(counts.keys.sorted().map { ($0, JSONValue.number(Double(counts[$0]!))) })
            text += "],\n  \"counts\": \(countsJSON.compact),\n  \"interrupted\": \(interrupted.isEmpty ? "null" : JSONValue.string(interrupted[0]).compact)\n}\n"
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: reportPath), options: .atomic)
            } catch {
                throw .failure("cannot write the report \(reportPath): \(error.localizedDescription)")
            }
        }
        let failed = counts["failed"] ?? 0
        return failed > 0 || !missing.isEmpty || !interrupted.isEmpty ? ExitStatus.failure : ExitStatus.success
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
    }
}
