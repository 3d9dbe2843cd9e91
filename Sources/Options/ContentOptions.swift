import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
import Foundation

/// The options every subcommand shares to say what to show: amount, merchant configuration,
/// locales and the view's options. `describe` uses this group alone; `render`, `batch`,
/// `verify` and `gallery` add their own groups next to it.
public enum ContentOptions {
    /// The merchant locale identifiers `--locale` accepts.
    public static let merchantLocales = MerchantLocale.allCases.map(\.identifier)
    /// The currency codes `--currency` accepts.
    public static let currencies = CurrencyCode.allCases.map(\.code)

    /// The content options: configuration, amount, locales, text, logo and link.
    public static let group = OptionGroup(
        title: "CONTENT OPTIONS",
        options: [
            .value("amount", "decimal", .decimal, default: "0", help: "The price (totalAmount)."),
            // Configuration values stay free text here: Configuration checks them, in the
            // reference's order and with its messages.
            .value(
                "locale", "id", default: "en_AU",
                help: "The merchant locale: \(merchantLocales.joined(separator: ", "))."),
            .value(
                "currency", "code", defaultHelp: "the locale's",
                help: "The currency: \(currencies.joined(separator: ", "))."),
            .value("min", "decimal", default: "1.00", help: "The minimum order amount."),
            .flag("no-minimum", help: "The configuration has no minimum amount."),
            .value("max", "decimal", default: "2000.00", help: "The maximum order amount."),
            .flag("no-configuration", help: "No merchant configuration is set (the view hides itself)."),
            .value(
                "device-locale", "id", .localeIdentifier, defaultHelp: "the merchant locale",
                help: "The device locale: currency style, and the language when no consumer locale is set."),
            // Not checked as an identifier: the SDK takes any text here, and a language the
            // merchant's region does not offer (e.g. the typo jp_JP) hides the view (exit 3).
            .value(
                "consumer-locale", "id",
                help: "The configuration's consumer locale, used for the language instead of the device locale (not validated, as in the SDK: a language the region does not offer hides the view)."),
            .choice("intro", "case", IntroText.allCases.map(\.rawValue), default: "or", help: "The intro text."),
            .flag("no-interest-free", help: "Leave out \"interest-free\" (showInterestFreeText = false)."),
            .flag("no-with", help: "Leave out \"with\" (showWithText = false)."),
            .choice("logo", "type", LogoType.allCases.map(\.rawValue), default: "badge", help: "The logo type."),
            .choice(
                "palette", "palette", ColorPalette.allCases.map(\.rawValue), default: "default",
                help: "The logo palette (the light palette when --dark-palette is given)."),
            .choice(
                "dark-palette", "palette", ColorPalette.allCases.map(\.rawValue),
                help: "The palette in dark appearance; makes the colour scheme dynamic."),
            .choice(
                "appearance", "appearance", Appearance.allCases.map(\.rawValue), default: "light",
                help: "Light or dark appearance: picks the dynamic palette and the text and link colours."),
            .choice(
                "link-style", "style", ModalLinkStyle.namedStyles.map(\.name), default: "circledInfoIcon",
                help: "The info link style."),
            .value("link-text", "markup", help: "A custom info link, as Pango markup (modalLinkStyle .custom)."),
            .choice(
                "modal-theme", "theme", ModalTheme.allCases.map(\.rawValue), default: "mint",
                help: "The theme of the information page."),
            .flag("cbt", help: "The information page shows cross-border trade details."),
            .value(
                "modal-id", "id", .fileName,
                help: "The file name (without .html) of a specific information page; overrides the theme and --cbt."),
            platformOption,
            environmentOption,
        ])

    /// Options that describe a configuration, so they conflict with `--no-configuration`.
    static let configurationOptions = ["min", "no-minimum", "max", "currency", "consumer-locale"]

    /// Turns the content options into the breakdown's inputs. Errors are one line: a conflict
    /// between options, or the configuration's own message naming the option it came from.
    public static func inputs(from parsed: ParsedOptions) throws(CLIError) -> BreakdownInputs {
        func given(_ name: String) -> Bool { parsed.isGiven(name) }
        func name(_ option: String) -> String { parsed.display(option) }
        func value(_ option: String) -> String { parsed.string(option) ?? "" }

        try refuseAndroid(parsed)
        if given("min"), given("no-minimum") {
            throw .usage("\(name("min")) and \(name("no-minimum")) cannot be used together")
        }
        if given("link-text"), given("link-style") {
            throw .usage("\(name("link-text")) and \(name("link-style")) cannot be used together (link text is the custom style)")
        }
        if given("no-configuration"), let conflict = configurationOptions.first(where: given) {
            throw .usage("\(name("no-configuration")) and \(name(conflict)) cannot be used together")
        }

        let locale = value("locale")
        var configuration: Configuration?
        if parsed.flag("no-configuration") {
            // The locale then only sets the device locale's default; it must still be a merchant locale.
            if MerchantLocale(identifier: locale) == nil {
                let error = ConfigurationError.invalidLocale(locale)
                throw configurationError(error, parsed)
            }
        } else {
            do {
                let minimum = parsed.flag("no-minimum") ? nil : value("min")
                let consumer = parsed.string("consumer-locale")
                if let currency = parsed.string("currency") {
                    configuration = try Configuration(
                        minimumAmount: minimum, maximumAmount: value("max"), currencyCode: currency, locale: locale,
                        consumerLocale: consumer)
                } else {
                    configuration = try Configuration(
                        minimumAmount: minimum, maximumAmount: value("max"), locale: locale, consumerLocale: consumer)
                }
            } catch {
                throw configurationError(error, parsed)
            }
        }

        let palette = ColorPalette(rawValue: value("palette")) ?? .default
        let scheme: LogoColorScheme =
            parsed.string("dark-palette").flatMap(ColorPalette.init(rawValue:)).map {
                .dynamic(lightPalette: palette, darkPalette: $0)
            } ?? .static(palette)

        let linkStyle: ModalLinkStyle =
            parsed.string("link-text").map { .custom(markup: $0) }
            ?? ModalLinkStyle(name: value("link-style")) ?? .circledInfoIcon
        var moreInfo = MoreInfoOptions(
            modalTheme: ModalTheme(rawValue: value("modal-theme")) ?? .mint, modalLinkStyle: linkStyle,
            isCbtEnabled: parsed.flag("cbt"))
        moreInfo.modalId = parsed.string("modal-id")

        let options = PriceBreakdownOptions(
            introText: IntroText(rawValue: value("intro")) ?? .or,
            showInterestFreeText: !parsed.flag("no-interest-free"),
            showWithText: !parsed.flag("no-with"),
            logoType: LogoType(rawValue: value("logo")) ?? .badge,
            logoColorScheme: scheme,
            appearance: Appearance(rawValue: value("appearance")) ?? .light,
            moreInfoOptions: moreInfo)

        guard let amount = parsed.decimal("amount") else { throw .usage("\(name("amount")) is not a decimal number") }
        return BreakdownInputs(
            configuration: configuration, deviceLocale: parsed.string("device-locale") ?? locale, options: options,
            amount: amount)
    }

    /// A rejected configuration as a usage error whose message names the option it came from.
    private static func configurationError(_ error: ConfigurationError, _ parsed: ParsedOptions) -> CLIError {
        let message = error.message + hint(for: error, parsed)
        return CLIError(message, exitStatus: ExitStatus.usage, reason: .invalidConfiguration(error, message: message))
    }

    /// Which option a configuration error came from, and what it accepts.
    private static func hint(for error: ConfigurationError, _ parsed: ParsedOptions) -> String {
        switch error {
        case .invalidMinimum: " (\(parsed.display("min")))"
        case .invalidMaximum: " (\(parsed.display("max")))"
        case .minimumNotLessThanMaximum: " (\(parsed.display("min")), \(parsed.display("max")))"
        case .invalidCurrencyCode: " (\(parsed.display("currency")): one of \(currencies.joined(separator: ", ")))"
        case .invalidLocale: " (\(parsed.display("locale")): one of \(merchantLocales.joined(separator: ", ")))"
        }
    }
}
