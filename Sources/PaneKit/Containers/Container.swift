// The container protocol: geometry and state that the host moves frame by frame.

/// How a container looks at one instant, before styling: its nodes and each direction's closed fraction.
public struct Pose: Sendable {
    /// Nodes back to front with their base styles (the container's own chrome, such as the pane's shadow).
    public var nodes: [Node] = []
    /// The closed fraction per direction, indexed by `Direction.index` (ORDER DIRECTION).
    public var closed: [Double] = [1, 1, 1, 1]
    /// The closed fraction's rate of change per direction, per second (ORDER DIRECTION).
    public var velocity: [Double] = [0, 0, 0, 0]
    /// The reveal width per direction, indexed by `Direction.index`.
    public var reveal: [Double] = [0, 0, 0, 0]
    /// Whether the direction's drawer is visible or moving, so its stylers run.
    public var styled: [Bool] = [false, false, false, false]
    /// Set by a mirrored container: the accessibility its left-to-right counterpart gave before the mirror.
    var mirroredAccessibility: Accessibility?

    /// An empty pose: no nodes, every direction closed, at rest and unstyled.
    public init() {}

    /// Empties the pose, keeping its storage.
    /// - Complexity: per node, no allocation.
    public mutating func reset() {
        // removeAll(keepingCapacity:) allocates unoptimised; a loop of removeLast() moves each node out to destroy it.
        nodes.removeLast(nodes.count)
        for i in 0..<4 {
            closed[i] = 1
            velocity[i] = 0
            reveal[i] = 0
            styled[i] = false
        }
        mirroredAccessibility = nil
    }
}

/// Why a container refused an action or a configuration.
///
/// ``reason`` says which kind of problem it was, for an app to act on; ``message`` is the text a person reads.
public struct ContainerError: ReasonedError {
    /// Why a container refused, for an app to compare or `switch` on; new reasons may be added, so a `switch`
    /// needs a `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String { case invalidValue, malformedSnapshot, other }
        package let kind: Kind
        /// An option has a value out of its range or not among its choices (`openMode: expected push or above`).
        public static let invalidValue = Reason(kind: .invalidValue)
        /// The text is not a snapshot of this container at all (not JSON, or keys of the wrong type).
        public static let malformedSnapshot = Reason(kind: .malformedSnapshot)
        /// An error made with ``ContainerError/init(_:)``, which names no reason.
        public static let other = Reason(kind: .other)
    }

    /// Why the container refused.
    public var reason: Reason
    /// What was refused and why, naming the action or option.
    public var message: String
    /// The option or key refused (`openMode`, `leftWidth`), when the error is about one.
    public var key: String?
    /// An error for `reason` with the text a person reads, about the option `key`.
    public init(_ reason: Reason, _ message: String, key: String? = nil) {
        self.reason = reason
        self.message = message
        self.key = key
    }
    /// An error with the text a person reads; its reason is ``Reason/other``.
    public init(_ message: String) { self.init(.other, message) }
}

/// A container model: it takes actions, advances its motion to a time, and poses its nodes.
///
/// Time only moves forward; `advance(to:)` and `perform(_:at:)` are called with non-decreasing times.
public protocol Container: Sendable {
    /// The container type.
    var kind: ContainerKind { get }
    /// The container's size.
    var size: Size { get }
    /// The directions that have a drawer, in direction order.
    var directions: [Direction] { get }
    /// The state for frames and stylers (`closed`, `opening`, `open`, `closing`, `bouncing`, …).
    var state: ContainerState { get }
    /// Whether nothing is moving.
    var isAtRest: Bool { get }

    /// Moves the motion forward to `time`, running completions that fall due; appends what happened to `events`.
    mutating func advance(to time: Double, events: inout [Event])
    /// Starts an action at `time`; an action the container cannot take now is reported as an event.
    mutating func perform(_ action: Action, at time: Double, events: inout [Event])
    /// Writes the nodes and fractions at the current time into `pose`.
    func pose(into pose: inout Pose)
    /// The stylers the container attaches to `direction` when a scenario names none (its own chrome).
    func defaultStylers(for direction: Direction) -> [any Styler]
    /// Stylers that always run for `direction`, before the user's (chrome the original drew itself).
    func chromeStylers(for direction: Direction) -> [any Styler]
    /// The node a styler addresses as `drawer` for `direction` (the master, in a split).
    func drawerRole(for direction: Direction) -> Role
    /// What assistive technologies see in `pose`, the container's pose at the current time (DESIGN §12).
    /// The default: a drawer that shows (styled and not fully closed) is modal and holds focus, with an escape;
    /// otherwise the pane is reachable and focused.
    func accessibility(of pose: Pose) -> Accessibility
    /// What the host's pan arbiter needs now (DESIGN §12, gesture arbitration); nil, the default, sends every pan
    /// sample straight to the container.
    func panArbitration() -> PanArbitration?
    /// The layout in the adaptive container's terms, for `StyleContext.layout`: `drawer` unless the container
    /// says otherwise (the split container is a `split`; the adaptive container changes with its width).
    var adaptiveLayout: AdaptiveLayout { get }
    /// The reading direction (DESIGN §12). Under `rtl` the host runs the mirror image of
    /// `leftToRightCounterpart()` (`MirroredContainer`). The default: `ltr`.
    var layoutDirection: LayoutDirection { get }
    /// The container whose left-to-right run an `rtl` container is the mirror image of: the same configuration
    /// with its left and right sides swapped and `layoutDirection` `ltr`. The default: the container itself.
    func leftToRightCounterpart() -> any Container
    /// The detent a sheet rests at or is settling to, for frames (`"detent"`) and stylers (`ctx.detent`); the
    /// default: nil (no detents).
    var detentName: String? { get }
    /// Each resting detent with its closed fraction (`ctx.detents`); the default: none.
    var detentFractions: [(name: String, closed: Double)] { get }
    /// A sheet's position, the y of its top edge as for a bottom sheet (`ctx.position`); the default: nil.
    var sheetPosition: Double? { get }
    /// The content offsets of the scroll regions the container runs itself (a sheet's, in `scrollRegions` order,
    /// for ``PaneHost/scrollOffsets``); the default: nil, the host's arbiter runs them.
    var regionOffsets: [Double]? { get }
}

extension Container {
    /// The scenario name of the container type: `kind.rawValue`.
    public var typeName: String { kind.rawValue }
    /// The state's name in frames and in Lua's `ctx.state`: `state.rawValue`.
    public var stateName: String { state.rawValue }
    public func chromeStylers(for direction: Direction) -> [any Styler] { [] }
    public func drawerRole(for direction: Direction) -> Role { .drawer(direction) }
    public var adaptiveLayout: AdaptiveLayout { .drawer }
    public var detentName: String? { nil }
    public var detentFractions: [(name: String, closed: Double)] { [] }
    public var sheetPosition: Double? { nil }
    public var regionOffsets: [Double]? { nil }
    public func accessibility(of pose: Pose) -> Accessibility {
        Accessibility.drawers(self, pose, showing: Accessibility.showingDirection(self, pose))
    }
}
