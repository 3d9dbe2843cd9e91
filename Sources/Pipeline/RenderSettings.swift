import BreakdownContent
import BreakdownLayout

/// How to draw a breakdown besides its words: the text style, the pixel scale of a PNG and the
/// background.
public struct RenderSettings: Sendable, Hashable {
    /// The font family and size, the width to wrap at and the padding.
    public var style: LayoutStyle
    /// Device pixels per point for PNG; SVG and PDF are drawn in points.
    public var scale: RenderScale
    /// The colour behind the breakdown; nil leaves it transparent.
    public var background: RGBAColor?

    /// Settings with the SDK's defaults: Inter 17 pt, no wrapping, 1x, transparent.
    public init(style: LayoutStyle = LayoutStyle(), scale: RenderScale = .x1, background: RGBAColor? = nil) {
        self.style = style
        self.scale = scale
        self.background = background
    }
}
