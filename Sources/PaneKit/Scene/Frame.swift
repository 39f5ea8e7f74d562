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

    /// Sets the values to each drawer direction's closed fraction, in the subjects' order: written over the last
    /// frame's in place when there are as many (the usual case; emptying and appending checked the array's
    /// uniqueness at each step), else rebuilt.
    /// - Complexity: per subject, no allocation after warm-up.
    mutating func update(from subjects: [Subject]) {
        var count = 0
        for i in 0..<subjects.count where subjects[i].group.direction != nil { count += 1 }
        guard count == values.count else {
            while !values.isEmpty { values.removeLast() }  // keeps the storage (removeAll allocates unoptimised)
            for i in 0..<subjects.count {
                if let direction = subjects[i].group.direction { values.append((direction, subjects[i].closed)) }
            }
            return
        }
        values.withUnsafeMutableBufferPointer { values in
            var k = 0
            for i in 0..<subjects.count {
                guard let direction = subjects[i].group.direction else { continue }
                values[k] = (direction, subjects[i].closed)
                k += 1
            }
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
    /// The container family's own fields (a deck's `"top"`), which JSON writes after `"state"`.
    package var fields = FrameFields()
    /// A grid scenario's cells (`FrameCell`), each clipping its nodes to its rectangle; empty for every other frame
    /// (no allocation: the empty array is shared).
    package var cells: [FrameCell] = []

    /// A frame from its parts; hosts make frames, tests and renderers' callers may build them by hand.
    package init(
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

    /// The family's field `key` (`frame.field("top")`), if the frame has it.
    /// - Complexity: O(fields).
    package func field(_ key: String) -> FrameValue? { fields[key] }

    /// The node of `role`, or `nil` when the frame has none.
    /// - Complexity: O(nodes).
    public func node(_ role: Role) -> Node? { nodes.first { $0.role == role } }
}

/// The value of a family's frame field.
package enum FrameValue: Hashable, Sendable {
    /// A number (JSON writes it in PaneKit's number format).
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// A string.
    case text(String)
    /// A list of strings (a stack's screens, bottom first).
    case texts([String])

    /// The string, when this is one.
    package var text: String? {
        if case .text(let s) = self { return s }
        return nil
    }
}

/// A frame's family fields in the order JSON writes them: what a container adds to its frames besides the core's
/// (the sheet's resting place, a deck's top card).
package struct FrameFields: Hashable, Sendable {
    /// The fields in order, each a key and its value.
    package private(set) var entries: [(key: String, value: FrameValue)] = []

    /// No fields.
    package init() {}

    /// Sets `key` to `value`, appending it if it is new (a family writes its fields in the order JSON shows them).
    /// - Complexity: O(fields); no allocation when the storage is reused and the key and value allocate none.
    package mutating func set(_ key: String, _ value: FrameValue) {
        for i in 0..<entries.count where entries[i].key == key {
            entries[i].value = value
            return
        }
        entries.append((key, value))
    }

    /// The value of `key`, if set.
    package subscript(key: String) -> FrameValue? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// Removes every field, keeping the storage.
    /// - Complexity: per field, no allocation.
    package mutating func removeAll() { entries.removeLast(entries.count) }

    package static func == (a: FrameFields, b: FrameFields) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}
