/// A pixel's column and row, from the top left.
public struct PixelPoint: Sendable, Hashable, CustomStringConvertible {
    /// The column, from 0 at the left.
    public var x: Int
    /// The row, from 0 at the top.
    public var y: Int

    /// A pixel position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
