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
    /// - Throws: the renderer's `BreakdownError` (a font file or artwork folder it cannot use).
    public func renderer(for request: RenderRequest) throws(BreakdownError) -> BreakdownRenderer {
        let key = Key(request)
        if let renderer = renderers[key] { return renderer }
        let renderer = try BreakdownRenderer(
            fontFiles: request.fontFiles, logoAssets: request.logoAssets.map { URL(fileURLWithPath: $0, isDirectory: true) })
        renderers[key] = renderer
        return renderer
    }

    /// Renders the request's view with its settings, fonts and artwork.
    /// - Throws: `BreakdownError`: `.hidden` for a view that draws nothing, `.file` for an
    ///   artwork folder it cannot use, `.renderingFailed` for bad input to a stage.
    public func render(_ request: RenderRequest, format: OutputFormat) throws(BreakdownError) -> RenderedImage {
        try renderer(for: request).render(request.view, settings: request.settings, format: format)
    }
}

extension RendererCache {
    /// `render`, its error worded as the command line words it, with its exit status (hidden 3,
    /// bad input 2, a failure 1): what the front ends call.
    package func renderForCommand(_ request: RenderRequest, format: OutputFormat) throws(CLIError) -> RenderedImage {
        do throws(BreakdownError) {
            return try render(request, format: format)
        } catch {
            var problem = CLIError(error)
            // The renderer's `.failed` is the machine's: a library it needs cannot be loaded.
            if case .failed = error { problem.isMachineFault = true }
            throw problem
        }
    }
}
