// Frames and events: the immutable output of one step of the host.

/// Something that happened on a frame, with up to four details as ordered key-value pairs.
///
/// The details are stored inline, so making an event from literal strings allocates nothing
/// (the per-frame path stays allocation-free when events happen).
public struct Event: Hashable, Sendable {
    /// One detail of an event: a key and its value as text, as JSON writes it.
    public typealias Field = (key: String, value: String)

    /// What happened: `transitionEnded`, `stylerFailed`, `styleConflict`, `actionIgnored`, `focusChanged`, …
    public var type: String
    private var f0: Field?, f1: Field?, f2: Field?, f3: Field?

    /// An event with up to four details, in order.
    public init(_ type: String, _ f0: Field? = nil, _ f1: Field? = nil, _ f2: Field? = nil, _ f3: Field? = nil) {
        self.type = type
        self.f0 = f0
        self.f1 = f1
        self.f2 = f2
        self.f3 = f3
    }

    /// An event with the details of an array (at most four are kept).
    public init(_ type: String, fields: [Field]) {
        self.init(
            type, fields.count > 0 ? fields[0] : nil, fields.count > 1 ? fields[1] : nil,
            fields.count > 2 ? fields[2] : nil, fields.count > 3 ? fields[3] : nil)
    }

    /// The details in order.
    public var fields: [Field] { [f0, f1, f2, f3].compactMap { $0 } }

    public static func == (a: Event, b: Event) -> Bool {
        a.type == b.type && a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        for field in fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
    }

    /// The value of the detail `key`, if the event has it.
    public func value(_ key: String) -> String? {
        for field in [f0, f1, f2, f3] where field?.key == key { return field?.value }
        return nil
    }

    /// Replaces the value of each detail by `change(key, value)`, in place (a mirrored container's events).
    /// - Complexity: O(1); allocates only what `change` does.
    mutating func changeValues(_ change: (String, String) -> String) {
        if let f = f0 { f0 = (f.key, change(f.key, f.value)) }
        if let f = f1 { f1 = (f.key, change(f.key, f.value)) }
        if let f = f2 { f2 = (f.key, change(f.key, f.value)) }
        if let f = f3 { f3 = (f.key, change(f.key, f.value)) }
    }
}

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
