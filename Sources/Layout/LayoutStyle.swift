import BreakdownContent

/// How the text is set: font, wrap width and padding, all in points. (The colours come with the
/// breakdown: its `textColor` and `linkColor`.)
///
/// The numbers have the command line's ranges (`--font-size`, `--padding`, `--width`): a font
/// size from 1 to 500, padding from 0 to 1000 and a width from 1 to 10000. A renderer refuses a
/// style outside them (`BreakdownError.invalidOption`, in the words every door uses) before
/// drawing anything, never drawing a cropped image or stopping the process.
public struct LayoutStyle: Sendable, Hashable {
    /// The font family; it must be available in the `FontLibrary` (no silent fallback).
    public var fontFamily: String
    /// The font size in points (the body style is 17 pt at the default Dynamic Type size), from 1 to 500.
    public var fontSize: Double
    /// The container width, from 1 to 10000 points: the paragraph wraps to it. Nil: one line, as wide as it needs.
    public var width: Double?
    /// Empty space around the content on every side, from 0 to 1000 points.
    public var padding: Double
    /// The letter spacing of the text and the link text: SF Pro's tracking for the size (the
    /// default, as iOS sets the system font), or none.
    public var tracking: Tracking

    /// Why this style cannot be drawn, as every door words the same value of its option (a
    /// font size, padding or width outside the option table's range, `InputRule`, or not a
    /// finite number); nil when every number is in range. Checked before any Pango call.
    package var problem: BreakdownError? {
        InputRule.numberProblem(fontSize, option: "font-size", range: InputRule.fontSizeRange)
            ?? InputRule.numberProblem(padding, option: "padding", range: InputRule.paddingRange)
            ?? width.flatMap { InputRule.numberProblem($0, option: "width", range: InputRule.widthRange) }
    }

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
