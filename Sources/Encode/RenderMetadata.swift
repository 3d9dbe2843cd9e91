import BreakdownLayout
import Foundation

/// What a page needs to place an image: its size in points and pixels, each line's baseline,
/// and the logo's and the link's rectangles (points, origin top-left), plus the words.
/// Points are rounded to 1/1000 pt (Pango's units are 1/1024 pt, so finer digits are only float
/// noise); the pixel size is computed from the exact size.
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
    /// What VoiceOver says (the brand spelled to be pronounced, as the iOS view's label).
    public var accessibilityLabel: String
    /// The web's text alternative (the brand as written): for `alt` and `<title>`.
    public var altText: String

    public init(layout: BreakdownLayout, format: OutputFormat, scale: Double) {
        self.format = format
        self.scale = scale
        size = Size(width: Self.rounded(layout.size.width), height: Self.rounded(layout.size.height))
        pixelSize = Self.pixels(layout.size, scale: scale)
        baselines = layout.baselines.map(Self.rounded)
        logo = layout.logoFrame.map(Self.rounded)
        link = layout.linkFrame.map(Self.rounded)
        linkURL = layout.breakdown.link.url
        text = layout.breakdown.text
        accessibilityLabel = layout.breakdown.accessibilityLabel
        altText = layout.breakdown.altText
    }

    /// To the nearest 1/1000 pt, without a negative zero.
    static func rounded(_ value: Double) -> Double {
        let result = (value * 1000).rounded() / 1000
        return result == 0 ? 0 : result
    }

    static func rounded(_ rect: Rect) -> Rect {
        Rect(x: rounded(rect.x), y: rounded(rect.y), width: rounded(rect.width), height: rounded(rect.height))
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
