// A node's corner radii: the `cornerRadius` edit and the rounded shape every renderer draws.

/// The radius of each corner of a node's frame, in points, clockwise from the top left (CSS's `border-radius`
/// order). A plain number is the same radius at every corner: `edits[.pane].cornerRadius = 12`.
public struct CornerRadius: Hashable, Sendable, Codable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The radius of the top-left corner.
    public var topLeft: Double
    /// The radius of the top-right corner.
    public var topRight: Double
    /// The radius of the bottom-right corner.
    public var bottomRight: Double
    /// The radius of the bottom-left corner.
    public var bottomLeft: Double

    /// Four radii, clockwise from the top left.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public init(_ radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// The same radius at every corner, from a literal.
    public init(floatLiteral value: Double) { self.init(value) }

    /// The same radius at every corner, from a literal.
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    /// No rounding.
    public static let zero = CornerRadius(0)

    /// The radii clockwise from the top left (JSON's and Lua's order).
    public var values: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Whether every corner has the same radius (JSON writes one number then).
    public var isUniform: Bool { topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft }

    /// Whether no corner is rounded.
    public var isZero: Bool { topLeft <= 0 && topRight <= 0 && bottomRight <= 0 && bottomLeft <= 0 }

    /// Whether every radius is finite.
    public var isFinite: Bool { topLeft.isFinite && topRight.isFinite && bottomRight.isFinite && bottomLeft.isFinite }

    /// The radii a box of `size` can hold, scaled down together as CSS does when adjacent radii overlap
    /// (css-backgrounds §5.5: one factor, the smallest of side ÷ sum of its two radii, at most 1); negative radii
    /// count as 0.
    /// - Complexity: O(1), no allocation.
    public func fitted(to size: Size) -> CornerRadius {
        let tl = max(topLeft, 0), tr = max(topRight, 0), br = max(bottomRight, 0), bl = max(bottomLeft, 0)
        var f = 1.0
        func limit(_ side: Double, _ sum: Double) { if sum > 0 { f = min(f, max(side, 0) / sum) } }
        limit(size.width, tl + tr)
        limit(size.width, bl + br)
        limit(size.height, tl + bl)
        limit(size.height, tr + br)
        return CornerRadius(topLeft: tl * f, topRight: tr * f, bottomRight: br * f, bottomLeft: bl * f)
    }
}
