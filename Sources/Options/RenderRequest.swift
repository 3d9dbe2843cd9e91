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
    public var breakdown: Breakdown { inputs.breakdown }

    /// A request from typed values.
    public init(inputs: BreakdownInputs, settings: RenderSettings, fontFiles: [String] = [], logoAssets: String? = nil) {
        self.inputs = inputs
        self.settings = settings
        self.fontFiles = fontFiles
        self.logoAssets = logoAssets
    }

    /// Reads the content and drawing groups.
    public init(_ options: ParsedOptions) throws(CLIError) {
        typealias Drawing = RenderOptions
        var inputs = try ContentOptions.inputs(from: options)
        if let color = options[Drawing.textColor] { inputs.options.textColor = color }
        if let color = options[Drawing.linkColor] { inputs.options.linkColor = color }
        if options.isGiven(Drawing.fontSize), options.isGiven(Drawing.contentSize) {
            throw options.problem(Drawing.fontSize, .conflict(other: Drawing.contentSize.name, wording: "cannot both be given: choose one"))
        }
        let style = LayoutStyle(
            fontFamily: options[Drawing.font], fontSize: options[Drawing.fontSize] ?? options[Drawing.contentSize].bodyPointSize,
            width: options[Drawing.width], padding: options[Drawing.padding], tracking: options[Drawing.tracking])
        self.init(
            inputs: inputs,
            settings: RenderSettings(style: style, scale: options[Drawing.scale], background: options[Drawing.background]),
            fontFiles: options[Drawing.fontFile], logoAssets: options[Drawing.logoAssets])
    }
}
