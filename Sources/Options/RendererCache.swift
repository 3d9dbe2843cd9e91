import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownEncode
import Foundation

/// The renderers of one thread, one per (font files, artwork source): fonts and artwork are
/// loaded once and reused for every image that asks for the same.
public final class RendererCache {
    private var renderers: [[String]: BreakdownRenderer] = [:]

    public init() {}

    public func renderer(for request: RenderRequest) throws(CLIError) -> BreakdownRenderer {
        let key = request.fontFiles + ["\u{0}", request.logoAssets ?? ""]
        if let renderer = renderers[key] { return renderer }
        do {
            let renderer = try BreakdownRenderer(
                fontFiles: request.fontFiles, logoAssets: request.logoAssets.map { URL(fileURLWithPath: $0, isDirectory: true) })
            renderers[key] = renderer
            return renderer
        } catch {
            throw .usage("\(error)")
        }
    }

    /// Renders, turning renderer errors into command errors: hidden → `ExitStatus.hidden`,
    /// bad input (unknown font, bad markup, unreadable artwork) → usage (2).
    public func render(_ request: RenderRequest, format: OutputFormat) throws(CLIError) -> RenderedImage {
        let renderer = try renderer(for: request)
        do {
            return try renderer.render(request.breakdown, settings: request.settings, format: format)
        } catch let error as RenderError {
            switch error {
            case .hidden: throw CLIError(error.description, exitStatus: ExitStatus.hidden)
            case .failed(let message): throw .usage(message)
            }
        } catch {
            throw .failure("\(error)")
        }
    }
}
