@testable import BreakdownBatch
import BreakdownContent
import BreakdownEncode
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 31's first promise: no price text is ever drawn with a value other than the one a person
/// reads in it. The expected readings are docs/batch.md's table, written by hand from the rule;
/// each row is checked against the real reader, the schema's pattern (through Python's
/// jsonschema) and, for the ambiguous forms, the built binary.
@Suite struct PriceSafetyTests {
    typealias Support = BatchTestSupport

    @Test func everyRowOfTheDocumentedTableIsHowPricesAreRead() throws {
        let (locales, rows) = try PriceTable.documented()
        #expect(locales.count == 7 && locales.contains(nil) && locales.contains("de_DE") && locales.contains("fr_FR"))
        #expect(rows.count >= 20)
        // Every form the issue names is a row.
        for form in ["1.299", "1,299", "12.345", "49.999", "0.005", "1,2345", "1.2345", "-0"] {
            #expect(rows.contains { $0.text == form }, "\(form) is not in the table")
        }
        for (text, cells) in rows {
            #expect(cells.count == locales.count, "\(text)")
            for (locale, cell) in zip(locales, cells) {
                let reading = PriceText(numberLocale: locale).plain(text, currency: .AUD)
                let shown = "\(text) under \(locale ?? "no locale")"
                switch cell {
                case "ambiguous":
                    guard case .ambiguous(let reason) = reading else {
                        Issue.record("\(shown): \(reading), not ambiguous")
                        continue
                    }
                    // Both readings are named.
                    let digits = text.filter(\.isNumber)
                    #expect(reason.contains(digits) && reason.contains(text.replacingOccurrences(of: ",", with: ".")), "\(shown): \(reason)")
                case "refused":
                    guard case .problem = reading else {
                        Issue.record("\(shown): \(reading), not refused")
                        continue
                    }
                default:
                    #expect(reading == .plain(cell), "\(shown)")
                }
            }
        }
    }

    /// The acceptance test: each ambiguous form, as a JSON string and as a CSV cell, under no
    /// locale, en_US and de_DE: every record fails naming both readings, and nothing is drawn.
    @Test(.timeLimit(.minutes(15))) func noAmbiguousPriceIsEverDrawn() throws {
        let folder = try Support.temporaryFolder("price-ambiguous")
        defer { try? FileManager.default.removeItem(at: folder) }
        let forms = try PriceTable.documented().rows.filter { $0.cells.allSatisfy { $0 == "ambiguous" } }.map(\.text)
        #expect(forms.count >= 4)
        let ndjson = folder.appendingPathComponent("m.ndjson")
        try Support.write(forms.enumerated().map { "{\"amount\": \(JSONValue.quoted($1)), \"name\": \"r\($0)\"}" }.joined(separator: "\n") + "\n", to: ndjson)
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write("SKU,Price\n" + forms.enumerated().map { "r\($0),\"\($1)\"" }.joined(separator: "\n") + "\n", to: csv)
        for locale in [nil, "en_US", "de_DE"] as [String?] {
            for (manifest, extra) in [(ndjson, [String]()), (csv, ["--map", "amount=Price,name=SKU"])] {
                let output = folder.appendingPathComponent("out-\(locale ?? "none")-\(manifest.pathExtension)")
                let result = try InProcessCLI.run(
                    ["batch", manifest.path, "-o", output.path, "--jobs", "1"] + extra + (locale.map { ["--number-locale", $0] } ?? []))
                let label = "\(manifest.lastPathComponent) under \(locale ?? "no locale")"
                #expect(result.status == 1, "\(label): \(result.stdout)")
                #expect(result.stdout.hasPrefix("rendered 0, skipped 0, hidden 0, failed \(forms.count) (\(forms.count) ambiguous prices)"), "\(label): \(result.stdout)")
                let errors = result.stderr.split(separator: "\n")
                #expect(errors.count == forms.count, "\(label): \(result.stderr)")
                for (error, form) in zip(errors, forms) {
                    #expect(error.contains("'\(form)' is ambiguous: \(form.filter(\.isNumber))"), "\(label): \(error)")
                }
                let drawn = (try? FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }) ?? []
                #expect(drawn.isEmpty, "\(label) drew \(drawn)")
            }
        }
    }

    /// A record with no price (null, no key, "", spaces, a mapped column it lacks) fails like an
    /// empty one, never drawn as 0; a JSON -0 is refused like a negative; a CSV whose price column
    /// was never mapped is one error, nothing drawn.
    @Test(.timeLimit(.minutes(15))) func aRecordWithoutAPriceIsNeverDrawnAsZero() throws {
        let folder = try Support.temporaryFolder("price-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(
            """
            {"amount": null, "name": "null"}
            {"name": "absent"}
            {"amount": "", "name": "empty"}
            {"amount": "  ", "name": "spaces"}
            {"amount": -0, "name": "minus-zero"}
            {"amount": "-0", "name": "minus-zero-text"}
            {"amount": "10", "name": "priced"}

            """, to: manifest)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path, "--jobs", "1")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 6 (4 empty prices, 2 invalid prices)"), "\(result.stdout)")
        #expect(try Support.files(output, ext: "png") == ["priced.png"])
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 6)
        #expect(errors[0].contains("line 1 (record 1): amount is empty"))
        #expect(errors[1].contains("line 2 (record 2): the record has no amount (no 'amount' key)"))
        #expect(errors[4].contains("-0 is negative") && errors[5].contains("'-0' is negative"), "\(errors)")
        let entries = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(entries.map { $0["cause"] as? String } == ["empty-price", "empty-price", "empty-price", "empty-price", "invalid-price", "invalid-price", nil])
        #expect(try Support.report(report)["failures"] as? [String: Int] == ["empty-price": 4, "invalid-price": 2])

        // The same under a mapped column: a record without it has no price, and its own `amount`
        // is an extra column, never a second price chosen quietly.
        let mapped = try InProcessCLI.run("batch", manifest.path, "-o", output.path + "-mapped", "--map", "amount=Price", "--jobs", "1")
        #expect(mapped.status == 1)
        #expect(mapped.stderr.contains("line 1 (record 1): the record has no amount (no column 'Price')"), "\(mapped.stderr)")
        #expect(mapped.stderr.contains("line 7 (record 7): amount: --map reads 'amount' from column 'Price'"), "\(mapped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path + "-mapped/priced.png"))

        // A CSV whose price column is never mapped: one error before anything is drawn.
        let csv = folder.appendingPathComponent("shop.csv")
        try Support.write("SKU,Price,Title\nA1,10.00,Shoe\nA2,20.00,Bag\n", to: csv)
        let unmapped = folder.appendingPathComponent("unmapped")
        for extra in [[], ["--empty-amount", "zero"], ["--empty-amount", "skip"]] {
            let refused = try InProcessCLI.run(
                ["batch", csv.path, "-o", unmapped.path, "--map", "name=SKU", "--extra-columns", "ignore"] + extra)
            #expect(refused.status == 2, "\(extra): \(refused.stdout)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
            #expect(refused.stderr.contains("none of its columns is an amount") && refused.stderr.contains("--map amount=Price"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: unmapped.path))
        }
        // Unless the command line gives the price of every record.
        let given = try InProcessCLI.run("batch", csv.path, "-o", unmapped.path, "--map", "name=SKU", "--extra-columns", "ignore", "--amount", "10")
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try Support.files(unmapped, ext: "png") == ["A1.png", "A2.png"])
    }

    /// A price whose quarter the currency formatter cannot give to the cent (it formats through a
    /// Double) is refused, never drawn a few cents off: 9,007,199,254,740,993 was drawn as
    /// $2,251,799,813,685,248.50, not …248.25. Just below the bound the cents are right:
    /// 99,999,999,999,999.99 ÷ 4 = 24,999,999,999,999.9975, which rounds to $25,000,000,000,000.00.
    @Test func pricesTooLargeToDrawToTheCentAreRefused() throws {
        // The largest limit that is drawn exactly (limits, like prices, stay below 10^14).
        let max = ["--max", "99999999999999.99"]
        let refused = try InProcessCLI.run(["describe", "--amount", "100000000000000"] + max)
        #expect(refused.status == 2 && refused.stderr.contains("cannot be drawn exactly to the cent"), "\(refused.stderr)")
        let below = try InProcessCLI.run(["describe", "--amount", "99999999999999.99"] + max)
        #expect(below.stdout.contains("\"or 4 interest-free payments of $25,000,000,000,000.00 with\""), "\(below.stdout)")
        let folder = try Support.temporaryFolder("price-large")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write("SKU,Price\nA,\"9,007,199,254,740,993\"\n", to: manifest)
        let batch = try InProcessCLI.run(["batch", manifest.path, "-o", folder.appendingPathComponent("out").path, "--map", "amount=Price,name=SKU"] + max)
        #expect(batch.status == 1 && batch.stderr.contains("cannot be drawn exactly to the cent"), "\(batch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/A.png").path))
    }
}
