// The two axes of the container's plane.

/// The axis along which something scrolls or a drawer moves.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    /// Along x.
    case horizontal
    /// Along y.
    case vertical
}
