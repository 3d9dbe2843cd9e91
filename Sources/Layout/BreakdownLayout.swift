import BreakdownContent
import Foundation

/// A laid-out breakdown: an immutable display list in points. Nothing is drawn yet;
/// painting walks `elements` in order.
///
/// Not `Sendable`: it holds the Pango layout its lines are drawn from, which belongs to the
/// renderer's font map and so to the renderer's thread. Paint it with the renderer that made it.
public struct BreakdownLayout {
    /// The breakdown laid out.
    public let breakdown: PriceBreakdown
    /// The style it was laid out in.
    public let style: LayoutStyle
    /// The font's ascender and descender at the style's size.
    public let metrics: FontMetrics
    /// The whole image, padding included.
    public let size: Size
    /// Each line's baseline, from the top of the image.
    public let baselines: [Double]
    /// What to draw, in order: text lines, the logo and the link.
    public let elements: [LayoutElement]
    /// The logo's rectangle (the hit area of the artwork), or nil when hidden.
    public let logoFrame: Rect?
    /// The file that draws the logo (nil when the layout was made without one: the reference's ratios).
    public let logoArtwork: LogoArtwork?
    /// The info link's rectangle, or nil when there is no link.
    public let linkFrame: Rect?
    /// What the phone would not show as asked, one line each (e.g. the image link whose image the
    /// SDK lacks); `render` prints each as a `warning:`.
    public let warnings: [String]
    /// Characters the font could not draw (a box would appear); zero for every string the model makes.
    public let unknownGlyphCount: Int
    /// Where drawing stops, when the view clips what it draws to its bounds (the Android view's
    /// parent clips it); nil: nothing is clipped.
    public let clip: Rect?
    /// Where the instalment's text (`PriceBreakdown.instalmentRange`) is drawn across, in points
    /// from the image's left edge, when the sentence is one line; nil otherwise. The PNG encoder
    /// treats the columns either side as the same for every amount (`PNGEncoder.encode`'s bands).
    package let instalmentSpan: ClosedRange<Double>?
    package let pango: PangoLayoutHandle

    package init(
        breakdown: PriceBreakdown, style: LayoutStyle, metrics: FontMetrics, size: Size, baselines: [Double],
        elements: [LayoutElement], logoFrame: Rect?, linkFrame: Rect?, logoArtwork: LogoArtwork? = nil, unknownGlyphCount: Int,
        pango: PangoLayoutHandle, warnings: [String] = [], clip: Rect? = nil, instalmentSpan: ClosedRange<Double>? = nil
    ) {
        self.instalmentSpan = instalmentSpan
        self.warnings = warnings
        self.clip = clip
        self.breakdown = breakdown
        self.style = style
        self.metrics = metrics
        self.size = size
        self.baselines = baselines
        self.elements = elements
        self.logoFrame = logoFrame
        self.linkFrame = linkFrame
        self.logoArtwork = logoArtwork
        self.unknownGlyphCount = unknownGlyphCount
        self.pango = pango
    }

    /// A deterministic, readable text dump: cheap snapshots of layout without pixels.
    public var dump: String {
        func n(_ value: Double) -> String { String(format: "%.2f", value) }
        func r(_ rect: Rect) -> String { "(\(n(rect.x)), \(n(rect.y)), \(n(rect.width)) × \(n(rect.height)))" }
        var lines = [
            "size \(n(size.width)) × \(n(size.height)) pt",
            "font \(style.fontFamily) \(n(style.fontSize)) pt: ascender \(n(metrics.ascender)), descender \(n(metrics.descender))",
        ]
        for element in elements {
            switch element {
            case .textLine(let index, let text, let origin, let frame):
                lines.append("line \(index) baseline (\(n(origin.x)), \(n(origin.y))) frame \(r(frame)): \"\(text)\"")
            case .logo(let logo, let frame):
                lines.append("logo \(logo.artworkName) \(logo.palette.rawValue) \(r(frame))")
            case .linkIcon(let artwork, let tint, let frame):
                lines.append("icon \(artwork) \(tint.map { "\($0)" } ?? "own colours") \(r(frame))")
            case .linkImage(let artwork, let frame):
                lines.append("link image \(artwork.imageName) \(artwork.file) \(r(frame))")
            case .drawable(let name, let tint, let frame):
                lines.append("drawable \(name) \(tint.map { "tinted \($0)" } ?? "own colours") \(r(frame))")
            }
        }
        if let linkFrame { lines.append("link \(r(linkFrame))") }
        return lines.joined(separator: "\n") + "\n"
    }
}
