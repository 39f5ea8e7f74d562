// What assistive technologies see on a frame: reachable nodes, the focused node, and the escape action.

/// The accessibility of one pose: which roles a screen reader can reach, which one holds focus, and whether an
/// escape (close) action is available (DESIGN §12, semantics).
///
/// A container computes it from its state; the host applies it to the styled nodes, so a node a styler hides is
/// never reachable, and reports a change of focus as a `focusChanged` event.
package struct Accessibility: Hashable, Sendable {
    /// The reachable roles, one bit per slot (`Role.index`); a group's bit makes its members reachable (all of
    /// them, or only ``member`` when it is set).
    package var reachable: UInt32
    /// The one member of a reachable group that is reachable (the top card of a deck, the one member shown in front); nil:
    /// every member of a reachable group is.
    package var member: Role?
    /// The role that should hold focus (the modal node while there is one).
    package var focus: Role?
    /// Whether a close action is available (VoiceOver's two-finger scrub, Android's back).
    package var escape: Bool

    /// Nothing reachable, no focus, no escape: `init(reachable:focus:escape:)` with none, without its loop over
    /// an empty list (each frame's `drawers(_:showing:contentStaysReachable:)` starts from it).
    /// - Complexity: O(1), no allocation.
    package init() {
        reachable = 0
        focus = nil
        escape = false
    }

    /// A pose's accessibility from the roles a screen reader can reach, the focused role and the escape action.
    package init(reachable: [Role] = [], focus: Role? = nil, escape: Bool = false) {
        self.reachable = 0
        self.focus = focus
        self.escape = escape
        for role in reachable { insert(role) }
    }

    /// Whether `role` can be reached.
    /// - Complexity: O(1), no allocation.
    package func isReachable(_ role: Role) -> Bool {
        guard reachable & (1 << UInt32(role.index)) != 0 else { return false }
        guard role.isMember, let member else { return true }
        return role == member
    }

    /// Adds `role` to the reachable roles (a member: that member alone of its group).
    /// - Complexity: O(1), no allocation.
    package mutating func insert(_ role: Role) {
        reachable |= 1 << UInt32(role.index)
        if role.isMember { member = role }
    }

    /// The name of the event of a change of focus, ``Event/focusChanged(role:)``, with the new focus as `role` (an
    /// app posts the screen-changed notification on that frame).
    package static let focusChangedEvent = Event.Name.focusChanged

    /// A subject that is showing holds focus and is modal over the content; with none showing, the content is
    /// reachable and focused. `contentStaysReachable` keeps the pane reachable beside an open drawer.
    /// - Complexity: O(1), no allocation.
    package static func drawers(_ pose: Pose, showing: Subject?, contentStaysReachable: Bool = false) -> Accessibility {
        var result = Accessibility()
        guard let subject = showing else {
            result.insert(.pane)
            result.focus = .pane
            return result
        }
        result.insert(subject.role)
        if contentStaysReachable { result.insert(.pane) }
        result.focus = subject.role
        result.escape = true
        return result
    }

    /// The first subject of `pose` that is styled and not fully closed.
    /// - Complexity: per subject, no allocation.
    package static func showingSubject(_ pose: Pose) -> Subject? {
        for i in 0..<pose.subjects.count where pose.subjects[i].styled && pose.subjects[i].closed < 1 { return pose.subjects[i] }
        return nil
    }
}
