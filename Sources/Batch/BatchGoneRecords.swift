import BreakdownEncode
import BreakdownOptions
import Foundation

/// Records no longer in the manifest: names that earlier runs with this run's content and
/// drawing options drew (their reports in `.breakdown-batch` list them, as records or as gone),
/// that no record of this manifest takes, and whose files are still the very files the batch
/// wrote (the journals say which: size, time, inode, owner). A product deleted from the export
/// would otherwise keep its image, unmentioned. They are listed in the summary and the report
/// (`gone`, so later runs keep listing them); `--prune` removes their files, naming each.
///
/// Runs with other options (another locale into the same folder) are never looked at: their
/// names are another list. A name another options' run drew last is left to it. Nothing outside
/// the output folder is touched: every file name comes from a journal line, checked to be a
/// plain name in the output folder when read (`JournalEntry.read`), and is removed only while it
/// is still the very file recorded (`BatchFolder.removeIfStill`).
struct BatchGoneRecords: Sendable {
    struct Record: Sendable {
        var name: String
        /// Its files in place when the run ended (before `--prune`).
        var files: [String]
        /// Those `--prune` removed.
        var removed: [String] = []
    }

    var records: [Record] = []
    var pruned = false
    /// Files of records drawn again at other scales (`a@1x.png` … after `--scale 1,2,3`, when
    /// this run draws `a` at `--scale 2`), removed: the record's old images, whatever `--prune` says.
    var removedOtherScales: [String] = []

    var fileCount: Int { records.reduce(0) { $0 + $1.files.count } }
    var removedCount: Int { records.reduce(0) { $0 + $1.removed.count } }

    /// - Parameters:
    ///   - earlier: what the folder's reports say (`namesOfTheseOptions`: the candidates).
    ///   - options: this run's content and drawing options.
    ///   - isInManifest: whether a record of this manifest (any shard's) takes the name.
    ///   - scales: this run's scales (`RenderScale.text`), empty for the default one.
    ///   - scaleNamed: whether this run's name template has `{scale}`.
    static func find(
        earlier: BatchShardReports.Earlier, options: [String: String], isInManifest: (String) -> Bool, shard: Shard,
        journal: BatchJournal, folder: BatchFolder, prune: Bool, scales: [String] = [], scaleNamed: Bool = false
    ) -> BatchGoneRecords {
        var gone = BatchGoneRecords(pruned: prune)
        for name in earlier.namesOfTheseOptions.sorted() {
            guard shard.contains(name: name), !isInManifest(name), earlier.lastDrawn(name, with: options) else { continue }
            var files: [JournalFile] = []
            for file in journal.earlierEntries(name: name).flatMap(\.files)
            where !files.contains(where: { $0.name == file.name }) && folder.regularFile(file.name) == file {
                files.append(file)
            }
            guard !files.isEmpty else { continue }
            let earlierScales = (earlier.options(name)?[RenderOptions.scale.name] ?? "").split(separator: ",").map(String.init)
            if !scaleNamed, let now = nameAtThisRunsScales(name, earlierScales: earlierScales, scales: scales), isInManifest(now) {
                // The same record, drawn again under its name at this run's scales: its old files
                // go, as those of a format no longer asked for do. One changed since is left, and listed.
                let removed = files.filter { folder.removeIfStill($0) }.map(\.name)
                gone.removedOtherScales += removed
                files.removeAll { removed.contains($0.name) }
                if files.isEmpty { continue }
            }
            var record = Record(name: name, files: files.map(\.name))
            if prune { record.removed = files.filter { folder.removeIfStill($0) }.map(\.name) }
            gone.records.append(record)
        }
        return gone
    }

    /// The name this run gives the record an earlier run drew as `name` at `earlierScales`, when
    /// the two differ in their scale suffix only: `a@1x` (at 1, 2 and 3) is `a` at one scale and
    /// `a@2x` at 2 and 3; `a` (at one scale) is `a@1x` at 1, 2 and 3. Nil when it is the same name,
    /// or `name` does not end as that run named its first scale.
    static func nameAtThisRunsScales(_ name: String, earlierScales: [String], scales: [String]) -> String? {
        var base = name
        if earlierScales.count > 1 {
            let suffix = "@" + earlierScales[0] + "x"
            guard name.hasSuffix(suffix), name.count > suffix.count else { return nil }
            base = String(name.dropLast(suffix.count))
        }
        let now = scales.count > 1 ? base + "@" + scales[0] + "x" : base
        return now == name ? nil : now
    }

    /// What the summary line says of them, or nil when there are none.
    var sentence: String? {
        guard !records.isEmpty else { return nil }
        let recordsText = BatchSummary.count(records.count, "record")
        if pruned {
            let removed = records.flatMap(\.removed)
            let left = fileCount - removed.count
            var text = "removed \(BatchSummary.count(removed.count, "file")) of \(recordsText) no longer in the manifest (--prune)"
            if left > 0 { text += "; \(BatchSummary.count(left, "file")) of them changed since the batch wrote it and \(left == 1 ? "was" : "were") left" }
            return text
        }
        let files = records.flatMap(\.files)
        return "\(recordsText) no longer in the manifest still \(records.count == 1 ? "has" : "have") \(BatchSummary.count(files.count, "file")) an earlier run drew "
            + "(\(BatchSummary.sample(Array(files.prefix(8)), files.count))); --prune removes them"
    }

    /// The report's `gone` member: each record's name, files and the files removed.
    var json: JSONValue {
        .array(
            records.map { record in
                .object([
                    ("name", .string(record.name)), ("files", .array(record.files.map { .string($0) })),
                    ("removed", .array(record.removed.map { .string($0) })),
                ])
            })
    }
}
