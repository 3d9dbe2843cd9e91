import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of BatchLeftBehindTests that start a process; the rest are BatchLeftBehindTests, in CLITests.
@Suite struct BatchLeftBehindEndToEndTests {
    typealias Support = BatchTestSupport

    static func woo(_ rows: [(sku: String, price: String)]) -> String { ShopExports.woo(rows) }

    static let common = ShopExports.wooOptions

    static func names(_ folder: URL) throws -> [String] { try ShopExports.names(folder) }

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
}
