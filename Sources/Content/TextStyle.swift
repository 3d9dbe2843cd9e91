/// The iOS defaults for the text around the logo: Dynamic Type body sizes and label colours.
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable {
    /// The standard Dynamic Type sizes.
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    /// The first accessibility sizes.
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    /// The largest accessibility sizes.
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// The body text style's point size in this category (large, 17 pt, is the default).
    public var bodyPointSize: Double {
        switch self {
        case .xSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .xLarge: 19
        case .xxLarge: 21
        case .xxxLarge: 23
        case .accessibilityMedium: 28
        case .accessibilityLarge: 33
        case .accessibilityExtraLarge: 40
        case .accessibilityExtraExtraLarge: 47
        case .accessibilityExtraExtraExtraLarge: 53
        }
    }
}

/// The system colours the view's text and link use unless they are overridden.
public enum DefaultColors {
    /// `.label`: black in light appearance, white in dark; the same with Increase Contrast (its
    /// high-contrast values are the same opaque black and white).
    public static func text(_ appearance: Appearance, increaseContrast: Bool = false) -> RGBAColor {
        appearance == .light ? .black : .white
    }

    /// `.secondaryLabel`: rgba(60, 60, 67, 0.6) light, rgba(235, 235, 245, 0.6) dark; with
    /// Increase Contrast its high-contrast values, the same colours at alpha 173/255 (0.68), as
    /// Flutter's CupertinoColors.secondaryLabel publishes them (documented as UIColor.secondaryLabel's).
    public static func link(_ appearance: Appearance, increaseContrast: Bool = false) -> RGBAColor {
        // 0.6 × 255 = 153
        let alpha: UInt8 = increaseContrast ? 173 : 153
        return appearance == .light
            ? RGBAColor(red8: 60, green8: 60, blue8: 67, alpha8: alpha)
            : RGBAColor(red8: 235, green8: 235, blue8: 245, alpha8: alpha)
    }
}
