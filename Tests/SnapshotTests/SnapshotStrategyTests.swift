import BreakdownSnapshotTesting
import Foundation
import Testing
@testable import SnapshotTestSupport

/// The strategy value, the `.breakdownSnapshots` trait (and its XCTest equivalent) and
/// `assertBreakdownHidden`, each through the public API in a sandbox folder.
@Suite struct SnapshotStrategyTests {
    static let black = ["--amount", "100", "--scale", "2", "--text-color", "#000000"]
    /// The same picture with the text 3 levels lighter on each channel: geometry unchanged.
    static let nearBlack = ["--amount", "100", "--scale", "2", "--text-color", "#030303"]

    @Test(.breakdownSnapshots(record: .never)) func traitSetsTheRecordMode() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        // No CI in the sandbox's environment, so without the trait this would record.
        let message = try #require(
            verifyBreakdownSnapshot(of: Self.black, named: "never", environment: sandbox.environment, filePath: sandbox.filePath))
        #expect(message.contains("the record mode is never"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: try sandbox.paths("never").reference))
        // An argument of the assertion wins over the trait.
        let recorded = try #require(
            verifyBreakdownSnapshot(
                of: Self.black, named: "given", record: .missing, environment: sandbox.environment, filePath: sandbox.filePath))
        #expect(recorded.contains("no reference yet, so recorded"), "\(recorded)")
    }

    @Test(.breakdownSnapshots(as: .image(channelTolerance: 12))) func traitSetsTheStrategy() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        func check(_ arguments: [String], as strategy: SnapshotStrategy? = nil, record: RecordMode? = nil) -> String? {
            verifyBreakdownSnapshot(
                of: arguments, as: strategy, named: "tolerant", record: record, environment: sandbox.environment,
                filePath: sandbox.filePath, line: 1, column: 1)
        }
        #expect(check(Self.black, record: .all) != nil)  // recording always fails, saying so
        #expect(check(Self.nearBlack) == nil)  // within the trait's tolerance (3 levels, more on antialiased edges once unpremultiplied)
        let exact = try #require(check(Self.nearBlack, as: .image))  // the argument wins
        #expect(exact.contains("differ"), "\(exact)")
        // The same through typed inputs (the request overload).
        func inputs(_ text: RGBAColor) throws -> BreakdownInputs {
            BreakdownInputs(
                configuration: try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU"),
                deviceLocale: "en_AU", options: PriceBreakdownOptions(textColor: text), amount: 100)
        }
        func checkInputs(_ text: RGBAColor, record: RecordMode? = nil) throws -> String? {
            verifyBreakdownSnapshot(
                of: try inputs(text), settings: RenderSettings(scale: .x2), named: "tolerant-inputs", record: record,
                environment: sandbox.environment, filePath: sandbox.filePath, line: 2, column: 1)
        }
        #expect(try checkInputs(.black, record: .all) != nil)
        #expect(try checkInputs(RGBAColor(red8: 3, green8: 3, blue8: 3)) == nil)
        #expect(SnapshotStrategy.image.comparison == .exact)
        #expect(SnapshotStrategy.perceptual(deltaE: 3).comparison == .perceptual(deltaE: 3))
    }

    @Test func withBreakdownSnapshotsScopesDefaultsForXCTest() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try withBreakdownSnapshots(record: .never) {
            try #require(verifyBreakdownSnapshot(of: Self.black, named: "scoped", environment: sandbox.environment, filePath: sandbox.filePath))
        }
        #expect(message.contains("the record mode is never"))
        #expect(SnapshotDefaults.current == SnapshotDefaults())  // gone after the scope
    }

    @Test func hiddenMeansTheViewDrawsNothing() throws {
        #expect(verifyBreakdownHidden(of: ["--no-configuration", "--amount", "100"]) == nil)
        // A device language the SDK has no words for hides the view too.
        #expect(verifyBreakdownHidden(of: ["--amount", "100", "--device-locale", "de_DE"]) == nil)
        let shown = try #require(verifyBreakdownHidden(of: ["--amount", "100"]))
        #expect(shown == "the breakdown is shown (\"or 4 interest-free payments of $25.00 with Afterpay\") where it must be hidden")
        let bad = try #require(verifyBreakdownHidden(of: ["--amount", "100", "--scale", "4"]))
        #expect(bad.contains("--scale"), "\(bad)")
        // Hidden, but with words no layout takes: refused, as `render` refuses them.
        let font = try #require(verifyBreakdownHidden(of: ["--no-configuration", "--amount", "100", "--font", "Foo"]))
        #expect(font.hasPrefix(#"snapshot arguments: font family "Foo" is not available; available: Inter"#), "\(font)")
        let markup = try #require(verifyBreakdownHidden(of: ["--amount", "100", "--device-locale", "de_DE", "--link-text", "<b>More"]))
        #expect(markup.hasPrefix("snapshot arguments: link text is not valid Pango markup: "), "\(markup)")
        #expect(verifyBreakdownHidden(of: ["--no-configuration", "--amount", "100", "--font", "inter display", "--link-text", "<b>More</b>"]) == nil)
        let inputs = BreakdownInputs(configuration: nil, deviceLocale: "en_AU", amount: 100)
        #expect(verifyBreakdownHidden(of: inputs) == nil)
        assertBreakdownHidden(of: inputs)
        withKnownIssue { assertBreakdownHidden(of: ["--amount", "100"]) }
    }

    /// A typo of a device locale gave a hidden view, so `assertBreakdownHidden(of:)` passed on
    /// it: the typed door now says what the argument door says (`device-locale` named as a
    /// manifest field names it), and never "hidden".
    @Test func aDeviceLocaleTheArgumentsRefuseIsNotHidden() throws {
        for locale in ["zz_ZZ", "", "../../x"] {
            let arguments = try #require(verifyBreakdownHidden(of: ["--no-configuration", "--amount", "100", "--device-locale=\(locale)"]))
            let typed = try #require(verifyBreakdownHidden(of: BreakdownInputs(configuration: nil, deviceLocale: locale, amount: 100)))
            #expect(arguments.hasSuffix("--" + typed), "\(arguments) | \(typed)")
            #expect(typed.hasPrefix("device-locale: "), "\(typed)")
            withKnownIssue { assertBreakdownHidden(of: BreakdownInputs(configuration: nil, deviceLocale: locale, amount: 100)) }
        }
    }

    /// A width of infinity stopped the whole test process (Double to Int32 in Pango units); the
    /// typed snapshot door now fails with the argument door's words for `--width inf`.
    @Test func aStyleNumberOutOfRangeFailsTheSnapshotInsteadOfStoppingTheProcess() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU"), deviceLocale: "en_AU", amount: 100)
        for (style, argument) in [(LayoutStyle(width: .infinity), "--width=inf"), (LayoutStyle(padding: -10), "--padding=-10")] {
            let typed = try #require(
                verifyBreakdownSnapshot(
                    of: inputs, settings: RenderSettings(style: style), named: "bad-style", record: .all, environment: sandbox.environment,
                    filePath: sandbox.filePath))
            let words = try #require(verifyBreakdownSnapshot(of: ["--amount", "100", argument], named: "bad-style-words", environment: sandbox.environment, filePath: sandbox.filePath))
            let option = String(argument.dropFirst(2).prefix { $0 != "=" })
            let rest = try #require(words.range(of: "--" + option + ": ")).upperBound
            #expect(typed.contains(option + ": " + words[rest...].prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)), "\(typed) | \(words)")
            #expect(!FileManager.default.fileExists(atPath: try sandbox.paths("bad-style").reference))
        }
    }
}
