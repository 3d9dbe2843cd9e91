@testable import BreakdownBatch
import BreakdownContent
import BreakdownEncode
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of PriceSafetyTests that start a process; the rest are PriceSafetyTests, in CLITests.
@Suite struct PriceSafetyEndToEndTests {
    /// `breakdown schema` (with the same `--number-locale`) accepts exactly the rows `batch` reads.
    @Test func theSchemaPatternAgreesWithEveryRow() throws {
        let (locales, rows) = try PriceTable.documented()
        for locale in [nil, "en_US", "de_DE", "fr_FR"] as [String?] {
            let column = try #require(locales.firstIndex(of: locale))
            let schema = try InProcessCLI.run(["schema"] + (locale.map { ["--number-locale", $0] } ?? []))
            try #require(schema.status == 0, "\(schema.stderr)")
            let records = rows.map { "{\"amount\": \(JSONValue.quoted($0.text))}" }
            let verdicts = try Self.validate(schema: schema.stdout, records: records)
            for (row, valid) in zip(rows, verdicts) {
                let readable = !["ambiguous", "refused"].contains(row.cells[column])
                #expect(valid == readable, "\(row.text) under \(locale ?? "no locale"): schema says \(valid), table \(row.cells[column])")
            }
            // A record without a price is invalid unless the batch is told what to do with it.
            #expect(try Self.validate(schema: schema.stdout, records: ["{}", "{\"amount\": null}", "{\"amount\": 12}"]) == [false, false, true])
        }
        let lenient = try InProcessCLI.run("schema", "--empty-amount", "skip")
        #expect(try Self.validate(schema: lenient.stdout, records: ["{}", "{\"amount\": null}", "{\"amount\": \"\"}", "{\"amount\": \"1.299\"}"]) == [true, true, true, false])
    }

    static func validate(schema: String, records: [String]) throws -> [Bool] {
        try JSONSchemaCheck.verdicts(schema: schema, records: records)
    }
}
