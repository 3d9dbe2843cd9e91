import BreakdownContent

/// The SDK's formulas for the inline logo and image icons: sizes from the font's metrics.
/// Sizes in points; `baselineOffset` is measured upward from the text baseline to the bottom edge.
package struct InlineBox: Sendable, Hashable {
    package var width: Double
    package var height: Double
    package var baselineOffset: Double
}

package enum InlineGeometry {
    /// The narrowest a logo is drawn, in points.
    package static let minimumLogoWidth = 64.0

    /// The logo: height = font height × multiplier; width = max(height / ratio, 64);
    /// drawn height = width × ratio; bottom = fontHeight/2 − drawnHeight/2 + descender × multiplier.
    /// `ratio` is height ÷ width of the artwork drawn (`artwork`), else of the real artwork.
    package static func logo(_ logo: LogoChoice, artwork: LogoArtwork? = nil, metrics: FontMetrics) -> InlineBox {
        let ratio = artwork.map { $0.height / $0.width } ?? logo.aspect.height / logo.aspect.width
        let logoHeight = metrics.fontHeight * logo.heightMultiplier
        let width = max(logoHeight / ratio, minimumLogoWidth)
        let drawnHeight = width * ratio
        let bottom = metrics.fontHeight / 2 - drawnHeight / 2 + metrics.descender * logo.descenderMultiplier
        return InlineBox(width: width, height: drawnHeight, baselineOffset: bottom)
    }

    /// An image link icon: height = font height × 0.8, width by the image's ratio (width / height),
    /// bottom edge at descender × 0.6. When the font has no ⓘ glyph (Inter has none), the default
    /// link is drawn as such an icon too, sized the same way.
    package static func linkIcon(widthToHeight: Double = 1, metrics: FontMetrics) -> InlineBox {
        let height = metrics.fontHeight * 0.8
        return InlineBox(width: height * widthToHeight, height: height, baselineOffset: metrics.descender * 0.6)
    }
}
