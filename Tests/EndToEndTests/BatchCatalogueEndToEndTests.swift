@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of BatchCatalogueTests that start a process; the rest are BatchCatalogueTests, in CLITests.
@Suite struct BatchCatalogueEndToEndTests {
    typealias Support = BatchTestSupport

    /// A batch in the test process (`InProcessCLI`), as BatchCatalogueTests runs one.
    static func batch(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> BinaryRunner.Result {
        try BatchProcess.run(arguments, environment: environment, folder: folder)
    }

    /// Cells of one CSV line (quotes, doubled quotes, commas inside quotes): enough for the generator's output.
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { cell.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        cells.append(cell)
        return cells
    }

    /// What one run should make of the generator's CSV: each row's status and name.
    static func expectedOutcomes(_ csv: String, locale: String) -> [(status: String, name: String)] {
        var text = Substring(csv)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
        var claimed: [String: Decimal] = [:]
        var outcomes: [(String, String)] = []
        for line in lines {
            let row = cells(Substring(line))
            let name = "\(row[0])-\(locale)"
            var price = row[2].trimmingCharacters(in: .whitespaces)
            for mark in ["$", "AUD", ","] { price = price.replacingOccurrences(of: mark, with: "") }
            price = price.trimmingCharacters(in: .whitespaces)
            guard !price.isEmpty, let amount = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")) else {
                outcomes.append(("failed", name))
                continue
            }
            if let earlier = claimed[name] {
                outcomes.append((earlier == amount ? "duplicate" : "failed", name))
                continue
            }
            claimed[name] = amount
            outcomes.append((amount >= 1 && amount <= 2000 ? "rendered" : "outside-limits", name))
        }
        return outcomes
    }

    static func catalogue(_ count: Int, in folder: URL) throws -> URL {
        let csv = folder.appendingPathComponent("catalogue.csv")
        let made = try BinaryRunner.run(command: "/usr/bin/env", ["python3", ProjectFolder.root.appendingPathComponent("Tools/shop-catalogue.py").path, "\(count)", csv.path])
        #expect(made.status == 0, "\(made.stderr)")
        return csv
    }

    @Test(.timeLimit(.minutes(15))) func aShopExportRunsAsItIsAndTheCountsAddUp() throws {
        let folder = try Support.temporaryFolder("catalogue")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = try Self.catalogue(120, in: folder)
        let bytes = try Data(contentsOf: csv)
        #expect(bytes.starts(with: Array("\u{FEFF}SKU,Product Name,Price,Category\r\n".utf8)), "a byte order mark, the header, CRLF")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(",\"1,"), "prices with a thousands separator")
        let output = folder.appendingPathComponent("emails")

        // As exported: one line for the whole manifest, naming every column; nothing written.
        let refused = try Self.batch(["batch", csv.path, "-o", output.path], in: folder)
        #expect(refused.status == 2)
        #expect(Support.errorLines(refused).count == 1, "\(refused.stderr)")
        for column in ["'SKU'", "'Product Name'", "'Price'", "'Category'", "--map amount=Price,name=SKU", "--extra-columns ignore", "accepted keys: amount"] {
            #expect(refused.stderr.contains(column), "\(column)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let report = folder.appendingPathComponent("report.json")
        let result = try Self.batch(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Price", "--extra-columns", "ignore", "--name", "{SKU}-{locale}",
             "--report", report.path, "--jobs", "2"], in: folder)
        let expected = Self.expectedOutcomes(text, locale: "en_AU")
        let count = { (status: String) in expected.filter { $0.status == status }.count }
        #expect(expected.count == 120)
        #expect(count("failed") >= 3 + 2, "three duplicate SKUs and some empty prices")
        #expect(count("outside-limits") > 0)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered \(count("rendered")), skipped 0, hidden 0, failed \(count("failed")) ("), "\(result.stdout)")
        #expect(result.stdout.contains("), outside limits \(count("outside-limits")) (120 records"), "\(result.stdout)")
        #expect(Support.errorLines(result).count == count("failed"), "\(result.stderr)")

        let json = try Support.report(report)
        let counts = try Support.counts(json)
        #expect(counts["records"] == 120)
        #expect(["rendered", "outsideLimits", "skipped", "hidden", "failed", "duplicates", "notRun"].reduce(0) { $0 + (counts[$1] ?? 0) } == 120)
        let records = try #require(json["records"] as? [[String: Any]])
        #expect(records.count == 120)
        for (record, outcome) in zip(records, expected) {
            #expect(record["status"] as? String == outcome.status, "\(record)")
            // Every record is named, also a failed one.
            #expect(record["name"] as? String == outcome.name, "\(record)")
            #expect((record["line"] as? Int ?? 0) >= 2)
        }
        let pngs = try Support.files(output, ext: "png")
        #expect(pngs.count == count("rendered") + count("outside-limits"))
        #expect(pngs.allSatisfy { $0.hasPrefix("SKU-") && $0.hasSuffix("-en_AU.png") })
        for png in pngs.prefix(5) { #expect(Support.isWholePNG(output.appendingPathComponent(png))) }
    }

    /// A manifest with names that clash (other options: a failure in one run), an identical
    /// repeat (a duplicate) and a bad price, for the shard tests.
    static func shardManifest() -> String {
        var lines = ["name,amount,logo"]
        for number in 0..<27 { lines.append("p\(number),\(10 + number).50,\(["badge", "lockup", "compactBadge"][number % 3])") }
        lines += ["p3,99.00,badge", "p11,5.00,lockup", "p20,\"1,299\",badge", "p7,17.50,lockup", "p25,1.299.00,badge"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.timeLimit(.minutes(15))) func eightThreeAndOneShardsAtOnceAgreeWithOneRun() throws {
        let folder = try Support.temporaryFolder("catalogue-shards")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write(Self.shardManifest(), to: manifest)
        var running: [(count: Int, process: BatchProcess.Running)] = []
        for count in [8, 3, 1] {
            let output = folder.appendingPathComponent("out-\(count)")
            for index in 0..<count {
                running.append((count, try BatchProcess.Running(
                    ["batch", manifest.path, "-o", output.path, "--shard", "\(index)/\(count)", "--jobs", "1", "--quiet"], folder: folder)))
            }
        }
        var failures: [Int: [String]] = [:]
        for (count, process) in running {
            let result = process.finish()
            #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
            failures[count, default: []] += Support.errorLines(result)
        }
        let one = try Support.images(folder.appendingPathComponent("out-1"))
        #expect(one.count == 27, "27 names; the records that claim one again draw nothing")
        for count in [8, 3] {
            #expect(try Support.images(folder.appendingPathComponent("out-\(count)")) == one, "\(count) shards")
            #expect(failures[count]!.sorted() == failures[1]!.sorted(), "\(count) shards")
        }
        // Two names clashing, two bad prices; each once, whatever the number of shards.
        #expect(failures[1]!.count == 4, "\(failures[1]!)")
        #expect(failures[1]!.filter { $0.contains("names must be unique") }.count == 2)

        var combined: [Int: [String: Any]] = [:]
        for count in [8, 3, 1] {
            let path = folder.appendingPathComponent("combined-\(count).json")
            let result = try Self.run(["report", folder.appendingPathComponent("out-\(count)").path, "--report", path.path], in: folder)
            #expect(result.status == 1, "a record failed")
            #expect(result.stdout.hasPrefix("rendered 27, skipped 0, hidden 0, failed 4 (2 duplicate names, 1 ambiguous price, 1 invalid price), duplicates 1 (32 records in \(BatchSummary.count(count, "shard")))"), "\(result.stdout)")
            #expect(Support.errorLines(result).sorted() == failures[1]!.sorted())
            combined[count] = try Support.report(path)
        }
        func entries(_ report: [String: Any]?) -> [String] {
            ((report?["records"] as? [[String: Any]]) ?? []).map { "\($0["index"] ?? "") \($0["status"] ?? "") \($0["name"] ?? "") \($0["error"] ?? "")" }
        }
        #expect(entries(combined[1]).count == 32)
        #expect(entries(combined[8]) == entries(combined[1]))
        #expect(entries(combined[3]) == entries(combined[1]))
    }

    @Test(.timeLimit(.minutes(15))) func aKilledShardIsNamedAndItsRerunCompletesTheFolder() throws {
        let folder = try Support.temporaryFolder("catalogue-shard-kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write(Self.shardManifest(), to: manifest)
        let whole = folder.appendingPathComponent("whole")
        _ = try Self.run(["batch", manifest.path, "-o", whole.path, "--jobs", "1", "--quiet"], in: folder)
        let output = folder.appendingPathComponent("out")
        func shard(_ index: Int, _ environment: [String: String] = [:]) throws -> BinaryRunner.Result {
            try Self.run(["batch", manifest.path, "-o", output.path, "--shard", "\(index)/3", "--jobs", "1", "--quiet"], in: folder, environment: environment)
        }
        _ = try shard(0)
        let killed = try shard(1, ["BREAKDOWN_BATCH_GROUP_RECORDS": "2", "BREAKDOWN_BATCH_GROUP_MILLISECONDS": "600000", "BREAKDOWN_TEST_KILL_BEFORE_JOURNAL": "1"])
        #expect(killed.status == 128 + SIGKILL)
        _ = try shard(2)
        let incomplete = try Self.run(["report", output.path], in: folder)
        #expect(incomplete.status == 1)
        #expect(incomplete.stdout.contains("no report from shard 1/3"), "\(incomplete.stdout)")
        // The killed shard's images are not vouched for: the journal lacks them.
        #expect(try BatchProcess.allJournals(output).count < 27)

        let rerun = try shard(1)
        #expect(rerun.status == 0 || rerun.status == 1, "\(rerun.stderr)")
        #expect(try Support.images(output) == Support.images(whole))
        let complete = try Self.run(["report", output.path], in: folder)
        #expect(complete.stdout.hasPrefix("rendered 27, skipped 0, hidden 0, failed 4 (2 duplicate names, 1 ambiguous price, 1 invalid price), duplicates 1 (32 records in 3 shards)"), "\(complete.stdout)")
        #expect(try Self.run(["report", folder.path], in: folder).status == 2, "not a batch's folder")
    }

    /// A shard's report cut short (a copy from a node that stopped half way, a disk that filled)
    /// does not stop `report`: the shard is named with the file, as one not finished, and the
    /// other shards are combined; rerunning it completes the folder's report.
    @Test(.timeLimit(.minutes(15))) func aShardReportCutShortIsNamedAndTheOthersCombined() throws {
        let folder = try Support.temporaryFolder("catalogue-shard-cut")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write(Self.shardManifest(), to: manifest)
        let output = folder.appendingPathComponent("out")
        func shard(_ index: Int) throws -> BinaryRunner.Result {
            try Self.run(["batch", manifest.path, "-o", output.path, "--shard", "\(index)/3", "--jobs", "1", "--quiet"], in: folder)
        }
        for index in 0..<3 { _ = try shard(index) }
        let complete = try Self.run(["report", output.path], in: folder)
        let own = output.appendingPathComponent(".breakdown-batch")
        let reports = try FileManager.default.contentsOfDirectory(atPath: own.path).filter { $0.hasPrefix("report-") }.sorted()
        #expect(reports.count == 3, "\(reports)")
        // The records the other two shards' reports hold: one line each.
        func recordLines(_ name: String) throws -> Int {
            try String(contentsOf: own.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("    {") }.count
        }
        let others = try reports.filter { !$0.hasSuffix("-1-of-3.json") }.map(recordLines).reduce(0, +)
        let cut = try #require(reports.first { $0.hasSuffix("-1-of-3.json") })
        let whole = try Data(contentsOf: own.appendingPathComponent(cut))
        for kept in [whole.count / 2, 0] {
            try whole.prefix(kept).write(to: own.appendingPathComponent(cut))
            let result = try Self.run(["report", output.path], in: folder)
            #expect(result.status == 1, "\(kept) bytes: \(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("the report of shard 1/3 is cut short or not one this tool wrote"), "\(result.stdout)")
            #expect(result.stdout.contains(cut), "names the file: \(result.stdout)")
            #expect(result.stdout.contains("(\(others) records in 3 shards)"), "the other shards' \(others) records: \(result.stdout)")
            #expect(!result.stdout.contains("no report from shard"), "\(result.stdout)")
            // The combined report says it too: the shard missing, its report unreadable.
            let combined = folder.appendingPathComponent("combined-\(kept).json")
            #expect(try Self.run(["report", output.path, "--report", combined.path], in: folder).status == 1)
            let runs = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: combined)) as? [String: Any])?["runs"] as? [[String: Any]])
            #expect(runs.count == 1 && runs[0]["missingShards"] as? [Int] == [1], "\(runs)")
            #expect((runs[0]["unreadableReports"] as? [String])?.first?.hasSuffix(cut) == true, "\(runs)")
        }
        _ = try shard(1)
        let again = try Self.run(["report", output.path], in: folder)
        // The same counts as before the cut (the rerun's own images were up to date: it says so).
        let counts = try #require(complete.stdout.split(separator: "\n").first)
        #expect(again.status == complete.status && again.stdout.hasPrefix(counts), "\(again.stdout) against \(counts)")
        #expect(counts.hasSuffix("(32 records in 3 shards)"), "\(counts)")
    }

    @Test(.timeLimit(.minutes(15))) func shardAutoTakesTheTaskFromTheEnvironment() throws {
        let folder = try Support.temporaryFolder("catalogue-shard-auto")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write(Self.shardManifest(), to: manifest)
        let given = folder.appendingPathComponent("given")
        let given1Failed = try Self.run(["batch", manifest.path, "-o", given.path, "--shard", "1/3", "--jobs", "1"], in: folder).status == 1
        let engines: [(String, [String: String], String)] = [
            ("cloud-run", ["CLOUD_RUN_TASK_INDEX": "1", "CLOUD_RUN_TASK_COUNT": "3"], "auto"),
            ("kubernetes", ["JOB_COMPLETION_INDEX": "1"], "auto/3"),
        ]
        for (label, environment, option) in engines {
            let output = folder.appendingPathComponent(label)
            let result = try Self.run(["batch", manifest.path, "-o", output.path, "--shard", option, "--jobs", "1"], in: folder, environment: environment)
            #expect(result.status == (given1Failed ? 1 : 0), "\(label): \(result.stderr)")
            #expect(try Support.images(output) == Support.images(given), "\(label)")
            let own = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".breakdown-batch").path)
            #expect(own.contains { $0.hasPrefix("report-") && $0.hasSuffix("-1-of-3.json") }, "\(own)")
        }
        let unset = ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "CLOUD_RUN_TASK_INDEX", "SLURM_ARRAY_TASK_ID", "CI_NODE_INDEX"].flatMap { ["-u", $0] }
        let none = try BinaryRunner.run(
            command: "/usr/bin/env", unset + [BinaryRunner.executable!.path, "batch", manifest.path, "-o", folder.appendingPathComponent("none").path, "--shard", "auto"])
        #expect(none.status == 2)
        #expect(none.stderr.split(separator: "\n").count == 1 && none.stderr.contains("no job engine's task index is set"), "\(none.stderr)")
    }
}
