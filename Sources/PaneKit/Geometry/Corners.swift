// One value per corner of a node's frame: where the corners land after the transform (`Quad`) and the radii the
// renderers round them with (`CornerRadius`) share one shape and one corner order.

/// A value at each corner of a node's frame, clockwise from the top left (the contract's, CSS's `border-radius`
/// and JSON's order): where the corners land (`Quad`) or how round they are (``CornerRadius``).
public struct Corners<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The top-left corner's value.
    public var topLeft: Value
    /// The top-right corner's value.
    public var topRight: Value
    /// The bottom-right corner's value.
    public var bottomRight: Value
    /// The bottom-left corner's value.
    public var bottomLeft: Value

    /// The four values, clockwise from the top left.
    public init(topLeft: Value, topRight: Value, bottomRight: Value, bottomLeft: Value) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same value at every corner.
    public init(_ value: Value) {
        self.init(topLeft: value, topRight: value, bottomRight: value, bottomLeft: value)
    }

    /// The values clockwise from the top left.
    package var values: [Value] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Whether `predicate` holds at every corner.
    /// - Complexity: four calls, no allocation.
    package func allSatisfy(_ predicate: (Value) -> Bool) -> Bool {
        predicate(topLeft) && predicate(topRight) && predicate(bottomRight) && predicate(bottomLeft)
    }

    /// The corners with `transform` applied to each value, in place.
    /// - Complexity: four calls, no allocation.
    package func map<T>(_ transform: (Value) -> T) -> Corners<T> {
        Corners<T>(
            topLeft: transform(topLeft), topRight: transform(topRight), bottomRight: transform(bottomRight),
            bottomLeft: transform(bottomLeft))
    }
}

extension Corners: Codable where Value: Codable {}

/// The four corners of a node after its transform: where the frame's top-left, top-right, bottom-right and
/// bottom-left corners land, in container points.
package typealias Quad = Corners<Point>

extension Corners where Value == Point {
    /// The corners in the contract's order: top-left, top-right, bottom-right, bottom-left.
    package var points: [Point] { values }

    /// The smallest rectangle holding all four corners.
    package var boundingBox: Rect {
        let xs = [topLeft.x, topRight.x, bottomRight.x, bottomLeft.x]
        let ys = [topLeft.y, topRight.y, bottomRight.y, bottomLeft.y]
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
