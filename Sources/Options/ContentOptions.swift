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

    /// The price (totalAmount).
    public static let amount = Option<Decimal>.value("amount", "decimal", .decimal, default: "0", help: "The price (totalAmount).")
    // Configuration values stay free text here: Configuration checks them, in the
    // reference's order and with its messages.
    /// The merchant locale.
    public static let locale = Option<String>.value(
        "locale", "id", default: "en_AU",
        help: "The merchant locale: \(merchantLocales.joined(separator: ", ")).").suggesting(merchantLocales)
    /// The currency (else the locale's).
    public static let currency = Option<String?>.value(
        "currency", "code", defaultHelp: "the locale's",
        help: "The currency: \(currencies.joined(separator: ", ")).").suggesting(currencies)
    /// The minimum order amount, as given (Configuration checks it).
    public static let minimum = Option<String>.value("min", "decimal", default: "1.00", help: "The minimum order amount.")
    /// No minimum amount.
    public static let noMinimum = Flag.flag("no-minimum", help: "The configuration has no minimum amount.")
    /// The maximum order amount, as given (Configuration checks it).
    public static let maximum = Option<String>.value("max", "decimal", default: "2000.00", help: "The maximum order amount.")
    /// No merchant configuration.
    public static let noConfiguration = Flag.flag("no-configuration", help: "No merchant configuration is set (the view hides itself).")
    /// The device locale (else the merchant locale).
    public static let deviceLocale = Option<String?>.value(
        "device-locale", "id", .localeIdentifier, defaultHelp: "the merchant locale",
        help: "The device locale: currency style, and the language when no consumer locale is set.")
    // Not checked as an identifier: the SDK takes any text here, and a language the
    // merchant's region does not offer (e.g. the typo jp_JP) hides the view (exit 3).
    /// The configuration's consumer locale.
    public static let consumerLocale = Option<String?>.value(
        "consumer-locale", "id",
        help: "The configuration's consumer locale, used for the language instead of the device locale (not validated, as in the SDK: a language the region does not offer hides the view).")
    /// The intro text.
    public static let intro = Option<IntroText>.choice("intro", "case", default: .or, help: "The intro text.")
    /// showInterestFreeText = false.
    public static let noInterestFree = Flag.flag("no-interest-free", help: "Leave out \"interest-free\" (showInterestFreeText = false).")
    /// showWithText = false.
    public static let noWith = Flag.flag("no-with", help: "Leave out \"with\" (showWithText = false).")
    /// The logo type.
    public static let logo = Option<LogoType>.choice("logo", "type", default: .badge, help: "The logo type.")
    /// The logo palette (light, when a dark one is given).
    public static let palette = Option<ColorPalette>.choice(
        "palette", "palette", default: .default, help: "The logo palette (the light palette when --dark-palette is given).")
    /// The dark appearance's palette.
    public static let darkPalette = Option<ColorPalette?>.choice(
        "dark-palette", "palette", help: "The palette in dark appearance; makes the colour scheme dynamic."
    ).only(.ios, otherwise: "is an iOS option (the Android view has a static style only): leave it out with {platform} android")
    /// Light or dark.
    public static let appearance = Option<Appearance>.choice(
        "appearance", "appearance", default: .light,
        help: "Light or dark appearance: picks the dynamic palette and the text and link colours.")
    /// Increase Contrast (iOS accessibility).
    public static let increaseContrast = Flag.flag(
        "increase-contrast",
        help: "The device's Increase Contrast is on: the high-contrast values of the text and link colours (.label, .secondaryLabel); the logo is unchanged."
    ).only(.ios, otherwise: iOSSettingHint)
    /// Bold Text (iOS accessibility).
    public static let boldText = Flag.flag(
        "bold-text",
        help: "The device's Bold Text is on: the text at the body style's emphasized weight (Semibold, an approximation)."
    ).only(.ios, otherwise: iOSSettingHint)
    /// Why the Android view refuses iOS's accessibility settings: it never reads them, and
    /// Android's own (high-contrast text, font weight adjustment) are other features, not drawn.
    static let iOSSettingHint =
        "is iOS's accessibility setting (the Android view does not read it; Android's high-contrast text and font weight adjustment are not drawn): leave it out with {platform} android"
    /// The info link style, by name.
    public static let linkStyle = Option<ModalLinkStyle>.value(
        "link-style", "style", .choice(ModalLinkStyle.namedStyles.map(\.name)), default: "circledInfoIcon",
        help: "The info link style.")
    /// A custom info link, as Pango markup.
    public static let linkText = Option<String?>.value(
        "link-text", "markup", help: "A custom info link, as Pango markup (modalLinkStyle .custom).")
    /// The information page's theme.
    public static let modalTheme = Option<ModalTheme>.choice(
        "modal-theme", "theme", default: .mint, help: "The theme of the information page.")
    /// Cross-border trade details.
    public static let cbt = Flag.flag("cbt", help: "The information page shows cross-border trade details.")
    /// A specific information page.
    public static let modalId = Option<String?>.value(
        "modal-id", "id", .fileName,
        help: "The file name (without .html) of a specific information page; overrides the theme and --cbt.")

    /// The content options: configuration, amount, locales, text, logo and link.
    public static let group = OptionGroup(
        title: "CONTENT OPTIONS",
        [
            amount, locale, currency, minimum, noMinimum, maximum, noConfiguration, deviceLocale, consumerLocale, intro,
            noInterestFree, noWith, logo, palette, darkPalette, appearance, increaseContrast, boldText, linkStyle, linkText,
            modalTheme, cbt, modalId, platform, environment,
        ])

    /// Options that describe a configuration, so they conflict with `--no-configuration`.
    static let configurationOptions: [any OptionDeclaration] = [minimum, noMinimum, maximum, currency, consumerLocale]

    /// Turns the content options into the breakdown's inputs. Errors are one problem: a conflict
    /// between options, or the configuration's own message naming the option it came from.
    public static func inputs(from parsed: ParsedOptions) throws(RequestError) -> BreakdownInputs {
        try refuseAndroid(parsed)
        if parsed.isGiven(Self.minimum), parsed.isGiven(Self.noMinimum) {
            throw parsed.problem(Self.minimum, .conflict(other: Self.noMinimum.name, wording: "cannot be used together"))
        }
        if parsed.isGiven(Self.linkText), parsed.isGiven(Self.linkStyle) {
            throw parsed.problem(
                Self.linkText, .conflict(other: Self.linkStyle.name, wording: "cannot be used together (link text is the custom style)"))
        }
        if parsed.isGiven(Self.noConfiguration), let conflict = configurationOptions.first(where: { parsed.isGiven($0) }) {
            throw parsed.problem(Self.noConfiguration, .conflict(other: conflict.name, wording: "cannot be used together"))
        }

        try checkLimitsAreDrawable(parsed, android: false)
        let locale = parsed[Self.locale]
        var configuration: Configuration?
        if parsed[Self.noConfiguration] {
            // The locale then only sets the device locale's default; it must still be a merchant locale.
            if MerchantLocale(identifier: locale) == nil {
                throw configurationError(.invalidLocale(locale), parsed)
            }
        } else {
            do {
                let minimum = parsed[Self.noMinimum] ? nil : parsed[Self.minimum]
                let consumer = parsed[Self.consumerLocale]
                configuration = try Configuration(
                    minimumAmount: minimum, maximumAmount: parsed[Self.maximum], currencyCode: parsed[Self.currency], locale: locale,
                    consumerLocale: consumer)
            } catch {
                throw configurationError(error, parsed)
            }
            try checkLimitsArePrices(parsed)
        }

        let palette = parsed[Self.palette]
        let scheme: LogoColorScheme =
            parsed[Self.darkPalette].map { .dynamic(lightPalette: palette, darkPalette: $0) } ?? .static(palette)

        let linkStyle: ModalLinkStyle =
            parsed[Self.linkText].map { .custom(markup: $0) } ?? parsed[Self.linkStyle]
        var moreInfo = MoreInfoOptions(modalTheme: parsed[Self.modalTheme], modalLinkStyle: linkStyle, isCbtEnabled: parsed[Self.cbt])
        moreInfo.modalId = parsed[Self.modalId]

        let options = PriceBreakdownOptions(
            introText: parsed[Self.intro],
            showInterestFreeText: !parsed[Self.noInterestFree],
            showWithText: !parsed[Self.noWith],
            logoType: parsed[Self.logo],
            logoColorScheme: scheme,
            appearance: parsed[Self.appearance],
            moreInfoOptions: moreInfo,
            increaseContrast: parsed[Self.increaseContrast],
            boldText: parsed[Self.boldText])

        return BreakdownInputs(
            configuration: configuration, deviceLocale: parsed[Self.deviceLocale] ?? locale, options: options, amount: Amount(parsed[Self.amount]))
    }

    /// A rejected configuration as a problem naming the option it came from, and what it accepts.
    /// The limits are text the merchant's configuration reads as the SDK does, but one of
    /// 10^14 or more is drawn through the currency formatter's Double, which rounds it
    /// (`--max 9007199254740993` came out as $9,007,199,254,740,992): refused, as such an amount
    /// is. Both views read their limits after this.
    static func checkLimitsAreDrawable(_ parsed: ParsedOptions, android: Bool) throws(RequestError) {
        var limits: [(Option<String>, String)] = [(Self.maximum, parsed[Self.maximum])]
        if !parsed[Self.noMinimum] { limits.append((Self.minimum, parsed[Self.minimum])) }
        for (option, text) in limits {
            // Each view's configuration reads its limits its own way (Android's as BigDecimal).
            let value = android ? AndroidConfiguration.number(text) : Decimal(decimalString: text)
            if let value, value >= ValueKind.largestPrice {
                throw parsed.problem(
                    option,
                    .refused(
                        text,
                        because: "\(QuotedValue.quoted(text)) is 100000000000000 or more; a limit that large cannot be drawn exactly (limits, like prices, stay below 100000000000000)"
                    ))
            }
        }
    }

    /// The limits are prices, read by the one price rule as `--amount` is (`PriceRule`: `1.299`
    /// is ambiguous, `-0` and `+5` have a sign, `2000.` may have lost a digit), once the view's
    /// configuration has taken them: what the SDK refuses keeps the SDK's words, what it would
    /// read one way where a person may have meant another is refused saying both, in every door
    /// (`batch` reads a record's limits by the same rule).
    static func checkLimitsArePrices(_ parsed: ParsedOptions) throws(RequestError) {
        var limits: [(Option<String>, String)] = [(Self.minimum, parsed[Self.minimum]), (Self.maximum, parsed[Self.maximum])]
        if parsed[Self.noMinimum] { limits.removeFirst() }
        for (option, text) in limits {
            if let reason = PriceRule.problem(plainDecimal: text) { throw parsed.problem(option, .refused(text, because: reason)) }
        }
    }

    private static func configurationError(_ error: ConfigurationError, _ parsed: ParsedOptions) -> RequestError {
        let (option, others, accepted): (any OptionDeclaration, [any OptionDeclaration], [String]?) =
            switch error {
            case .invalidMinimum: (Self.minimum, [], nil)
            case .invalidMaximum: (Self.maximum, [], nil)
            case .minimumNotLessThanMaximum: (Self.minimum, [Self.maximum], nil)
            case .invalidCurrencyCode: (Self.currency, [], currencies)
            case .invalidLocale: (Self.locale, [], merchantLocales)
            }
        return parsed.problem(option, .configuration(error, options: ([option] + others).map(\.name), accepted: accepted))
    }
}
