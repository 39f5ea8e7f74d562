// What a container descriptor reads its scenario keys with: one object of a scenario file (the `container` object
// or a timeline entry), its members by key. The scenario reader (PaneKitScenario) implements it; the core never
// sees JSON.

/// The kind of problem a descriptor reports while reading its keys (the scenario reader's issue reasons).
package enum ScenarioProblem: String, Sendable, Hashable, CaseIterable {
    /// A required key, or one of a set of keys (a drawer, a menu), is missing.
    case missingKey
    /// A value of the wrong JSON type or shape.
    case wrongType
    /// A number out of its range.
    case invalidNumber
    /// A value of the right type that is still wrong (breakpoints out of order).
    case invalidValue
    /// A name that is not among the allowed ones.
    case unknownValue
    /// Keys that exclude each other were both given.
    case conflict
}

/// One item of an array member (``ScenarioReading/items(_:allowed:)``).
package enum ScenarioItem {
    /// A string.
    case string(String)
    /// An object, read at its own path (`container.items[2]`).
    case object(any ScenarioReading)
    /// Anything else, as it reads in a message (`a number`), with its path.
    case other(path: String, brief: String)
}

/// One object of a scenario file as a descriptor reads it: each accessor reads the member `key`, reports a problem
/// at `path.key` (what was expected, what was found) and gives nil, or gives nil when the key is absent.
///
/// The unknown keys were reported before the descriptor sees the object (the descriptor's ``ContainerDescriptor/keys``
/// or an action's ``ActionSyntax/keys`` are the allowed ones).
package protocol ScenarioReading: AnyObject {
    /// The object's JSON path: `container`, `timeline[2]`.
    var path: String { get }
    /// The directions of the container (a timeline entry's `direction` is one of them).
    var directions: [Direction] { get }
    /// A timeline entry's `animated` (default true); true for the container object.
    var animated: Bool { get }
    /// Whether the object has the member `key`.
    func contains(_ key: String) -> Bool
    /// A number that `accept` takes, `requirement` saying which in the message (`≥ 0`, `in 0…1`).
    func number(_ key: String, _ requirement: String, _ accept: (Double) -> Bool) -> Double?
    /// `true` or `false`.
    func bool(_ key: String) -> Bool?
    /// One of `choices`.
    func choice(_ key: String, _ choices: [String]) -> String?
    /// A CSS colour.
    func color(_ key: String) -> Color?
    /// `[x, y]`, or `[w, h]` of two numbers > 0 when `positive`.
    func pair(_ key: String, positive: Bool) -> (Double, Double)?
    /// A transition's timing (a curve or a spring).
    func timing(_ key: String) -> Timing?
    /// A gesture mask written as an array of names from `table`: the union of the named gestures.
    func gestures<Mask: OptionSet>(_ key: String, _ table: [(name: String, gestures: Mask)]) -> Mask where Mask.Element == Mask
    /// The drawers declared by direction keys among `sides`, each `{}` or `{"width": w}`; a nil width means the
    /// container's default.
    func drawers(_ sides: [Direction]) -> [Direction: Double?]
    /// The member's numbers when it is an array of numbers, else nil (no report).
    func numbers(_ key: String) -> [Double]?
    /// A string.
    func string(_ key: String) -> String?
    /// The items of an array member: strings as ``ScenarioItem/string(_:)``, objects read at `path.key[i]` after
    /// reporting keys outside `allowed`; nil when absent or not an array (reported).
    func items(_ key: String, allowed: [String]) -> [ScenarioItem]?
    /// The scenario's top-level `safeArea` (zero when absent).
    var safeArea: SafeAreaInsets { get }
    /// The scenario's container, for a timeline entry whose values depend on it (the names a sheet gives its resting places); nil while
    /// the container object itself is read, or when it did not read.
    var container: ContainerSpec? { get }
    /// How the member reads in a message (`"left"`, `an array`), or an empty string when it is absent.
    func brief(_ key: String) -> String
    /// Reports a problem at `path.key`, or at `path` when `key` is nil.
    func report(_ problem: ScenarioProblem, _ key: String?, _ message: String)
    /// The elements of an array member, each with its numbers when it is an array of numbers (else nil) and how it
    /// reads in a message; nil when the member is absent or not an array (no report).
    func numberRows(_ key: String) -> [(numbers: [Double]?, brief: String)]?
}

extension ScenarioReading {
    /// Any number.
    package func number(_ key: String) -> Double? { number(key, "") { _ in true } }

    /// A number > 0.
    package func positive(_ key: String) -> Double? { number(key, "> 0") { $0 > 0 } }

    /// `value`, after reporting `key` as missing (`missing; expected what`) when the object lacks it.
    package func required<T>(_ value: T?, _ key: String, _ what: String) -> T? {
        if !contains(key) { report(.missingKey, key, "missing; expected \(what)") }
        return value
    }

    /// The `path.key` of a member.
    package func path(_ key: String) -> String { "\(path).\(key)" }

    /// The entry's required `direction`, one of the container's.
    package func direction() -> Direction? {
        let names = directions.map(\.rawValue)
        return required(
            choice("direction", names).flatMap(Direction.init(rawValue:)), "direction", "one of \(names.joined(separator: ", "))")
    }

    /// The entry's optional `direction`: nil when absent, or after reporting one the container lacks.
    package func optionalDirection() -> Direction? {
        choice("direction", directions.map(\.rawValue)).flatMap(Direction.init(rawValue:))
    }

    /// One of the cases of `T` by raw value.
    package func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) -> T? where T.RawValue == String {
        choice(key, T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:))
    }
}
