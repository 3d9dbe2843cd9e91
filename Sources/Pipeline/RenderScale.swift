/// Device pixels per point (iOS) or per dp (Android) of a PNG: iOS screens are 1x, 2x or 3x;
/// Android devices also 0.75 (ldpi), 1.5 (hdpi), 2.625 (420 dpi), 3.5 (560 dpi) and 4 (xxxhdpi).
/// A PNG is ceil(points × scale) pixels on each side; SVG and PDF are drawn in points whatever
/// the scale. The iOS view takes `RenderScale.ios` only (the command line refuses the others).
public enum RenderScale: Double, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Android's ldpi (120 dpi).
    case x0_75 = 0.75
    /// One pixel per point (Android's mdpi).
    case x1 = 1
    /// Android's hdpi (240 dpi).
    case x1_5 = 1.5
    /// Two pixels per point (most iPhones; Android's xhdpi).
    case x2 = 2
    /// Android's 420 dpi (many phones).
    case x2_625 = 2.625
    /// Three pixels per point (Plus, Max and Pro iPhones; Android's xxhdpi).
    case x3 = 3
    /// Android's 560 dpi.
    case x3_5 = 3.5
    /// Android's xxxhdpi (640 dpi).
    case x4 = 4

    /// The scales of iOS screens: 1x, 2x, 3x.
    public static let ios: [RenderScale] = [.x1, .x2, .x3]

    /// An iOS screen's scale.
    public var isIOS: Bool { Self.ios.contains(self) }

    /// The pixels per point as a number, e.g. 2.0 for `.x2`.
    public var factor: Double { rawValue }

    /// `2x`, `1.5x`, `2.625x`.
    public var description: String { text + "x" }

    /// The factor in digits: `2`, `1.5`, `2.625`.
    public var text: String { rawValue.shortText }
}
