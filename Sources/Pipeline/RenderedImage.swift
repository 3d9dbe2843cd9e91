import BreakdownEncode
import BreakdownLayout
import Foundation

/// One rendered image: its file bytes, its metadata and the layout it was drawn from.
public struct RenderedImage: Sendable {
    /// The image's format.
    public var format: OutputFormat
    /// The bytes of the file: a PNG, an SVG document or a PDF.
    public var bytes: Data
    /// The sizes, baselines and logo and link rectangles, as `--metadata` writes them.
    public var metadata: RenderMetadata
    /// The laid-out breakdown the image was drawn from.
    public var layout: BreakdownLayout
}
