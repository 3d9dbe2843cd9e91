/// The Android view's `style` (`app:afterpayStyle`).
public enum AndroidStyle: String, Sendable, CaseIterable, Codable {
    /// `Default` (`default_style`).
    case `default`
    /// `Alt` (`alt`).
    case alt
    /// `MonochromeDark` (`monochromeDark`).
    case monochromeDark
    /// `MonochromeLight` (`monochromeLight`).
    case monochromeLight

    /// The style with the same place in the list as an iOS palette name (`--palette`):
    /// default, alt, darkMono → monochromeDark, lightMono → monochromeLight.
    public init(palette: ColorPalette) {
        switch palette {
        case .default: self = .default
        case .alt: self = .alt
        case .darkMono: self = .monochromeDark
        case .lightMono: self = .monochromeLight
        }
    }
}

/// The internal colour scheme a style becomes, chosen by the effective merchant locale when the
/// style is assigned: the four Cash App schemes for en_US.
public enum AndroidColorScheme: String, Sendable, CaseIterable, Codable {
    case blackOnMint, mintOnBlack, whiteOnBlack, blackOnWhite
    case cashAppDefault, cashAppAlt, cashAppMonochromeDark, cashAppMonochromeLight

    /// The scheme of `style` for the effective merchant locale.
    public init(style: AndroidStyle, effectiveLocale: MerchantLocale) {
        let cashApp = effectiveLocale == .enUS
        switch style {
        case .default: self = cashApp ? .cashAppDefault : .blackOnMint
        case .alt: self = cashApp ? .cashAppAlt : .mintOnBlack
        case .monochromeDark: self = cashApp ? .cashAppMonochromeDark : .whiteOnBlack
        case .monochromeLight: self = cashApp ? .cashAppMonochromeLight : .blackOnWhite
        }
    }

    /// One of the four Cash App schemes.
    public var isCashApp: Bool {
        switch self {
        case .cashAppDefault, .cashAppAlt, .cashAppMonochromeDark, .cashAppMonochromeLight: true
        default: false
        }
    }

    /// The foreground (mark) colour.
    public var foreground: RGBAColor {
        switch self {
        case .blackOnMint, .blackOnWhite, .cashAppAlt, .cashAppMonochromeLight: .black
        case .mintOnBlack: .bondiMint
        case .whiteOnBlack, .cashAppDefault, .cashAppMonochromeDark: .white
        }
    }

    /// The background (pill) colour.
    public var background: RGBAColor {
        switch self {
        case .blackOnMint: .bondiMint
        case .mintOnBlack, .whiteOnBlack, .cashAppDefault, .cashAppMonochromeDark: .black
        case .blackOnWhite, .cashAppMonochromeLight: .white
        case .cashAppAlt: RGBAColor(red8: 0x00, green8: 0xD6, blue8: 0x4F)
        }
    }
}

/// One layer of the Android logo: a VectorDrawable of the SDK's `res/drawable`, tinted (SRC_IN)
/// or in its own colours, bottom to top.
public struct AndroidLogoLayer: Sendable, Hashable {
    /// The drawable's name, e.g. `afterpay_badge_bg` (`res/drawable/afterpay_badge_bg.xml`).
    public var drawable: String
    /// The colour the whole vector is recoloured to, keeping its alpha; nil: its own colours.
    public var tint: RGBAColor?

    /// A layer of `drawable`, tinted or not.
    public init(drawable: String, tint: RGBAColor?) {
        self.drawable = drawable
        self.tint = tint
    }
}

/// The Android logo: type, scheme, layers and height rule (`fontHeight × multiplier`).
public struct AndroidLogo: Sendable, Hashable {
    /// The logo type drawn.
    public var type: LogoType
    /// The brand.
    public var brand: Brand
    /// The colour scheme.
    public var scheme: AndroidColorScheme
    /// The drawables, bottom to top.
    public var layers: [AndroidLogoLayer]

    /// Logo height = (descent − ascent) × this: 2.5 badge, 1.0 lockup, 1.4 compact badge.
    public var heightMultiplier: Double {
        switch type {
        case .badge: 2.5
        case .lockup: 1.0
        case .compactBadge: 1.4
        }
    }

    /// The logo of `type` for `brand` in `scheme` (android.md 5.1 and 5.6).
    public init(type: LogoType, brand: Brand, scheme: AndroidColorScheme) {
        self.type = type
        self.brand = brand
        self.scheme = scheme
        let foreground = scheme.foreground
        let background = scheme.background
        let stem = brand == .clearpay ? "clearpay" : "afterpay"
        switch type {
        case .badge:
            let mark = brand == .cashAppAfterpay ? "afterpay_cash_app_lockup_monochrome" : "\(stem)_badge_fg"
            layers = [.init(drawable: "afterpay_badge_bg", tint: background), .init(drawable: mark, tint: foreground)]
        case .compactBadge:
            let mark = brand == .cashAppAfterpay ? "afterpay_cash_app_lockup_monochrome" : "\(stem)_badge_fg_cropped"
            layers = [
                .init(drawable: "afterpay_badge_narrow_bg", tint: background), .init(drawable: mark, tint: foreground),
            ]
        case .lockup:
            let untinted = scheme == .cashAppDefault || scheme == .cashAppAlt
            if brand == .cashAppAfterpay {
                switch scheme {
                case .cashAppDefault: layers = [.init(drawable: "afterpay_cash_app_lockup_polychrome_light", tint: nil)]
                case .cashAppAlt: layers = [.init(drawable: "afterpay_cash_app_lockup_polychrome_dark", tint: nil)]
                default: layers = [.init(drawable: "afterpay_cash_app_lockup_monochrome", tint: foreground)]
                }
            } else {
                layers = [.init(drawable: "\(stem)_lockup", tint: untinted ? nil : foreground)]
            }
        }
    }
}
