import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import Foundation

/// The renderers of one thread, one for each set of resources (font files, artwork folder) a
/// request names: fonts and artwork are loaded once and reused for every image that asks for the
/// same. Like `BreakdownRenderer`, it is not thread-safe: use one per thread.
public final class RenderersByResources {
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
    }

    /// None made yet.
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

/// The earlier name of `RenderersByResources`.
@available(*, deprecated, renamed: "RenderersByResources")
public typealias RendererCache = RenderersByResources
