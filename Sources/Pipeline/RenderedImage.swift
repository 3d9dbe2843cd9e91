import BreakdownEncode
import BreakdownLayout
import Foundation

/// One rendered image: its file bytes, its metadata and the layout's warnings. A value of plain
/// data, safe to send to another thread or task (the layout it was drawn from stays with the
/// renderer: `BreakdownRenderer.layout(_:style:scale:)` gives one).
public struct RenderedImage: Sendable {
    /// The image's format.
    public var format: OutputFormat
    /// The bytes of the file: a PNG, an SVG document or a PDF.
    public var bytes: Data
    /// The sizes, baselines and logo and link rectangles, as `--metadata` writes them.
    public var metadata: RenderMetadata
    /// What the phone would not show as asked, one line each (`render` prints each as a `warning:`).
    public var warnings: [String]
}
