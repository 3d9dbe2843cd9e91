import BreakdownPipeline
import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import Foundation

/// Everything one image needs, checked: what to show, how to draw it, and with which fonts and
/// artwork. Built the same way from a command line and from a manifest record.
public struct RenderRequest: Sendable, Hashable {
    /// What to show: the iOS or the Android view, with that view's own inputs.
    public var view: BreakdownView
    /// How to draw it.
    public var settings: RenderSettings
    /// Extra font files to make available.
    public var fontFiles: [String]
    /// A folder of artwork to use instead of the project's, if any.
    public var logoAssets: String?

    /// The breakdown the view shows.
    public var breakdown: PriceBreakdown { view.breakdown }

    /// A request for either view.
    public init(view: BreakdownView, settings: RenderSettings, fontFiles: [String] = [], logoAssets: String? = nil) {
        self.view = view
        self.settings = settings
        self.fontFiles = fontFiles
        self.logoAssets = logoAssets
    }

    /// A request for the Android SDK's view.
    /// - Throws: `AndroidBreakdownError` where the Android view throws (sandbox, US, not a lockup).
    public init(android inputs: AndroidInputs, settings: RenderSettings, fontFiles: [String] = [], logoAssets: String? = nil)
        throws(AndroidBreakdownError)
    {
        self.init(view: try BreakdownView(android: inputs), settings: settings, fontFiles: fontFiles, logoAssets: logoAssets)
    }

    /// A request for the iOS SDK's view, from typed values.
    public init(inputs: BreakdownInputs, settings: RenderSettings, fontFiles: [String] = [], logoAssets: String? = nil) {
        self.init(view: .ios(inputs), settings: settings, fontFiles: fontFiles, logoAssets: logoAssets)
    }

    /// Reads the content and drawing groups.
    public init(_ options: ParsedOptions) throws(CLIError) {
        typealias Drawing = RenderOptions
        if options[ContentOptions.platform] == .android {
            try self.init(android: options)
            return
        }
        if options.isGiven(Drawing.fontScale) {
            throw .usage(
                "\(options.name(of: Drawing.fontScale)) is Android's font size setting: give \(options.name(of: ContentOptions.platform)) android too, or \(options.name(of: Drawing.contentSize)) for iOS's Dynamic Type")
        }
        if !options[Drawing.scale].isIOS {
            // An option's problem (its field named in a batch's report), worded per front end.
            throw options.problem(
                Drawing.scale,
                .invalidValue(
                    options[Drawing.scale].text,
                    accepted: "1, 2 or 3 for the iOS view (\(options[Drawing.scale].text) is an Android density: the Android view, platform android, takes it)"))
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
    private init(android options: ParsedOptions) throws(CLIError) {
        typealias Drawing = RenderOptions
        var inputs = try ContentOptions.androidInputs(from: options)
        if let color = options[Drawing.textColor] { inputs.options.textColor = color }
        if let color = options[Drawing.linkColor] { inputs.options.linkColor = color }
        let platform = "\(options.name(of: ContentOptions.platform)) android"
        if options.isGiven(Drawing.contentSize) {
            throw .usage(
                "\(options.name(of: Drawing.contentSize)) is iOS's Dynamic Type: with \(platform) give \(options.name(of: Drawing.fontScale)) (0.85 to 2.0) or \(options.name(of: Drawing.fontSize))")
        }
        if options.isGiven(Drawing.tracking) {
            throw .usage(
                "\(options.name(of: Drawing.tracking)) is iOS's letter spacing (SF Pro's table): the Android view adds none; leave it out with \(platform)")
        }
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
            throw .usage(error.message + " (\(options.name(of: ContentOptions.logo)), \(options.name(of: ContentOptions.environment)))")
        }
    }
}
