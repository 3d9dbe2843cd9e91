/// The font's vertical metrics, as the reference's formulas use them: `ascender` > 0,
/// `descender` < 0 (UIKit's sign), in points.
public struct FontMetrics: Sendable, Hashable {
    /// Height above the baseline, in points.
    public var ascender: Double
    /// Depth below the baseline, in points (negative).
    public var descender: Double

    /// Metrics from an ascender and a descender in points.
    public init(ascender: Double, descender: Double) {
        self.ascender = ascender
        self.descender = descender
    }

    /// ascender − descender.
    public var fontHeight: Double { ascender - descender }
}
