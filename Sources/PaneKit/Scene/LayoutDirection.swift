// Leading and trailing: which physical side a layout direction puts first (DESIGN §12, semantics).

/// The reading direction of a container: left to right, or right to left (Arabic, Hebrew, Persian, Urdu).
///
/// Under `rtl` the leading side is the right one: a leading drawer, a split's master before its detail and every
/// gesture that opens them are the mirror image of the `ltr` run. Frames, touches and `StyleContext.direction`
/// stay physical; `leading` and `trailing` name sides only in configurations, scenarios and actions.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable {
    /// Left to right: the leading side is the left one.
    case ltr
    /// Right to left: the leading side is the right one.
    case rtl

    /// The physical side where lines start: left in `ltr`, right in `rtl`.
    public var leading: Direction { self == .ltr ? .left : .right }

    /// The physical side where lines end: right in `ltr`, left in `rtl`.
    public var trailing: Direction { self == .ltr ? .right : .left }

    /// Whether `direction` is this layout's leading side (never true for top and bottom).
    /// - Complexity: O(1), no allocation.
    public func isLeading(_ direction: Direction) -> Bool { direction == leading }

    /// The physical direction a scenario name stands for: `leading` and `trailing` resolved in this layout, the
    /// four physical names as they are; nil for any other name.
    package func direction(named name: String) -> Direction? {
        switch name {
        case "leading": leading
        case "trailing": trailing
        default: Direction(rawValue: name)
        }
    }

    /// The two logical side names a scenario may use beside the physical ones.
    package static let sideNames = ["leading", "trailing"]
}

extension Direction {
    /// The direction in the mirror image across the vertical axis: left and right swap, top and bottom stay.
    package var mirroredHorizontally: Direction {
        switch self {
        case .left: .right
        case .right: .left
        case .top, .bottom: self
        }
    }
}
