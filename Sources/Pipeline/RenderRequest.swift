import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import Foundation

/// Everything one image needs, checked: what to show, how to draw it, and with which fonts and
/// artwork. Built the same way from a command line, a manifest record and a query (the options
/// module reads words into it), or from typed values.
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
}
