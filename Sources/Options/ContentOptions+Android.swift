import BreakdownContent
import Foundation
import BreakdownPipeline

extension Platform: OptionChoice {}
extension AndroidEnvironment: OptionChoice {}

/// `--platform` and the Android content options: the Android view's inputs from the same
/// content options as the iOS view's.
extension ContentOptions {
    /// `--platform ios|android`: whose view is drawn.
    public static let platform = Option<Platform>.choice(
        "platform", "platform", default: .ios,
        help: "Whose view: the iOS SDK's PriceBreakdownView or the Android SDK's AfterpayPriceBreakdown (with android, --currency takes any ISO 4217 code, --palette names the style, --logo defaults to lockup for en_US and badge elsewhere).")

    /// `--environment sandbox|production` (Android only).
    public static let environment = Option<AndroidEnvironment>.choice(
        "environment", "environment", default: .production,
        help: "The Android configuration's environment: in sandbox a US view with a non-lockup logo is an error (exit 2), in production it is hidden."
    ).only(.android, otherwise: "is an Android configuration option: give {platform} android too")

    /// The Android view where the iOS view's inputs are asked for (never an iOS picture in its
    /// place), and options the iOS view does not take (the option table says which).
    static func refuseAndroid(_ parsed: ParsedOptions) throws(RequestError) {
        if parsed[Self.platform] == .android {
            throw .invalidInput(
                "\(parsed.name(of: Self.platform)) android: the iOS view's inputs were asked for (use RenderRequest or androidInputs for the Android view)")
        }
        try parsed.checkTaken(by: .ios)
    }

    /// The Android view's inputs. Errors are one line: a conflict between options, or the
    /// Android configuration's message naming the option it came from.
    public static func androidInputs(from parsed: ParsedOptions) throws(RequestError) -> AndroidInputs {
        try parsed.checkTaken(by: .android)
        if parsed.isGiven(Self.minimum), parsed.isGiven(Self.noMinimum) {
            throw parsed.problem(Self.minimum, .conflict(other: Self.noMinimum.name, wording: "cannot be used together"))
        }
        if parsed.isGiven(Self.linkText), parsed.isGiven(Self.linkStyle) {
            throw parsed.problem(
                Self.linkText, .conflict(other: Self.linkStyle.name, wording: "cannot be used together (link text is the custom style)"))
        }
        let configurationOptions = Self.configurationOptions + [Self.environment]
        if parsed.isGiven(Self.noConfiguration), let conflict = configurationOptions.first(where: { parsed.isGiven($0) }) {
            throw parsed.problem(Self.noConfiguration, .conflict(other: conflict.name, wording: "cannot be used together"))
        }

        try checkLimitsAreDrawable(parsed, android: true)
        let locale = parsed[Self.locale]
        var configuration: AndroidConfiguration?
        do throws(AndroidConfigurationError) {
            if parsed[Self.noConfiguration] {
                if MerchantLocale(identifier: locale) == nil {
                    throw .unsupportedCountry(AndroidConfiguration.country(of: locale))
                }
            } else {
                let minimum = parsed[Self.noMinimum] ? nil : parsed[Self.minimum]
                let consumer = parsed[Self.consumerLocale]
                if let currency = parsed[Self.currency] {
                    configuration = try AndroidConfiguration(
                        minimumAmount: minimum, maximumAmount: parsed[Self.maximum], currencyCode: currency, locale: locale,
                        environment: parsed[Self.environment], consumerLocale: consumer)
                } else {
                    configuration = try AndroidConfiguration(
                        minimumAmount: minimum, maximumAmount: parsed[Self.maximum], locale: locale,
                        environment: parsed[Self.environment], consumerLocale: consumer)
                }
            }
        } catch {
            throw androidConfigurationError(error, parsed)
        }
        if configuration != nil { try checkLimitsArePrices(parsed) }

        let linkStyle: ModalLinkStyle = parsed[Self.linkText].map { .custom(markup: $0) } ?? parsed[Self.linkStyle]
        var moreInfo = MoreInfoOptions(modalTheme: parsed[Self.modalTheme], modalLinkStyle: linkStyle, isCbtEnabled: parsed[Self.cbt])
        moreInfo.modalId = parsed[Self.modalId]
        let options = PriceBreakdownOptions(
            introText: parsed[Self.intro], showInterestFreeText: !parsed[Self.noInterestFree], showWithText: !parsed[Self.noWith],
            appearance: parsed[Self.appearance], moreInfoOptions: moreInfo)
        return AndroidInputs(
            configuration: configuration, deviceLocale: parsed[Self.deviceLocale] ?? locale, options: options,
            style: AndroidStyle(palette: parsed[Self.palette]),
            logoType: parsed.isGiven(Self.logo) ? parsed[Self.logo] : nil, amount: parsed[Self.amount])
    }

    /// The Android view's breakdown from the options; the sandbox exception is bad input (exit 2).
    public static func androidBreakdown(from parsed: ParsedOptions) throws(RequestError) -> (AndroidInputs, AndroidBreakdown) {
        let inputs = try androidInputs(from: parsed)
        do {
            return (inputs, try inputs.breakdown())
        } catch {
            throw .invalidInput(error.message + " (\(parsed.name(of: Self.logo)), \(parsed.name(of: Self.environment)))")
        }
    }

    /// The view the content options ask for: the iOS view's inputs, or the Android view's
    /// (`--platform android`), checked.
    public static func view(from parsed: ParsedOptions) throws(RequestError) -> BreakdownView {
        guard parsed[Self.platform] == .android else { return .ios(try inputs(from: parsed)) }
        let (inputs, breakdown) = try androidBreakdown(from: parsed)
        return .android(inputs, breakdown)
    }

    /// A rejected Android configuration as a usage error naming the option it came from.
    private static func androidConfigurationError(_ error: AndroidConfigurationError, _ parsed: ParsedOptions) -> RequestError {
        func name(_ option: some OptionDeclaration) -> String { parsed.name(of: option) }
        let hint: String =
            switch error {
            case .minimumNotANumber: " (\(name(Self.minimum)): a decimal number such as 10.00)"
            case .maximumNotANumber: " (\(name(Self.maximum)): a decimal number such as 2000.00)"
            case .outOfRange(let text): " (\(text == parsed[Self.minimum] ? name(Self.minimum) : name(Self.maximum)))"
            case .unknownCurrency: " (\(name(Self.currency)): an ISO 4217 code in capitals, such as AUD or EUR)"
            case .invalidMaximum: " (\(name(Self.maximum)): 0 or more)"
            case .invalidMinimum: " (\(name(Self.minimum)): more than 0 and less than the maximum, or \(name(Self.noMinimum)))"
            case .unsupportedCountry: " (\(name(Self.locale)): one of \(merchantLocales.joined(separator: ", ")))"
            }
        return .invalidInput(error.message + hint)
    }
}
