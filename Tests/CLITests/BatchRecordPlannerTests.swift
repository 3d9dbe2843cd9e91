import BreakdownLocking
@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
@testable import BreakdownCLI
import Foundation
import Testing
import BreakdownIO

/// Records → jobs: names, formats, defaults from the command line, fields named in problems.
@Suite struct BatchRecordPlannerTests {
    static func planner(_ argv: [String] = []) throws -> BatchRecordPlanner {
        let parsed = try ParsedOptions(arguments: argv, groups: BatchRecordPlanner.groups)
        return BatchRecordPlanner(
            defaults: BatchRecordPlanner.defaults(from: parsed), defaultFormats: [.png], htmlBaseURL: nil,
            rendererVersion: { _, _ in "test" })
    }

    static func plan(_ fields: [String: ManifestValue], _ planner: BatchRecordPlanner, line: Int = 1) -> BatchJob.Work {
        planner.plan(ManifestRecord(index: line - 1, line: line, fields: .success(fields)), sequence: line - 1).work
    }

    static func renderPlan(_ work: BatchJob.Work) throws -> BatchRenderPlan {
        guard case .render(let plan) = work else { throw CLIError.failure("not a render plan: \(work)") }
        return plan
    }

    /// The renderer identity in a fingerprint is the one for the record's own font files and
    /// artwork folder when it gives them, else the command line's (asked for once).
    @Test func recordsWithTheirOwnFontFilesOrArtworkGetTheirRenderersIdentity() throws {
        let parsed = try ParsedOptions(arguments: ["--logo-assets", "/cli/art"], groups: BatchRecordPlanner.groups)
        let asked = Locked<[String]>([])
        let planner = BatchRecordPlanner(
            defaults: BatchRecordPlanner.defaults(from: parsed), defaultFormats: [.png], htmlBaseURL: nil,
            rendererVersion: { files, assets in
                let identity = "fonts=\(files.joined(separator: ",")) art=\(assets ?? "-")"
                asked.withLock { $0.append(identity) }
                return identity
            })
        func fingerprint(_ fields: [String: ManifestValue], line: Int) throws -> String {
            try Self.renderPlan(Self.plan(fields, planner, line: line)).fingerprint
        }
        func expected(_ identity: String, _ fields: [String: ManifestValue], line: Int) throws -> String {
            // The same record planned with a planner whose identity is always `identity`.
            let fixed = BatchRecordPlanner(
                defaults: BatchRecordPlanner.defaults(from: parsed), defaultFormats: [.png], htmlBaseURL: nil,
                rendererVersion: { _, _ in identity })
            return try Self.renderPlan(Self.plan(fields, fixed, line: line)).fingerprint
        }
        let plain: [String: ManifestValue] = ["amount": .text("10")]
        let ownFont: [String: ManifestValue] = ["amount": .text("11"), "font-file": .text("/record/font.otf")]
        let ownArt: [String: ManifestValue] = ["amount": .text("12"), "logo-assets": .text("/record/art")]
        let plainAgain: [String: ManifestValue] = ["amount": .text("13")]
        #expect(try fingerprint(plain, line: 1) == expected("fonts= art=/cli/art", plain, line: 1))
        #expect(try fingerprint(ownFont, line: 2) == expected("fonts=/record/font.otf art=/cli/art", ownFont, line: 2))
        #expect(try fingerprint(ownArt, line: 3) == expected("fonts= art=/record/art", ownArt, line: 3))
        #expect(try fingerprint(plainAgain, line: 4) == expected("fonts= art=/cli/art", plainAgain, line: 4))
        // Each identity was asked for once.
        #expect(asked.withLock { $0 } == ["fonts= art=/cli/art", "fonts=/record/font.otf art=/cli/art", "fonts= art=/record/art"])
    }

    @Test func defaultNamesAreReadableStableAndUnique() throws {
        let a = try Self.renderPlan(Self.plan(["amount": .number("100.10"), "logo": .text("lockup")], Self.planner()))
        let again = try Self.renderPlan(Self.plan(["logo": .text("lockup"), "amount": .number("100.10")], Self.planner()))
        let other = try Self.renderPlan(Self.plan(["amount": .number("100.1"), "logo": .text("lockup")], Self.planner()))
        #expect(a.name.hasPrefix("en_AU-100.10-lockup-"))
        #expect(a.name == again.name)
        #expect(a.fingerprint == again.fingerprint)
        #expect(a.name != other.name)
        #expect(a.options.text(of: ContentOptions.amount.spec) == "100.10")
        // The default locale spelled out means the same image: the same name.
        let spelled = try Self.renderPlan(Self.plan(["amount": .number("100.10"), "logo": .text("lockup"), "locale": .text("en_AU")], Self.planner()))
        #expect(spelled.name.hasSuffix(String(a.name.suffix(10))))
    }

    @Test func duplicateOptionsAreSkippedAndDuplicateNamesFail() throws {
        let planner = try Self.planner()
        _ = try Self.renderPlan(Self.plan(["amount": .text("1")], planner, line: 1))
        guard case .duplicate(_, let line, false) = Self.plan(["amount": .text("1")], planner, line: 2) else {
            Issue.record("expected a duplicate")
            return
        }
        #expect(line == 1)
        _ = try Self.renderPlan(Self.plan(["amount": .text("2"), "name": .text("x")], planner, line: 3))
        guard case .problem(let problem) = Self.plan(["amount": .text("3"), "name": .text("x")], planner, line: 4) else {
            Issue.record("expected a problem")
            return
        }
        #expect(problem.field == "name")
        #expect(problem.message.hasPrefix("name: 'x' is already used by the record on line 3, which asks for other options or formats; names must be unique (--duplicate-names first"))
        #expect(problem.cause == .duplicateName && problem.nameIsAnothers)
        // The same options and formats under the same given name are a duplicate, not a clash.
        guard case .duplicate(_, let named, false) = Self.plan(["amount": .text("2"), "name": .text("x")], planner, line: 5) else {
            Issue.record("expected a duplicate")
            return
        }
        #expect(named == 3)
        // Same options, other formats: not the same files, so the name clashes.
        guard case .problem = Self.plan(["amount": .text("2"), "name": .text("x"), "format": .text("svg")], planner, line: 6) else {
            Issue.record("expected a problem")
            return
        }
    }

    /// Issue 12 point 7: a record given another record's default name does not make that record
    /// a "duplicate" of it when their options differ; the later one fails and names the clash.
    @Test func aGivenNameThatIsAnotherRecordsDefaultNameIsAClash() throws {
        let planner = try Self.planner()
        let defaultName = try Self.renderPlan(Self.plan(["amount": .text("10")], Self.planner())).name
        _ = try Self.renderPlan(Self.plan(["amount": .text("20"), "name": .text(defaultName)], planner, line: 1))
        guard case .problem(let problem) = Self.plan(["amount": .text("10")], planner, line: 2) else {
            Issue.record("expected a problem, not a duplicate")
            return
        }
        #expect(problem.field == "name")
        #expect(problem.message.contains("already used by the record on line 1"))
    }

    @Test func formatsFromTextOrList() throws {
        let planner = try Self.planner()
        #expect(try Self.renderPlan(Self.plan(["amount": .text("1"), "format": .text("svg, PDF")], planner)).formats == [.svg, .pdf])
        #expect(try Self.renderPlan(Self.plan(["amount": .text("2"), "format": .list([.text("pdf")])], planner)).formats == [.pdf])
        guard case .problem(let problem) = Self.plan(["amount": .text("3"), "format": .text("gif")], planner) else {
            Issue.record("expected a problem")
            return
        }
        #expect(problem == RecordProblem(field: "format", "format: 'gif' is not valid; expected png, svg or pdf"))
    }

    /// Records planned one after another by one planner get the request each would get from a
    /// planner of its own: a record that differs from the one before only in its amount shows its
    /// own amount, and one that differs in any other value (same keys, or one more) is read anew.
    @Test func eachRecordGetsItsOwnRequestWhateverTheRecordBefore() throws {
        let argv = ["--locale", "en_AU", "--min", "1.00", "--max", "10000.00", "--font-size", "17", "--scale", "2"]
        let shared = try Self.planner(argv)
        let records: [[String: ManifestValue]] = [
            ["amount": .text("40.00"), "name": .text("a")],
            ["amount": .text("44.04"), "name": .text("b")],
            ["amount": .text("44.04"), "name": .text("c"), "locale": .text("en_GB")],
            ["amount": .text("44.04"), "name": .text("d"), "locale": .text("en_NZ")],
            ["amount": .text("48.08"), "name": .text("e"), "locale": .text("en_NZ")],
            ["amount": .text("48.08"), "name": .text("f"), "locale": .text("en_NZ"), "font-size": .text("20")],
            ["amount": .text("52.12"), "name": .text("g"), "locale": .text("en_NZ"), "font-size": .text("20")],
            ["amount": .text("52.12"), "name": .text("h"), "locale": .text("en_NZ"), "font-size": .text("21")],
            ["amount": .text("5000"), "name": .text("i")],
            ["amount": .text("5000"), "name": .text("j"), "platform": .text("android"), "scale": .text("2.625")],
            ["amount": .text("12"), "name": .text("k"), "platform": .text("android"), "scale": .text("2.625")],
        ]
        var requests: [RenderRequest] = []
        for (index, fields) in records.enumerated() {
            let planned = try Self.renderPlan(Self.plan(fields, shared, line: index + 1))
            let alone = try Self.renderPlan(Self.plan(fields, try Self.planner(argv), line: index + 1))
            #expect(planned.request == alone.request, "record \(index + 1): \(fields)")
            #expect(planned.fingerprint == alone.fingerprint, "record \(index + 1)")
            requests.append(planned.request)
        }
        // The amounts are each record's own, and the other values were read: no two records'
        // requests are the same, though each shares all but one value with the one before.
        #expect(Set(requests).count == records.count)
        #expect(requests[1].view.amount == Decimal(string: "44.04"))
        #expect(requests[4].view.amount == Decimal(string: "48.08"))
        #expect(requests[2].view != requests[1].view)
        #expect(requests[7].settings.style.fontSize == 21)
    }

    /// A shop's price is read once, into the money value the plan's request is made from.
    @Test func aShopPriceReachesTheRequestAsItsValue() throws {
        let planner = try Self.planner()
        let cases: [(ManifestValue, Decimal)] = [
            (.text("$1,299.50"), Decimal(sign: .plus, exponent: -1, significand: 12995)),
            (.text("AUD 49.95"), Decimal(sign: .plus, exponent: -2, significand: 4995)),
            (.number("12.5"), Decimal(sign: .plus, exponent: -1, significand: 125)),
        ]
        for (index, (given, expected)) in cases.enumerated() {
            let plan = try Self.renderPlan(Self.plan(["amount": given], planner, line: index + 1))
            #expect(plan.request.view.amount == expected, "\(given)")
        }
    }

    @Test func commandLineOptionsApplyUnderEveryRecord() throws {
        let plan = try Self.renderPlan(Self.plan(["amount": .text("1"), "logo": .text("lockup")], Self.planner(["--logo", "compactBadge", "--scale", "2"])))
        #expect(plan.options[ContentOptions.logo] == .lockup)
        #expect(plan.options[RenderOptions.scale] == .x2)
    }

    @Test func problemsNameTheirField() throws {
        let planner = try Self.planner()
        let cases: [([String: ManifestValue], String?)] = [
            (["amount": .text("abc")], "amount"),
            (["amount": .number("1e400")], "amount"),
            (["logo": .text("huge")], "logo"),
            (["cbt": .text("yes")], "cbt"),
            (["amount": .list([])], "amount"),
            (["amout": .text("1")], "amout"),
            (["name": .text("../x")], "name"),
            (["locale": .bool(true)], "locale"),
            // Several wrong fields: the first in name order is named, whatever kind of problem
            // each has (a record is checked as a whole first, field by field only when it fails).
            (["amount": .text("abc"), "name": .text("../x")], "amount"),
            (["amount": .text("abc"), "min": .list([])], "amount"),
            (["amount": .text("abc"), "format": .text("gif")], "amount"),
            (["logo": .text("huge"), "amount": .text("1"), "min": .text("x")], "logo"),
            (["amount": .text("1"), "min": .object, "name": .text("../x")], "min"),
            (["amount": .text("1"), "min": .text("1"), "name": .text("../x")], "name"),
            // A plain option before a wrong name or format is checked before either is named.
            (["amount": .text("1"), "logo": .text("huge"), "name": .text("../x")], "logo"),
            (["amount": .text("1"), "font-size": .text("big"), "format": .text("gif")], "font-size"),
        ]
        for (fields, field) in cases {
            guard case .problem(let problem) = Self.plan(fields, planner) else {
                Issue.record("expected a problem for \(fields)")
                continue
            }
            #expect(problem.field == field, "\(fields)")
            #expect(!problem.message.contains("\n"))
        }
    }

    /// Problems found when a record's request is made carry their option as a value: the field
    /// comes from it, not from searching the message.
    @Test func configurationErrorsNameTheirFieldWhenRendering() throws {
        let cases: [([String: String], String, String)] = [
            (["min": "30", "max": "10"], "min", "Minimum (30) is not strictly less than maximum (10) (min, max)"),
            (["no-configuration": "true", "min": "3"], "no-configuration", "no-configuration and min cannot be used together"),
            (["locale": "xx"], "locale", "Locale with identifier (xx) is not valid (locale: one of "),
            // A value that names another option does not mislead it.
            (["max": "font"], "max", "Maximum (font) is not convertible to a positive Decimal number (max)"),
        ]
        for (record, field, message) in cases {
            let options = try ParsedOptions(record: record, groups: BatchRecordPlanner.groups)
            do {
                _ = try RenderRequest(options)
                Issue.record("expected a problem for \(record)")
            } catch {
                #expect(error.problem?.option == field, "\(record)")
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
    }

    @Test func shardsPartitionEveryIndex() {
        for count in 1...5 {
            let shards = (0..<count).map { Shard(index: $0, count: count) }
            for index in 0..<50 { #expect(shards.filter { $0.contains(index) }.count == 1) }
        }
        #expect(Shard("1/3") == Shard(index: 1, count: 3))
        for bad in ["3/3", "-1/2", "1", "a/b", "0/0", "1/2/3", ""] { #expect(Shard(bad) == nil, "\(bad)") }
    }
}
