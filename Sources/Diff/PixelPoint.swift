/// A pixel's column and row, from the top left.
public struct PixelPoint: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}
