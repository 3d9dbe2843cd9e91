@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 21 end to end: a shop's export as it comes (mapped columns, shop prices, a name
/// template), outcomes that add up, runs that do not undo each other, bad input as one line, and
/// shards that agree with one run. Expected outcomes are worked out here from the CSV itself, by a
/// separate and simpler reading than the batch's. Shards run at once, killed or told by the
/// environment go through the built binary; the rest run in the test process.
@Suite struct BatchCatalogueTests {
    typealias Support = BatchTestSupport

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> BinaryRunner.Result {
        try BatchProcess.run(arguments, environment: environment, folder: folder)
    }

    /// A batch in the test process (`InProcessCLI`), for the tests that need no process of its
    /// own (no environment, no kill, no other batch at once on its folder).
    static func batch(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    /// Standard error's lines but the progress lines a batch writes every five seconds off a
    /// terminal (`batch 1 record, 0.2 records/s`): on a loaded machine a run may take that long,
    /// and a count of error lines must not depend on how long a run took.
    static func errorLines(_ result: BinaryRunner.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { !($0.hasPrefix("batch ") && $0.contains(" records/s")) }
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

    /// SKUs in other scripts name their files as written (NFC), and a message says "empty" only
    /// of an empty value.
    @Test func skusInOtherScriptsNameTheirFiles() throws {
        let folder = try Support.temporaryFolder("unicode-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("c.csv")
        // The second SKU is decomposed (e + combining acute): it names the file composed.
        try Support.write("SKU,Price\n日本語,10\nCafe\u{301} crème,20\nΕλληνικά,30\nعربي,40\n///,50\n\"  \",60\n", to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.batch(["batch", csv.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".png") })
        #expect(names == ["日本語.png", "Cafe-creme.png", "Ελληνικά.png", "عربي.png"], "\(names.sorted())")
        #expect(result.stderr.contains("line 6 (record 5): name: {SKU} has no letter or digit in this record ('///')"), "\(result.stderr)")
        #expect(result.stderr.contains("line 7 (record 6): name: {SKU} is empty in this record"), "\(result.stderr)")
    }

    static func catalogue(_ count: Int, in folder: URL) throws -> URL {
        let csv = folder.appendingPathComponent("catalogue.csv")
        let made = try BinaryRunner.run(command: "/usr/bin/env", ["python3", root.appendingPathComponent("Tools/shop-catalogue.py").path, "\(count)", csv.path])
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
        #expect(Self.errorLines(refused).count == 1, "\(refused.stderr)")
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
        #expect(Self.errorLines(result).count == count("failed"), "\(result.stderr)")

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

    @Test(.timeLimit(.minutes(15))) func badInputIsOneClearLineAndDrawsNothingFromIt() throws {
        let folder = try Support.temporaryFolder("catalogue-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("c.csv")
        try Support.write("SKU,Price\r\nA1,10.00\r\nA2,\"1.299.00\"\r\nA3,12\r\n", to: csv)
        let output = folder.appendingPathComponent("out")
        func refused(_ arguments: [String], _ words: [String]) throws {
            let result = try Self.batch(["batch", csv.path, "-o", output.path] + arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(Self.errorLines(result).count == 1, "\(arguments): \(result.stderr)")
            for word in words { #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)") }
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(arguments) drew from a half-understood manifest")
        }
        try refused(["--map", "prize=Price,name=SKU"], ["'prize' is not a record key", "accepted keys: amount"])
        try refused(["--map", "amount=Prices,name=SKU"], ["'Prices'", "its columns: 'SKU', 'Price'"])
        try refused(["--map", "amount=Price", "--name", "{SKU}-{Colour}"], ["{SKU}-{Colour}", "'Colour'", "neither a column"])
        try refused(["--map", "amount=Price", "--name", "{SKU"], ["'{'"])
        try refused(["--map", "amount=Price", "--number-locale", "xx_YY"], ["number-locale"])

        // A price with two separators fails its record, naming the record, the field and what is accepted.
        let result = try Self.batch(["batch", csv.path, "-o", output.path, "--map", "amount=Price,name=SKU"], in: folder)
        #expect(result.status == 1)
        #expect(Self.errorLines(result) == [
            "error: \(csv.path) line 3 (record 2): amount (column 'Price'): '1.299.00' has two decimal separators '.'; expected a price such as 1299.00, 1,299.00, $49.95 or AUD 49.95 (decimal separator '.', thousands grouped in threes by ',')"
        ])
        #expect(try Support.files(output, ext: "png") == ["A1.png", "A3.png"])

        // A 10,000-column header: one line of bounded length.
        let wide = folder.appendingPathComponent("wide.csv")
        try Support.write((0..<10_000).map { "column\($0)" }.joined(separator: ",") + "\n" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "\n", to: wide)
        let wideResult = try Self.batch(["batch", wide.path, "-o", output.path + "-wide"], in: folder)
        #expect(wideResult.status == 2)
        #expect(Self.errorLines(wideResult).count == 1)
        #expect(wideResult.stderr.contains("10000 columns 'column0'") && wideResult.stderr.contains("and 9980 more"))
        #expect(wideResult.stderr.utf8.count < 2_000, "\(wideResult.stderr.utf8.count) bytes")

        // A 10 MB cell: its record fails with one line; the other record is drawn.
        let huge = folder.appendingPathComponent("huge.csv")
        try Support.write("SKU,Price,Product Name\nB1,5,\(String(repeating: "x", count: 10 << 20))\nB2,6,short\n", to: huge)
        defer { try? FileManager.default.removeItem(at: huge) }
        let hugeOutput = folder.appendingPathComponent("out-huge")
        let hugeResult = try Self.batch(
            ["batch", huge.path, "-o", hugeOutput.path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore"], in: folder)
        #expect(hugeResult.status == 1)
        #expect(Self.errorLines(hugeResult).count == 1, "\(hugeResult.stderr.prefix(500))")
        #expect(hugeResult.stderr.contains("line 2 (record 1): the row is longer than"))
        #expect(try Support.files(hugeOutput, ext: "png") == ["B2.png"])
    }

    @Test(.timeLimit(.minutes(15))) func everyOutcomeIsCountedNamedAndCanFail() throws {
        let folder = try Support.temporaryFolder("catalogue-outcomes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write(
            """
            SKU,Price,no-configuration,text-color
            in-range,100.00,,
            outside,"$5,000.00",,
            hidden,10,true,
            ambiguous,"1,299",,
            empty,,,
            in-range,100.00,,
            pale,40,,#FFFFFF

            """, to: manifest)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        let base = ["batch", manifest.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}", "--report", report.path, "--jobs", "1"]
        let result = try Self.batch(base + ["--quiet"], in: folder)
        #expect(result.status == 1)
        // --quiet: the summary alone on stdout, the errors alone on stderr; the warning counted.
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(
            result.stdout.hasPrefix("rendered 2, skipped 0, hidden 1, failed 2 (1 ambiguous price, 1 empty price), outside limits 1, duplicates 1 (7 records"),
            "\(result.stdout)")
        #expect(result.stdout.contains("; 1 low-contrast warning"))
        let errors = Self.errorLines(result)
        #expect(errors.count == 2 && errors.allSatisfy { $0.hasPrefix("error: ") }, "\(errors)")
        #expect(errors.first?.contains("line 5 (record 4): amount (column 'Price'): '1,299' is ambiguous") == true)
        #expect(errors.last?.contains("line 6 (record 5): amount (column 'Price') is empty") == true)
        let records = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(records.map { $0["status"] as? String } == ["rendered", "outside-limits", "hidden", "failed", "failed", "duplicate", "rendered"])
        #expect(records.map { $0["name"] as? String } == ["in-range", "outside", "hidden", "ambiguous", "empty", "in-range", "pale"])
        #expect(records.map { $0["line"] as? Int } == [2, 3, 4, 5, 6, 7, 8])
        let counts = try Support.counts(try Support.report(report))
        #expect(counts["warnings"] == 1)

        // A rerun skips what is drawn and says what the run that drew it found.
        let again = try Self.batch(base, in: folder)
        #expect(again.stdout.hasPrefix("rendered 0, skipped 3, hidden 1, failed 2 (1 ambiguous price, 1 empty price), duplicates 1"), "\(again.stdout)")
        let skipped = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(skipped[1]["status"] as? String == "skipped" && skipped[1]["earlier"] as? String == "outside-limits", "\(skipped[1])")
        #expect(skipped[0]["earlier"] as? String == "rendered")

        // --fail-on: outside the limits and hidden become failures, also for images already drawn.
        let strict = try Self.batch(base + ["--fail-on", "outside-limits,hidden"], in: folder)
        #expect(strict.status == 1)
        #expect(
            strict.stdout.hasPrefix(
                "rendered 0, skipped 2, hidden 0, failed 4 (1 ambiguous price, 1 empty price, 1 hidden view (--fail-on), 1 price outside the limits (--fail-on)), duplicates 1"),
            "\(strict.stdout)")
        // The image drawn for `outside` is removed now that the record fails: it would show a price as if it were valid.
        #expect(strict.stdout.contains("; removed 1 file an earlier run drew for records that failed or are hidden now (outside.png)"), "\(strict.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("outside.png").path))
        #expect(strict.stderr.contains("line 3 (record 2): amount 5000.00 is outside the configuration's limits"))
        #expect(strict.stderr.contains("line 4 (record 3): hidden (no configuration is set)"))
        let badFailOn = try Self.batch(base + ["--fail-on", "outside"], in: folder)
        #expect(badFailOn.status == 2 && badFailOn.stderr.contains("expected outside-limits, hidden"))

        // --empty-amount zero: the empty price is drawn as 0, which is outside the limits.
        let zero = try Self.batch(base + ["--empty-amount", "zero"], in: folder)
        #expect(zero.stdout.hasPrefix("rendered 0, skipped 2, hidden 1, failed 1 (1 ambiguous price), outside limits 2, duplicates 1"), "\(zero.stdout)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("empty.png").path))
    }

    @Test(.timeLimit(.minutes(15))) func twoLocalesLandSideBySideAndAReplacementIsAnnounced() throws {
        let folder = try Support.temporaryFolder("catalogue-locales")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write("\u{FEFF}SKU,Price,Category\r\nSKU-1,$49.95,Shoes\r\nSKU-2,\"1,299.00\",Bags\r\n", to: manifest)
        let output = folder.appendingPathComponent("emails")
        let mapped = ["batch", manifest.path, "-o", output.path, "--map", "amount=Price", "--extra-columns", "ignore", "--jobs", "1"]
        for locale in ["en_CA", "fr_CA"] {
            let result = try Self.batch(mapped + ["--name", "{SKU}-{locale}", "--locale", locale], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("rendered 2, skipped 0"))
            #expect(!result.stdout.contains("replaced"))
        }
        #expect(try Support.files(output, ext: "png") == ["SKU-1-en_CA.png", "SKU-1-fr_CA.png", "SKU-2-en_CA.png", "SKU-2-fr_CA.png"])

        // Named by the SKU alone, the second locale replaces the first: announced, or kept, or failed.
        let named = mapped + ["--map", "name=SKU"]
        #expect(try Self.batch(named + ["--locale", "en_CA"], in: folder).status == 0)
        let english = try Data(contentsOf: output.appendingPathComponent("SKU-1.png"))
        let kept = try Self.batch(named + ["--locale", "fr_CA", "--on-change", "keep"], in: folder)
        #expect(kept.status == 0)
        #expect(kept.stdout.hasPrefix("rendered 0, skipped 2"), "\(kept.stdout)")
        #expect(kept.stdout.contains("kept 2 images an earlier run drew with other options (locale en_CA → fr_CA)"), "\(kept.stdout)")
        #expect(try Data(contentsOf: output.appendingPathComponent("SKU-1.png")) == english)
        let failed = try Self.batch(named + ["--locale", "fr_CA", "--on-change", "fail"], in: folder)
        #expect(failed.status == 1)
        #expect(Self.errorLines(failed).count == 2 && failed.stderr.contains("SKU-1: an earlier run drew it with other options"))
        #expect(try Data(contentsOf: output.appendingPathComponent("SKU-1.png")) == english)
        let replaced = try Self.batch(named + ["--locale", "fr_CA"], in: folder)
        #expect(replaced.status == 0)
        #expect(
            replaced.stdout.contains("; replaced 2 images an earlier run drew with other options or another renderer (locale en_CA → fr_CA)"),
            "\(replaced.stdout)")
        #expect(try Data(contentsOf: output.appendingPathComponent("SKU-1.png")) != english)
        // Drawn again with the same options: nothing is replaced, nothing announced.
        let same = try Self.batch(named + ["--locale", "fr_CA", "--force"], in: folder)
        #expect(!same.stdout.contains("replaced"), "\(same.stdout)")
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
            failures[count, default: []] += Self.errorLines(result)
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
            #expect(Self.errorLines(result).sorted() == failures[1]!.sorted())
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
