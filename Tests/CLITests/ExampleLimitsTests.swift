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

}
