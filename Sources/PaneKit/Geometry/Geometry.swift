// Points, sizes and rectangles in points, origin top-left, y growing down (UIKit's axes).

/// A location in container coordinates.
public struct Point: Hashable, Sendable, Codable {
    /// The horizontal coordinate in points, growing to the right.
    public var x: Double
    /// The vertical coordinate in points, growing down.
    public var y: Double

    /// A point at `x`, `y` points from the container's top-left corner.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The container's top-left corner.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height in points.
public struct Size: Hashable, Sendable, Codable {
    /// The horizontal extent in points.
    public var width: Double
    /// The vertical extent in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 by 0 points.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle: the untransformed frame a container gives a node.
public struct Rect: Hashable, Sendable, Codable {
    /// The top-left corner, in container coordinates.
    public var origin: Point
    /// The width and height in points.
    public var size: Size

    /// A rectangle with its top-left corner at `origin`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle with its top-left corner at `x`, `y` and the given size, all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge in points.
    public var x: Double { origin.x }
    /// The top edge in points.
    public var y: Double { origin.y }
    /// The width in points.
    public var width: Double { size.width }
    /// The height in points.
    public var height: Double { size.height }
    /// The left edge in points.
    package var minX: Double { origin.x }
    /// The top edge in points.
    package var minY: Double { origin.y }
    /// The right edge in points: `x + width`, outside the rectangle.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge in points: `y + height`, outside the rectangle.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre in points.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre in points.
    public var midY: Double { origin.y + size.height / 2 }

    /// Whether `point` lies inside, with the minimum edges included and the maximum edges excluded (as UIKit).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
