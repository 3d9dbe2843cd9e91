import BreakdownContent

/// The Android logo's size in pixels from its drawables' declared sizes (android.md 5.2–5.4).
public enum AndroidLogoSize {
    /// Each breakdown drawable's declared size in dp (its viewport).
    public static let drawableSizes: [String: (width: Double, height: Double)] = [
        "afterpay_badge_bg": (1582, 551), "afterpay_badge_fg": (1582, 551), "clearpay_badge_fg": (1620, 551),
        "afterpay_badge_fg_cropped": (1148.9, 220.8), "clearpay_badge_fg_cropped": (1186.5, 220.8),
        "afterpay_badge_narrow_bg": (100, 21), "afterpay_lockup": (1152, 224), "clearpay_lockup": (1188, 223),
        "afterpay_cash_app_lockup_monochrome": (130, 32), "afterpay_cash_app_lockup_polychrome_light": (130, 32),
        "afterpay_cash_app_lockup_polychrome_dark": (130, 32), "icon_circled_question": (15, 15),
        "afterpay_logo_small": (50, 50),
    ]

    /// The compact badge's wordmark height in pixels: int(40 × 1.4), whatever the density.
    public static let compactMarkHeight = Int(40 * 1.4)

    /// The compact badge's wordmark layer in pixels: 56 tall, int(40 × r × 1.4) wide with r its
    /// intrinsic width / height at `density`.
    public static func compactMarkSize(drawable: String, density: Double) -> (width: Int, height: Int)? {
        guard let size = drawableSizes[drawable] else { return nil }
        let intrinsic = AndroidSpanGeometry.intrinsicSize(widthDP: size.width, heightDP: size.height, density: density)
        let ratio = Double(intrinsic.width) / Double(intrinsic.height)
        return (Int(40 * ratio * 1.4), compactMarkHeight)
    }

    /// The logo's intrinsic size in pixels: the larger of its layers' (a compact badge's mark
    /// counts at its fixed pixel size).
    public static func intrinsicSize(_ logo: AndroidLogo, density: Double) -> (width: Int, height: Int)? {
        var width = 0
        var height = 0
        for (index, layer) in logo.layers.enumerated() {
            let size: (width: Int, height: Int)
            if logo.type == .compactBadge, index == 1 {
                guard let mark = compactMarkSize(drawable: layer.drawable, density: density) else { return nil }
                size = mark
            } else {
                guard let dp = drawableSizes[layer.drawable] else { return nil }
                size = AndroidSpanGeometry.intrinsicSize(widthDP: dp.width, heightDP: dp.height, density: density)
            }
            width = max(width, size.width)
            height = max(height, size.height)
        }
        return (width, height)
    }

    /// The logo box in pixels for a text paint whose descent − ascent is `fontHeight` pixels.
    public static func size(_ logo: AndroidLogo, fontHeight: Double, density: Double) -> (width: Int, height: Int)? {
        guard let intrinsic = intrinsicSize(logo, density: density) else { return nil }
        return AndroidSpanGeometry.logoSize(fontHeight: fontHeight, multiplier: logo.heightMultiplier, intrinsic: intrinsic)
    }
}
