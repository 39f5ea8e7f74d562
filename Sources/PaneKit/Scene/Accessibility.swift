// What assistive technologies see on a frame: reachable nodes, the focused node, and the escape action.

/// The accessibility of one pose: which roles a screen reader can reach, which one holds focus, and whether an
/// escape (close) action is available (DESIGN §12, semantics).
///
/// A container computes it from its state; the host applies it to the styled nodes, so a node a styler hides is
/// never reachable, and reports a change of focus as a `focusChanged` event.
public struct Accessibility: Hashable, Sendable {
    /// The reachable roles, one bit per `Role.index` (ORDER ROLE).
    public var reachable: UInt32
    /// The role that should hold focus (the modal node while there is one).
    public var focus: Role?
    /// Whether a close action is available (VoiceOver's two-finger scrub, Android's back).
    public var escape: Bool

    /// A pose's accessibility from the roles a screen reader can reach, the focused role and the escape action.
    public init(reachable: [Role] = [], focus: Role? = nil, escape: Bool = false) {
        var bits: UInt32 = 0
        for role in reachable { bits |= 1 << UInt32(role.index) }
        self.reachable = bits
        self.focus = focus
        self.escape = escape
    }

    /// Whether `role` can be reached.
    public func isReachable(_ role: Role) -> Bool { reachable & (1 << UInt32(role.index)) != 0 }

    /// Adds `role` to the reachable roles.
    /// - Complexity: O(1), no allocation.
    public mutating func insert(_ role: Role) { reachable |= 1 << UInt32(role.index) }

    /// The name of the event of a change of focus, ``Event/focusChanged(role:)``, with the new focus as `role` (an
    /// app posts the screen-changed notification on that frame).
    public static let focusChangedEvent = Event.Name.focusChanged

    /// A drawer that is showing holds focus and is modal over the content; with none showing, the content is
    /// reachable and focused. `contentStaysReachable` keeps the pane reachable beside an open drawer.
    /// - Complexity: per direction, no allocation.
    static func drawers(
        _ container: some Container, _ pose: Pose, showing: Direction?, contentStaysReachable: Bool = false
    ) -> Accessibility {
        var result = Accessibility()
        guard let side = showing else {
            result.insert(.pane)
            result.focus = .pane
            return result
        }
        let drawer = container.drawerRole(for: side)
        result.insert(drawer)
        if contentStaysReachable { result.insert(.pane) }
        result.focus = drawer
        result.escape = true
        return result
    }

    /// The first direction whose drawer is styled and not fully closed in `pose`.
    /// - Complexity: per direction, no allocation.
    static func showingDirection(_ container: some Container, _ pose: Pose) -> Direction? {
        let directions = container.directions
        for d in 0..<directions.count where pose.styled[directions[d].index] && pose.closed[directions[d].index] < 1 {
            return directions[d]
        }
        return nil
    }
}
