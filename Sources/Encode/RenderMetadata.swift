import BreakdownLayout
import Foundation

/// What a page needs to place an image: its size in points and pixels, each line's baseline,
/// and the logo's and the link's rectangles (points, origin top-left), plus the words.
public struct RenderMetadata: Sendable, Codable, Equatable {
    public struct PixelSize: Sendable, Codable, Equatable {
        public var width: Int
        public var height: Int
    }

    public var format: OutputFormat
    public var scale: Double
    public var size: Size
    public var pixelSize: PixelSize
    public var baselines: [Double]
    public var logo: Rect?
    public var link: Rect?
    public var linkURL: String?
    public var text: String
    public var accessibilityLabel: String

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
