import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A JSON record that gives a key twice is unreadable (which of the two was meant cannot be
/// told), counted with the other unreadable records whatever the key, not as a bad price.
@Suite struct BatchDuplicateKeyTests {
    typealias Support = BatchTestSupport

    @Test func aKeyGivenTwiceMakesTheRecordUnreadable() throws {
        let folder = try Support.temporaryFolder("duplicate-key")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        try Support.write(
            [#"{"name": "a", "amount": 1, "amount": 2}"#, #"{"name": "b", "locale": "en_AU", "locale": "en_GB", "amount": 5}"#, #"{"name": "c", "amount": 5}"#]
                .joined(separator: "\n") + "\n", to: manifest)
        let run = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 2 (2 unreadable records)"), "\(run.stdout)")
        let json = try Support.report(report)
        let entries = try #require(json["records"] as? [[String: Any]])
        #expect(entries.map { $0["cause"] as? String } == ["unreadable", "unreadable", nil], "\(entries)")
        #expect(entries.map { $0["field"] as? String } == ["amount", "locale", nil], "the key is still named")
        #expect(json["failures"] as? [String: Int] == ["unreadable": 2])
    }
}
