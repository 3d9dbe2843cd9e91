import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import BreakdownPipeline
import Foundation

/// The Android view (`--platform android`) drawn in the test process from command line options,
/// for AndroidRenderingTests and AndroidRenderingEndToEndTests.
enum AndroidView {
    static let groups = [ContentOptions.group, RenderOptions.drawing]

    static func render(_ arguments: [String], format: OutputFormat = .png) throws -> RenderedImage {
        let request = try RenderRequest(ParsedOptions(arguments: ["--platform", "android"] + arguments, groups: groups))
        let renderer = try BreakdownRenderer(fontFiles: request.fontFiles, logoAssets: request.logoAssets)
        return try renderer.render(request.view, settings: request.settings, format: format)
    }
}
