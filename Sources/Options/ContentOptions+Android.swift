import BreakdownContent
import Foundation

/// `--platform` and the Android content options: the Android view's inputs from the same
/// content options as the iOS view's.
extension ContentOptions {
    /// `--platform ios|android`: whose view is drawn.
    static let platformOption = OptionSpec.choice(
        "platform", "platform", Platform.allCases.map(\.rawValue), default: Platform.ios.rawValue,
        help: "Whose view: the iOS SDK's PriceBreakdownView or the Android SDK's AfterpayPriceBreakdown (with android, --currency takes any ISO 4217 code, --palette names the style, --logo defaults to lockup for en_US and badge elsewhere).")

    /// `--environment sandbox|production` (Android only).
    static let environmentOption = OptionSpec.choice(
        "environment", "environment", AndroidEnvironment.allCases.map(\.rawValue),
        default: AndroidEnvironment.production.rawValue,
        help: "The Android configuration's environment: in sandbox a US view with a non-lockup logo is an error (exit 2), in production it is hidden.")

    /// The platform the options name.
    public static func platform(_ parsed: ParsedOptions) -> Platform {
        parsed.string("platform").flatMap(Platform.init(rawValue:)) ?? .ios
    }

    /// Options only the Android view reads, refused for iOS; and the Android view where only
    /// its content is built so far (drawing it is refused with one line, never drawn as iOS).
    static func refuseAndroid(_ parsed: ParsedOptions) throws(CLIError) {
        if platform(parsed) == .android {
            throw .usage(
                "\(parsed.display("platform")) android: only describe computes the Android view so far; drawing it is not built yet (accepted here: ios)")
        }
        if parsed.isGiven("environment") {
            throw .usage("\(parsed.display("environment")) is an Android configuration option: give \(parsed.display("platform")) android too")
        }
    }

    /// The Android view's inputs. Errors are one line: a conflict between options, or the
    /// Android configuration's message naming the option it came from.
    public static func androidInputs(from parsed: ParsedOptions) throws(CLIError) -> AndroidInputs {
        func given(_ name: String) -> Bool { parsed.isGiven(name) }
        func name(_ option: String) -> String { parsed.display(option) }
        func value(_ option: String) -> String { parsed.string(option) ?? "" }

        if given("min"), given("no-minimum") {
            throw .usage("\(name("min")) and \(name("no-minimum")) cannot be used together")
        }
        if given("link-text"), given("link-style") {
            throw .usage("\(name("link-text")) and \(name("link-style")) cannot be used together (link text is the custom style)")
        }
        for option in ["dark-palette"] where given(option) {
            throw .usage("\(name(option)) is an iOS option (the Android view has a static style only): leave it out with \(name("platform")) android")
        }
        let configurationOptions = Self.configurationOptions + ["environment"]
        if given("no-configuration"), let conflict = configurationOptions.first(where: given) {
            throw .usage("\(name("no-configuration")) and \(name(conflict)) cannot be used together")
        }

        let locale = value("locale")
        var configuration: AndroidConfiguration?
        do throws(AndroidConfigurationError) {
            if parsed.flag("no-configuration") {
                if MerchantLocale(identifier: locale) == nil {
                    throw .unsupportedCountry(AndroidConfiguration.country(of: locale))
                }
            } else {
                let environment = AndroidEnvironment(rawValue: value("environment")) ?? .production
                let minimum = parsed.flag("no-minimum") ? nil : value("min")
                let consumer = parsed.string("consumer-locale")
                if let currency = parsed.string("currency") {
                    configuration = try AndroidConfiguration(
                        minimumAmount: minimum, maximumAmount: value("max"), currencyCode: currency, locale: locale,
                        environment: environment, consumerLocale: consumer)
                } else {
                    configuration = try AndroidConfiguration(
                        minimumAmount: minimum, maximumAmount: value("max"), locale: locale, environment: environment,
                        consumerLocale: consumer)
                }
            }
        } catch {
            throw androidConfigurationError(error, parsed)
        }

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
            appearance: Appearance(rawValue: value("appearance")) ?? .light,
            moreInfoOptions: moreInfo)
        guard let amount = parsed.decimal("amount") else { throw .usage("\(name("amount")) is not a decimal number") }
        return AndroidInputs(
            configuration: configuration, deviceLocale: parsed.string("device-locale") ?? locale, options: options,
            style: AndroidStyle(palette: ColorPalette(rawValue: value("palette")) ?? .default),
            logoType: given("logo") ? LogoType(rawValue: value("logo")) : nil, amount: amount)
    }

    /// The Android view's breakdown from the options; the sandbox exception is bad input (exit 2).
    public static func androidBreakdown(from parsed: ParsedOptions) throws(CLIError) -> (AndroidInputs, AndroidBreakdown) {
        let inputs = try androidInputs(from: parsed)
        do {
            return (inputs, try inputs.breakdown())
        } catch {
            throw .usage(error.message + " (\(parsed.display("logo")), \(parsed.display("environment")))")
        }
    }

    /// A rejected Android configuration as a usage error naming the option it came from.
    private static func androidConfigurationError(_ error: AndroidConfigurationError, _ parsed: ParsedOptions) -> CLIError {
        let hint: String =
            switch error {
            case .minimumNotANumber: " (\(parsed.display("min")): a decimal number such as 10.00)"
            case .maximumNotANumber: " (\(parsed.display("max")): a decimal number such as 2000.00)"
            case .outOfRange(let text):
                " (\(parsed.display(text == parsed.string("min") ? "min" : "max")))"
            case .unknownCurrency: " (\(parsed.display("currency")): an ISO 4217 code in capitals, such as AUD or EUR)"
            case .invalidMaximum: " (\(parsed.display("max")): 0 or more)"
            case .invalidMinimum: " (\(parsed.display("min")): more than 0 and less than the maximum, or \(parsed.display("no-minimum")))"
            case .unsupportedCountry: " (\(parsed.display("locale")): one of \(merchantLocales.joined(separator: ", ")))"
            }
        return .usage(error.message + hint)
    }
}
