@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import BreakdownCLI
import BreakdownContent
import Foundation
import Testing
@testable import BreakdownIO

/// The parser in process: argv and records go through the same validation.
@Suite struct ParsedOptionsTests {
    let groups = [ContentOptions.group]

    /// A library user parsing argv with only the content options: `-o x.png` is not one of
    /// them, so it is refused naming it, not accepted and ignored (and its value not taken for a
    /// positional argument).
    @Test func aShortOptionOfAnotherGroupIsRefused() throws {
        do {
            let parsed = try ParsedOptions(arguments: ["--amount", "100", "-o", "x.png"], groups: groups)
            Issue.record("accepted -o without the output options: positionals \(parsed.positionals)")
        } catch {
            #expect(error.message.contains("'-o'") || error.message.contains("-o"), "\(error.message)")
        }
        // With the output options, -o is --output.
        let render = try ParsedOptions(arguments: ["--amount", "100", "-o", "x.png"], groups: groups + [RenderOptions.output])
        #expect(render.positionals.isEmpty)
    }

    @Test func argvAndRecordGiveTheSameInputs() throws {
        let argv = try ParsedOptions(
            arguments: ["--amount", "100", "--locale=en_CA", "--device-locale", "fr_CA", "--no-with", "--logo", "lockup"],
            groups: groups)
        let record = try ParsedOptions(
            record: [
                "amount": .string("100"), "locale": .string("en_CA"), "device-locale": .string("fr_CA"),
                "no-with": .bool(true), "logo": .string("lockup"), "cbt": .bool(false),
            ], groups: groups)
        let fromArgv = try ContentOptions.inputs(from: argv)
        let fromRecord = try ContentOptions.inputs(from: record)
        #expect(fromArgv == fromRecord)
        #expect(fromArgv.breakdown.text == "ou 4 paiements sans intérêts de 25,00\u{00A0}$")
        #expect(fromArgv.options.logoType == .lockup)
    }

    @Test func stringRecordsTakeFlagsAsTrueOrFalse() throws {
        let options = try ParsedOptions(record: ["cbt": "true", "no-with": "false", "amount": "5"], groups: groups)
        #expect(options[ContentOptions.cbt])
        #expect(!options[ContentOptions.noWith])
        Self.expectProblem("cbt", "cbt is a flag: use true or false, not 'yes'") { () throws(RequestError) in
            try ParsedOptions(record: ["cbt": "yes"], groups: groups)
        }
    }

    /// The error `body` throws is a problem with `option`, worded `message`.
    static func expectProblem(
        _ option: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(RequestError) -> ParsedOptions
    ) {
        do {
            _ = try body()
            Issue.record("expected a problem with \(option)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.problem?.option == option, sourceLocation: sourceLocation)
            #expect(error.message == message, sourceLocation: sourceLocation)
            #expect(CLIError(error).exitStatus == ExitStatus.usage, sourceLocation: sourceLocation)
        }
    }

    @Test func recordErrorsNameTheKeyAndAcceptedValues() {
        Self.expectProblem("logo", "logo: 'huge' is not valid; expected one of badge, lockup, compactBadge") { () throws(RequestError) in
            try ParsedOptions(record: ["logo": "huge"], groups: groups)
        }
        // A record's suggestion is spelled as a record spells keys.
        Self.expectProblem("amout", "unknown option 'amout'; did you mean 'amount'?") { () throws(RequestError) in
            try ParsedOptions(record: ["amout": "5"], groups: groups)
        }
        Self.expectProblem("amount", "amount needs a value <decimal>, not true") { () throws(RequestError) in
            try ParsedOptions(record: ["amount": RecordValue.bool(true)], groups: groups)
        }
        // The same problem on the command line is spelled for the command line.
        Self.expectProblem("amout", "unknown option '--amout'; did you mean '--amount'?") { () throws(RequestError) in
            try ParsedOptions(arguments: ["--amout", "5"], groups: groups)
        }
        Self.expectProblem("scal", "unknown option 'scal'; did you mean 'scale'?") { () throws(RequestError) in
            try ParsedOptions(record: ["scal": "2"], groups: [RenderOptions.drawing], source: .query)
        }
    }

    @Test func configurationErrorsFromRecords() throws {
        let options = try ParsedOptions(record: ["min": "300", "max": "200"], groups: groups)
        let message = "Minimum (300) is not strictly less than maximum (200) (min, max)"
        let reason = BreakdownError.invalidConfiguration(.minimumNotLessThanMaximum(minimum: "300", maximum: "200"), message: message)
        do {
            _ = try ContentOptions.inputs(from: options)
            Issue.record("expected a configuration problem")
        } catch {
            #expect(error.message == message)
            #expect(error.reason == reason)
            #expect(CLIError(error).exitStatus == 2)
            // The problem is a value: its option, and the other option it names.
            #expect(error.problem?.option == "min")
            #expect(error.problem?.reason == .configuration(.minimumNotLessThanMaximum(minimum: "300", maximum: "200"), options: ["min", "max"], accepted: nil))
            // On the command line the same problem names the flags.
            #expect(error.problem?.message(in: .commandLine) == "Minimum (300) is not strictly less than maximum (200) (--min, --max)")
        }
    }

    @Test func defaults() throws {
        let inputs = try ContentOptions.inputs(from: ParsedOptions(groups: groups))
        #expect(inputs.amount == 0)
        #expect(inputs.deviceLocale == "en_AU")
        #expect(inputs.configuration == (try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", currencyCode: "AUD", locale: "en_AU")))
        #expect(inputs.options == PriceBreakdownOptions())
    }

    @Test func darkPaletteMakesTheSchemeDynamic() throws {
        let inputs = try ContentOptions.inputs(
            from: ParsedOptions(arguments: ["--palette", "alt", "--dark-palette", "darkMono"], groups: groups))
        #expect(inputs.options.logoColorScheme == .dynamic(lightPalette: .alt, darkPalette: .darkMono))
        let single = try ContentOptions.inputs(from: ParsedOptions(arguments: ["--palette", "alt"], groups: groups))
        #expect(single.options.logoColorScheme == .static(.alt))
    }

    @Test func noConfigurationUsesTheLocaleAsDeviceDefault() throws {
        let inputs = try ContentOptions.inputs(
            from: ParsedOptions(arguments: ["--no-configuration", "--locale", "fr_CA"], groups: groups))
        #expect(inputs.configuration == nil)
        #expect(inputs.deviceLocale == "fr_CA")
    }

    @Test func overlayPutsARowOverTheCommandLine() throws {
        let base = try ParsedOptions(arguments: ["--amount", "100", "--locale", "en_GB"], groups: groups)
        let row = try ParsedOptions(record: ["amount": "40"], groups: groups)
        let merged = base.overlaid(by: row)
        #expect(merged[ContentOptions.amount] == 40)
        #expect(merged[ContentOptions.locale] == "en_GB")
        #expect(try ContentOptions.inputs(from: merged).breakdown.text == "or 4 payments of £10.00 with")
    }

    @Test func helpIsGeneratedFromTheTable() throws {
        let help = BreakdownCLI.help(for: DescribeCommand.subcommand)
        for option in ContentOptions.group.options {
            #expect(help.contains(option.flagName))
        }
        #expect(help.hasPrefix("OVERVIEW: "))
        #expect(help.contains("CONTENT OPTIONS:"))
    }

    @Test func commandsAreRegisteredInOneTable() {
        #expect(
            Array(BreakdownCLI.subcommands.map(\.name)) == [
                "describe", "render", "batch", "report", "gallery", "verify", "bench", "assets", "serve", "completions", "schema", "version",
            ])
        #expect(BreakdownCLI.subcommand(named: "describe") != nil)
    }

    @Test func inProcessRunCapturesOutput() {
        let capture = Capture()
        let status = BreakdownCLI.main(["describe", "--amount", "100"], console: capture.console)
        #expect(status == 0)
        #expect(capture.output.contains(#""text": "or 4 interest-free payments of $25.00 with""#))
        let failure = Capture()
        #expect(BreakdownCLI.main(["describe", "--max", "x"], console: failure.console) == 2)
        #expect(failure.error == "error: Maximum (x) is not convertible to a positive Decimal number (--max)\n")
    }

    @Test func jsonEscaping() {
        let value = JSONValue.object([
            ("a/b", .string("quote \" back \\ tab \t nl \n ctl \u{01} é/")),
            ("n", .number(1.8)), ("i", .number(2)), ("list", .array([.bool(true), .null])), ("empty", .object([])),
        ])
        #expect(value.pretty == """
            {
              "a/b": "quote \\" back \\\\ tab \\t nl \\n ctl \\u0001 é/",
              "n": 1.8,
              "i": 2,
              "list": [
                true,
                null
              ],
              "empty": {}
            }
            """)
    }
    /// A price a reader has read (batch's shop prices) is kept as the money value it was read as:
    /// the request gets that value, never its text read again (the text is only shown: here it is
    /// one the option table itself would refuse, so reading it again would not give 1299.5).
    @Test func aPriceIsKeptAsTheValueItWasReadAs() throws {
        let value = Decimal(sign: .plus, exponent: -1, significand: 12995)  // 1299.5, not from text
        let parsed = try ParsedOptions(record: ["amount": .price(value, text: "1,299.50")], groups: groups)
        #expect(parsed[ContentOptions.amount] == value)
        #expect(parsed.text(of: ContentOptions.amount.spec) == "1,299.50")
        #expect(parsed.isGiven(ContentOptions.amount))
        // The server's normalized form spells the value; the resume fingerprint keeps the text shown.
        #expect(parsed.canonicalText([ContentOptions.amount.spec], values: .normalized) == "amount=1299.5")
        #expect(parsed.canonicalText([ContentOptions.amount.spec], values: .asGiven) == "amount=1,299.50")
        #expect(try RenderRequest(parsed).view.amount == value)
    }

    /// A price given as a value meets the same range as one given as text: nothing negative,
    /// nothing from 10^14 up; and only a price option takes one.
    @Test func aPriceValueIsCheckedAsItsTextWouldBe() throws {
        let huge = Decimal(sign: .plus, exponent: 14, significand: 1)
        for (value, text) in [(Decimal(-1), "-1"), (huge, "100000000000000")] {
            #expect(throws: RequestError.self, "\(text)") {
                try ParsedOptions(record: ["amount": .price(value, text: text)], groups: groups)
            }
            #expect(throws: RequestError.self, "\(text) as text") {
                try ParsedOptions(record: ["amount": .string(text)], groups: groups)
            }
        }
        let justBelow = huge - Decimal(sign: .plus, exponent: -2, significand: 1)
        #expect(try ParsedOptions(record: ["amount": .price(justBelow, text: "99999999999999.99")], groups: groups)[ContentOptions.amount] == justBelow)
        #expect(throws: RequestError.self) { try ParsedOptions(record: ["locale": .price(5, text: "5")], groups: groups) }
        #expect(throws: RequestError.self) { try ParsedOptions(record: ["no-with": .price(1, text: "1")], groups: groups) }
    }

    /// A record's price over the command line's amount is the record's value; an amount given as
    /// text over a price is the text's.
    @Test func aPriceOverlaidByTextAndTheOtherWayRound() throws {
        let argv = try ParsedOptions(arguments: ["--amount", "5"], groups: groups)
        let record = try ParsedOptions(record: ["amount": .price(7, text: "7.00")], groups: groups)
        #expect(argv.overlaid(by: record)[ContentOptions.amount] == 7)
        #expect(record.overlaid(by: argv)[ContentOptions.amount] == 5)
        #expect(record.overlaid(by: argv).canonicalText([ContentOptions.amount.spec], values: .normalized) == "amount=5")
    }
}

/// Collects what a command writes.
final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var output: String { lock.withLock { out } }
    var error: String { lock.withLock { err } }

    var console: Console {
        Console(
            writeOutput: { text in self.lock.withLock { self.out += text } },
            writeError: { text in self.lock.withLock { self.err += text } })
    }

}
