// A node's corner radii: the `cornerRadius` edit and the rounded shape every renderer draws.

/// The radius of each corner of a node's frame, in points, clockwise from the top left (CSS's `border-radius`
/// order). A plain number is the same radius at every corner: `edits[.pane].cornerRadius = 12`.
public typealias CornerRadius = Corners<Double>

extension Corners: ExpressibleByFloatLiteral where Value == Double {
    /// The same radius at every corner, from a literal.
    public init(floatLiteral value: Double) { self.init(value) }
}

extension Corners: ExpressibleByIntegerLiteral where Value == Double {
    /// The same radius at every corner, from a literal.
    public init(integerLiteral value: Int) { self.init(Double(value)) }
}

extension Corners where Value == Double {
    /// No rounding.
    public static var zero: CornerRadius { CornerRadius(0) }

    /// Whether every corner has the same radius (JSON writes one number then).
    package var isUniform: Bool { topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft }

    /// Whether no corner is rounded.
    package var isZero: Bool { allSatisfy { $0 <= 0 } }

    /// Whether every radius is finite.
    package var isFinite: Bool { allSatisfy(\.isFinite) }

    /// The radii a box of `size` can hold, scaled down together as CSS does when adjacent radii overlap
    /// (css-backgrounds §5.5: one factor, the smallest of side ÷ sum of its two radii, at most 1); negative radii
    /// count as 0.
    /// - Complexity: O(1), no allocation.
    package func fitted(to size: Size) -> CornerRadius {
        let r = map { max($0, 0) }
        var f = 1.0
        func limit(_ side: Double, _ sum: Double) { if sum > 0 { f = min(f, max(side, 0) / sum) } }
        limit(size.width, r.topLeft + r.topRight)
        limit(size.width, r.bottomLeft + r.bottomRight)
        limit(size.height, r.topLeft + r.bottomLeft)
        limit(size.height, r.topRight + r.bottomRight)
        return r.map { $0 * f }
    }
}
