import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownEncode
import Foundation

/// The renderers of one thread, one per (font files, artwork source): fonts and artwork are
/// loaded once and reused for every image that asks for the same. Like `BreakdownRenderer`, a
/// cache is not thread-safe: use one per thread.
public final class RendererCache {
    private var renderers: [Key: BreakdownRenderer] = [:]

    /// What a renderer is made from, and so what tells renderers apart: the font files, in
    /// order, and the artwork folder.
    public struct Key: Hashable, Sendable {
        /// The font files, in order.
        public let fontFiles: [String]
        /// The artwork folder, if not the project's.
        public let logoAssets: String?

        /// The key of the renderer `request` needs.
        public init(_ request: RenderRequest) { self.init(fontFiles: request.fontFiles, logoAssets: request.logoAssets) }

        /// The key of the renderer for these font files and artwork folder.
        public init(fontFiles: [String], logoAssets: String?) {
            self.fontFiles = fontFiles
            self.logoAssets = logoAssets
        }

        /// The key of the renderer the drawing options of `options` ask for.
        public init(_ options: ParsedOptions) {
            self.init(fontFiles: options[RenderOptions.fontFile], logoAssets: options[RenderOptions.logoAssets])
        }
    }

    /// An empty cache.
    public init() {}

    /// The renderer for the request's font files and artwork folder, made on first use.
    public func renderer(for request: RenderRequest) throws(CLIError) -> BreakdownRenderer {
        let key = Key(request)
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
            return try renderer.render(request.view, settings: request.settings, format: format)
        } catch {
            throw CLIError(error)
        }
    }
}
