// Frames: the immutable output of one step of the host.

/// The closed fraction of each direction a container has, in direction order.
public struct Fractions: Hashable, Sendable {
    /// The closed fraction of each direction (1 closed, 0 open, below 0 past open), in direction order.
    public var values: [(direction: Direction, closed: Double)]

    /// Fractions from (direction, closed fraction) pairs, kept in the order given.
    public init(_ values: [(direction: Direction, closed: Double)] = []) {
        self.values = values
    }

    /// The closed fraction of `direction`, or `nil` when the container has no drawer there.
    /// - Complexity: O(directions), at most four.
    public subscript(direction: Direction) -> Double? {
        values.first { $0.direction == direction }?.closed
    }

    public static func == (a: Fractions, b: Fractions) -> Bool {
        a.values.map(\.direction) == b.values.map(\.direction) && a.values.map(\.closed) == b.values.map(\.closed)
    }

    public func hash(into hasher: inout Hasher) {
        for value in values {
            hasher.combine(value.direction)
            hasher.combine(value.closed)
        }
    }
}

/// One frame: everything a renderer needs, nodes back to front.
public struct Frame: Hashable, Sendable {
    /// The frame's number in its run, from 0.
    public var index: Int
    /// The frame's time in seconds since the run began.
    public var time: Double
    /// The container type (`"container"` in JSON).
    public var container: ContainerKind
    /// The container's state on this frame (`"state"` in JSON).
    public var state: ContainerState
    /// The closed fraction of each of the container's directions.
    public var fractions: Fractions
    /// The container's size in points.
    public var size: Size
    /// The styled nodes, back to front.
    public var nodes: [Node]
    /// What happened on this frame, in the order it happened.
    public var events: [Event]
    /// Whether a close action is available (an assistive technology's escape gesture).
    public var escape: Bool
    /// The detent a sheet rests at or is settling to (the last settled one while dragging), `"detent"` in JSON;
    /// nil for containers without detents.
    public var detent: String?

    /// A frame from its parts; hosts make frames, tests and renderers' callers may build them by hand.
    public init(
        index: Int, time: Double, container: ContainerKind, state: ContainerState, fractions: Fractions, size: Size,
        nodes: [Node], events: [Event], escape: Bool = false
    ) {
        self.escape = escape
        self.index = index
        self.time = time
        self.container = container
        self.state = state
        self.fractions = fractions
        self.size = size
        self.nodes = nodes
        self.events = events
    }

    /// The node of `role`, or `nil` when the frame has none.
    /// - Complexity: O(nodes).
    public func node(_ role: Role) -> Node? { nodes.first { $0.role == role } }
}
