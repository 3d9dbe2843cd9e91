import BreakdownContent
import BreakdownLayout
import CPangoCairo

/// Draws a layout onto a Cairo context by walking its display list: the background, each text
/// line, the logo and the link icon, and a link annotation over the link (kept by PDF).
public final class Painter {
    public let artwork: ArtworkLibrary

    public init(artwork: ArtworkLibrary) {
        self.artwork = artwork
    }

    /// - Parameters:
    ///   - scale: device pixels per point (1 for SVG and PDF).
    ///   - background: nil for transparent.
    public func paint(_ layout: BreakdownLayout, background: RGBAColor?, scale: Double, in context: CairoContext) throws(PaintError) {
        let cr = context.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_scale(cr, scale, scale)
        if let background {
            context.setSource(background)
            cairo_paint(cr)
        }
        if let clip = layout.clip {
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cr)
        }
        for element in layout.elements {
            switch element {
            case .textLine(let index, _, let origin, _):
                guard let line = pango_layout_get_line_readonly(layout.pango.pointer, Int32(index)) else { continue }
                cairo_move_to(cr, origin.x, origin.y)
                pango_cairo_show_layout_line(cr, line)
            case .logo(let logo, let frame):
                if let file = layout.logoArtwork {
                    try artwork.drawLogo(logo, artwork: file, frame: frame, in: context)
                } else {
                    try artwork.draw(logo.artworkName, stylesheet: artwork.stylesheet(logo.colors), frame: frame, in: context)
                }
            case .linkIcon(let name, let tint, let frame):
                try artwork.draw(name, stylesheet: tint.map { artwork.stylesheet(tint: $0) } ?? "", frame: frame, in: context)
            case .linkImage(let file, let frame):
                try artwork.drawFile(file, frame: frame, in: context)
            case .drawable(let name, let tint, let frame):
                try artwork.drawAndroidDrawable(name, tint: tint, frame: frame, in: context)
            }
        }
        // The link's tag is kept by PDF (an annotation) and ignored by images: not built for them.
        if let url = layout.breakdown.link.url, let frame = layout.linkFrame,
            cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE
        {
            let attributes = String(
                format: "rect=[%.3f %.3f %.3f %.3f] uri='%@'", frame.x, frame.y, frame.width, frame.height,
                url.replacingOccurrences(of: "'", with: "\\'"))
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        }
        try context.check()
    }
}
