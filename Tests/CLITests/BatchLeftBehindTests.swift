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

    static func woo(_ rows: [(sku: String, price: String)]) -> String { ShopExports.woo(rows) }

    static let common = ShopExports.wooOptions

    /// Every file a record can have beside its images, as docs/batch.md names them.
    static func allFiles(_ name: String) -> [String] {
        ["png", "svg", "pdf"].flatMap { ["\(name).\($0)", "\(name).\($0).json"] } + ["\(name).html"]
    }

    static func names(_ folder: URL) throws -> [String] { try ShopExports.names(folder) }

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
