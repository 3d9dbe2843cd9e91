import BreakdownPipeline
import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import Foundation

/// Everything one image needs, checked: what to show, how to draw it, and with which fonts and
/// artwork. Built the same way from a command line and from a manifest record.
public struct RenderRequest: Sendable, Hashable {
    /// What to show: configuration, device locale, options, amount.
    public var inputs: BreakdownInputs
    /// How to draw it.
    public var settings: RenderSettings
    /// Extra font files to make available.
    public var fontFiles: [String]
    /// A folder of artwork to use instead of the project's, if any.
    public var logoAssets: String?

    /// The breakdown the inputs give.
    public var breakdown: PriceBreakdown { inputs.breakdown }

    /// A request from typed values.
    public init(inputs: BreakdownInputs, settings: RenderSettings, fontFiles: [String] = [], logoAssets: String? = nil) {
        self.inputs = inputs
        self.settings = settings
        self.fontFiles = fontFiles
        self.logoAssets = logoAssets
    }

    /// Reads the content and drawing groups.
    public init(_ options: ParsedOptions) throws(CLIError) {
        var inputs = try ContentOptions.inputs(from: options)
        if let color = options.string("text-color").flatMap({ try? RGBAColor(hex: $0) }) { inputs.options.textColor = color }
        if let color = options.string("link-color").flatMap({ try? RGBAColor(hex: $0) }) { inputs.options.linkColor = color }
        if options.isGiven("font-size"), options.isGiven("content-size") {
            throw .usage("\(options.display("font-size")) and \(options.display("content-size")) cannot both be given: choose one")
        }
        let category = options.string("content-size").flatMap(ContentSizeCategory.init(rawValue:)) ?? .large
        let fontSize = options.number("font-size") ?? category.bodyPointSize
        let style = LayoutStyle(
            fontFamily: options.string("font") ?? "Inter", fontSize: fontSize, width: options.number("width"),
            padding: options.number("padding") ?? 0,
            tracking: options.string("tracking").flatMap(Tracking.init(rawValue:)) ?? .sf)
        let background = options.string("background").flatMap({ try? RGBAColor(hex: $0) })
        self.init(
            inputs: inputs,
            settings: RenderSettings(
                style: style, scale: options.integer("scale").flatMap(RenderScale.init(rawValue:)) ?? .x1, background: background),
            fontFiles: options.strings("font-file"), logoAssets: options.string("logo-assets"))
    }
}
