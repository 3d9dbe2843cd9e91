/// The width and height of an image, in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A pixel size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `W×H`.
    public var description: String { "\(width)×\(height)" }
}
