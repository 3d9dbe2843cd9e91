import BreakdownContent

/// How the text is set: font, colours, wrap width and padding, all in points.
public struct LayoutStyle: Sendable, Hashable {
    /// The font family; it must be available in the `FontLibrary` (no silent fallback).
    public var fontFamily: String
    /// The font size in points (the body style is 17 pt at the default Dynamic Type size).
    public var fontSize: Double
    public var textColor: RGBAColor
    public var linkColor: RGBAColor
    /// The container width: the paragraph wraps to it. Nil: one line, as wide as it needs.
    public var width: Double?
    /// Empty space around the content on every side.
    public var padding: Double

    public init(
        fontFamily: String = "Inter", fontSize: Double = ContentSizeCategory.large.bodyPointSize,
        textColor: RGBAColor = DefaultColors.text(.light), linkColor: RGBAColor = DefaultColors.link(.light),
        width: Double? = nil, padding: Double = 0
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.textColor = textColor
        self.linkColor = linkColor
        self.width = width
        self.padding = padding
    }

    /// The iOS defaults for an appearance: body size, `.label` and `.secondaryLabel` colours.
    public static func defaults(for appearance: Appearance) -> LayoutStyle {
        LayoutStyle(textColor: DefaultColors.text(appearance), linkColor: DefaultColors.link(appearance))
    }
}
