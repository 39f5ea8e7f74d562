// A value for each direction, stored inline (no heap, no hashing): per-frame tables keyed by direction.

/// One value per ``Direction``, read and written by subscript, stored inline in direction order.
///
/// The sibling of ``PerRole``, with the same shape: `init(repeating:)`, `init(_:)` from a function of the
/// direction, a subscript by direction, and a collection of the values in the order of `Direction.allCases`
/// (ORDER DIRECTION: left, right, top, bottom), where the value at position `i` is that of the direction whose
/// `Direction.index` is `i`. Its four values are stored inline (a ``PerRole``, whose values may be large, keeps
/// its thirteen in a shared buffer), so making, copying, reading and writing a table never allocates.
public struct PerDirection<Value> {
    /// The value of each direction.
    public var left: Value, right: Value, top: Value, bottom: Value

    /// A table holding `value` for all four directions.
    /// - Complexity: O(1), no allocation.
    public init(repeating value: Value) { self.init { _ in value } }

    /// A table holding `value(direction)` for every direction, called in direction order.
    /// - Parameter value: the value of a direction.
    /// - Throws: whatever `value` throws; the first error ends the construction.
    /// - Complexity: four calls of `value`, no allocation of its own.
    public init(_ value: (Direction) throws -> Value) rethrows {
        left = try value(.left)
        right = try value(.right)
        top = try value(.top)
        bottom = try value(.bottom)
    }

    /// The value of `direction`.
    /// - Complexity: O(1), no allocation.
    public subscript(direction: Direction) -> Value {
        get {
            switch direction {
            case .left: left
            case .right: right
            case .top: top
            case .bottom: bottom
            }
        }
        set {
            switch direction {
            case .left: left = newValue
            case .right: right = newValue
            case .top: top = newValue
            case .bottom: bottom = newValue
            }
        }
    }
}

extension PerDirection: RandomAccessCollection {
    /// The position of the first direction, 0.
    public var startIndex: Int { 0 }
    /// One past the position of the last direction, 4.
    public var endIndex: Int { 4 }

    /// The value of the direction whose `Direction.index` is `position` (0 ..< 4).
    /// - Precondition: `position` is a valid position.
    /// - Complexity: O(1), no allocation.
    public subscript(position: Int) -> Value {
        switch position {
        case 0: left
        case 1: right
        case 2: top
        case 3: bottom
        default: preconditionFailure("direction position \(position) is out of range 0..<4")
        }
    }
}

extension PerDirection: Sendable where Value: Sendable {}
extension PerDirection: Equatable where Value: Equatable {}
extension PerDirection: Hashable where Value: Hashable {}
