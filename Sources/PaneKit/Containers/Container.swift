// The container protocol: geometry and state that the host moves frame by frame, and the subjects it styles.

/// One thing a container styles on a frame: a drawer, a sheet, a card of a deck. The host calls the stylers of
/// its ``group`` once for it, with a context built from it (``StyleContext``).
package struct Subject: Sendable, Hashable {
    /// The list of stylers that styles it: a drawer's direction, or a group its family declares (`cards`).
    package var group: StylerGroup
    /// Its node (`drawer.left`, `sheet`, `card.3`): what a styler's `drawer` (or the group's own key) edits.
    package var role: Role
    /// The edge it belongs to (`ctx.direction`): a drawer's direction, a sheet's edge.
    package var direction: Direction
    /// Its closed fraction: 1 closed, 0 fully shown, below 0 past open, above 1 past closed.
    package var closed: Double
    /// The closed fraction's rate of change, per second.
    package var velocity: Double = 0
    /// Its reveal width (a drawer's maximum or reveal width along its axis), in points.
    package var reveal: Double = 0
    /// Whether it is visible or moving, so its stylers run.
    package var styled: Bool
    /// Which of its group's baked tracks plays it back: 0 for a subject styled by its own closed fraction; k > 0
    /// for one styled in step with the group's first subject (a navigation stack's screen below the moving one),
    /// whose track is keyed by `bakeKey`.
    package var bakeMember = 0
    /// The closed fraction a member's baked track is keyed by: the group's first subject's.
    package var bakeKey = 0.0

    /// A subject of `group` whose node is `role`, on `direction`'s edge, at closed fraction `closed`.
    package init(
        group: StylerGroup, role: Role, direction: Direction, closed: Double, velocity: Double = 0, reveal: Double = 0,
        styled: Bool
    ) {
        self.group = group
        self.role = role
        self.direction = direction
        self.closed = closed
        self.velocity = velocity
        self.reveal = reveal
        self.styled = styled
    }

    /// A drawer's subject: its direction's group and edge, its node `role` (default the drawer of `direction`).
    package static func drawer(
        _ direction: Direction, role: Role? = nil, closed: Double, velocity: Double = 0, reveal: Double, styled: Bool
    ) -> Subject {
        Subject(
            group: StylerGroup(direction), role: role ?? .drawer(direction), direction: direction, closed: closed,
            velocity: velocity, reveal: reveal, styled: styled)
    }
}

/// How a container looks at one instant, before styling: its nodes and its subjects.
package struct Pose: Sendable {
    /// Nodes back to front with their base styles (the container's own chrome, such as the pane's shadow).
    package var nodes: [Node] = []
    /// What the container styles, in the order it is styled; a drawer family's have one per direction it has, in
    /// direction order (`Frame.fractions` lists them).
    package var subjects: [Subject] = []
    /// Set by a mirrored container: the accessibility its left-to-right counterpart gave before the mirror.
    var mirroredAccessibility: Accessibility?

    /// An empty pose: no nodes, no subjects.
    package init() {}

    /// Empties the pose, keeping its storage.
    /// - Complexity: per node, no allocation.
    package mutating func reset() {
        // removeAll(keepingCapacity:) allocates unoptimised. Nodes and subjects are plain data (`NodeScrolls`):
        // removeLast() a time only lowers the count, which costs less than the generic range removal.
        while !nodes.isEmpty { nodes.removeLast() }
        while !subjects.isEmpty { subjects.removeLast() }
        mirroredAccessibility = nil
    }

    /// The subject of `direction`'s drawer, if the pose has one.
    /// - Complexity: O(subjects), no allocation.
    package func subject(_ direction: Direction) -> Subject? {
        for i in 0..<subjects.count where subjects[i].group.index == direction.index { return subjects[i] }
        return nil
    }

    /// The closed fraction of `direction`'s drawer: 1 when the pose has none.
    /// - Complexity: O(subjects), no allocation.
    package func closed(_ direction: Direction) -> Double { subject(direction)?.closed ?? 1 }
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
        /// An option has a value out of its range or not among its choices (`openMode: expected one of …`).
        public static let invalidValue = Reason(kind: .invalidValue)
        /// The text is not a snapshot of this container at all (not JSON, or keys of the wrong type).
        public static let malformedSnapshot = Reason(kind: .malformedSnapshot)
        /// An error made with `ContainerError.init(_:)`, which names no reason.
        public static let other = Reason(kind: .other)
    }

    /// Why the container refused.
    public var reason: Reason
    /// What was refused and why, naming the action or option.
    public var message: String
    /// The option or key refused (`openMode`, `leftWidth`), when the error is about one.
    public var key: String?
    /// An error for `reason` with the text a person reads, about the option `key`.
    package init(_ reason: Reason, _ message: String, key: String? = nil) {
        self.reason = reason
        self.message = message
        self.key = key
    }
    /// An error with the text a person reads; its reason is ``Reason/other``.
    package init(_ message: String) { self.init(.other, message) }
}

/// What the engine needs of a container beside what an app sees of it (``PaneContainer``): its motion, its pose,
/// its styling and its accessibility. PaneKit's containers (and a family registered in the package) conform.
///
/// Time only moves forward; `advance(to:)` and `perform(_:at:events:)` are called with non-decreasing times.
package protocol Container: PaneContainer where TypedAction: ContainerAction {
    /// The requests the container takes, restated here so that a family's `perform(_:at:events:)` names it (an
    /// app's compiler error then names the family's type: `'DrawerAction' has no member …`).
    associatedtype TypedAction
    /// The container type (an app reads it as ``PaneContainer/kind``).
    var kind: ContainerKind { get }
    /// The container's size.
    var size: Size { get }
    /// The state for frames and stylers (`closed`, `opening`, `open`, `closing`, `bouncing`, …).
    var state: ContainerState { get }
    /// Whether nothing is moving.
    var isAtRest: Bool { get }
    /// The styler groups of its subjects, in the order a scenario lists them: a drawer family's directions (every
    /// one it may style), a deck's `cards`.
    var stylerGroups: [StylerGroup] { get }

    /// Moves the motion forward to `time`, running completions that fall due; appends what happened to `events`.
    mutating func advance(to time: Double, events: inout [Event])
    /// Starts an action at `time`; an action the container cannot take now is reported as an event.
    mutating func perform(_ action: TypedAction, at time: Double, events: inout [Event])
    /// Writes the nodes and subjects at the current time into `pose`.
    func pose(into pose: inout Pose)
    /// Writes the family's own fields of the context of `subject` (a sheet's resting place and position; nothing for a
    /// drawer), as posed now: the host and every tool build a styler's context through
    /// `StyleContext.update(subject:of:nodes:)`, which calls this.
    func describe(_ subject: Subject, in context: inout StyleContext)
    /// Writes the family's own fields of a frame (a deck's `top`); nothing by default.
    func writeFields(into fields: inout FrameFields)
    /// The stylers the container attaches to `group` when a scenario names none (its own chrome).
    func defaultStylers(for group: StylerGroup) -> [any Styler]
    /// Stylers that always run for `group`, before the user's (chrome the original drew itself).
    func chromeStylers(for group: StylerGroup) -> [any Styler]
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
    /// The content offsets of the scroll regions the container runs itself (a sheet's, in `scrollRegions` order,
    /// for ``PaneHost/scrollOffsets``); the default: nil, the host's arbiter runs them.
    var regionOffsets: [Double]? { get }
}

extension Container {
    /// The scenario name of the container type: `kind.rawValue`.
    package var typeName: String { kind.rawValue }
    /// The state's name in frames and in Lua's `ctx.state`: `state.rawValue`.
    package var stateName: String { state.rawValue }
    /// The four directions: a drawer family may style any (a split's master changes sides).
    package var stylerGroups: [StylerGroup] { StylerGroup.directions }
    package func describe(_ subject: Subject, in context: inout StyleContext) {}
    package func writeFields(into fields: inout FrameFields) {}
    package func chromeStylers(for group: StylerGroup) -> [any Styler] { [] }
    package var adaptiveLayout: AdaptiveLayout { .drawer }
    package var regionOffsets: [Double]? { nil }
    package func accessibility(of pose: Pose) -> Accessibility {
        Accessibility.drawers(pose, showing: Accessibility.showingSubject(pose))
    }

    /// Takes any family's `action`: this container's own request, or one of another family it also takes
    /// (``ContainerAction/init(converting:)``); any other is reported as an `actionIgnored` event.
    package mutating func perform(any action: Action, at time: Double, events: inout [Event]) {
        guard let typed = TypedAction(converting: action) else {
            return events.append(
                .actionIgnored(action: action.name, reason: "the \(kind.rawValue) container does not take this action"))
        }
        perform(typed, at: time, events: &events)
    }

    /// Takes one touch (a pan sample or a tap).
    /// - Complexity: no allocation of its own.
    package mutating func perform(touch: Touch, at time: Double, events: inout [Event]) {
        perform(.touch(touch), at: time, events: &events)
    }
}
