@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import Foundation
import Testing
@testable import CLITestSupport

/// `breakdown describe` run as a subprocess: stdout JSON, stderr lines, exit statuses.
@Suite struct DescribeEndToEndTests {
    // The issue's acceptance commands.
    @Test func defaultAustralianBreakdown() throws {
        let result = try InProcessCLI.run("describe", "--amount", "100")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains(#""text": "or 4 interest-free payments of $25.00 with""#))
        #expect(result.stdout.contains(#""logoPlacement": "end""#))
        let json = try result.json()
        #expect(json["hidden"] as? Bool == false)
        #expect(json["hiddenReason"] is NSNull)
        #expect(json["brand"] as? String == "afterpay")
        #expect(json["language"] as? String == "en_AU")
        #expect(json["accessibilityLabel"] as? String == "or 4 interest-free payments of $25.00 with after pay")
        #expect(json["altText"] as? String == "or 4 interest-free payments of $25.00 with Afterpay")
        #expect(json["linkURL"] as? String == "https://static.afterpay.com/modal/en_AU.html")
        let logo = try #require(json["logo"] as? [String: Any])
        #expect(logo["type"] as? String == "badge")
        #expect(logo["heightMultiplier"] as? Double == 1.8)
        #expect(logo["palette"] as? String == "default")
    }

    @Test func usDeviceShowsAustralianDollarSymbol() throws {
        let json = try InProcessCLI.run("describe", "--amount", "100", "--device-locale", "en_US").json()
        #expect(json["text"] as? String == "or 4 interest-free payments of A$25.00 with")
    }

    @Test func zeroShowsTheLimitsWithTheLogoFirst() throws {
        let result = try InProcessCLI.run("describe", "--amount", "0")
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""text": "available for orders between $1 – $2,000""#))
        #expect(try result.json()["logoPlacement"] as? String == "start")
        // The default amount is 0 too.
        #expect(try InProcessCLI.run("describe").json()["logoPlacement"] as? String == "start")
    }

    @Test func clearpayDropsInterestFree() throws {
        let json = try InProcessCLI.run("describe", "--amount", "100", "--locale", "en_GB", "--currency", "GBP").json()
        #expect(json["text"] as? String == "or 4 payments of £25.00 with")
        #expect(json["brand"] as? String == "clearpay")
    }

    @Test func frenchCanadian() throws {
        let result = try InProcessCLI.run(
            "describe", "--amount", "100", "--locale", "en_CA", "--currency", "CAD", "--device-locale", "fr_CA")
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["text"] as? String == "ou 4 paiements sans intérêts de 25,00\u{00A0}$ avec")
        #expect(json["language"] as? String == "fr_CA")
        // Non-ASCII printed as is, not escaped.
        #expect(result.stdout.contains("intérêts"))
        #expect(!result.stdout.contains("\\u"))
    }

    @Test func minimumNotBelowMaximum() throws {
        let result = try InProcessCLI.run("describe", "--min", "300", "--max", "200")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Minimum (300) is not strictly less than maximum (200)"))
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    // Every configuration message, quoting the input as given.
    @Test(arguments: [
        (["--min", "1.5x"], "Minimum (1.5x) is not convertible to a positive Decimal number"),
        (["--min=-1"], "Minimum (-1) is not convertible to a positive Decimal number"),
        (["--max", "abc"], "Maximum (abc) is not convertible to a positive Decimal number"),
        (["--min", "300.00", "--max", "300"], "Minimum (300.00) is not strictly less than maximum (300)"),
        (["--currency", "EUR"], "Currency code (EUR) is not valid"),
        (["--locale", "de_DE"], "Locale with identifier (de_DE) is not valid"),
        (["--min", "x", "--currency", "EUR"], "Minimum (x) is not convertible to a positive Decimal number"),
        (["--currency", "EUR", "--locale", "xx"], "Currency code (EUR) is not valid"),
    ])
    func configurationErrors(arguments: [String], message: String) throws {
        let result = try InProcessCLI.run(["describe"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    // Bad command lines: one line on stderr naming the option (and the accepted values), exit 2.
    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--amout", "5"], "did you mean '--amount'?"),
        (["--logo", "huge"], "--logo: 'huge' is not valid; expected one of badge, lockup, compactBadge"),
        (["--intro", "Or"], "--intro: 'Or' is not valid; expected one of or, orTitle, pay, payTitle, make, makeTitle, payIn, payInTitle, in, inTitle, empty"),
        (["--palette=pink"], "--palette: 'pink' is not valid; expected one of default, alt, darkMono, lightMono"),
        (["--appearance", "dim"], "--appearance: 'dim' is not valid; expected one of light, dark"),
        (["--link-style", "custom"], "--link-style: 'custom' is not valid; expected one of circledInfoIcon, moreInfoText, learnMoreText, circledQuestionIcon, circledLogo, none"),
        (["--modal-theme", "black"], "expected one of mint, white"),
        (["--amount", "abc"], "--amount: 'abc' is not valid; expected a decimal number"),
        (["--amount", "1e3"], "--amount: '1e3' is not valid"),
        (["--amount"], "--amount needs a value <decimal>"),
        (["--amount", "--cbt"], "--amount needs a value <decimal>"),
        (["--cbt=true"], "--cbt is a flag and takes no value"),
        (["--amount", "1", "--amount=2"], "--amount was given more than once"),
        (["--device-locale", "zz_QQ"], "--device-locale: 'zz_QQ' is not valid; expected a locale identifier"),
        (["--modal-id", "../x"], "--modal-id: '../x' is not valid"),
        (["--min", "5", "--no-minimum"], "--min and --no-minimum cannot be used together"),
        (["--no-configuration", "--max", "5"], "--no-configuration and --max cannot be used together"),
        (["--link-text", "<b>i</b>", "--link-style", "none"], "--link-text and --link-style cannot be used together"),
        (["stray"], "unexpected argument 'stray'"),
        (["-x"], "unknown option '-x'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try InProcessCLI.run(["describe"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func optionsWithEqualsAndDoubleDash() throws {
        let json = try InProcessCLI.run("describe", "--amount=100", "--intro=payInTitle", "--no-with").json()
        #expect(json["text"] as? String == "Pay in 4 interest-free payments of $25.00")
        // After `--` nothing is an option, so `--cbt` is a stray argument.
        let result = try InProcessCLI.run("describe", "--", "--cbt")
        #expect(result.status == 2)
        #expect(result.stderr.contains("unexpected argument '--cbt'"))
        // A negative amount is a value, not an option, and prices are not negative (issue 12).
        let negative = try InProcessCLI.run("describe", "--amount", "-5")
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--amount: '-5' is negative; prices are 0 or more, written without a sign"), "\(negative.stderr)")
    }

    @Test func noConfigurationIsHiddenWithAReason() throws {
        let json = try InProcessCLI.run("describe", "--amount", "100", "--no-configuration").json()
        #expect(json["text"] as? String == "or pay with")
        #expect(json["hidden"] as? Bool == true)
        #expect(json["enabled"] as? Bool == false)
        #expect(json["hiddenReason"] as? String == "no configuration is set")
        // The SDK's fallback is the en_US merchant locale, whose en_US an English device (here
        // the default en_AU) speaks (docs/fidelity.md section 6).
        #expect(json["language"] as? String == "en_US")
        #expect(json["currency"] is NSNull)
    }

    @Test func unofferedLanguageIsHiddenButTextIsComputed() throws {
        let json = try InProcessCLI.run("describe", "--amount", "100", "--locale", "en_US", "--device-locale", "es_US").json()
        #expect(json["hidden"] as? Bool == true)
        #expect(json["text"] as? String == "or 4 interest-free payments of $25.00 with")
        #expect(json["hiddenReason"] as? String == "consumer language es (from device locale es_US) is not offered in region US (offers en_US)")
        #expect(json["brand"] as? String == "cashAppAfterpay")
        let logo = try #require(json["logo"] as? [String: Any])
        #expect(logo["type"] as? String == "lockup")
        #expect(logo["heightMultiplier"] as? Double == 1.8)
    }

    @Test func consumerLocaleAndNoMinimum() throws {
        let json = try InProcessCLI.run(
            "describe", "--locale", "en_CA", "--consumer-locale", "fr_CA", "--no-minimum", "--max", "500", "--amount", "0"
        ).json()
        #expect(json["language"] as? String == "fr_CA")
        #expect(json["text"] as? String == "disponible pour les montants entre $1 – $500")
        #expect(json["minimumAmount"] is NSNull)
    }

    @Test func logoAndLinkOptions() throws {
        let json = try InProcessCLI.run(
            "describe", "--amount", "100", "--logo", "lockup", "--palette", "alt", "--dark-palette", "lightMono",
            "--appearance", "dark", "--link-style", "learnMoreText", "--modal-theme", "white", "--cbt"
        ).json()
        let logo = try #require(json["logo"] as? [String: Any])
        #expect(logo["type"] as? String == "lockup")
        #expect(logo["palette"] as? String == "lightMono")
        #expect(logo["heightMultiplier"] as? Double == 1)
        #expect(json["linkURL"] as? String == "https://static.afterpay.com/modal/en_AU-theme-white-cbt.html")
        let link = try #require(json["link"] as? [String: Any])
        #expect(link["label"] as? String == "Learn More")
        #expect(link["underlined"] as? Bool == true)
        #expect(json["textColor"] as? String == "#FFFFFF")
        #expect(json["linkColor"] as? String == "#EBEBF599")
    }

    @Test func customAndNoLink() throws {
        let custom = try InProcessCLI.run("describe", "--amount", "100", "--link-text", "<u>Details</u>", "--modal-id", "page-1").json()
        let link = try #require(custom["link"] as? [String: Any])
        #expect(link["style"] as? String == "custom")
        #expect(link["markup"] as? String == "<u>Details</u>")
        #expect(custom["linkURL"] as? String == "https://static.afterpay.com/modal/page-1.html")
        let none = try InProcessCLI.run("describe", "--amount", "100", "--link-style", "none").json()
        #expect(none["linkURL"] is NSNull)
    }

    @Test func jsonKeysInStableOrderAndSlashesNotEscaped() throws {
        let stdout = try InProcessCLI.run("describe", "--amount", "100").stdout
        #expect(stdout.contains("https://static.afterpay.com/modal/en_AU.html"))
        let keys = stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(Array(keys.prefix(9)) == [
            "text", "logoPlacement", "hidden", "hiddenReason", "enabled", "brand", "language", "accessibilityLabel", "altText",
        ])
        #expect(try InProcessCLI.run("describe", "--amount", "100").stdout == stdout)
    }
}

@Suite struct HelpAndSubcommandTests {
    @Test func toolHelpListsSubcommands() throws {
        let result = try InProcessCLI.run("--help")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("OVERVIEW:"))
        #expect(result.stdout.contains("USAGE: breakdown <subcommand>"))
        #expect(result.stdout.contains("SUBCOMMANDS:"))
        #expect(result.stdout.contains("  describe "))
    }

    @Test func describeHelpListsEveryOption() throws {
        for flag in ["--help", "-h"] {
            let result = try InProcessCLI.run("describe", flag)
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: breakdown describe [<options>]"))
            #expect(result.stdout.contains("OPTIONS:"))
            for option in [
                "--amount <decimal>", "--locale <id>", "--currency <code>", "--min <decimal>", "--no-minimum",
                "--max <decimal>", "--no-configuration", "--device-locale <id>", "--consumer-locale <id>",
                "--intro <case>", "--no-interest-free", "--no-with", "--logo <type>", "--palette <palette>",
                "--dark-palette <palette>", "--appearance <appearance>", "--link-style <style>",
                "--link-text <markup>", "--modal-theme <theme>", "--cbt", "--modal-id <id>", "-h, --help",
            ] {
                #expect(result.stdout.contains(option), "missing \(option)")
            }
            #expect(result.stdout.contains("values: badge, lockup, compactBadge; default: badge"))
        }
    }

    @Test func missingAndUnknownSubcommands() throws {
        let missing = try InProcessCLI.run()
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing subcommand"))
        let unknown = try InProcessCLI.run("paint")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: unknown subcommand 'paint'; expected one of describe, render, batch, report, gallery, verify, bench"))
        #expect(unknown.stderr.hasSuffix(" (see 'breakdown --help')\n"))
        // `help NAME` says the same of a name that is no subcommand, and prints no help.
        let help = try InProcessCLI.run("help", "paint")
        #expect(help.status == 2 && help.stderr == unknown.stderr && help.stdout.isEmpty, "\(help.status) \(help.stderr)")
        let known = try InProcessCLI.run("help", "render")
        #expect(known.status == 0 && known.stdout.contains("USAGE: breakdown render"), "\(known.stdout.prefix(200))")
    }
}
