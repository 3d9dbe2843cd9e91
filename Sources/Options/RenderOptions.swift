import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent

/// The options that say how to draw (font, colours, size, artwork) and where to write.
/// `render`, `batch`, `verify` and `gallery` share them, next to `ContentOptions.group`.
public enum RenderOptions {
    /// How to draw: font, size, colours, background, padding, width, scale, artwork.
    public static let drawing = OptionGroup(
        title: "DRAWING OPTIONS",
        options: [
            .value(
                "font", "family", default: "Inter",
                help: "The text's font family. It must be available: Inter, or a family from a file in Fonts/ or --font-file."),
            .value("font-file", "path", help: "Make a font file (TrueType or OpenType) available to --font. Only regular files are read.").repeatable(),
            .value(
                "font-size", "points", .number(1...500), defaultHelp: "the --content-size's body size",
                help: "The text size in points; instead of --content-size. Sizes in --link-text markup have the same limit."),
            .choice(
                "content-size", "category", ContentSizeCategory.allCases.map(\.rawValue), default: "large",
                help: "The Dynamic Type size category; the body text style's size in it (large is 17 pt)."),
            .value(
                "text-color", "color", .color, defaultHelp: "#000000 light, #FFFFFF dark",
                help: "The text colour (textColor), #RRGGBB or #RRGGBBAA."),
            .value(
                "link-color", "color", .color, defaultHelp: "#3C3C4399 light, #EBEBF599 dark",
                help: "The info link's colour (linkColor), #RRGGBB or #RRGGBBAA."),
            .value("background", "color", .colorOrTransparent, default: "transparent", help: "The image's background."),
            .value("padding", "points", .number(0...1000), default: "0", help: "Empty space on every side, in points."),
            .value("width", "points", .number(1...10000), help: "The container width in points: the text wraps to it."),
            .choice("scale", "n", ["1", "2", "3"], default: "1", help: "PNG pixels per point: the image is ceil(points × scale) pixels, at most \(ImageLimits.maximumSide) a side and \(ImageLimits.maximumPixels >> 20) megapixels."),
            .value(
                "logo-assets", "path", defaultHelp: "the project's LogoAssets/ (look-alike artwork)",
                help: "The logo artwork: the SDK's asset catalog (Assets.xcassets), a folder of files named by the SDK's image names (badge-afterpay-mint-on-black.pdf, .svg or .png), or a folder with the project's file names. Official files are drawn as they are; check one with 'breakdown assets PATH'."),
            .choice(
                "tracking", "table", Tracking.allCases.map(\.rawValue), default: "sf",
                help: "Letter spacing: sf gives the text and link text SF Pro's tracking for the size, as iOS sets the system font (Apple's table, docs/fidelity.md); none adds none."),
        ])

    /// Where `render` writes: the image, its format and its metadata.
    public static let output = OptionGroup(
        title: "OUTPUT OPTIONS",
        options: [
            .value("output", "path", help: "The image file to write (.png, .svg or .pdf); - writes to standard output. A character device or FIFO is written in place; only regular files are replaced.").short("o"),
            .value(
                "format", "format", .choice(OutputFormatName.all), defaultHelp: "from the output's extension; png for -",
                help: "The image format."),
            .value("metadata", "path", help: "Also write JSON: size in points and pixels, baselines, logo and link rectangles."),
        ])
}

/// The output format names, for option tables.
enum OutputFormatName {
    static let all = ["png", "svg", "pdf"]
}
