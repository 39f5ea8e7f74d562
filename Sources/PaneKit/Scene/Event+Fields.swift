// An event's name and its details as JSON writes them, its equality, and its mirror image for right to left.

extension Event {
    /// The name of each kind of event: `rawValue` is the `type` JSON writes, one name per case of ``Event``.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        /// ``Event/willOpen(direction:)``.
        case willOpen
        /// ``Event/didOpen(direction:)``.
        case didOpen
        /// ``Event/willClose(direction:)``.
        case willClose
        /// ``Event/didClose(direction:)``.
        case didClose
        /// ``Event/didBounce(direction:)``.
        case didBounce
        /// ``Event/paneReplaced(generation:)``.
        case paneReplaced
        /// ``Event/caught(direction:)``.
        case caught
        /// ``Event/panBegan``.
        case panBegan
        /// ``Event/panEnded(velocity:)``.
        case panEnded
        /// ``Event/panCancelled``.
        case panCancelled
        /// ``Event/willPresent(direction:)``.
        case willPresent
        /// ``Event/didPresent(direction:completed:)``.
        case didPresent
        /// ``Event/willDismiss(direction:)``.
        case willDismiss
        /// ``Event/didDismiss(direction:completed:)``.
        case didDismiss
        /// ``Event/interactionBegan``.
        case interactionBegan
        /// ``Event/interactionFinished``.
        case interactionFinished
        /// ``Event/interactionCancelled``.
        case interactionCancelled
        /// ``Event/mayUpdatePaneState(state:direction:)``.
        case mayUpdatePaneState
        /// ``Event/didUpdatePaneState(state:direction:)``.
        case didUpdatePaneState
        /// ``Event/willMoveSplitToPosition(position:)``.
        case willMoveSplitToPosition
        /// ``Event/willChangeSplitOrientation(vertical:)``.
        case willChangeSplitOrientation
        /// ``Event/willHideViewController``.
        case willHideViewController
        /// ``Event/willShowViewController``.
        case willShowViewController
        /// ``Event/willPresentViewController``.
        case willPresentViewController
        /// ``Event/willDismissViewController``.
        case willDismissViewController
        /// ``Event/didFinishAnimation(name:)``.
        case didFinishAnimation
        /// ``Event/willResize(size:)``.
        case willResize
        /// ``Event/layoutChanged(from:to:)``.
        case layoutChanged
        /// ``Event/detentWillChange(detent:)``.
        case detentWillChange
        /// ``Event/detentDidChange(detent:)``.
        case detentDidChange
        /// ``Event/tapPassedThrough(point:)``.
        case tapPassedThrough
        /// ``Event/actionIgnored(action:reason:direction:)``.
        case actionIgnored
        /// ``Event/styleConflict(role:property:first:second:)``.
        case styleConflict
        /// ``Event/stylerFailed(styler:direction:error:)``.
        case stylerFailed
        /// ``Event/frameLimitReached(limit:)``.
        case frameLimitReached
        /// ``Event/focusChanged(role:)``.
        case focusChanged
        /// ``Event/panArbitrated(winner:)``.
        case panArbitrated
        /// ``Event/scrolled(region:offset:)``.
        case scrolled
        /// ``Event/announcement(text:)``.
        case announcement
    }

    /// What kind of event this is, without its details.
    /// - Complexity: O(1), no allocation.
    public var name: Name {
        switch self {
        case .willOpen: .willOpen
        case .didOpen: .didOpen
        case .willClose: .willClose
        case .didClose: .didClose
        case .didBounce: .didBounce
        case .paneReplaced: .paneReplaced
        case .caught: .caught
        case .panBegan: .panBegan
        case .panEnded: .panEnded
        case .panCancelled: .panCancelled
        case .willPresent: .willPresent
        case .didPresent: .didPresent
        case .willDismiss: .willDismiss
        case .didDismiss: .didDismiss
        case .interactionBegan: .interactionBegan
        case .interactionFinished: .interactionFinished
        case .interactionCancelled: .interactionCancelled
        case .mayUpdatePaneState: .mayUpdatePaneState
        case .didUpdatePaneState: .didUpdatePaneState
        case .willMoveSplitToPosition: .willMoveSplitToPosition
        case .willChangeSplitOrientation: .willChangeSplitOrientation
        case .willHideViewController: .willHideViewController
        case .willShowViewController: .willShowViewController
        case .willPresentViewController: .willPresentViewController
        case .willDismissViewController: .willDismissViewController
        case .didFinishAnimation: .didFinishAnimation
        case .willResize: .willResize
        case .layoutChanged: .layoutChanged
        case .detentWillChange: .detentWillChange
        case .detentDidChange: .detentDidChange
        case .tapPassedThrough: .tapPassedThrough
        case .actionIgnored: .actionIgnored
        case .styleConflict: .styleConflict
        case .stylerFailed: .stylerFailed
        case .frameLimitReached: .frameLimitReached
        case .focusChanged: .focusChanged
        case .panArbitrated: .panArbitrated
        case .scrolled: .scrolled
        case .announcement: .announcement
        }
    }

    /// What happened, as JSON's `type` writes it (`didOpen`, `stylerFailed`, …): `name.rawValue`.
    public var type: String { name.rawValue }

    /// One detail of an event as JSON writes it: a key and its value as text.
    public typealias Field = (key: String, value: String)

    /// The details in the order JSON writes them, values as text (numbers in PaneKit's number format, shortest
    /// round-trip form with at most 6 decimals; a flag as `true` or `false`).
    ///
    /// A detail that is `nil` is left out (``Event/willClose(direction:)`` with no drawer open has none), and so
    /// is `completed` while it is true.
    /// - Complexity: O(1); allocates the array and any number's text. Meant for writers and tests, not the
    ///   per-frame path.
    public var fields: [Field] {
        switch self {
        case .willOpen(let d), .didOpen(let d), .willPresent(let d), .willDismiss(let d):
            return [("direction", d.rawValue)]
        case .willClose(let d), .didClose(let d), .didBounce(let d), .caught(let d):
            return d.map { [("direction", $0.rawValue)] } ?? []
        case .paneReplaced(let generation):
            return [("generation", String(generation))]
        case .panEnded(.pointsPerSecond(let v)):
            return [("velocity", NumberFormat.string(v))]
        case .panEnded(.pointsPerEvent(let v)):
            return [("perEvent", NumberFormat.string(v))]
        case .didPresent(let d, let completed), .didDismiss(let d, let completed):
            var out: [Field] = d.map { [("direction", $0.rawValue)] } ?? []
            if !completed { out.append(("completed", "false")) }
            return out
        case .mayUpdatePaneState(let state, let d):
            return [("state", state.rawValue), ("direction", d.rawValue)]
        case .didUpdatePaneState(let state, let d):
            return [("state", state.rawValue)] + (d.map { [("direction", $0.rawValue)] } ?? [])
        case .willMoveSplitToPosition(let position):
            return [("position", NumberFormat.string(position))]
        case .willChangeSplitOrientation(let vertical):
            return [("vertical", vertical ? "true" : "false")]
        case .didFinishAnimation(let name):
            return [("name", name.rawValue)]
        case .willResize(let size):
            return [("width", NumberFormat.string(size.width)), ("height", NumberFormat.string(size.height))]
        case .layoutChanged(let from, let to):
            return [("from", from.rawValue), ("to", to.rawValue)]
        case .detentWillChange(let detent), .detentDidChange(let detent):
            return [("detent", detent)]
        case .tapPassedThrough(let point):
            return [("x", NumberFormat.string(point.x)), ("y", NumberFormat.string(point.y))]
        case .actionIgnored(let action, let reason, let d):
            return [("action", action.rawValue), ("reason", reason)] + (d.map { [("direction", $0.rawValue)] } ?? [])
        case .styleConflict(let role, let property, let first, let second):
            return [("role", role.rawValue), ("property", property.rawValue), ("stylers", first + ", " + second)]
        case .stylerFailed(let styler, let d, let error):
            return [("styler", styler), ("direction", d.rawValue), ("message", "\(error)")]
        case .frameLimitReached(let limit):
            return [("limit", String(limit))]
        case .focusChanged(let role):
            return [("role", role?.rawValue ?? "none")]
        case .panArbitrated(.drawer(let region)):
            return [("winner", "drawer")] + (region.map { [("region", String($0))] } ?? [])
        case .panArbitrated(.scrollRegion(let region)):
            return [("winner", "scrollRegion"), ("region", String(region))]
        case .panArbitrated(.nobody(let reason)):
            return [("winner", "none"), ("reason", reason.rawValue)]
        case .scrolled(let region, let offset):
            return [("region", String(region)), ("offset", NumberFormat.string(offset))]
        case .announcement(let text):
            return [("text", text)]
        case .panBegan, .panCancelled, .interactionBegan, .interactionFinished, .interactionCancelled,
            .willHideViewController, .willShowViewController, .willPresentViewController, .willDismissViewController:
            return []
        }
    }

    /// The text of the detail `key` as JSON writes it, if the event has it.
    /// - Complexity: as ``fields``.
    public func value(_ key: String) -> String? {
        fields.first { $0.key == key }?.value
    }

    /// Whether two events have the same type and write the same details.
    public static func == (a: Event, b: Event) -> Bool {
        guard a.name == b.name else { return false }
        let x = a.fields, y = b.fields
        return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
    }

    /// Hashes the type and the details as JSON writes them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        for field in fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
    }

    /// The event as its mirror image across the vertical axis sees it (a right-to-left layout): left and right
    /// swap in every direction and role, and with `velocityAlongX` a pan's release velocity changes sign.
    ///
    /// - Parameter velocityAlongX: whether the container's drawers move along x, so that their velocities mirror
    ///   (a dynamics container's top and bottom drawers report theirs along y).
    /// - Complexity: O(1), no allocation.
    public func mirroredHorizontally(velocityAlongX: Bool = true) -> Event {
        switch self {
        case .willOpen(let d): .willOpen(direction: d.mirroredHorizontally)
        case .didOpen(let d): .didOpen(direction: d.mirroredHorizontally)
        case .willClose(let d): .willClose(direction: d?.mirroredHorizontally)
        case .didClose(let d): .didClose(direction: d?.mirroredHorizontally)
        case .didBounce(let d): .didBounce(direction: d?.mirroredHorizontally)
        case .caught(let d): .caught(direction: d?.mirroredHorizontally)
        case .panEnded(let v): .panEnded(velocity: velocityAlongX ? v.negated : v)
        case .willPresent(let d): .willPresent(direction: d.mirroredHorizontally)
        case .didPresent(let d, let completed): .didPresent(direction: d?.mirroredHorizontally, completed: completed)
        case .willDismiss(let d): .willDismiss(direction: d.mirroredHorizontally)
        case .didDismiss(let d, let completed): .didDismiss(direction: d?.mirroredHorizontally, completed: completed)
        case .mayUpdatePaneState(let state, let d): .mayUpdatePaneState(state: state, direction: d.mirroredHorizontally)
        case .didUpdatePaneState(let state, let d): .didUpdatePaneState(state: state, direction: d?.mirroredHorizontally)
        case .actionIgnored(let action, let reason, let d):
            .actionIgnored(action: action, reason: reason, direction: d?.mirroredHorizontally)
        case .styleConflict(let role, let property, let first, let second):
            .styleConflict(role: role.mirroredHorizontally, property: property, first: first, second: second)
        case .stylerFailed(let styler, let d, let error): .stylerFailed(styler: styler, direction: d.mirroredHorizontally, error: error)
        case .focusChanged(let role): .focusChanged(role: role?.mirroredHorizontally)
        case .paneReplaced, .panBegan, .panCancelled, .interactionBegan, .interactionFinished, .interactionCancelled,
            .willMoveSplitToPosition, .willChangeSplitOrientation, .willHideViewController, .willShowViewController,
            .willPresentViewController, .willDismissViewController, .didFinishAnimation, .willResize, .layoutChanged,
            .frameLimitReached, .panArbitrated, .scrolled, .detentWillChange, .detentDidChange, .tapPassedThrough,
            .announcement:
            self
        }
    }
}
