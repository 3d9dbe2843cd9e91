/// The font's vertical metrics, as the reference's formulas use them: `ascender` > 0,
/// `descender` < 0 (UIKit's sign), in points.
public struct FontMetrics: Sendable, Hashable {
    public var ascender: Double
    public var descender: Double

    public init(ascender: Double, descender: Double) {
        self.ascender = ascender
        self.descender = descender
    }

    /// ascender − descender.
    public var fontHeight: Double { ascender - descender }
}
