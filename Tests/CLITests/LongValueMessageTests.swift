import Foundation
import Testing

@testable import BreakdownBatch
@testable import CLITestSupport

/// A huge value (a 100,000-digit amount, a megabyte option name or manifest key, a long file
/// name or format) is refused in one short line that says how long it was, not echoed whole; and
/// a huge unknown name is not compared letter by letter with every option to suggest one.
@Suite struct LongValueMessageTests {
    static let huge = String(repeating: "9", count: 100_000)

    @Test func commandLineValuesAndNamesAreShortenedInTheOneLine() throws {
        let cases: [[String]] = [
            ["describe", "--amount", Self.huge],
            ["describe", "--" + String(repeating: "x", count: 100_000)],
            ["describe", "--amount", "1", "--min", String(repeating: "1", count: 5_000)],
        ]
        for arguments in cases {
            let result = try InProcessCLI.run(arguments)
            let label = arguments.map { $0.prefix(20) }.joined(separator: " ")
            #expect(result.status == 2, "\(label)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(label)")
            #expect(result.stderr.count < 400, "\(label): \(result.stderr.count) characters")
            #expect(result.stderr.contains(" characters)"), "\(label): \(result.stderr.prefix(300))")
        }
        // Short values are still quoted whole.
        let short = try InProcessCLI.run(["describe", "--amount", "12a"])
        #expect(short.stderr.contains("'12a' is not valid"))
    }

    @Test func manifestKeysAndFieldsAreShortenedToo() throws {
        let planner = try BatchRecordPlannerTests.planner()
        let longKey = String(repeating: "k", count: 1_000_000)
        let cases: [([String: ManifestValue], String)] = [
            ([longKey: .text("1")], longKey),
            (["amount": .text(Self.huge)], "amount"),
            (["amount": .text("1"), "name": .text(String(repeating: "a/", count: 5_000))], "name"),
            (["amount": .text("1"), "format": .text(String(repeating: "g", count: 5_000))], "format"),
        ]
        for (fields, field) in cases {
            guard case .problem(let problem) = BatchRecordPlannerTests.plan(fields, planner) else {
                Issue.record("expected a problem for the field \(field.prefix(20))")
                continue
            }
            #expect(problem.field == field)
            #expect(problem.message.count < 400, "\(field.prefix(20)): \(problem.message.count) characters")
            #expect(problem.message.contains(" characters)"), "\(problem.message.prefix(300))")
        }
    }
}
