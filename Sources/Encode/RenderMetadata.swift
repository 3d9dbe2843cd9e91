import BreakdownContent
import BreakdownLayout
import Foundation

/// What a page needs to place an image: its size in points and pixels, each line's baseline,
/// and the logo's and the link's rectangles (points, origin top-left), plus the words.
/// Points are rounded to 1/1000 pt (Pango's units are 1/1024 pt, so finer digits are only float
/// noise); the pixel size is computed from the exact size.
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
    /// What VoiceOver says (the brand spelled to be pronounced, as the iOS view's label).
    public var accessibilityLabel: String
    /// The web's text alternative (the brand as written): for `alt` and `<title>`.
    public var altText: String
    /// The file that drew the logo: image name and path (nil when there is no logo, and for the
    /// Android view, whose logo is drawn from `drawables`).
    public var logoArtwork: LogoArtworkRecord?
    /// The Android view's VectorDrawables, in drawing order (the logo's layers, then the link's
    /// image): each one's name and file; nil for the iOS view.
    public var drawables: [DrawableRecord]?
    /// WCAG contrast ratios of the logo, the text and the link against what is behind them.
    public var contrast: ContrastRecord

    /// An Android drawable the image drew, and its file.
    public struct DrawableRecord: Sendable, Codable, Equatable {
        /// The drawable's name (`afterpay_badge_fg`).
        public var name: String
        /// Its file, relative to the artwork folder (`drawable/afterpay_badge_fg.xml`).
        public var file: String

        /// A drawable and its file.
        public init(name: String, file: String) {
            self.name = name
            self.file = file
        }
    }

    /// Which file drew the logo.
    public struct LogoArtworkRecord: Sendable, Codable, Equatable {
        /// The image name looked up (`badge-afterpay-mint-on-black`, or the project's `badge-afterpay`).
        public var image: String
        /// The file's path.
        public var file: String
        /// Recoloured by palette (the project's artwork) or drawn as it is (official artwork).
        public var recoloured: Bool
    }

    /// The contrast ratios (two decimals) and the colours they compare, as `ContrastReport` gives them.
    public struct ContrastRecord: Sendable, Codable, Equatable {
        /// The colour behind the image (`#RRGGBB`).
        public var page: String
        /// The logo mark's colour.
        public var logoForeground: String
        /// What the mark is measured against: its pill, or the page.
        public var logoBackground: String
        /// Contrast ratio of the logo mark.
        public var logo: Double
        /// Contrast ratio of the text.
        public var text: Double
        /// Contrast ratio of the link, when it is drawn in the link colour.
        public var link: Double?
        /// One line for each ratio below 3:1.
        public var warnings: [String]
        /// Set when the logo was drawn from a file as it is (`--logo-assets`): the logo's figures
        /// are then its palette's colours, which the SDK's own files draw, not measured from the
        /// file, so for a file of other colours they are not what is drawn. Absent (nil) for the
        /// project's artwork, which is drawn in the palette's colours.
        public var logoNote: String?

        /// What `logoNote` says.
        public static let paletteNotMeasured =
            "logo figures are the palette's colours, which the SDK's own files draw; this file's own colours are not measured"

        /// The record of a contrast report, ratios rounded to two decimals.
        public init(_ report: ContrastReport) {
            page = report.page.description
            logoForeground = report.logoForeground.description
            logoBackground = report.logoBackground.description
            logo = Self.rounded(report.logo)
            text = Self.rounded(report.text)
            link = report.link.map(Self.rounded)
            warnings = report.warnings
        }

        /// A ratio as `ContrastReport.format` writes it, read back as a number: the hundredths
        /// it keeps over 100, the double nearest that decimal, as reading the text gives (one
        /// division, correctly rounded, instead of writing and parsing the text).
        package static func rounded(_ ratio: Double) -> Double {
            let hundredths = (ratio * 100 + 1e-9).rounded(.down)
            guard hundredths >= 0, hundredths < 0x1p53 else { return Double(ContrastReport.format(ratio)) ?? ratio }
            return hundredths / 100
        }
    }

    /// - Parameter background: the image's background (nil: transparent), for the contrast ratios.
    public init(layout: BreakdownLayout, format: OutputFormat, scale: Double, background: RGBAColor? = nil) {
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
        logoArtwork = layout.logoArtwork.map { LogoArtworkRecord(image: $0.imageName, file: $0.file, recoloured: $0.isRecoloured) }
        contrast = ContrastRecord(layout.breakdown.contrast(background: background))
        if let artwork = layout.logoArtwork, !artwork.isRecoloured { contrast.logoNote = ContrastRecord.paletteNotMeasured }
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
