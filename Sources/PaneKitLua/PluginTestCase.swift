// The expectations a plugin declares in its `tests` list, which `panekit test` checks.

import PaneKit

/// A value an expectation names: a number, a boolean, a string, a list or named fields.
public indirect enum TestValue: Sendable, Hashable, CustomStringConvertible {
    /// A number, compared within the test's tolerance.
    case number(Double)
    /// A boolean, compared exactly.
    case bool(Bool)
    /// A string, compared exactly.
    case string(String)
    /// A list such as `translate = {x, y}`, compared item by item.
    case list([TestValue])
    /// Named fields such as `shadow = {radius = 4}`, in file order; only the named ones are compared.
    case table([(String, TestValue)])

    public static func == (a: TestValue, b: TestValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.table(let x), .table(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Lua's own notation: `140`, `true`, `"#000000"`, `{140, 0}`, `{radius = 10}`.
    public var description: String {
        switch self {
        case .number(let n): NumberFormat.string(n)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): "\"\(s)\""
        case .list(let items): "{" + items.map(\.description).joined(separator: ", ") + "}"
        case .table(let fields): "{" + fields.map { "\($0.0) = \($0.1.description)" }.joined(separator: ", ") + "}"
        }
    }

    /// What kind of value it is, for messages.
    var brief: String {
        switch self {
        case .number(let n): NumberFormat.string(n)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): "\"\(s)\""
        case .list: "a list"
        case .table: "a table"
        }
    }
}

/// One entry of a plugin's `tests`: pose the container at `closed` in `direction`, run the styler with `params`
/// and compare the nodes with `expect`, role by role and key by key, within `tolerance`.
public struct PluginTestCase: Sendable, Hashable {
    /// The keys a test may have.
    public static let keys = ["behavior", "closed", "container", "direction", "expect", "params", "tolerance"]
    /// The tolerance of a test that gives none.
    public static let defaultTolerance = 1e-6

    /// Its place in the list, from 1 (`tests[1]`).
    public var index: Int
    /// The closed fraction the styler is called at (1 closed, 0 open).
    public var closed: Double
    /// The direction of the drawer the test styles.
    public var direction: Direction
    /// The container family the test poses (nil: a drawer container on the sides, a dynamics one above and below).
    public var container: ContainerKind?
    /// The behavior of that container (nil: its default).
    public var behavior: String?
    /// Parameters over the defaults.
    public var params: [String: ParamValue]
    /// Expected values by role (`pane`, `drawer`, `overlay`, …), each a table of node keys.
    public var expect: [(String, TestValue)]
    /// The largest difference allowed between an expected and an actual number.
    public var tolerance: Double
    /// The line of its `closed =` in the plugin's source, when it can be found there.
    public var line: Int?

    /// A test case from its parts, as the manifest reader builds it.
    public init(
        index: Int, closed: Double, direction: Direction, container: ContainerKind? = nil, behavior: String? = nil,
        params: [String: ParamValue] = [:], expect: [(String, TestValue)], tolerance: Double = defaultTolerance, line: Int? = nil
    ) {
        self.index = index
        self.container = container
        self.behavior = behavior
        self.line = line
        self.closed = closed
        self.direction = direction
        self.params = params
        self.expect = expect
        self.tolerance = tolerance
    }

    public static func == (a: PluginTestCase, b: PluginTestCase) -> Bool {
        a.index == b.index && a.closed == b.closed && a.direction == b.direction && a.container == b.container
            && a.behavior == b.behavior && a.params == b.params
            && TestValue.table(a.expect) == TestValue.table(b.expect) && a.tolerance == b.tolerance
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(closed)
        hasher.combine(direction)
    }
}
