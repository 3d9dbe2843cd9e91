import BreakdownContent

/// One thing to draw, positioned in points from the image's top-left corner.
public enum LayoutElement: Sendable, Hashable {
    /// One line of the paragraph's text (sentence and link words), drawn from its baseline origin.
    /// `lineIndex` names the Pango line; `text` is what the line says, logo and icons left out.
    case textLine(lineIndex: Int, text: String, baselineOrigin: Point, frame: Rect)
    /// The logo artwork, in its palette.
    case logo(LogoChoice, frame: Rect)
    /// An image link icon (ⓘ, circled question mark, circled logo): artwork file stem, tint
    /// (nil: the artwork's own colours).
    case linkIcon(artwork: String, tint: RGBAColor?, frame: Rect)
    /// An image link drawn from a file of `--logo-assets` that holds the SDK's image by its name
    /// (`circled-question-icon`, `afterpay-logo-circle`), as it is.
    case linkImage(LogoArtwork, frame: Rect)
    /// One VectorDrawable of the Android view (a logo layer or an image link), stretched to fill
    /// `frame`, recoloured to `tint` keeping its alpha (SRC_IN), or in its own colours (nil).
    case drawable(name: String, tint: RGBAColor?, frame: Rect)
}
