import BreakdownLayout
import Foundation

/// What a page needs to place an image: its size in points and pixels, each line's baseline,
/// and the logo's and the link's rectangles (points, origin top-left), plus the words.
public struct RenderMetadata: Sendable, Codable, Equatable {
    /// An image size in pixels.
    public struct PixelSize: Sendable, Codable, Equatable {
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int
    }

    /// The image format.
    public var format: OutputFormat
    /// Pixels per point (1 for SVG and PDF).
    public var scale: Double
    /// The size in points.
    public var size: Size
    /// The size in pixels: ceil(points × scale).
    public var pixelSize: PixelSize
    /// Each text line's baseline, in points from the top.
    public var baselines: [Double]
    /// The logo's rectangle in points, if one is drawn.
    public var logo: Rect?
    /// The info link's rectangle in points, if one is drawn.
    public var link: Rect?
    /// The page the link opens, if any.
    public var linkURL: String?
    /// The sentence without the logo and link.
    public var text: String
    /// What VoiceOver reads.
    public var accessibilityLabel: String

    /// The metadata of `layout` drawn in `format` at `scale`.
    public init(layout: BreakdownLayout, format: OutputFormat, scale: Double) {
        self.format = format
        self.scale = scale
        size = layout.size
        pixelSize = Self.pixels(layout.size, scale: scale)
        baselines = layout.baselines
        logo = layout.logoFrame
        link = layout.linkFrame
        linkURL = layout.breakdown.link.url
        text = layout.breakdown.text
        accessibilityLabel = layout.breakdown.accessibilityLabel
    }

    /// Pixel size = ceil(points × scale) on each side.
    public static func pixels(_ size: Size, scale: Double) -> PixelSize {
        PixelSize(width: Int((size.width * scale - 1e-9).rounded(.up)), height: Int((size.height * scale - 1e-9).rounded(.up)))
    }

    /// Pretty JSON with sorted keys: the same metadata gives the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
