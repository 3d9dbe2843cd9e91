import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent

/// The options that say how to draw (font, colours, size, artwork) and where to write.
/// `render`, `batch`, `verify` and `gallery` share them, next to `ContentOptions.group`.
public enum RenderOptions {
    /// The text's font family.
    public static let font = Option<String>.value(
        "font", "family", default: "Inter",
        help: "The text's font family (with --platform android the default is Roboto). It must be available: Inter, or a family from a file in Fonts/ or --font-file.")
    /// Font files to make available.
    public static let fontFile = Option<[String]>.list(
        "font-file", "path", help: "Make a font file (TrueType or OpenType) available to --font. Only regular files are read.")
    /// The text size in points (else the content size's).
    public static let fontSize = Option<Double?>.value(
        "font-size", "points", .number(InputRule.fontSizeRange), defaultHelp: "the --content-size's body size",
        help: "The text size in points; instead of --content-size. Sizes in --link-text markup have the same limit.")
    /// The Dynamic Type size category.
    public static let contentSize = Option<ContentSizeCategory>.choice(
        "content-size", "category", default: .large,
        help: "The Dynamic Type size category; the body text style's size in it (large is 17 pt)."
    ).only(.ios, otherwise: "is iOS's Dynamic Type: with {platform} android give {font-scale} (0.85 to 2.0) or {font-size}")
    /// The text colour.
    public static let textColor = Option<RGBAColor?>.value(
        "text-color", "color", .color, defaultHelp: "#000000 light, #FFFFFF dark",
        help: "The text colour (textColor), #RRGGBB or #RRGGBBAA.")
    /// The info link's colour.
    public static let linkColor = Option<RGBAColor?>.value(
        "link-color", "color", .color, defaultHelp: "#3C3C4399 light, #EBEBF599 dark",
        help: "The info link's colour (linkColor), #RRGGBB or #RRGGBBAA.")
    /// The background: nil is transparent.
    public static let background = Option<RGBAColor?>(
        spec: .value("background", "color", .colorOrTransparent, default: "transparent", help: "The image's background.")
    ) { $0.last.flatMap(RGBAColor.init(optionText:)) }
    /// Empty space on every side.
    public static let padding = Option<Double>.value(
        "padding", "points", .number(InputRule.paddingRange), default: "0", help: "Empty space on every side, in points.")
    /// The container width.
    public static let width = Option<Double?>.value(
        "width", "points", .number(InputRule.widthRange), help: "The container width in points: the text wraps to it.")
    /// PNG pixels per point.
    public static let scale = Option<RenderScale>.choice(
        "scale", "n", default: .x1,
        help: "PNG pixels per point: the image is ceil(points × scale) pixels, at most \(ImageLimits.maximumSide) a side and \(ImageLimits.maximumPixels >> 20) megapixels. iOS: 1, 2 or 3; with --platform android also Android's densities 0.75, 1.5, 2.625, 3.5 and 4 (pixels per dp).")
    /// The logo artwork folder.
    public static let logoAssets = Option<String?>.value(
        "logo-assets", "path", defaultHelp: "the project's LogoAssets/ (look-alike artwork)",
        help: "The logo artwork: the SDK's asset catalog (Assets.xcassets), a folder of files named by the SDK's image names (badge-afterpay-mint-on-black.pdf, .svg or .png), or a folder with the project's file names; with --platform android, the Android SDK's res folder (its VectorDrawables). Official files are drawn as they are; check one with 'breakdown assets PATH'.")
    /// Android's font size setting (with `--platform android`).
    public static let fontScale = Option<Double?>.value(
        "font-scale", "scale", .number(0.85...2.0), defaultHelp: "1",
        help: "With --platform android: the device's font size setting; 14 sp becomes 14.8…26 dp at 1.05…2.0 by Android 14's non-linear scaling (linear below 1)."
    ).only(.android, otherwise: "is Android's font size setting: give {platform} android too, or {content-size} for iOS's Dynamic Type")
    /// Letter spacing.
    public static let tracking = Option<Tracking>.choice(
        "tracking", "table", default: .sf,
        help: "Letter spacing: sf gives the text and link text SF Pro's tracking for the size, as iOS sets the system font (Apple's table, docs/fidelity.md); none adds none."
    ).only(.ios, otherwise: "is iOS's letter spacing (SF Pro's table): the Android view adds none; leave it out with {platform} android")

    /// How to draw: font, size, colours, background, padding, width, scale, artwork.
    public static let drawing = OptionGroup(
        title: "DRAWING OPTIONS",
        [font, fontFile, fontSize, contentSize, fontScale, textColor, linkColor, background, padding, width, scale, logoAssets, tracking])

    /// The options that name files the renderer loads (fonts, artwork): fixed when a server starts.
    public static let fileOptions: [any OptionDeclaration] = [fontFile, logoAssets]

    /// The image file to write.
    public static let outputPath = Option<String?>.value(
        "output", "path",
        help: "The image file to write (.png, .svg or .pdf); - writes to standard output. A character device or FIFO is written in place; only regular files are replaced."
    ).short("o")
    /// The image format.
    public static let format = Option<OutputFormat?>.value(
        "format", "format", .choice(OutputFormat.allCases.map(\.rawValue)), defaultHelp: "from the output's extension; png for -",
        help: "The image format.")
    /// Where to write the metadata.
    public static let metadata = Option<String?>.value(
        "metadata", "path", .outputPath, help: "Also write JSON: size in points and pixels, baselines, logo and link rectangles.")

    /// Where `render` writes: the image, its format and its metadata.
    public static let output = OptionGroup(title: "OUTPUT OPTIONS", [outputPath, format, metadata])
}

/// The output format names, for option tables.
enum OutputFormatName {
    static let all = ["png", "svg", "pdf"]
}
