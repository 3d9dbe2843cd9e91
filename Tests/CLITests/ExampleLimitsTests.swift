import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 46 item 7 on the built binary: without `--min`/`--max`, the seed's example limits (1 and
/// 2,000, in the currency's units) are drawn, and `describe`, the batch summary and the batch
/// report say so and how to give the merchant's; given, they say nothing.
@Suite struct ExampleLimitsTests {
    typealias Support = BatchTestSupport

    @Test func describeSaysWhichLimitsWereUsed() throws {
        let plain = try InProcessCLI.run(["describe", "--amount", "1500", "--locale", "en_GB"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let note = try #require(try plain.json()["limits"] as? String)
        #expect(note.contains("the example limits 1–2,000 GBP"), "\(note)")
        #expect(note.contains("give the merchant's as min and max (--min and --max on the command line)"), "\(note)")
        let half = try #require(try InProcessCLI.run(["describe", "--amount", "10", "--locale", "en_NZ", "--max", "1000"]).json()["limits"] as? String)
        #expect(half.contains("the example minimum 1 NZD") && half.contains("(min not given"), "\(half)")
        let given = try InProcessCLI.run(["describe", "--amount", "10", "--locale", "en_AU", "--min", "35", "--max", "1000"])
        #expect(try given.json()["limits"] is NSNull)
    }

    @Test func theBatchSummaryAndReportSayWhichLimitsWereUsed() throws {
        let folder = try Support.temporaryFolder("example-limits")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write("name,amount,locale\nuk,1500,en_GB\nau,2400,en_AU\n", to: csv)
        let report = folder.appendingPathComponent("report.json")
        let plain = try BatchProcess.run(["batch", csv.path, "-o", folder.appendingPathComponent("a").path, "--report", report.path], folder: folder)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("limits: the example limits 1–2,000 in each record's currency (min and max not given, not the merchant's); give the merchant's as min and max (--min and --max on the command line)"), "\(plain.stdout)")
        let json = try Support.report(report)
        #expect((json["limits"] as? String)?.contains("the example limits 1–2,000") == true, "\(json["limits"] ?? "none")")

        let given = try BatchProcess.run(
            ["batch", csv.path, "-o", folder.appendingPathComponent("b").path, "--report", report.path, "--min", "50", "--max", "3000"], folder: folder)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(!given.stdout.contains("limits:"), "\(given.stdout)")
        #expect(try Support.report(report)["limits"] is NSNull)
    }
}
