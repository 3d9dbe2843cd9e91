import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 46 items 3 and 5 on the built binary, with WooCommerce's product export layout (ID, Type,
/// SKU, Name, Published, Regular price): no file in the output folder keeps showing a price the
/// manifest no longer has. A record drawn again leaves none of the files an earlier run made for
/// it (other formats, the HTML snippet, metadata); a product gone from the export is listed, and
/// `--prune` removes its files; `breakdown report` combines only the newest manifest's runs.
@Suite struct BatchLeftBehindTests {
    typealias Support = BatchTestSupport

    static func woo(_ rows: [(sku: String, price: String)]) -> String {
        "ID,Type,SKU,Name,Published,Regular price\n"
            + rows.enumerated().map { "\($0.offset + 10),simple,\($0.element.sku),Product \($0.element.sku),1,\($0.element.price)\n" }.joined()
    }

    static let common = ["--map", "amount=Regular price,name=SKU", "--extra-columns", "ignore", "--locale", "en_AU", "--jobs", "1"]

    /// Every file a record can have beside its images, as docs/batch.md names them.
    static func allFiles(_ name: String) -> [String] {
        ["png", "svg", "pdf"].flatMap { ["\(name).\($0)", "\(name).\($0).json"] } + ["\(name).html"]
    }

    static func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Drawn as PNG, SVG and PDF with `--html` and `--metadata`, then with a new price as PNG only:
    /// the record's SVG, PDF, snippet and metadata go (each named in the summary and the report),
    /// a file of its name the batch did not write stays, and a forged journal line naming a file
    /// outside the output folder removes nothing there.
    @Test(.timeLimit(.minutes(5))) func aRecordDrawnAgainLeavesNoFileOfTheOldPrice() throws {
        let folder = try Support.temporaryFolder("left-behind")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("wc-product-export.csv")
        let output = folder.appendingPathComponent("out")
        try Support.write(Self.woo([("W-1", "49.95"), ("W-2", "19.95")]), to: csv)
        let first = try InProcessCLI.run(["batch", csv.path, "-o", output.path, "--format", "png,svg,pdf", "--html", "--metadata"] + Self.common)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.names(output) == (Self.allFiles("W-1") + Self.allFiles("W-2")).sorted())

        // Someone's own file under one of W-2's names (a new inode): not the batch's to remove.
        let own = output.appendingPathComponent("W-2.pdf")
        try FileManager.default.removeItem(at: own)
        try Support.write("the user's own file\n", to: own)
        // A forged line for W-1 naming a file outside the output folder (a correct CHECK).
        let victim = folder.appendingPathComponent("victim.svg")
        try Support.write("outside the output folder\n", to: victim)
        try JournalLine.append(
            try JournalLine.forgedLine(name: "W-1", file: "../victim.svg", describing: victim.path),
            to: output.appendingPathComponent(".breakdown-batch/journal"))

        try Support.write(Self.woo([("W-1", "59.95"), ("W-2", "19.95")]), to: csv)
        let report = folder.appendingPathComponent("report.json")
        let second = try InProcessCLI.run(["batch", csv.path, "-o", output.path, "--report", report.path] + Self.common)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.names(output) == ["W-1.png", "W-2.pdf", "W-2.png"])
        #expect(try String(contentsOf: own, encoding: .utf8) == "the user's own file\n")
        #expect(FileManager.default.fileExists(atPath: victim.path))
        // Six files of W-1 and five of W-2 (its PDF was not the batch's).
        #expect(second.stdout.contains("; removed 11 files an earlier run drew for records drawn again that this run does not write ("), "\(second.stdout)")
        let records = try #require(try Support.report(report)["records"] as? [[String: Any]])
        let removed = records.map { Set($0["removedLeftovers"] as? [String] ?? []) }
        #expect(removed == [Set(Self.allFiles("W-1")).subtracting(["W-1.png"]), Set(Self.allFiles("W-2")).subtracting(["W-2.png", "W-2.pdf"])])
        #expect(try Support.counts(Support.report(report))["removedLeftoverFiles"] == 11)
    }

    /// Nightly exports under dated names into one folder: a product missing from the newest is
    /// listed (summary and report) while its files stay, the listing survives the next run of
    /// the same manifest, `--prune` removes its files naming each; a run with other options (a
    /// second locale) never counts the first locale's names as gone; and `report` combines only
    /// the newest manifest: the old export's failure does not fail it, its run is named as
    /// superseded by path and time.
    @Test(.timeLimit(.minutes(5))) func aProductGoneFromTheExportIsListedAndPruned() throws {
        let folder = try Support.temporaryFolder("gone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let monday = folder.appendingPathComponent("wc-export-2026-11-30.csv"), tuesday = folder.appendingPathComponent("wc-export-2026-12-01.csv")
        // W-4's price is ambiguous (1.299): it fails Monday's run.
        try Support.write(Self.woo([("W-1", "49.95"), ("W-2", "19.95"), ("W-3", "29.95"), ("W-4", "1.299")]), to: monday)
        try Support.write(Self.woo([("W-1", "49.95"), ("W-2", "19.95")]), to: tuesday)
        let first = try InProcessCLI.run(["batch", monday.path, "-o", output.path] + Self.common)
        #expect(first.status == 1, "\(first.stdout)")
        // Another locale into the same folder, its own names: never gone for the en_AU runs.
        let other = try InProcessCLI.run(["batch", monday.path, "-o", output.path, "--map", "amount=Regular price", "--name", "{SKU}-gb", "--extra-columns", "ignore", "--locale", "en_GB", "--jobs", "1"])
        #expect(other.status == 1, "\(other.stdout)")
        let before = try Self.names(output)
        #expect(before == ["W-1-gb.png", "W-1.png", "W-2-gb.png", "W-2.png", "W-3-gb.png", "W-3.png"])

        #expect(FileClock.waitUntilPast(output))
        let report = folder.appendingPathComponent("r.json")
        let second = try InProcessCLI.run(["batch", tuesday.path, "-o", output.path, "--report", report.path] + Self.common)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("; 1 record no longer in the manifest still has 1 file an earlier run drew (W-3.png); --prune removes them"), "\(second.stdout)")
        #expect(try Self.names(output) == before)
        let gone = try #require(try Support.report(report)["gone"] as? [[String: Any]])
        #expect(gone.count == 1 && gone.first?["name"] as? String == "W-3" && gone.first?["files"] as? [String] == ["W-3.png"], "\(gone)")

        // The folder's report: Tuesday's run only; Monday's failed W-4 no longer fails it.
        let combined = try BinaryRunner.run("report", output.path)
        #expect(combined.status == 0, "\(combined.stdout)\(combined.stderr)")
        #expect(combined.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0 (2 records in 1 shard); 2 records drawn by an earlier run"), "\(combined.stdout)")
        #expect(combined.stdout.contains("superseded by the newest manifest (\(tuesday.path)), not combined: 2 runs of an earlier manifest ("), "\(combined.stdout)")
        #expect(combined.stdout.contains("\(monday.path) at 20"), "\(combined.stdout)")
        #expect(combined.stderr.isEmpty, "\(combined.stderr)")
        #expect(combined.stdout.contains("; 1 record no longer in the manifest still has files (W-3): breakdown batch --prune removes them"), "\(combined.stdout)")

        // The same manifest again (its report replaces the last one): still listed.
        let third = try InProcessCLI.run(["batch", tuesday.path, "-o", output.path] + Self.common)
        #expect(third.stdout.contains("; 1 record no longer in the manifest still has 1 file"), "\(third.stdout)")
        let pruned = try InProcessCLI.run(["batch", tuesday.path, "-o", output.path, "--prune"] + Self.common)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(pruned.stdout.hasPrefix("pruned \(output.path)/W-3.png (W-3: no longer in the manifest)\n"), "\(pruned.stdout)")
        #expect(pruned.stdout.contains("; removed 1 file of 1 record no longer in the manifest (--prune)"), "\(pruned.stdout)")
        #expect(try Self.names(output) == before.filter { $0 != "W-3.png" })
        let prunedReport = try BinaryRunner.run("report", output.path)
        #expect(prunedReport.status == 0 && !prunedReport.stdout.contains("no longer in the manifest"), "\(prunedReport.stdout)")
        let after = try InProcessCLI.run(["batch", tuesday.path, "-o", output.path] + Self.common)
        #expect(!after.stdout.contains("no longer in the manifest"), "\(after.stdout)")

        // One manifest path edited in place: each run's report replaces the last, and the gone
        // record is carried in it (`gone`), so the next run lists it still.
        let edited = folder.appendingPathComponent("catalogue.csv"), single = folder.appendingPathComponent("single")
        try Support.write(Self.woo([("E-1", "10.00"), ("E-2", "12.00")]), to: edited)
        #expect(try InProcessCLI.run(["batch", edited.path, "-o", single.path] + Self.common).status == 0)
        try Support.write(Self.woo([("E-1", "10.00")]), to: edited)
        for run in 1...2 {
            let again = try InProcessCLI.run(["batch", edited.path, "-o", single.path] + Self.common)
            #expect(again.stdout.contains("; 1 record no longer in the manifest still has 1 file an earlier run drew (E-2.png)"), "run \(run): \(again.stdout)")
        }
        #expect(try Self.names(single) == ["E-1.png", "E-2.png"])
    }

    /// A name only another locale's run knows, and whose drawing no report holds any more (that
    /// run's report of the same command replaced, the record now without a price: `no price`
    /// removes nothing), is not this run's to list or prune: only reports of runs with this run's
    /// options give the names it looks for.
    @Test(.timeLimit(.minutes(5))) func anotherLocalesNameIsNeverGone() throws {
        let folder = try Support.temporaryFolder("gone-other")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let gb = folder.appendingPathComponent("gb.csv"), au = folder.appendingPathComponent("au.csv")
        let british = ["batch", gb.path, "-o", output.path, "--map", "amount=Regular price", "--name", "{SKU}-gb", "--extra-columns", "ignore", "--locale", "en_GB", "--jobs", "1"]
        try Support.write(Self.woo([("W-5", "10.00")]), to: gb)
        #expect(try InProcessCLI.run(british).status == 0)
        try Support.write(Self.woo([("W-5", "")]), to: gb)
        let skipped = try InProcessCLI.run(british + ["--empty-amount", "skip"])
        #expect(skipped.stdout.hasPrefix("rendered 0, skipped 0, hidden 0, failed 0, no price 1"), "\(skipped.stdout)")
        try Support.write(Self.woo([("W-1", "10.00")]), to: au)
        let pruning = try InProcessCLI.run(["batch", au.path, "-o", output.path, "--prune"] + Self.common)
        #expect(pruning.status == 0, "\(pruning.stderr)")
        #expect(!pruning.stdout.contains("no longer in the manifest") && !pruning.stdout.contains("pruned"), "\(pruning.stdout)")
        #expect(try Self.names(output) == ["W-1.png", "W-5-gb.png"])
    }

    /// `--prune` never reaches outside the output folder: a forged folder report naming a record
    /// `EVIL` (this run's options) and a forged journal line for it naming `../victim.txt` (a
    /// correct CHECK) make nothing listed and nothing removed; the victim stays.
    @Test(.timeLimit(.minutes(5))) func pruneNeverLeavesTheOutputFolder() throws {
        let folder = try Support.temporaryFolder("prune-forged")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out"), csv = folder.appendingPathComponent("wc.csv")
        try Support.write(Self.woo([("W-1", "10.00")]), to: csv)
        #expect(try InProcessCLI.run(["batch", csv.path, "-o", output.path] + Self.common).status == 0)
        let own = output.appendingPathComponent(".breakdown-batch")
        let report = try #require(try FileManager.default.contentsOfDirectory(atPath: own.path).first { $0.hasPrefix("report-") })
        let text = try String(contentsOf: own.appendingPathComponent(report), encoding: .utf8)
        #expect(text.contains("\"W-1\""))
        try Support.write(text.replacingOccurrences(of: "\"W-1\"", with: "\"EVIL\""), to: own.appendingPathComponent("report-ffffffffff-0-of-1.json"))
        let victim = folder.appendingPathComponent("victim.txt")
        try Support.write("outside the output folder\n", to: victim)
        try JournalLine.append(
            try JournalLine.forgedLine(name: "EVIL", file: "../victim.txt", describing: victim.path), to: own.appendingPathComponent("journal"))
        let pruned = try InProcessCLI.run(["batch", csv.path, "-o", output.path, "--prune"] + Self.common)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(!pruned.stdout.contains("pruned") && !pruned.stdout.contains("no longer in the manifest"), "\(pruned.stdout)")
        #expect(pruned.stderr.contains("ignored 1 batch journal line naming a file that is not a plain name"), "\(pruned.stderr)")
        #expect(FileManager.default.fileExists(atPath: victim.path))
        #expect(try Self.names(output) == ["W-1.png"])
    }
}
