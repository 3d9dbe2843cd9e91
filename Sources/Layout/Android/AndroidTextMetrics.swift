import BreakdownContent
import Foundation

/// The Android view's text size: 14 sp, through Android 14's non-linear font scaling
/// (the framework's font scale converter), not 14 × scale.
public enum AndroidFontScale {
    /// The view's text size in sp.
    public static let defaultTextSize = 14.0

    /// Android 14's sizes for 14 sp, in dp, by font scale (android.md section 8).
    public static let table: [(scale: Double, size: Double)] = [
        (1.0, 14), (1.05, 14.8), (1.1, 15.6), (1.15, 16.4), (1.2, 17.2), (1.3, 18.8), (1.5, 22), (1.8, 24.4), (2.0, 26),
    ]

    /// The smallest and largest font scales Android's settings offer.
    public static let range = 0.85...2.0

    /// 14 sp at `fontScale`, in dp: linear below 1 (14 × scale), the table's value at a listed
    /// scale, and linear between two listed scales; nil outside `range`.
    public static func textSize(fontScale: Double) -> Double? {
        guard fontScale.isFinite, range.contains(fontScale) else { return nil }
        if fontScale <= 1 { return defaultTextSize * fontScale }
        for (low, high) in zip(table, table.dropFirst()) where fontScale <= high.scale {
            let fraction = (fontScale - low.scale) / (high.scale - low.scale)
            return low.size + fraction * (high.size - low.size)
        }
        return table.last?.size
    }
}

/// A font's integer metrics in pixels, as Android's `Paint.getFontMetricsInt` gives them:
/// `ascent` < 0 and `descent` > 0 around the baseline.
public struct AndroidFontMetricsInt: Sendable, Hashable {
    /// Above the baseline (negative).
    public var ascent: Int
    /// Below the baseline (positive).
    public var descent: Int

    /// Metrics from pixel values.
    public init(ascent: Int, descent: Int) {
        self.ascent = ascent
        self.descent = descent
    }

    /// Float metrics rounded as `Paint.getFontMetricsInt` rounds ascent and descent: to the
    /// nearest pixel (its top is floored and its bottom ceiled: `AndroidFontPadding`).
    public init(ascent: Double, descent: Double) {
        self.init(ascent: Int(ascent.rounded()), descent: Int(descent.rounded()))
    }
}

/// The Android view's image span and line geometry (android.md sections 4, 5.2, 5.3 and 5.5).
public enum AndroidSpanGeometry {
    /// A drawable's intrinsic size in pixels: its size in dp × density, truncated.
    public static func intrinsicSize(widthDP: Double, heightDP: Double, density: Double) -> (width: Int, height: Int) {
        (Int(widthDP * density), Int(heightDP * density))
    }

    /// The logo box in pixels: height = fontHeight × multiplier, width = height × intrinsic
    /// width / intrinsic height, both truncated. `fontHeight` is descent − ascent of the text
    /// paint as floats, in pixels.
    public static func logoSize(fontHeight: Double, multiplier: Double, intrinsic: (width: Int, height: Int))
        -> (width: Int, height: Int)
    {
        let height = fontHeight * multiplier
        let width = height * Double(intrinsic.width) / Double(intrinsic.height)
        return (Int(width), Int(height))
    }

    /// The centre line of an image span: baseline + (ascent + descent) / 2, with integer division
    /// (truncating toward zero, as Kotlin's `/`).
    public static func centreLine(baseline: Int, metrics: AndroidFontMetricsInt) -> Int {
        baseline + (metrics.ascent + metrics.descent) / 2
    }

    /// The span's top and bottom relative to the baseline: c − h/2 and c + h/2 (integer halves).
    public static func spanExtent(height: Int, metrics: AndroidFontMetricsInt) -> (top: Int, bottom: Int) {
        let centre = centreLine(baseline: 0, metrics: metrics)
        return (centre - height / 2, centre + height / 2)
    }

    /// A line's ascent and descent: the extremes of the font's and every span's.
    public static func lineExtent(metrics: AndroidFontMetricsInt, spanHeights: [Int]) -> AndroidFontMetricsInt {
        var line = metrics
        for height in spanHeights {
            let extent = spanExtent(height: height, metrics: metrics)
            line.ascent = min(line.ascent, extent.top)
            line.descent = max(line.descent, extent.bottom)
        }
        return line
    }

    /// The line spacing multiplier of the view (1.2, extra 0).
    public static let lineSpacingMultiplier = 1.2

    /// The space Android adds below a line that is not the last: round(0.2 × line height),
    /// where the line height already includes a logo's growth.
    public static func extraBelow(line: AndroidFontMetricsInt) -> Int {
        Int((Double(line.descent - line.ascent) * (lineSpacingMultiplier - 1)).rounded())
    }
}
