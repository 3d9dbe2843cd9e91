/// A drawn (or hidden) variant, ready for the page.
struct GalleryTile: Sendable {
    var variant: GalleryVariant
    /// The image file, when one was written (or was already up to date).
    var file: String?
    /// The image's size in points (pixels / scale), for the img width and height.
    var width: Double = 0
    var height: Double = 0
    /// Why nothing was drawn: hidden, or failed.
    var note: String?
}
