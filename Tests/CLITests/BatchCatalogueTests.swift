@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 21 end to end: a shop's export as it comes (mapped columns, shop prices, a name
/// template), outcomes that add up, runs that do not undo each other, bad input as one line, and
/// shards that agree with one run. Expected outcomes are worked out here from the CSV itself, by a
/// separate and simpler reading than the batch's. Shards run at once, killed or told by the
/// environment go through the built binary
/// (BatchCatalogueEndToEndTests, in EndToEndTests); the rest run here, in the test process.
@Suite struct BatchCatalogueTests {
    typealias Support = BatchTestSupport

    /// A batch in the test process (`InProcessCLI`), for the tests that need no process of its
    /// own (no environment, no kill, no other batch at once on its folder).
    static func batch(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    /// SKUs in other scripts name their files as written (NFC), and a message says "empty" only
    /// of an empty value.
    @Test func skusInOtherScriptsNameTheirFiles() throws {
        let folder = try Support.temporaryFolder("unicode-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("c.csv")
        // The second SKU is decomposed (e + combining acute): it names the file composed.
        try Support.write("SKU,Price\n日本語,10\nCafe\u{301} crème,20\nΕλληνικά,30\nعربي,40\n///,50\n\"  \",60\n", to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.batch(["batch", csv.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".png") })
        #expect(names == ["日本語.png", "Cafe-creme.png", "Ελληνικά.png", "عربي.png"], "\(names.sorted())")
        #expect(result.stderr.contains("line 6 (record 5): name: {SKU} has no letter or digit in this record ('///')"), "\(result.stderr)")
        #expect(result.stderr.contains("line 7 (record 6): name: {SKU} is empty in this record"), "\(result.stderr)")
    }

    @Test(.timeLimit(.minutes(15))) func badInputIsOneClearLineAndDrawsNothingFromIt() throws {
        let folder = try Support.temporaryFolder("catalogue-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("c.csv")
        try Support.write("SKU,Price\r\nA1,10.00\r\nA2,\"1.299.00\"\r\nA3,12\r\n", to: csv)
        let output = folder.appendingPathComponent("out")
        func refused(_ arguments: [String], _ words: [String]) throws {
            let result = try Self.batch(["batch", csv.path, "-o", output.path] + arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(Support.errorLines(result).count == 1, "\(arguments): \(result.stderr)")
            for word in words { #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)") }
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(arguments) drew from a half-understood manifest")
        }
        try refused(["--map", "prize=Price,name=SKU"], ["'prize' is not a record key", "accepted keys: amount"])
        try refused(["--map", "amount=Prices,name=SKU"], ["'Prices'", "its columns: 'SKU', 'Price'"])
        try refused(["--map", "amount=Price", "--name", "{SKU}-{Colour}"], ["{SKU}-{Colour}", "'Colour'", "neither a column"])
        try refused(["--map", "amount=Price", "--name", "{SKU"], ["'{'"])
        try refused(["--map", "amount=Price", "--number-locale", "xx_YY"], ["number-locale"])

        // A price with two separators fails its record, naming the record, the field and what is accepted.
        let result = try Self.batch(["batch", csv.path, "-o", output.path, "--map", "amount=Price,name=SKU"], in: folder)
        #expect(result.status == 1)
        #expect(Support.errorLines(result) == [
            "error: \(csv.path) line 3 (record 2): amount (column 'Price'): '1.299.00' has two decimal separators '.'; expected a price such as 1299.00, 1,299.00, $49.95 or AUD 49.95 (decimal separator '.', thousands grouped in threes by ',')"
        ])
        #expect(try Support.files(output, ext: "png") == ["A1.png", "A3.png"])

        // A 10,000-column header: one line of bounded length.
        let wide = folder.appendingPathComponent("wide.csv")
        try Support.write((0..<10_000).map { "column\($0)" }.joined(separator: ",") + "\n" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "\n", to: wide)
        let wideResult = try Self.batch(["batch", wide.path, "-o", output.path + "-wide"], in: folder)
        #expect(wideResult.status == 2)
        #expect(Support.errorLines(wideResult).count == 1)
        #expect(wideResult.stderr.contains("10000 columns 'column0'") && wideResult.stderr.contains("and 9980 more"))
        #expect(wideResult.stderr.utf8.count < 2_000, "\(wideResult.stderr.utf8.count) bytes")

        // A 10 MB cell: its record fails with one line; the other record is drawn.
        let huge = folder.appendingPathComponent("huge.csv")
        try Support.write("SKU,Price,Product Name\nB1,5,\(String(repeating: "x", count: 10 << 20))\nB2,6,short\n", to: huge)
        defer { try? FileManager.default.removeItem(at: huge) }
        let hugeOutput = folder.appendingPathComponent("out-huge")
        let hugeResult = try Self.batch(
            ["batch", huge.path, "-o", hugeOutput.path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore"], in: folder)
        #expect(hugeResult.status == 1)
        #expect(Support.errorLines(hugeResult).count == 1, "\(hugeResult.stderr.prefix(500))")
        #expect(hugeResult.stderr.contains("line 2 (record 1): the row is longer than"))
        #expect(try Support.files(hugeOutput, ext: "png") == ["B2.png"])
    }

    @Test(.timeLimit(.minutes(15))) func everyOutcomeIsCountedNamedAndCanFail() throws {
        let folder = try Support.temporaryFolder("catalogue-outcomes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write(
            """
            SKU,Price,no-configuration,text-color
            in-range,100.00,,
            outside,"$5,000.00",,
            hidden,10,true,
            ambiguous,"1,299",,
            empty,,,
            in-range,100.00,,
            pale,40,,#FFFFFF

            """, to: manifest)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        let base = ["batch", manifest.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}", "--report", report.path, "--jobs", "1"]
        let result = try Self.batch(base + ["--quiet"], in: folder)
        #expect(result.status == 1)
        // --quiet: the summary alone on stdout, the errors alone on stderr; the warning counted.
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(
            result.stdout.hasPrefix("rendered 2, skipped 0, hidden 1, failed 2 (1 ambiguous price, 1 empty price), outside limits 1, duplicates 1 (7 records"),
            "\(result.stdout)")
        #expect(result.stdout.contains("; 1 low-contrast warning"))
        let errors = Support.errorLines(result)
        #expect(errors.count == 2 && errors.allSatisfy { $0.hasPrefix("error: ") }, "\(errors)")
        #expect(errors.first?.contains("line 5 (record 4): amount (column 'Price'): '1,299' is ambiguous") == true)
        #expect(errors.last?.contains("line 6 (record 5): amount (column 'Price') is empty") == true)
        let records = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(records.map { $0["status"] as? String } == ["rendered", "outside-limits", "hidden", "failed", "failed", "duplicate", "rendered"])
        #expect(records.map { $0["name"] as? String } == ["in-range", "outside", "hidden", "ambiguous", "empty", "in-range", "pale"])
        #expect(records.map { $0["line"] as? Int } == [2, 3, 4, 5, 6, 7, 8])
        let counts = try Support.counts(try Support.report(report))
        #expect(counts["warnings"] == 1)

        // A rerun skips what is drawn and says what the run that drew it found.
        let again = try Self.batch(base, in: folder)
        #expect(again.stdout.hasPrefix("rendered 0, skipped 3, hidden 1, failed 2 (1 ambiguous price, 1 empty price), duplicates 1"), "\(again.stdout)")
        let skipped = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(skipped[1]["status"] as? String == "skipped" && skipped[1]["earlier"] as? String == "outside-limits", "\(skipped[1])")
        #expect(skipped[0]["earlier"] as? String == "rendered")

        // --fail-on: outside the limits and hidden become failures, also for images already drawn.
        let strict = try Self.batch(base + ["--fail-on", "outside-limits,hidden"], in: folder)
        #expect(strict.status == 1)
        #expect(
            strict.stdout.hasPrefix(
                "rendered 0, skipped 2, hidden 0, failed 4 (1 ambiguous price, 1 empty price, 1 hidden view (--fail-on), 1 price outside the limits (--fail-on)), duplicates 1"),
            "\(strict.stdout)")
        // The image drawn for `outside` is removed now that the record fails: it would show a price as if it were valid.
        #expect(strict.stdout.contains("; removed 1 file an earlier run drew for records that failed or are hidden now (outside.png)"), "\(strict.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("outside.png").path))
        #expect(strict.stderr.contains("line 3 (record 2): amount 5000.00 is outside the configuration's limits"))
        #expect(strict.stderr.contains("line 4 (record 3): hidden (no configuration is set)"))
        let badFailOn = try Self.batch(base + ["--fail-on", "outside"], in: folder)
        #expect(badFailOn.status == 2 && badFailOn.stderr.contains("expected outside-limits, hidden"))

        // --empty-amount zero: the empty price is drawn as 0, which is outside the limits.
        let zero = try Self.batch(base + ["--empty-amount", "zero"], in: folder)
        #expect(zero.stdout.hasPrefix("rendered 0, skipped 2, hidden 1, failed 1 (1 ambiguous price), outside limits 2, duplicates 1"), "\(zero.stdout)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("empty.png").path))
    }

    @Test(.timeLimit(.minutes(15))) func twoLocalesLandSideBySideAndAReplacementIsAnnounced() throws {
        let folder = try Support.temporaryFolder("catalogue-locales")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Support.write("\u{FEFF}SKU,Price,Category\r\nSKU-1,$49.95,Shoes\r\nSKU-2,\"1,299.00\",Bags\r\n", to: manifest)
        let output = folder.appendingPathComponent("emails")
        let mapped = ["batch", manifest.path, "-o", output.path, "--map", "amount=Price", "--extra-columns", "ignore", "--jobs", "1"]
        for locale in ["en_CA", "fr_CA"] {
            let result = try Self.batch(mapped + ["--name", "{SKU}-{locale}", "--locale", locale], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("rendered 2, skipped 0"))
            #expect(!result.stdout.contains("replaced"))
        }
        #expect(try Support.files(output, ext: "png") == ["SKU-1-en_CA.png", "SKU-1-fr_CA.png", "SKU-2-en_CA.png", "SKU-2-fr_CA.png"])

        // Named by the SKU alone, the second locale replaces the first: announced, or kept, or failed.
        let named = mapped + ["--map", "name=SKU"]
        #expect(try Self.batch(named + ["--locale", "en_CA"], in: folder).status == 0)
        let english = try Data(contentsOf: output.appendingPathComponent("SKU-1.png"))
        let kept = try Self.batch(named + ["--locale", "fr_CA", "--on-change", "keep"], in: folder)
        #expect(kept.status == 0)
        #expect(kept.stdout.hasPrefix("rendered 0, skipped 2"), "\(kept.stdout)")
        #expect(kept.stdout.contains("kept 2 images an earlier run drew with other options (SKU-1, SKU-2; on the command line: locale en_CA → fr_CA)"), "\(kept.stdout)")
        #expect(try Data(contentsOf: output.appendingPathComponent("SKU-1.png")) == english)
        let failed = try Self.batch(named + ["--locale", "fr_CA", "--on-change", "fail"], in: folder)
        #expect(failed.status == 1)
        #expect(Support.errorLines(failed).count == 2 && failed.stderr.contains("SKU-1: an earlier run drew it with other options"))
        #expect(try Data(contentsOf: output.appendingPathComponent("SKU-1.png")) == english)
        let replaced = try Self.batch(named + ["--locale", "fr_CA"], in: folder)
        #expect(replaced.status == 0)
        #expect(
            replaced.stdout.contains("; replaced 2 images an earlier run drew with other options or another renderer (SKU-1, SKU-2; on the command line: locale en_CA → fr_CA)"),
            "\(replaced.stdout)")
        #expect(try Data(contentsOf: output.appendingPathComponent("SKU-1.png")) != english)
        // Drawn again with the same options: nothing is replaced, nothing announced.
        let same = try Self.batch(named + ["--locale", "fr_CA", "--force"], in: folder)
        #expect(!same.stdout.contains("replaced"), "\(same.stdout)")
    }

}
