/// A rectangle of whole pixels: its top-left pixel and its size.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns across.
    public var width: Int
    /// Rows down.
    public var height: Int

    /// A pixel rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle in words.
    public var description: String { "x \(x), y \(y), width \(width), height \(height)" }
}
