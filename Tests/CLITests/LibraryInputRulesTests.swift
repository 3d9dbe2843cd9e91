import Breakdown
import BreakdownTestSupport
import Foundation
import Testing

@testable import CLITestSupport

/// The library's typed values (`LayoutStyle`, `BreakdownInputs`, `MoreInfoOptions`, `Amount`)
/// keep the rules every door keeps: what `breakdown render` refuses, the library refuses with
/// the same words (the option named as a manifest field names it), before drawing anything; what
/// it draws, the library draws to the same bytes. The expected words come from the command line
/// run in this process, never from the library.
@Suite struct LibraryInputRulesTests {
    /// The command line's one line for `arguments` (after `render`), as the library words it: the
    /// option without dashes, without the `error: ` prefix and the help hint (when there is one).
    static func commandLineMessage(_ arguments: [String]) throws -> String {
        let result = try InProcessCLI.run(["render", "-o", "-"] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        var line = String(try #require(result.stderr.split(separator: "\n").first))
        let prefix = "error: --", hint = " (see 'breakdown render --help')"
        #expect(line.hasPrefix(prefix), "\(line)")
        line = String(line.dropFirst(prefix.count).dropLast(line.hasSuffix(hint) ? hint.count : 0))
        return line
    }

    /// The command line's default merchant configuration (`--locale en_AU --min 1.00 --max 2000.00`).
    static func configuration() throws -> Configuration {
        try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
    }

    static func inputs(deviceLocale: String = "en_AU", options: PriceBreakdownOptions = .init(), amount: Amount = 100) throws -> BreakdownInputs {
        BreakdownInputs(configuration: try configuration(), deviceLocale: deviceLocale, options: options, amount: amount)
    }

    /// The error rendering throws, as an `invalidOption`'s option and message.
    static func refusal(_ inputs: BreakdownInputs, style: LayoutStyle = LayoutStyle(), format: OutputFormat = .png) throws -> (String, String) {
        let renderer = try BreakdownRenderer()
        let error = try #require(throws: BreakdownError.self) {
            try renderer.render(inputs.breakdown, settings: RenderSettings(style: style), format: format)
        }
        guard case .invalidOption(let option, let message) = error else {
            Issue.record("not an option's error: \(error)")
            return ("", "")
        }
        // The view-taking door refuses alike.
        let viaView = try #require(throws: BreakdownError.self) {
            try renderer.render(BreakdownView.ios(inputs), settings: RenderSettings(style: style), format: format)
        }
        #expect(viaView == error)
        return (option, message)
    }

    // MARK: - Style numbers

    static let styleCases: [(option: String, value: Double, style: LayoutStyle)] = [
        ("width", .infinity, LayoutStyle(width: .infinity)),
        ("width", .nan, LayoutStyle(width: .nan)),
        ("width", 1e300, LayoutStyle(width: 1e300)),
        ("width", 0, LayoutStyle(width: 0)),
        ("width", -10, LayoutStyle(width: -10)),
        ("width", 10000.5, LayoutStyle(width: 10000.5)),
        ("padding", -10, LayoutStyle(padding: -10)),
        ("padding", .infinity, LayoutStyle(padding: .infinity)),
        ("padding", 1000.5, LayoutStyle(padding: 1000.5)),
        ("font-size", 0.001, LayoutStyle(fontSize: 0.001)),
        ("font-size", 0, LayoutStyle(fontSize: 0)),
        ("font-size", -.infinity, LayoutStyle(fontSize: -.infinity)),
        ("font-size", 500.5, LayoutStyle(fontSize: 500.5)),
    ]

    /// A width of infinity stopped the process (Double to Int32 in Pango units); a negative
    /// padding drew a cropped image; 0.001 pt text drew. Each is now the command line's error.
    @Test(arguments: styleCases.indices)
    func styleNumberOutsideTheOptionRangeIsTheCommandLinesError(_ index: Int) throws {
        let (option, value, style) = Self.styleCases[index]
        let expected = try Self.commandLineMessage(["--amount", "100", "--\(option)=\(value.shortTextForTest)"])
        for format in OutputFormat.allCases {
            let (refused, message) = try Self.refusal(try Self.inputs(), style: style, format: format)
            #expect(refused == option)
            #expect(message == expected)
        }
        // Checked before the hidden view is reported too: the doors refuse the value first.
        let hidden = BreakdownInputs(configuration: nil, deviceLocale: "en_AU", amount: 100)
        #expect(try Self.refusal(hidden, style: style).1 == expected)
        // And by layout alone.
        #expect(throws: BreakdownError.invalidOption(option: option, message: expected)) {
            try BreakdownRenderer().layout(try Self.inputs().breakdown, style: style)
        }
    }

    /// The ends of every range are drawn, to the command line's bytes.
    @Test func styleNumbersAtTheEndsOfTheRangesDrawAsTheCommandLineDraws() throws {
        let renderer = try BreakdownRenderer()
        for (style, arguments) in [
            (LayoutStyle(fontSize: 1, width: 10000), ["--font-size", "1", "--width", "10000"]),
            (LayoutStyle(fontSize: 1, padding: 1000), ["--font-size", "1", "--padding", "1000"]),
            (LayoutStyle(fontSize: 500, padding: 0), ["--font-size", "500", "--padding", "0"]),
            (LayoutStyle(fontSize: 17, width: 400, padding: 12.5), ["--font-size", "17", "--width", "400", "--padding", "12.5"]),
        ] {
            let image = try renderer.render(try Self.inputs().breakdown, settings: RenderSettings(style: style), format: .png)
            let commandLine = try InProcessCLI.run(["render", "--amount", "100", "-o", "-"] + arguments)
            #expect(commandLine.status == 0, "\(commandLine.stderr)")
            #expect(image.bytes == commandLine.stdoutData, "\(arguments)")
        }
    }

    /// An Android density is refused for the iOS view, in `--scale`'s words; the Android view takes it.
    @Test func anAndroidDensityIsRefusedForTheIOSView() throws {
        let renderer = try BreakdownRenderer()
        for scale in RenderScale.allCases where !scale.isIOS {
            let expected = try Self.commandLineMessage(["--amount", "100", "--scale", scale.text])
            for format in OutputFormat.allCases {
                let settings = RenderSettings(scale: scale)
                #expect(throws: BreakdownError.invalidOption(option: "scale", message: expected)) {
                    try renderer.render(try Self.inputs().breakdown, settings: settings, format: format)
                }
                #expect(throws: BreakdownError.invalidOption(option: "scale", message: expected)) {
                    try renderer.render(BreakdownView.ios(try Self.inputs()), settings: settings, format: format)
                }
            }
            #expect(throws: BreakdownError.invalidOption(option: "scale", message: expected)) {
                try renderer.layout(try Self.inputs().breakdown, style: LayoutStyle(), scale: scale)
            }
        }
        for scale in RenderScale.ios {
            let image = try renderer.render(try Self.inputs().breakdown, settings: RenderSettings(scale: scale), format: .png)
            let commandLine = try InProcessCLI.run(["render", "--amount", "100", "--scale", scale.text, "-o", "-"])
            #expect(image.bytes == commandLine.stdoutData)
        }
    }

    // MARK: - Prices

    /// `Amount("-5")` and `Amount("-0")` were accepted; every text `--amount` refuses, `Amount`
    /// refuses in its words.
    @Test(arguments: ["-5", "-0", "+5", "1.299", "49.999", "100.", "100000000000000", "250000000000000.5"])
    func amountTextTheCommandLineRefusesIsRefused(_ text: String) throws {
        let expected = try Self.commandLineMessage(["--amount=\(text)"])
        let error = try #require(throws: AmountError.self) { try Amount(text) }
        #expect("amount: " + error.message == expected)
    }

    /// What `--amount` draws, `Amount(text)` draws to the same bytes.
    @Test(arguments: ["0", "25.50", ".5", "49.9900", "99999999999999.99"])
    func amountTextTheCommandLineTakesDrawsTheSameBytes(_ text: String) throws {
        let amount = try Amount(text)
        let commandLine = try InProcessCLI.run(["render", "--amount", text, "--max", "99999999999999.99", "-o", "-"])
        #expect(commandLine.status == 0, "\(commandLine.stderr)")
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1.00", maximumAmount: "99999999999999.99", locale: "en_AU"), deviceLocale: "en_AU",
            amount: amount)
        let image = try BreakdownRenderer().render(inputs.breakdown, settings: RenderSettings(), format: .png)
        #expect(image.bytes == commandLine.stdoutData)
    }

    /// A typed price (a float literal, a `Decimal`) that `--amount` refuses as text is refused
    /// when drawn, in `--amount`'s words for the same digits: `amount: 1.299` drew $0.32.
    @Test func typedAmountsTheRuleRefusesAreRefusedWhenDrawn() throws {
        let cases: [(Amount, String)] = [
            (1.299, "1.299"), (49.999, "49.999"), (Amount(Decimal(-5)), "-5"), (Amount(Decimal(string: "-0.5")!), "-0.5"),
            (Amount(Decimal(string: "100000000000000")!), "100000000000000"),
        ]
        for (amount, text) in cases {
            let expected = try Self.commandLineMessage(["--amount=\(text)"])
            let (option, message) = try Self.refusal(try Self.inputs(amount: amount))
            #expect(option == "amount")
            #expect(message == expected)
            #expect(try Self.inputs(amount: amount).breakdown.invalidInput == .invalidOption(option: "amount", message: expected))
        }
        #expect(try Self.inputs(amount: 4.06).breakdown.invalidInput == nil)
        #expect(try Self.inputs(amount: 49.9).breakdown.invalidInput == nil)
    }

    // MARK: - Device locale

    /// A typo of a device locale gave a hidden view, so a check that the view is hidden passed
    /// on it; the doors refuse it.
    @Test(arguments: ["zz_ZZ", "", "../../x", "en_AU@numbers=roman", "en-AU-", "english", DeviceLocaleLimitsTests.crashedICU])
    func deviceLocaleTheCommandLineRefusesIsRefused(_ locale: String) throws {
        let expected = try Self.commandLineMessage(["--amount", "100", "--device-locale=\(locale)"])
        let (option, message) = try Self.refusal(try Self.inputs(deviceLocale: locale))
        #expect(option == "device-locale")
        #expect(message == expected)
        // Without a configuration (hidden) too: never taken for a hidden view.
        let hidden = BreakdownInputs(configuration: nil, deviceLocale: locale, amount: 100)
        #expect(hidden.breakdown.invalidInput == .invalidOption(option: "device-locale", message: expected))
        #expect(try Self.refusal(hidden).1 == expected)
        // Through a `Locale` too.
        let viaLocale = BreakdownInputs(configuration: try Self.configuration(), deviceLocale: Locale(identifier: locale), amount: 100)
        if viaLocale.deviceLocale == locale { #expect(viaLocale.breakdown.invalidInput != nil) }
    }

    /// The device locales the command line takes draw the same bytes.
    @Test(arguments: ["en_AU", "en_GB", "en-US", "en_US_POSIX", "en_AU@currency=USD", "en_IN"])
    func deviceLocaleTheCommandLineTakesDrawsTheSameBytes(_ locale: String) throws {
        let image = try BreakdownRenderer().render(try Self.inputs(deviceLocale: locale).breakdown, settings: RenderSettings(), format: .png)
        let commandLine = try InProcessCLI.run(["render", "--amount", "100", "--device-locale", locale, "-o", "-"])
        #expect(commandLine.status == 0, "\(commandLine.stderr)")
        #expect(image.bytes == commandLine.stdoutData)
    }

    // MARK: - Information page

    /// `modalId: "../../evil"` was written into the SVG's link; the doors refuse it.
    @Test(arguments: ["../../evil", "javascript:alert(1)", "", ".hidden", "a b", "é"])
    func modalIdTheCommandLineRefusesIsRefused(_ modalId: String) throws {
        let expected = try Self.commandLineMessage(["--amount", "100", "--modal-id=\(modalId)"])
        let options = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalId: modalId))
        for format in OutputFormat.allCases {
            let (option, message) = try Self.refusal(try Self.inputs(options: options), format: format)
            #expect(option == "modal-id")
            #expect(message == expected)
        }
        // Set as a property after the fact too.
        var more = MoreInfoOptions()
        more.modalId = modalId
        #expect(try Self.inputs(options: PriceBreakdownOptions(moreInfoOptions: more)).breakdown.invalidInput?.description == expected)
    }

    /// A page name the command line takes draws the same SVG bytes, with the link to it.
    @Test func modalIdTheCommandLineTakesDrawsTheSameBytes() throws {
        let options = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalId: "en_AU-theme-white_v2.1"))
        let image = try BreakdownRenderer().render(try Self.inputs(options: options).breakdown, settings: RenderSettings(), format: .svg)
        let commandLine = try InProcessCLI.run(["render", "--amount", "100", "--modal-id", "en_AU-theme-white_v2.1", "--format", "svg", "-o", "-"])
        #expect(commandLine.status == 0, "\(commandLine.stderr)")
        #expect(image.bytes == commandLine.stdoutData)
        #expect(String(decoding: image.bytes, as: UTF8.self).contains("https://static.afterpay.com/modal/en_AU-theme-white_v2.1.html"))
    }
}

extension Double {
    /// The number as the command line is given it: Swift's spelling, a whole number without `.0`.
    fileprivate var shortTextForTest: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
