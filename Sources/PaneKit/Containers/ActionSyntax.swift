// How a timeline action is spelled in a scenario file: its name, its keys and how they become an `Action`. Each
// container's descriptor lists the ones it takes; the touch actions (`pan`, `tap`) every container takes.

/// How one timeline action is written in a scenario file.
package struct ActionSyntax: Sendable {
    /// The name in the file (`open`, `setDetent`).
    package let name: String
    /// The keys it takes besides `at` and `action` (and `timing`, when `timed`), in the order messages list them.
    package let keys: [String]
    /// Whether it takes a `timing` (DESIGN §12).
    package let timed: Bool
    /// Reads its fields into an `Action`, or reports the problems and gives nil. Nil for `pan`, which the
    /// timeline reads as a touch path.
    package let read: (@Sendable (any ScenarioReading) -> Action?)?

    /// The action `name` with its `keys`, read by `read`; `timed` when it takes a `timing`.
    package init(_ name: String, _ keys: [String], timed: Bool = false, read: (@Sendable (any ScenarioReading) -> Action?)?) {
        self.name = name
        self.keys = keys
        self.timed = timed
        self.read = read
    }

    /// The action `name`, read into a family's request by `read`.
    package init<A: ContainerAction>(
        _ name: String, _ keys: [String], timed: Bool = false, family read: @escaping @Sendable (any ScenarioReading) -> A?
    ) {
        self.init(name, keys, timed: timed, read: { r in read(r).map { Action($0) } })
    }

    /// The keys of a pan entry: a touch path.
    package static let panKeys = ["points", "duration", "track", "cancelled"]

    /// `{"action": "pan", "points": [[x, y], …], "duration": d}`: a whole pan, which the timeline reads.
    package static let pan = ActionSyntax("pan", panKeys, read: nil)

    /// `{"action": "tap", "point": [x, y]}`.
    package static let tap = ActionSyntax("tap", ["point"]) { r in
        r.required(r.pair("point", positive: false), "point", "[x, y]").map { .tap(Point(x: $0.0, y: $0.1)) }
    }

    /// The actions every container takes, after its own.
    package static let touch = [pan, tap]
}
