/// The artwork file that draws a logo, as the layout needs it: which image, which file, and the
/// file's own size (PDF page, SVG viewBox, PNG pixels), whose ratio sizes the logo as the iOS view
/// sizes it from the image it loads.
public struct LogoArtwork: Sendable, Hashable, Codable {
    /// The image name looked up: an SDK name (`badge-afterpay-mint-on-black`) for official
    /// artwork, the project's file stem (`badge-afterpay`) for its own.
    public var imageName: String
    /// The file drawn, relative to the artwork folder (e.g. `badge.imageset/badge.pdf`).
    public var file: String
    /// The file's own width and height (points, viewBox units or pixels: only the ratio counts).
    public var width: Double
    /// The artwork's height in its own units (with `width`, its aspect ratio).
    public var height: Double
    /// True for the project's own artwork, which is recoloured by palette; official files are drawn as they are.
    public var isRecoloured: Bool

    /// A description of the file that draws a logo.
    public init(imageName: String, file: String, width: Double, height: Double, isRecoloured: Bool) {
        self.imageName = imageName
        self.file = file
        self.width = width
        self.height = height
        self.isRecoloured = isRecoloured
    }
}
