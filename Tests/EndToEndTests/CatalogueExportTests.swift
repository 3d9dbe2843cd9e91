@testable import BreakdownBatch
@testable import BreakdownOptions
import BreakdownEncode
import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// Issue 31's exports as they come and runs that never leave a wrong image: `--empty-amount
/// skip`, fallback columns, `--duplicate-names first`, stale images removed, a report a run, and
/// default names frozen. Expected outcomes are worked out by hand from each manifest.
@Suite struct CatalogueExportTests {
    typealias Support = BatchTestSupport

    static func run(_ arguments: String...) throws -> BinaryRunner.Result { try BinaryRunner.run(arguments) }

    /// A Shopify product export as it comes: quoted multi-line HTML, variant rows sharing the
    /// product's handle with other prices, image-only rows without a price.
    static let shopify = """
        Handle,Title,Body (HTML),Variant SKU,Variant Price,Variant Compare At Price,Image Src
        shoe,Runner,"<p>Light,
        fast</p>",SHOE-1,49.95,59.95,https://cdn.example.com/1.jpg
        shoe,,,SHOE-2,54.95,,https://cdn.example.com/2.jpg
        shoe,,,,,,https://cdn.example.com/3.jpg
        bag,Tote,"<b>""Big""</b>",BAG-1,"1,299.00",,https://cdn.example.com/4.jpg
        bag,,,,,,https://cdn.example.com/5.jpg

        """

    /// Exit 0 as it comes: image-only rows are `no price`, the second variant a duplicate; the
    /// drawn images are the first variant's price, byte for byte what `render` draws for it.
    @Test(.timeLimit(.minutes(15))) func aShopifyExportAsItComesExitsZero() throws {
        let folder = try Support.temporaryFolder("shopify")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("products_export.csv")
        try Support.write(Self.shopify, to: csv)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        let command = [
            "batch", csv.path, "-o", output.path, "--map", "amount=Variant Price", "--name", "{Handle}", "--extra-columns", "ignore",
            "--empty-amount", "skip", "--duplicate-names", "first", "--report", report.path, "--jobs", "1",
        ]
        let result = try InProcessCLI.run(command)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0, duplicates 1, no price 2 (5 records"), "\(result.stdout)")
        #expect(try Support.files(output, ext: "png") == ["bag.png", "shoe.png"])
        let entries = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(entries.map { $0["status"] as? String } == ["rendered", "duplicate", "no-price", "rendered", "no-price"])
        #expect(entries.map { $0["line"] as? Int } == [2, 4, 5, 6, 7])
        #expect((entries[1]["reason"] as? String)?.contains("the record on line 2 took the name") == true, "\(entries[1])")
        let counts = try Support.counts(try Support.report(report))
        #expect(counts["noPrice"] == 2 && counts["duplicates"] == 1 && counts["rendered"] == 2 && counts["records"] == 5)
        for (name, amount) in [("shoe", "49.95"), ("bag", "1299.00")] {
            let alone = folder.appendingPathComponent("\(name)-alone.png")
            #expect(try Self.run("render", "--amount", amount, "-o", alone.path).status == 0)
            #expect(try Data(contentsOf: output.appendingPathComponent("\(name).png")) == Data(contentsOf: alone), "\(name)")
        }

        // The defaults still say what is wrong: image-only rows fail as empty prices, the variant as a duplicate name.
        let strict = try InProcessCLI.run([
            "batch", csv.path, "-o", folder.appendingPathComponent("strict").path, "--map", "amount=Variant Price", "--name", "{Handle}",
            "--extra-columns", "ignore", "--jobs", "1",
        ])
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 3 (2 empty prices, 1 duplicate name)"), "\(strict.stdout)")
        // A name for every variant draws each at its own price.
        let variants = try InProcessCLI.run([
            "batch", csv.path, "-o", folder.appendingPathComponent("variants").path, "--map", "amount=Variant Price",
            "--name", "{Handle}-{Variant SKU}-{amount}", "--extra-columns", "ignore", "--empty-amount", "skip", "--jobs", "1",
        ])
        #expect(variants.status == 0, "\(variants.stderr)")
        #expect(
            try Support.files(folder.appendingPathComponent("variants"), ext: "png")
                == ["bag-BAG-1-1299.00.png", "shoe-SHOE-1-49.95.png", "shoe-SHOE-2-54.95.png"])
    }

    /// `--map 'amount=Sale price|Regular price'`: the first non-empty column, left to right.
    @Test(.timeLimit(.minutes(15))) func aFallbackColumnTakesTheFirstNonEmptyPrice() throws {
        let folder = try Support.temporaryFolder("woocommerce")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("wc-product-export.csv")
        try Support.write(
            """
            ID,Type,SKU,Name,Published,Sale price,Regular price,Categories
            11,simple,W1,Mug,1,,100,Home
            12,simple,W2,Lamp,1,150,200,Home
            13,variable,W3,Chair,1,,,Home
            14,variation,W3-RED,Chair - Red,1,89.5,120,Home

            """, to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try InProcessCLI.run([
            "batch", csv.path, "-o", output.path, "--map", "amount=Sale price|Regular price", "--name", "{SKU}-{amount}",
            "--extra-columns", "ignore", "--empty-amount", "skip", "--jobs", "1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 3, skipped 0, hidden 0, failed 0, no price 1 (4 records"), "\(result.stdout)")
        #expect(try Support.files(output, ext: "png") == ["W1-100.png", "W2-150.png", "W3-RED-89.5.png"])
        // Without skip, the parent row with neither price names both columns.
        let strict = try InProcessCLI.run([
            "batch", csv.path, "-o", folder.appendingPathComponent("strict").path, "--map", "amount=Sale price|Regular price",
            "--name", "{SKU}", "--extra-columns", "ignore", "--jobs", "1",
        ])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("line 4 (record 3): amount (columns 'Sale price', 'Regular price') is empty in every one"), "\(strict.stderr)")
        // Every column of a fallback must be in the header; a column named twice is refused.
        let missing = try InProcessCLI.run(["batch", csv.path, "-o", folder.appendingPathComponent("x").path, "--map", "amount=Sale|Regular price"])
        #expect(missing.status == 2 && missing.stderr.contains("'Sale'"), "\(missing.stderr)")
        let twice = try InProcessCLI.run(["batch", csv.path, "-o", folder.appendingPathComponent("x").path, "--map", "amount=SKU|SKU"])
        #expect(twice.status == 2 && twice.stderr.contains("named twice"), "\(twice.stderr)")
        let empty = try InProcessCLI.run(["batch", csv.path, "-o", folder.appendingPathComponent("x").path, "--map", "amount=Sale price|"])
        #expect(empty.status == 2 && empty.stderr.contains("an empty column"), "\(empty.stderr)")
    }

    /// A record that fails (any cause) or is hidden leaves no image an earlier run drew under its
    /// name, and says which files went; `--on-change keep` keeps them and says so; files the
    /// batch did not draw, and the files of a name another record of the run took, are left.
    @Test(.timeLimit(.minutes(15))) func aFailedRecordLeavesNoStaleImage() throws {
        let folder = try Support.temporaryFolder("stale")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("run1.csv")
        try Support.write("SKU,Price,no-configuration\nA1,100.00,\nA2,50.00,\nA3,20.00,\nA4,30.00,\n", to: first)
        let second = folder.appendingPathComponent("run2.csv")
        try Support.write("SKU,Price,no-configuration\nA1,5000.00,\nA2,1.299,\nA3,20.00,\nA4,30.00,true\nA5,abc,\n", to: second)
        let output = folder.appendingPathComponent("out")
        let common = ["--map", "amount=Price,name=SKU", "--format", "png,svg", "--jobs", "1"]
        #expect(try InProcessCLI.run(["batch", first.path, "-o", output.path] + common).status == 0)
        let a3 = try Data(contentsOf: output.appendingPathComponent("A3.png"))
        // A file of A5's name that no run drew.
        try Data("mine".utf8).write(to: output.appendingPathComponent("A5.png"))

        let keep = try InProcessCLI.run(["batch", second.path, "-o", output.path, "--fail-on", "outside-limits", "--on-change", "keep"] + common)
        #expect(keep.status == 1)
        #expect(keep.stdout.contains("kept 4 files an earlier run drew for records that failed or are hidden now, so they may show an old price (A1.png, A1.svg, A2.png, A2.svg; --on-change keep)"), "\(keep.stdout)")
        #expect(try Support.files(output, ext: "png") == ["A1.png", "A2.png", "A3.png", "A4.png", "A5.png"])

        let report = folder.appendingPathComponent("r.json")
        let result = try InProcessCLI.run(["batch", second.path, "-o", output.path, "--fail-on", "outside-limits", "--report", report.path] + common)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 0, skipped 1, hidden 1, failed 3 (1 ambiguous price, 1 invalid price, 1 price outside the limits (--fail-on))"), "\(result.stdout)")
        #expect(result.stdout.contains("; removed 6 files an earlier run drew for records that failed or are hidden now (A1.png, A1.svg, A2.png, A2.svg, A4.png, A4.svg)"), "\(result.stdout)")
        #expect(result.stdout.contains("; left 1 file of the names of records that failed or are hidden, which no run of this batch drew (A5.png)"), "\(result.stdout)")
        #expect(try Support.files(output, ext: "png") == ["A3.png", "A5.png"])
        #expect(try Support.files(output, ext: "svg") == ["A3.svg"])
        #expect(try Data(contentsOf: output.appendingPathComponent("A3.png")) == a3)
        #expect(try String(contentsOf: output.appendingPathComponent("A5.png"), encoding: .utf8) == "mine")
        let entries = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(entries[0]["removed"] as? [String] == ["A1.png", "A1.svg"])
        #expect(entries[1]["removed"] as? [String] == ["A2.png", "A2.svg"])
        #expect(entries[2]["removed"] == nil)
        #expect(entries[4]["leftUnknown"] as? [String] == ["A5.png"])
        #expect(try Support.counts(try Support.report(report))["removedFiles"] == 6)

        // Two records claiming one name: the later fails, and the first's image stays.
        let clash = folder.appendingPathComponent("clash.csv")
        try Support.write("SKU,Price\nB1,10.00\nB1,20.00\n", to: clash)
        for run in 1...2 {
            // The second run finds B1 as the first run drew it: the clash must not remove it either.
            let clashed = try InProcessCLI.run(["batch", clash.path, "-o", output.path] + common)
            #expect(clashed.status == 1 && !clashed.stdout.contains("removed"), "run \(run): \(clashed.stdout)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("B1.png").path), "run \(run)")
        }
    }

    /// The removal is crash-safe like every other write: the file system is synced after the
    /// stale files are unlinked and before the batch ends (a crash cannot bring them back).
    @Test(.timeLimit(.minutes(15))) func removedStaleImagesStayRemovedAfterACrash() throws {
        let strace = try #require(AtomicWriteTests.strace, "strace is missing: `make deps` installs it (Debian package strace)")
        let executable = try #require(BinaryRunner.executable).path
        let folder = try Support.temporaryFolder("stale-durable")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("run1.csv")
        try Support.write("SKU,Price\nA1,100.00\n", to: first)
        let second = folder.appendingPathComponent("run2.csv")
        try Support.write("SKU,Price\nA1,1.299\n", to: second)
        let output = folder.appendingPathComponent("out")
        #expect(try Self.run("batch", first.path, "-o", output.path, "--map", "amount=Price,name=SKU").status == 0)
        let log = folder.appendingPathComponent("trace.log")
        let result = try BinaryRunner.run(
            command: strace,
            ["-f", "-qq", "-e", "trace=unlinkat,unlink,rename,renameat,renameat2,syncfs,sync", "-o", log.path, executable, "batch", second.path, "-o", output.path,
             "--map", "amount=Price,name=SKU", "--jobs", "1"])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("A1.png").path))
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        // The image is moved aside into the batch's own folder (checked there), then unlinked.
        let moved = try #require(lines.firstIndex { $0.contains("\"A1.png\"") && $0.contains("rename") }, "\(lines)")
        let removal = try #require(lines[moved...].firstIndex { $0.contains("unlink") && $0.contains("tmp-") }, "\(lines)")
        #expect(lines[removal...].contains { $0.contains("syncfs(") || $0.contains("sync()") }, "no sync after the removal: \(lines)")
    }

    /// Six locales into one folder: each run keeps its report, `report` combines them all and
    /// totals the failures by cause; running a command again replaces only its own report.
    @Test(.timeLimit(.minutes(15))) func theFolderReportCoversEveryRun() throws {
        let folder = try Support.temporaryFolder("runs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write("SKU,Price\nS1,10.00\nS2,\nS3,1.299\nS4,40.00\n", to: csv)
        let output = folder.appendingPathComponent("out")
        let locales = ["en_AU", "en_GB", "en_US", "en_CA", "fr_CA", "en_NZ"]
        for locale in locales {
            let result = try InProcessCLI.run([
                "batch", csv.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}-{locale}", "--locale", locale, "--jobs", "1",
            ])
            #expect(result.status == 1, "\(locale): \(result.stderr)")
            #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 2 (1 ambiguous price, 1 empty price)"), "\(result.stdout)")
        }
        func reports() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".breakdown-batch").path).filter { $0.hasPrefix("report-") }
        }
        #expect(try reports().count == 6)
        let combined = folder.appendingPathComponent("all.json")
        let result = try Self.run("report", output.path, "--report", combined.path)
        #expect(result.status == 1)
        #expect(result.stdout == "rendered 12, skipped 0, hidden 0, failed 12 (6 ambiguous prices, 6 empty prices) (24 records in 6 shards of 6 runs)\n", "\(result.stdout)")
        #expect(result.stderr.split(separator: "\n").count == 12)
        let all = try Support.report(combined)
        #expect((all["records"] as? [[String: Any]])?.count == 24)
        #expect(all["failures"] as? [String: Int] == ["ambiguous-price": 6, "empty-price": 6])
        #expect((all["runs"] as? [[String: Any]])?.count == 6)

        // The first locale again, fixed with --empty-amount skip: its own report is replaced,
        // the others stay, and its names' latest outcomes are this run's.
        let again = try InProcessCLI.run([
            "batch", csv.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}-{locale}", "--locale", "en_AU",
            "--empty-amount", "skip", "--jobs", "1",
        ])
        #expect(again.stdout.hasPrefix("rendered 0, skipped 2, hidden 0, failed 1 (1 ambiguous price), no price 1"), "\(again.stdout)")
        #expect(try reports().count == 6)
        let after = try Self.run("report", output.path)
        // The two skipped records count as what the run that drew them found (the folder's view).
        #expect(after.stdout.hasPrefix("rendered 12, skipped 0, hidden 0, failed 11 (6 ambiguous prices, 5 empty prices), no price 1 (24 records in 6 shards of 6 runs); 2 records drawn by an earlier run, skipped since, counted as that run found"), "\(after.stdout)")

        // Two runs drawing the same names (named by SKU alone): the later run's outcome of each
        // name is the one the folder has, counted once.
        let shared = folder.appendingPathComponent("shared")
        for locale in ["en_AU", "en_GB"] {
            _ = try InProcessCLI.run([
                "batch", csv.path, "-o", shared.path, "--map", "amount=Price,name=SKU", "--locale", locale, "--empty-amount", "skip",
                "--jobs", "1",
            ])
        }
        let latest = try Self.run("report", shared.path)
        #expect(latest.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 1 (1 ambiguous price), no price 1 (4 records in 2 shards of 2 runs)"), "\(latest.stdout)")
    }

    /// docs/catalogues.md's own commands, each run on the export shown above it (and the
    /// Shopify ones also on this suite's larger export): exit 0, and the counts add up to the rows.
    @Test(.timeLimit(.minutes(15))) func theCataloguesPageCommandsExitZero() throws {
        let root = ProjectFolder.root
        let text = try String(contentsOf: root.appendingPathComponent("docs/catalogues.md"), encoding: .utf8)
        var exports: [String] = []
        var commands: [(command: String, export: String)] = []
        var block: [String]?
        var language = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if block == nil, line.hasPrefix("```") {
                language = String(line.dropFirst(3))
                block = []
            } else if block != nil, line == "```" {
                let body = block!.joined(separator: "\n")
                if language == "text", body.contains(",") { exports.append(body + "\n") }
                if language == "sh", let export = exports.last {
                    for command in body.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n") where command.hasPrefix("breakdown batch") {
                        commands.append((String(command), export))
                    }
                }
                block = nil
            } else {
                block?.append(line)
            }
        }
        #expect(commands.count == 3, "\(commands.map(\.command))")
        let binary = try #require(BinaryRunner.executable).path
        for (number, (command, export)) in commands.enumerated() {
            let shopify = command.contains("products_export.csv")
            for (label, csv) in [("the page's", export)] + (shopify ? [("the suite's", Self.shopify)] : []) {
                let folder = try Support.temporaryFolder("catalogues-page-\(number)")
                defer { try? FileManager.default.removeItem(at: folder) }
                let file = shopify ? "products_export.csv" : "wc-product-export.csv"
                try Support.write(csv, to: folder.appendingPathComponent(file))
                let report = folder.appendingPathComponent("r.json").path
                let shell = "cd '\(folder.path)' && '\(binary)'" + command.dropFirst("breakdown".count) + " --jobs 1 --report '\(report)'"
                let result = try BinaryRunner.run(command: "/bin/sh", ["-c", shell])
                #expect(result.status == 0, "\(command) on \(label) export: \(result.stdout)\(result.stderr)")
                let counts = try Support.counts(try Support.report(URL(fileURLWithPath: report)))
                let statuses = ["rendered", "outsideLimits", "skipped", "hidden", "failed", "duplicates", "noPrice", "notRun"]
                #expect(statuses.reduce(0) { $0 + (counts[$1] ?? 0) } == counts["records"], "\(command): \(counts)")
                #expect(counts["failed"] == 0 && (counts["rendered"] ?? 0) >= 1, "\(command): \(counts)")
            }
        }
    }

    /// 2 records over 8 shards: every shard writes its report, the empty ones too, and `report`
    /// says the folder is complete; a later run of another shard count is combined alone, the
    /// reports it supersedes named, never combined silently.
    @Test(.timeLimit(.minutes(15))) func shardsWithoutRecordsStillReport() throws {
        let folder = try Support.temporaryFolder("empty-shards")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write("{\"amount\": \"10\", \"name\": \"a\"}\n{\"amount\": \"20\", \"name\": \"b\"}\n", to: manifest)
        let output = folder.appendingPathComponent("out")
        for shard in 0..<8 {
            let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", "\(shard)/8", "--jobs", "1", "--quiet")
            #expect(result.status == 0, "\(shard): \(result.stderr)")
        }
        let reports = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".breakdown-batch").path).filter { $0.hasPrefix("report-") }
        #expect(reports.count == 8, "\(reports)")
        let complete = try Self.run("report", output.path)
        #expect(complete.status == 0, "\(complete.stdout)")
        #expect(complete.stdout == "rendered 2, skipped 0, hidden 0, failed 0 (2 records in 8 shards)\n", "\(complete.stdout)")
        #expect(try Support.files(output, ext: "png") == ["a.png", "b.png"])
        // The same run unsharded: its report alone is combined, the eight it supersedes named.
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--jobs", "1", "--quiet").status == 0)
        let later = try Self.run("report", output.path)
        #expect(later.status == 0)
        #expect(later.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0 (2 records in 1 shard); 2 records drawn by an earlier run, skipped since, counted as that run found; left out 8 reports of an earlier shard count of the same run (report-"), "\(later.stdout)")
    }

    /// `--fail-on none`: the failed records are reported and counted, and the run itself exits 0
    /// (a scheduler's "the report lists the bad rows; the job succeeded").
    @Test(.timeLimit(.minutes(15))) func failOnNoneReportsFailuresAndExitsZero() throws {
        let folder = try Support.temporaryFolder("fail-on-none")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write("{\"amount\": \"10\", \"name\": \"a\"}\n{\"amount\": \"1.299\", \"name\": \"b\"}\n", to: manifest)
        let report = folder.appendingPathComponent("r.json")
        let result = try InProcessCLI.run("batch", manifest.path, "-o", folder.appendingPathComponent("out").path, "--fail-on", "none", "--report", report.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1 (1 ambiguous price)"), "\(result.stdout)")
        #expect(result.stderr.contains("line 2 (record 2): amount: '1.299' is ambiguous"))
        #expect(try Support.report(report)["failures"] as? [String: Int] == ["ambiguous-price": 1])
        // Without it, the same run is exit 1: records failed, retrying will not help.
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", folder.appendingPathComponent("out2").path).status == 1)
        // `none` goes alone.
        let mixed = try InProcessCLI.run("batch", manifest.path, "-o", folder.appendingPathComponent("out3").path, "--fail-on", "none,hidden")
        #expect(mixed.status == 2 && mixed.stderr.contains("'none' goes alone"), "\(mixed.stderr)")
        // A price cell the CSV reader cannot read (not UTF-8) is counted as an invalid price, not by its column's name.
        let csv = folder.appendingPathComponent("bad.csv")
        try (Data("SKU,Price\nG,5\nA,\"".utf8) + Data([0xFF, 0xFE]) + Data("\"\n".utf8)).write(to: csv)
        let unreadable = try InProcessCLI.run("batch", csv.path, "-o", folder.appendingPathComponent("out4").path, "--map", "amount=Price,name=SKU")
        #expect(unreadable.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1 (1 invalid price)"), "\(unreadable.stdout)\(unreadable.stderr)")
    }

    /// What a review found, each a test: the limits are prices too; a record failing under a name
    /// an earlier record of the run took removes nothing; the folder's latest outcome is the
    /// latest report's, shard by shard; a nameless failure is its manifest line; an Android
    /// density refused for iOS names its field; a link named like a failed record is said.
    @Test(.timeLimit(.minutes(15))) func theReviewsFindingsHold() throws {
        let folder = try Support.temporaryFolder("review")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Support.write(text, to: url)
            return url.path
        }
        func out(_ name: String) -> String { folder.appendingPathComponent(name).path }

        // 1. `max` under de_DE: 1.500,00 is 1500 (in range: the instalments), 1.500 is ambiguous.
        let limits = try write("limits.csv", "SKU,Price,max\nA,\"100,00\",\"1.500,00\"\nB,\"100,00\",1.500\n")
        let limited = try InProcessCLI.run("batch", limits, "-o", out("limits"), "--map", "amount=Price,name=SKU", "--number-locale", "de_DE", "--metadata")
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("line 3 (record 2): max (column 'max'): '1.500' is ambiguous") || limited.stderr.contains("line 3 (record 2): max: '1.500' is ambiguous"), "\(limited.stderr)")
        let metadata = try Support.report(URL(fileURLWithPath: out("limits") + "/A.png.json"))
        #expect(metadata["text"] as? String == "or 4 interest-free payments of $25.00 with", "\(metadata)")

        // 2. A variant without a price after the drawn one, run after run: the image stays.
        let hats = try write("hats.csv", "Handle,Price\nhat,7\nhat,\n")
        for run in 1...3 {
            let result = try InProcessCLI.run("batch", hats, "-o", out("hats"), "--map", "amount=Price", "--name", "{Handle}", "--duplicate-names", "first")
            #expect(!result.stdout.contains("removed") && !result.stdout.contains("left "), "run \(run): \(result.stdout)")
            #expect(FileManager.default.fileExists(atPath: out("hats") + "/hat.png"), "run \(run)")
        }

        // 3. Shard 0 of a good run, then a whole bad run, then shard 1 of the good run: the
        // latest outcome of shard 0's names is the bad run's failure.
        let good = try write("p.csv", "SKU,Price\n" + (0..<8).map { "P\($0),50\n" }.joined())
        let bad = try write("pbad.csv", "SKU,Price\n" + (0..<8).map { "P\($0),1.299\n" }.joined())
        let common = ["--map", "amount=Price", "--name", "{SKU}", "--quiet"]
        // The product orders runs by their reports' file times: each run waits for the file
        // system's clock to pass the last one's.
        _ = try InProcessCLI.run(["batch", good, "-o", out("mixed"), "--shard", "0/2"] + common)
        #expect(FileClock.waitUntilPast(URL(fileURLWithPath: out("mixed"))))
        _ = try InProcessCLI.run(["batch", bad, "-o", out("mixed")] + common)
        #expect(FileClock.waitUntilPast(URL(fileURLWithPath: out("mixed"))))
        _ = try InProcessCLI.run(["batch", good, "-o", out("mixed"), "--shard", "1/2"] + common)
        let drawn = try Support.files(URL(fileURLWithPath: out("mixed")), ext: "png")
        let mixed = try Self.run("report", out("mixed"))
        #expect(mixed.status == 1, "\(mixed.stdout)")
        #expect(mixed.stdout.hasPrefix("rendered \(drawn.count), skipped 0, hidden 0, failed \(8 - drawn.count) (\(8 - drawn.count) ambiguous prices)"), "\(drawn) \(mixed.stdout)")

        // 4. A row too short to name, in two runs of one manifest: one failure, not one a run.
        let ragged = try write("ragged.csv", "SKU,Price\nA,5\nB\n")
        for locale in ["en_AU", "en_GB"] {
            _ = try InProcessCLI.run(["batch", ragged, "-o", out("ragged"), "--map", "amount=Price", "--name", "{SKU}", "--locale", locale, "--quiet"])
        }
        let raggedReport = try Self.run("report", out("ragged"))
        #expect(raggedReport.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1 (1 unreadable record) (2 records in 2 shards of 2 runs)"), "\(raggedReport.stdout)")

        // 5. An Android density for an iOS record names its field.
        let scales = try write("scales.ndjson", "{\"amount\": \"50\", \"scale\": \"1.5\", \"name\": \"i\"}\n")
        let scaled = try InProcessCLI.run("batch", scales, "-o", out("scales"))
        #expect(scaled.stdout.hasPrefix("rendered 0, skipped 0, hidden 0, failed 1 (1 invalid scale value)"), "\(scaled.stdout)")
        #expect(scaled.stderr.contains("Android density"), "\(scaled.stderr)")

        // 6. A link where a failed record's image was: left, and said.
        let linked = try write("linked.csv", "SKU,Price\nL1,10\n")
        #expect(try InProcessCLI.run("batch", linked, "-o", out("linked"), "--map", "amount=Price,name=SKU").status == 0)
        try FileManager.default.removeItem(atPath: out("linked") + "/L1.png")
        try FileManager.default.createSymbolicLink(atPath: out("linked") + "/L1.png", withDestinationPath: linked)
        _ = try write("linked.csv", "SKU,Price\nL1,1.299\n")
        let broken = try InProcessCLI.run("batch", linked, "-o", out("linked"), "--map", "amount=Price,name=SKU")
        #expect(broken.stdout.contains("; left 1 file of the names of records that failed or are hidden, which no run of this batch drew (L1.png)"), "\(broken.stdout)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out("linked") + "/L1.png") == linked)
    }

    /// A stream that pauses after its records (a shard reading a pipe that stays open): what it
    /// drew is journalled within the group commit's second, not only when the stream ends, so a
    /// kill then loses no finished image (the commit thread used to sleep until a full group).
    @Test(.timeLimit(.minutes(15))) func aPausedStreamsImagesAreJournalledWhileItWaits() throws {
        let folder = try Support.temporaryFolder("paused-stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write((0..<12).map { "{\"amount\": \"\(10 + $0)\", \"name\": \"p\($0)\"}" }.joined(separator: "\n") + "\n", to: manifest)
        let output = folder.appendingPathComponent("out")
        let binary = try #require(BinaryRunner.executable).path
        // A pause of its own (about half an hour, the fraction this run's): `pkill` below ends
        // this test's `sleep` only, never a copy's running beside it (`run-tests.py --repeat`).
        let pause = "1731.\(UInt32.random(in: 100_000...999_999))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "exec '\(binary)' batch <(cat '\(manifest.path)'; sleep \(pause)) --manifest-format ndjson -o '\(output.path)' --jobs 1 --quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        SpawnLog.note()
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        defer { _ = try? BinaryRunner.run(command: "/usr/bin/pkill", ["-KILL", "-f", "sleep \(pause)"]) }
        // While the stream pauses (for half an hour: the 300 s wait only stops a hang, and the
        // batch still running after it shows the stream had not ended). The pause's `sleep` is
        // ended with SIGKILL: it may have other signals blocked, and it holds the descriptor
        // Foundation waits on before it reaps the batch.
        let journalled = SlurmArrayTests.wait(300) { BatchProcess.entriesSoFar(output) == 12 }
        #expect(journalled, "the paused stream's 12 images are not journalled: \(BatchProcess.entriesSoFar(output) ?? -1)")
        #expect(process.isRunning, "the batch ended: the stream did not pause")
        // Killed while it waits, a rerun finds all twelve up to date.
        kill(process.processIdentifier, SIGKILL)
        _ = try? BinaryRunner.run(command: "/usr/bin/pkill", ["-KILL", "-f", "sleep \(pause)"])
        process.waitUntilExit()
        let rerun = try Self.run("batch", manifest.path, "-o", output.path, "--jobs", "1")
        #expect(rerun.stdout.hasPrefix("rendered 0, skipped 12"), "\(rerun.stdout)")
    }

    /// Default names are a promise: a resume after an upgrade must find the images it drew.
    /// These were the names before issue 31 (the first is the one the issue reports), for each
    /// option kind and both platforms; a change that renames must say so in the CHANGELOG and
    /// keep reading the old names.
    @Test func defaultNamesAreFrozen() throws {
        let golden: [(record: String, name: String)] = [
            (##"{"amount": "10"}"##, "en_AU-10-d3dd669d05"),
            (##"{"amount": "100.10", "locale": "en_GB"}"##, "en_GB-100.10-1512de6364"),
            (##"{"amount": 100.10}"##, "en_AU-100.10-62d824b6d7"),
            (##"{"amount": "1,299.00", "locale": "en_US"}"##, "en_US-1299.00-3a8133a5e3"),
            (##"{"amount": "49.95", "logo": "lockup"}"##, "en_AU-49.95-lockup-2a32bc06fb"),
            (##"{"amount": "49.95", "logo": "badge", "palette": "alt"}"##, "en_AU-49.95-badge-alt-57fb031877"),
            (##"{"amount": "49.95", "appearance": "dark"}"##, "en_AU-49.95-dark-920e97ea6b"),
            (##"{"amount": "49.95", "content-size": "accessibilityLarge"}"##, "en_AU-49.95-accessibilityLarge-095facdd8f"),
            (##"{"amount": "49.95", "width": 200}"##, "en_AU-49.95-width200-2c9a9f5a11"),
            (##"{"amount": "49.95", "scale": 3}"##, "en_AU-49.95-3-5da112b4a6"),
            (##"{"amount": "49.95", "no-with": true}"##, "en_AU-49.95-no-with-96e8851a8a"),
            (##"{"amount": "49.95", "locale": "en_CA", "currency": "USD"}"##, "en_CA-49.95-currencyUSD-78fcdf1bd4"),
            (##"{"amount": "5000", "min": "10", "max": "3000"}"##, "en_AU-5000-min10-max3000-77b74dd602"),
            (##"{"amount": "49.95", "no-configuration": true}"##, "en_AU-49.95-no-configuration-e53b95db88"),
            (##"{"amount": "49.95", "intro": "payIn"}"##, "en_AU-49.95-payIn-9e417adcb6"),
            (##"{"amount": "49.95", "link-style": "learnMoreText"}"##, "en_AU-49.95-learnMoreText-d6c9ce5fba"),
            (##"{"amount": "49.95", "text-color": "#5B2A86"}"##, "en_AU-49.95-text-color5B2A86-15d2333e2e"),
            (##"{"amount": "49.95", "background": "transparent"}"##, "en_AU-49.95-backgroundtransparent-bc6f806257"),
            (##"{"amount": "49.95", "font-size": 12.5}"##, "en_AU-49.95-font-size12.5-ed5ca0cf66"),
            (##"{"amount": "49.95", "consumer-locale": "es_US", "locale": "en_US"}"##, "en_US-49.95-consumer-localees_US-359939bae2"),
            (##"{"amount": "49.95", "device-locale": "fr_CA", "locale": "en_CA"}"##, "en_CA-49.95-device-localefr_CA-1bf9fd29ee"),
            (##"{"amount": "49.95", "platform": "android"}"##, "en_AU-49.95-android-ce433d83d8"),
            (##"{"amount": "100", "platform": "android", "locale": "en_US"}"##, "en_US-100-android-2887a9dd34"),
            (##"{"amount": "100", "platform": "android", "font-scale": 1.3}"##, "en_AU-100-android-font-scale1.3-29aabc1b42"),
            (##"{"amount": "0", "no-minimum": true}"##, "en_AU-0-no-minimum-cb3f4401c4"),
        ]
        #expect(golden.count >= 20)
        let planner = BatchRecordPlanner(
            defaults: BatchRecordPlanner.defaults(from: ParsedOptions(groups: [])), defaultFormats: [.png], htmlBaseURL: nil)
        for (number, (record, name)) in golden.enumerated() {
            let fields = JSONRecordParser.parseObject(Array(record.utf8))
            let job = planner.plan(ManifestRecord(index: number, line: number + 1, fields: fields), sequence: number)
            guard case .render(let plan) = job.work else {
                Issue.record("\(record) is not planned: \(job.work)")
                continue
            }
            #expect(plan.name == name, "\(record)")
        }
    }
}
