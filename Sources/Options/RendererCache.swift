import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownEncode
import Foundation

/// The renderers of one thread, one per (font files, artwork source): fonts and artwork are
/// loaded once and reused for every image that asks for the same. Like `BreakdownRenderer`, a
/// cache is not thread-safe: use one per thread.
public final class RendererCache {
    private var renderers: [[String]: BreakdownRenderer] = [:]

    /// An empty cache.
    public init() {}

    /// The renderer for the request's font files and artwork folder, made on first use.
    public func renderer(for request: RenderRequest) throws(CLIError) -> BreakdownRenderer {
        let key = request.fontFiles + ["\u{0}", request.logoAssets ?? ""]
        if let renderer = renderers[key] { return renderer }
        do throws(BreakdownError) {
            let renderer = try BreakdownRenderer(
                fontFiles: request.fontFiles, logoAssets: request.logoAssets.map { URL(fileURLWithPath: $0, isDirectory: true) })
            renderers[key] = renderer
            return renderer
        } catch {
            throw CLIError(error)
        }
    }

    /// Renders, turning renderer errors into command errors: hidden → `ExitStatus.hidden`,
    /// bad input (unknown font, bad markup, unreadable artwork) → usage (2).
    public func render(_ request: RenderRequest, format: OutputFormat) throws(CLIError) -> RenderedImage {
        let renderer = try renderer(for: request)
        do throws(BreakdownError) {
            return try renderer.render(request.breakdown, settings: request.settings, format: format)
        } catch {
            throw CLIError(error)
        }
    }
}
