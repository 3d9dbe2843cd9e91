/// A drawn (or hidden) variant, ready for the page.
package struct GalleryTile: Sendable {
    package var variant: GalleryVariant
    /// The image file, when one was written (or was already up to date).
    package var file: String?
    /// The image's size in points (pixels / scale), for the img width and height.
    package var width: Double = 0
    package var height: Double = 0
    /// Why nothing was drawn: hidden, or failed.
    package var note: String?
    /// The text alternative of the image: the sentence with the brand as written (the `alt`).
    package var altText: String?
    /// Low-contrast marks, e.g. "low contrast — as the SDK shows it" (WCAG ratio below 3:1),
    /// shown on the tile.
    package var warnings: [String] = []

    package init(variant: GalleryVariant) { self.variant = variant }
}
