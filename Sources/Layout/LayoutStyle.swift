import BreakdownContent

/// How the text is set: font, wrap width and padding, all in points. (The colours come with the
/// breakdown: its `textColor` and `linkColor`.)
public struct LayoutStyle: Sendable, Hashable {
    /// The font family; it must be available in the `FontLibrary` (no silent fallback).
    public var fontFamily: String
    /// The font size in points (the body style is 17 pt at the default Dynamic Type size).
    public var fontSize: Double
    /// The container width: the paragraph wraps to it. Nil: one line, as wide as it needs.
    public var width: Double?
    /// Empty space around the content on every side.
    public var padding: Double
    /// The letter spacing of the text and the link text: SF Pro's tracking for the size (the
    /// default, as iOS sets the system font), or none.
    public var tracking: Tracking

    /// A style; by default Inter 17 pt (the body size at the default Dynamic Type size), one line, no padding, SF Pro's tracking.
    public init(
        fontFamily: String = "Inter", fontSize: Double = ContentSizeCategory.large.bodyPointSize, width: Double? = nil,
        padding: Double = 0, tracking: Tracking = .sf
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.width = width
        self.padding = padding
        self.tracking = tracking
    }
}
