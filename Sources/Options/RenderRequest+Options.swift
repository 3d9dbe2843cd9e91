import BreakdownContent
import BreakdownLayout
import BreakdownPipeline
import Foundation

/// A request from words: the content and drawing groups of a command line, a manifest record
/// or a query, read once into the checked request.
extension RenderRequest {
    /// Reads the content and drawing groups.
    public init(_ options: ParsedOptions) throws(RequestError) {
        typealias Drawing = RenderOptions
        if options[ContentOptions.platform] == .android {
            try self.init(android: options)
            return
        }
        if !options[Drawing.scale].isIOS {
            // An option's problem (its field named in a batch's report), worded per front end.
            throw options.problem(
                Drawing.scale,
                .invalidValue(
                    options[Drawing.scale].text,
                    accepted: InputRule.iosScaleAccepted(options[Drawing.scale].text)))
        }
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

extension RenderRequest {
    /// The Android view from the content and drawing groups: Roboto at 14 sp through
    /// `--font-scale` (or `--font-size` in dp), no tracking; `--content-size` and `--tracking`
    /// are iOS's and refused.
    private init(android options: ParsedOptions) throws(RequestError) {
        typealias Drawing = RenderOptions
        var inputs = try ContentOptions.androidInputs(from: options)
        if let color = options[Drawing.textColor] { inputs.options.textColor = color }
        if let color = options[Drawing.linkColor] { inputs.options.linkColor = color }
        if options.isGiven(Drawing.fontSize), options.isGiven(Drawing.fontScale) {
            throw options.problem(Drawing.fontSize, .conflict(other: Drawing.fontScale.name, wording: "cannot both be given: choose one"))
        }
        let size = options[Drawing.fontSize] ?? AndroidFontScale.textSize(fontScale: options[Drawing.fontScale] ?? 1) ?? AndroidFontScale.defaultTextSize
        let style = LayoutStyle(
            fontFamily: options.isGiven(Drawing.font) ? options[Drawing.font] : Typesetter.androidFamily, fontSize: size,
            width: options[Drawing.width], padding: options[Drawing.padding], tracking: .none)
        do {
            try self.init(
                android: inputs,
                settings: RenderSettings(style: style, scale: options[Drawing.scale], background: options[Drawing.background]),
                fontFiles: options[Drawing.fontFile], logoAssets: options[Drawing.logoAssets])
        } catch {
            throw .invalidInput(error.message + " (\(options.name(of: ContentOptions.logo)), \(options.name(of: ContentOptions.environment)))")
        }
    }
}
