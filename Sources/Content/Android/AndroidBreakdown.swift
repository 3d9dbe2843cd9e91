import Foundation

/// Which SDK's view is drawn: the iOS `PriceBreakdownView` (the default) or the Android
/// `AfterpayPriceBreakdown`.
public enum Platform: String, Sendable, CaseIterable, Codable {
    /// The iOS SDK's view.
    case ios
    /// The Android SDK's view.
    case android

    /// The platform's name as people write it: iOS, Android.
    public var title: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        }
    }
}

/// The inputs of the Android view: configuration or none, the client (device) locale, the
/// view's options, the style, the logo type (nil: the view's default) and the amount.
public struct AndroidInputs: Sendable, Hashable {
    /// nil when no configuration is set.
    public var configuration: AndroidConfiguration?
    /// The client locale identifier (the app's resources configuration), e.g. `en_AU`.
    public var deviceLocale: String
    /// Intro, optional words, link, appearance and colours (the logo type and palette of these
    /// options are not used: see `style` and `logoType`).
    public var options: PriceBreakdownOptions
    /// The view's `style`.
    public var style: AndroidStyle
    /// The view's `logoType`; nil: LOCKUP when the effective merchant locale is en_US, else BADGE.
    public var logoType: LogoType?
    /// `totalAmount`.
    public var amount: Decimal

    /// Inputs with the view's defaults unless given.
    public init(
        configuration: AndroidConfiguration?, deviceLocale: String, options: PriceBreakdownOptions = .init(),
        style: AndroidStyle = .default, logoType: LogoType? = nil, amount: Decimal
    ) {
        self.configuration = configuration
        self.deviceLocale = deviceLocale
        self.options = options
        self.style = style
        self.logoType = logoType
        self.amount = amount
    }

    /// The breakdown; throws where the Android view throws (a Cash App view with a non-lockup
    /// logo in the sandbox environment).
    public func breakdown() throws(AndroidBreakdownError) -> AndroidBreakdown {
        try AndroidBreakdown(self)
    }
}

/// Why the Android view throws instead of drawing.
public enum AndroidBreakdownError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sandbox `IllegalStateException`: a Cash App scheme with a logo type other than LOCKUP.
    case nonLockupInUnitedStates(LogoType)
    /// An iOS accessibility setting (`increaseContrast`, `boldText`) asked of the Android view,
    /// which never reads it: Android's own settings (high-contrast text, font weight adjustment)
    /// are other features, not drawn.
    case iOSSetting(String)

    /// The one-line message.
    public var message: String {
        switch self {
        case .nonLockupInUnitedStates(let type):
            "Cannot use non-lockup logo types in US locale. (logo type \(type.rawValue) in the sandbox environment; in production the view is hidden; use lockup)"
        case .iOSSetting(let name):
            "\(name) is an iOS setting the Android view does not read (Android's high-contrast text and font weight adjustment are other features, not drawn): leave it out for the Android view"
        }
    }

    /// The one-line message.
    public var description: String { message }
}

/// What the Android view shows (android.md sections 1, 2, 5 and 6).
public struct AndroidBreakdown: Sendable, Hashable {
    /// The sentence without the logo and link.
    public var text: String
    /// Where the instalment is in `text`, in UTF-8 bytes; nil when the sentence has none (or has
    /// it twice). The PNG encoder uses it (`PriceBreakdown.instalmentRange`).
    package var instalmentRange: Range<Int>?
    /// The logo after the sentence (in range, no configuration) or before it (outside limits).
    public var logoPlacement: LogoPlacement
    /// `GONE`: not enabled, or a Cash App scheme with a logo type other than LOCKUP.
    public var isHidden: Bool
    /// Why it is GONE, for a person; nil when visible.
    public var hiddenReason: String?
    /// A configuration is set and a display language was found.
    public var isEnabled: Bool
    /// The effective merchant locale: the configuration's, or en_US without one.
    public var merchantLocale: MerchantLocale
    /// The brand.
    public var brand: Brand
    /// The display language, e.g. `fr_CA`; nil when none was found.
    public var language: String?
    /// The content description of the text view, e.g. `or 4 interest-free payments of $25.00 with After pay`.
    public var contentDescription: String
    /// The text under the logo image span: `Afterpay`, `Clearpay` or `Afterpay` (Cash App Afterpay).
    public var logoTitle: String
    /// The logo.
    public var logo: AndroidLogo
    /// The info link and its page.
    public var link: InfoLink
    /// The text colour (the theme's textColorPrimary unless given).
    public var textColor: RGBAColor
    /// The link colour (the theme's textColorSecondary unless given).
    public var linkColor: RGBAColor
    /// The theme's appearance (light or dark): the page colour and the default text colours.
    public var appearance: Appearance

    /// The number of payments: 4, whatever the currency.
    public static let instalmentCount = 4

    /// The brand's spoken name in the description: `After pay` (also for Cash App Afterpay) or `Clear pay`.
    public static func spokenName(_ brand: Brand) -> String { brand == .clearpay ? "Clear pay" : "After pay" }

    /// The brand's title under the logo span.
    public static func title(_ brand: Brand) -> String { brand == .clearpay ? "Clearpay" : "Afterpay" }

    /// Typical AppCompat theme colours: light text #000000 (the reference picture's) and link
    /// #8A000000; dark #FFFFFF and #B3FFFFFF.
    public static func defaultTextColor(_ appearance: Appearance) -> RGBAColor {
        appearance == .dark ? .white : .black
    }

    /// The theme's textColorSecondary.
    public static func defaultLinkColor(_ appearance: Appearance) -> RGBAColor {
        appearance == .dark
            ? RGBAColor(red8: 255, green8: 255, blue8: 255, alpha8: 0xB3) : RGBAColor(red8: 0, green8: 0, blue8: 0, alpha8: 0x8A)
    }

    /// Computes the view from its inputs.
    public init(_ inputs: AndroidInputs) throws(AndroidBreakdownError) {
        let options = inputs.options
        if options.increaseContrast { throw .iOSSetting("increaseContrast") }
        if options.boldText { throw .iOSSetting("boldText") }
        let configuration = inputs.configuration
        let merchant = configuration?.locale ?? .enUS
        let resolution = LanguageResolution(
            merchant: merchant, consumerLocale: configuration?.consumerLocale, deviceLocale: inputs.deviceLocale)
        let language = resolution.language
        let strings = TextLanguage(displayLanguage: language)
        let brand = merchant.brand
        let spoken = Self.spokenName(brand)

        let text: String
        let description: String
        let placement: LogoPlacement
        var instalment: String?
        if let configuration {
            let withWord = options.showWithText ? strings.with + " " : ""
            if let currency = configuration.knownCurrency {
                let formatter = AndroidCurrencyFormatter(
                    currency: currency, merchantLocale: configuration.locale, clientLocale: inputs.deviceLocale)
                if configuration.isInRange(inputs.amount) {
                    let interestFree =
                        options.showInterestFreeText && configuration.allowsInterestFreeText ? strings.interestFree : ""
                    func sentence(_ with: String) -> String {
                        strings.inRange(
                            intro: options.introText.text(in: strings), count: Self.instalmentCount,
                            interestFree: interestFree, instalment: formatter.instalment(of: inputs.amount), with: with
                        ).trimmingSpaces()
                    }
                    text = sentence(withWord)
                    description = sentence(withWord + spoken)
                    instalment = formatter.instalment(of: inputs.amount)
                    placement = .end
                } else {
                    let minimum = configuration.minimumAmount.map(formatter.limit) ?? "1"
                    text = strings.outsideLimits(minimum: minimum, maximum: formatter.limit(configuration.maximumAmount))
                    description = "\(spoken) \(text)"
                    placement = .start
                }
            } else {
                // No valid locale uses the currency: the SDK's "not available" with raw 1 and 0.
                text = strings.outsideLimits(minimum: "1", maximum: "0")
                description = "\(spoken) \(text)"
                placement = .start
            }
        } else {
            text = strings.noConfiguration
            description = strings == .english ? "Or pay with \(spoken)" : "Ou payer avec \(spoken)"
            placement = .end
        }

        let scheme = AndroidColorScheme(style: inputs.style, effectiveLocale: merchant)
        let logoType = inputs.logoType ?? (merchant == .enUS ? .lockup : .badge)
        let enabled = configuration != nil && language != nil
        let cashAppNonLockup = scheme.isCashApp && logoType != .lockup
        if cashAppNonLockup, configuration?.environment == .sandbox {
            throw .nonLockupInUnitedStates(logoType)
        }
        // As the iOS view (SharedContent): a device locale without decimal digits hides the view.
        let numbering = configuration == nil ? nil : NumberingSystem.problem(localeIdentifier: inputs.deviceLocale)
        var reason: String?
        if configuration == nil {
            reason = PriceBreakdown.noConfigurationReason
        } else if let numbering {
            reason = numbering
        } else if let failure = resolution.failureReason {
            reason = failure
        } else if cashAppNonLockup {
            reason = "the Cash App Afterpay view shows only the lockup (logo type \(logoType.rawValue) is GONE)"
        }

        self.text = text
        // The instalment's bytes in the text, when it is there once.
        if let instalment, !instalment.isEmpty, let found = text.range(of: instalment),
            text[found.upperBound...].range(of: instalment) == nil
        {
            let start = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
            instalmentRange = start..<(start + instalment.utf8.count)
        } else {
            instalmentRange = nil
        }
        self.logoPlacement = placement
        self.isHidden = !enabled || cashAppNonLockup || numbering != nil
        self.hiddenReason = isHidden ? reason : nil
        self.isEnabled = enabled
        self.merchantLocale = merchant
        self.brand = brand
        self.language = language
        self.contentDescription = description
        self.logoTitle = Self.title(brand)
        self.logo = AndroidLogo(type: logoType, brand: brand, scheme: scheme)
        let languageCode = language.flatMap(LanguageResolution.languageCode(of:)) ?? "en"
        self.link = InfoLink(
            options: options.moreInfoOptions, language: strings, languageCode: languageCode,
            regionCode: merchant.regionCode, brand: brand)
        self.textColor = options.textColor ?? Self.defaultTextColor(options.appearance)
        self.linkColor = options.linkColor ?? Self.defaultLinkColor(options.appearance)
        self.appearance = options.appearance
    }
}
