/// Device pixels per point of a PNG, as iOS screens have them: 1x, 2x or 3x. A PNG is
/// ceil(points × scale) pixels on each side; SVG and PDF are drawn in points whatever the scale.
public enum RenderScale: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One pixel per point.
    case x1 = 1
    /// Two pixels per point (most iPhones).
    case x2 = 2
    /// Three pixels per point (Plus, Max and Pro iPhones).
    case x3 = 3

    /// The pixels per point as a number, e.g. 2.0 for `.x2`.
    public var factor: Double { Double(rawValue) }

    /// `1x`, `2x` or `3x`.
    public var description: String { "\(rawValue)x" }
}
