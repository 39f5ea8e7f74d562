// Frames and events: the immutable output of one step of the host.

/// Something that happened on a frame, with its details as ordered key-value pairs.
public struct Event: Hashable, Sendable {
    public var type: String
    /// Details in a fixed order (never a dictionary: output must be deterministic).
    public var fields: [(key: String, value: String)]

    public init(_ type: String, _ fields: [(key: String, value: String)] = []) {
        self.type = type
        self.fields = fields
    }

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

    public func value(_ key: String) -> String? { fields.first { $0.key == key }?.value }
}

/// The closed fraction of each direction a container has, in direction order.
public struct Fractions: Hashable, Sendable {
    public var values: [(direction: Direction, closed: Double)]

    public init(_ values: [(direction: Direction, closed: Double)] = []) {
        self.values = values
    }

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
    public var index: Int
    public var time: Double
    public var container: String
    public var state: String
    public var fractions: Fractions
    public var size: Size
    public var nodes: [Node]
    public var events: [Event]

    public init(
        index: Int, time: Double, container: String, state: String, fractions: Fractions, size: Size,
        nodes: [Node], events: [Event]
    ) {
        self.index = index
        self.time = time
        self.container = container
        self.state = state
        self.fractions = fractions
        self.size = size
        self.nodes = nodes
        self.events = events
    }

    public func node(_ role: Role) -> Node? { nodes.first { $0.role == role } }
}
