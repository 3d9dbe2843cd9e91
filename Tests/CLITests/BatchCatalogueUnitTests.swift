@testable import BreakdownBatch
import BreakdownContent
import BreakdownOptions
import Foundation
import Testing
import BreakdownPipeline
import BreakdownIO

/// Prices as shops write them, name slugs, column maps and `--shard auto`, on the real parsers.
/// Expected values are worked out by hand from the inputs.
@Suite struct BatchCatalogueUnitTests {
    static func plain(_ text: String, locale: String? = nil, currency: CurrencyCode? = .AUD) -> String? {
        if case .plain(let value) = PriceText(numberLocale: locale).plain(text, currency: currency) { return value }
        return nil
    }

    static func problem(_ text: String, locale: String? = nil, currency: CurrencyCode? = .AUD) -> String {
        switch PriceText(numberLocale: locale).plain(text, currency: currency) {
        case .problem(let reason), .ambiguous(let reason): return reason
        case .plain: return "(read as a price)"
        }
    }

    @Test func shopPricesAreReadExactly() {
        let cases: [(String, String)] = [
            ("1,299.00", "1299.00"), ("$49.95", "49.95"), ("AUD 49.95", "49.95"), ("49.95 AUD", "49.95"), ("49.9", "49.9"),
            ("  35.00 ", "35.00"), ("A$12", "12"), ("1,299,000", "1299000"), ("12,345,678.5", "12345678.5"), (".50", "0.50"),
            ("aud 7.10", "7.10"), ("100.10", "100.10"),
            // 27 significant digits: a Double would round this.
            ("$1,234,567,890,123,456,789,012,345.67", "1234567890123456789012345.67"),
        ]
        for (text, expected) in cases { #expect(Self.plain(text) == expected, "\(text)") }
    }

    /// The quick reading of `$` prices (`PriceText.dollars`) against the long way, on every
    /// string of `$` and up to 6 characters from `05,.`, on shop-like prices
    /// with their edges (grouping, zeros, fractions of 0 to 3 digits, marks), for currencies
    /// that `$` does and does not stand for: the same reading, message for message.
    @Test func quickDollarReadingIsTheLongWays() {
        var texts: Set<String> = []
        var layer = ["$"]
        for _ in 0..<6 {
            layer = layer.flatMap { text in ["0", "5", ",", "."].map { text + $0 } }
            texts.formUnion(layer)
        }
        for integer in ["0", "5", "05", "49", "100", "999", "1,000", "1,234", "12,345", "123,456", "1,234,567", "01,234", "0,123", "1234,567", "1,23", "1,2345", ",123", "1,,234"] {
            for fraction in ["", ".", ".5", ".50", ".05", ".500", ".999", ".5.5"] {
                for mark in ["$", "$ ", "A$", "", " $"] { texts.insert(mark + integer + fraction) }
                texts.insert("$" + integer + fraction + " ")
            }
        }
        var quick = 0
        for locale in [nil, "en_US"] as [String?] {
            let reader = PriceText(numberLocale: locale)
            for currency in [nil, .AUD, .GBP] as [CurrencyCode?] {
                for text in texts {
                    let read = reader.plain(text, currency: currency)
                    #expect(read == reader.readLongWay(text, currency: currency), "\(text) \(String(describing: currency)) \(locale ?? "")")
                    if case .plain = read, text.hasPrefix("$"), !text.hasPrefix("$ ") { quick += 1 }
                }
            }
        }
        #expect(quick > 1000, "the quick reading was reached \(quick) times")
    }

    @Test func numberLocalesTakeTheirSeparators() {
        #expect(Self.plain("1.299,00", locale: "de_DE") == "1299.00")
        #expect(Self.plain("49,9", locale: "de_DE") == "49.9")
        #expect(Self.plain("1.299,00", locale: "de_DE") == "1299.00")
        #expect(Self.plain("1,299.00", locale: "en_US") == "1299.00")
        #expect(Self.plain("AUD 1.299,50", locale: "de_DE") == "1299.50")
        #expect(Self.plain("1 299,50", locale: "fr_FR") == "1299.50")
        #expect(Self.plain("1\u{202F}299,50", locale: "fr_FR") == "1299.50")
        // de_DE's '.' groups thousands, so 49.9 is a bad grouping there, not 49.9.
        #expect(Self.problem("49.9", locale: "de_DE").contains("does not group thousands in threes"))
        // The euro sign is read, and disagrees with every configuration currency.
        #expect(Self.problem("1.299,00 €", locale: "de_DE").contains("euros"))
    }

    @Test func ambiguousAndMalformedPricesSayWhatIsAccepted() {
        let ambiguous = Self.problem("1,299")
        #expect(ambiguous.contains("ambiguous"), "\(ambiguous)")
        #expect(ambiguous.contains("1299") && ambiguous.contains("1.299") && ambiguous.contains("--number-locale"), "\(ambiguous)")
        #expect(Self.problem("1.299.00").contains("two decimal separators"))
        #expect(Self.problem("1,29,900.00").contains("does not group thousands in threes"))
        #expect(Self.problem("49,95").contains("--number-locale"))
        #expect(Self.problem("1.299,00").contains("after the decimal separator"))
        // A negative number, -0 too, is refused here, in every locale.
        #expect(Self.problem("-5").contains("negative"))
        #expect(Self.problem("-$5").contains("negative"))
        #expect(Self.problem("($5.00)").contains("negative"))
        #expect(Self.problem("$").contains("is not valid"))
        #expect(Self.problem("12.").contains("ends with the decimal separator"))
        #expect(Self.problem("$5 AUD").contains("before and after"))
        #expect(Self.problem("12abc34").contains("inside the number"))
        #expect(Self.problem("XYZ 5").contains("not a currency symbol or code"))
        for problem in [Self.problem("1.299.00"), Self.problem("12abc34")] {
            #expect(problem.contains("expected a price such as"), "\(problem)")
        }
    }

    @Test func aCurrencyMarkMustAgreeWithTheConfiguration() {
        #expect(Self.problem("£49.95", currency: .AUD).contains("the configuration's currency is AUD"))
        #expect(Self.problem("USD 10", currency: .CAD).contains("the configuration's currency is CAD"))
        #expect(Self.problem("NZ$10", currency: .AUD).contains("not converted"))
        #expect(Self.plain("£49.95", currency: .GBP) == "49.95")
        #expect(Self.plain("$10", currency: .CAD) == "10")
        #expect(Self.problem("$10", currency: .GBP).contains("GBP"))
        #expect(Self.plain("CA$10", currency: .CAD) == "10")
    }

    @Test func slugsAreTheSameRuleForEveryValue() {
        #expect(NameTemplate.slug("Crème Brûlée / 2 pack") == "Creme-Brulee-2-pack")
        #expect(NameTemplate.slug("  a && b  ") == "a-b")
        #expect(NameTemplate.slug("--x--") == "x")
        #expect(NameTemplate.slug("SKU_1.2") == "SKU_1.2")
        #expect(NameTemplate.slug("\"limited\"") == "limited")
        // Other scripts are kept, composed (NFC), not transliterated; only a Latin letter's
        // accent is dropped.
        #expect(NameTemplate.slug("日本語") == "日本語")
        #expect(NameTemplate.slug("Ελληνικά / 2") == "Ελληνικά-2")
        #expect(NameTemplate.slug("عربي") == "عربي")
        #expect(NameTemplate.slug("ガンダム") == "ガンダム", "dakuten are no accent to drop")
        // Swift's == is canonical equivalence: the bytes tell composed from decomposed.
        #expect(Array(NameTemplate.slug("\u{30AB}\u{3099}").utf8) == Array("\u{30AC}".utf8), "composed: カ + combining dakuten is ガ")
        #expect(NameTemplate.slug("Ａｂｃ１") == "Abc1")
        #expect(NameTemplate.slug("a\u{200B}b") == "a-b", "a zero-width space is no letter")
        #expect(NameTemplate.slug("★") == "")
    }

    /// A template that can name no record (its text and one character a field already pass
    /// the 150-character limit) is refused when given, not tried record by record; long values
    /// fail their record quickly instead of joining megabytes first.
    @Test func templatesTooLongForAnyNameAreRefusedAtOnce() throws {
        // 150 fields of at least one character each still fit; 151 do not.
        _ = try NameTemplate(String(repeating: "{SKU}", count: 150))
        do {
            _ = try NameTemplate(String(repeating: "{SKU}", count: 151))
            Issue.record("a template of 151 fields was accepted")
        } catch {
            #expect(error.message.contains("at least 151 characters") && error.message.contains("at most 150"), "\(error.message)")
        }
        #expect(throws: CLIError.self) { try NameTemplate(String(repeating: "x", count: 150) + "{SKU}") }
        let template = try NameTemplate(String(repeating: "{SKU}", count: 100))
        let huge = String(repeating: "A", count: 1_000_000)
        let made = template.name(column: { _ in huge }, option: { _ in nil })
        guard case .failure(let problem) = made else { Issue.record("a name of 100 MB was made"); return }
        #expect(problem.message.contains("expected at most 150 characters"), "\(problem.message)")
    }

    @Test func templatesAreCheckedWhenGiven() throws {
        #expect(throws: CLIError.self) { try NameTemplate("{SKU") }
        #expect(throws: CLIError.self) { try NameTemplate("plain") }
        #expect(throws: CLIError.self) { try NameTemplate("{SKU}/{locale}") }
        #expect(throws: CLIError.self) { try NameTemplate("{}-x") }
        let template = try NameTemplate("{SKU}-{locale}-{scale}x")
        #expect(template.fields == ["SKU", "locale", "scale"])
        let made = template.name(column: { $0 == "SKU" ? "Ab 1" : nil }, option: { ["locale": "en_GB", "scale": "2"][$0] })
        #expect(made == .success("Ab-1-en_GB-2x"))
        let missing = template.name(column: { _ in nil }, option: { ["locale": "en_GB", "scale": "2"][$0] })
        guard case .failure(let problem) = missing else { Issue.record("a missing column made a name"); return }
        #expect(problem.message.contains("{SKU}"))
    }

    @Test func columnMapsTakeOnlyKeys() throws {
        let map = try ColumnMap(["amount=Price,name=SKU", "locale = Market"], ignoreExtraColumns: false)
        #expect(map.key(for: "Price") == "amount")
        #expect(map.key(for: "Market") == "locale")
        // A column named like a key that the map takes from another column is an extra column.
        #expect(map.key(for: "amount") == nil)
        #expect(map.key(for: "scale") == "scale")
        #expect(map.key(for: "Category") == nil)
        for bad in ["prize=Price", "amount", "amount=", "amount=A,amount=B", "amount=A,name=A"] {
            #expect(throws: CLIError.self, "\(bad)") { try ColumnMap([bad], ignoreExtraColumns: false) }
        }
        do {
            try map.check(header: ["SKU", "Product Name", "Price", "Category", "Market"], label: "c.csv")
            Issue.record("an unknown column was accepted")
        } catch {
            #expect(error.message.contains("'Product Name', 'Category'"), "\(error.message)")
            #expect(!error.message.contains("'Price'"))
        }
        let ignoring = try ColumnMap(["amount=Price"], ignoreExtraColumns: true)
        try ignoring.check(header: ["SKU", "Price", "Category"], label: "c.csv")
        #expect(throws: CLIError.self) { try ignoring.check(header: ["SKU", "Prices"], label: "c.csv") }
    }

    @Test func shardAutoReadsEachEngine() throws {
        func shard(_ environment: [String: String], _ given: String = "auto") throws -> String {
            try Shard.fromEnvironment(environment, given: given).description
        }
        #expect(try shard(["JOB_COMPLETION_INDEX": "5"], "auto/8") == "5/8")
        #expect(try shard(["AWS_BATCH_JOB_ARRAY_INDEX": "2", "AWS_BATCH_JOB_ARRAY_SIZE": "3"]) == "2/3")
        #expect(try shard(["CLOUD_RUN_TASK_INDEX": "0", "CLOUD_RUN_TASK_COUNT": "4"]) == "0/4")
        #expect(try shard(["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"]) == "2/4")
        #expect(try shard(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3"]) == "1/3")
        #expect(try shard(["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]) == "2/3")
        for bad: ([String: String], String) in [
            ([:], "auto"), (["JOB_COMPLETION_INDEX": "1"], "auto"), (["JOB_COMPLETION_INDEX": "8"], "auto/8"),
            (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"], "auto"), (["CLOUD_RUN_TASK_INDEX": "x", "CLOUD_RUN_TASK_COUNT": "2"], "auto"),
            (["AWS_BATCH_JOB_ARRAY_INDEX": "1", "AWS_BATCH_JOB_ARRAY_SIZE": "3"], "auto/4"), (["JOB_COMPLETION_INDEX": "1"], "auto/0"),
        ] {
            #expect(throws: CLIError.self, "\(bad)") { try Shard.fromEnvironment(bad.0, given: bad.1) }
        }
        // A task past the count names the raw index, the shard it gives (Slurm's first index
        // taken off), and the shards there are, in words.
        do {
            _ = try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"], given: "auto")
            Issue.record("task 9 of 3 was taken")
        } catch {
            #expect(error.message == "--shard auto: Slurm job array task 9 (SLURM_ARRAY_TASK_ID) is shard 8 counted from 0, but there are 3 shards (0 to 2)")
        }
    }

    @Test func shardsAreChosenByName() {
        let shard = Shard(index: 1, count: 3)
        var taken = 0
        for number in 0..<300 {
            let name = "SKU-\(number)"
            // Independent of the record's index: the same name is in the same shard wherever it is.
            let expected = Int(Fingerprint(name).value % 3) == 1
            #expect(shard.contains(name: name) == expected)
            if expected { taken += 1 }
        }
        // A hash spreads names: each of three shards gets about a third.
        #expect((70...130).contains(taken), "\(taken)")
    }

    @Test func aPlannedRecordGoesToTheShardOfItsNameWhateverItsIndex() throws {
        let options = ParsedOptions(groups: BatchRecordPlanner.groups)
        let request = try RenderRequest(options)
        for count in [2, 3, 8] {
            for number in 0..<40 {
                let name = "SKU-\(number)"
                let home = Int(Fingerprint(name).value % UInt64(count))
                for index in [number, number + 1, number * 7 + 3] {
                    let render = BatchJob(
                        sequence: 0, index: index, line: index + 2,
                        work: .render(BatchRenderPlan(name: name, formats: [.png], request: request, options: options, fingerprint: "f")))
                    let duplicate = BatchJob(sequence: 0, index: index, line: index + 2, work: .duplicate(name: name, line: 1, otherOptions: false))
                    let clash = BatchJob(sequence: 0, index: index, line: index + 2, work: .problem(RecordProblem(field: "name", "clash", name: name)))
                    for shard in 0..<count {
                        let part = Shard(index: shard, count: count)
                        #expect(part.contains(render) == (shard == home))
                        #expect(part.contains(duplicate) == (shard == home))
                        #expect(part.contains(clash) == (shard == home))
                    }
                }
            }
            // A record that failed before it had a name goes by its index.
            let nameless = BatchJob(sequence: 0, index: 10, line: 12, work: .problem(RecordProblem("bad JSON")))
            #expect(Shard(index: 10 % count, count: count).contains(nameless))
        }
    }
}
