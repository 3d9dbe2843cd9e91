/// A rectangle in points, origin top-left, y growing downward.
public struct Rect: Sendable, Hashable, Codable {
    /// The horizontal position, in points from the left.
    public var x: Double
    /// The vertical position, in points from the top.
    public var y: Double
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let minX = min(x, other.x), minY = min(y, other.y)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }
}

/// A size in points.
public struct Size: Sendable, Hashable, Codable {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A point in points, origin top-left.
public struct Point: Sendable, Hashable, Codable {
    /// The horizontal position, in points from the left.
    public var x: Double
    /// The vertical position, in points from the top.
    public var y: Double

    /// A point in points from the top left.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
