// A value for each direction, stored inline (no heap, no hashing): per-frame tables keyed by direction.

/// One value per direction, read and written by subscript.
public struct PerDirection<Value: Sendable>: Sendable {
    /// The value of each direction.
    public var left: Value, right: Value, top: Value, bottom: Value

    /// A table holding `value` for all four directions.
    public init(repeating value: Value) {
        left = value
        right = value
        top = value
        bottom = value
    }

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

extension PerDirection: Equatable where Value: Equatable {}
extension PerDirection: Hashable where Value: Hashable {}
