import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of ExampleLimitsTests that start a process; the rest are ExampleLimitsTests, in CLITests.
@Suite struct ExampleLimitsEndToEndTests {
    typealias Support = BatchTestSupport

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
