// An event as it reads in Swift: `willOpen(.left)`, `panEnded(velocity: -1000.0)`, not a tuple dump.

extension Event: CustomStringConvertible {
    /// The event as Swift source would write it: the case, then its details (`willOpen(.left)`,
    /// `panEnded(velocity: -1000.0)`, `actionIgnored(.open, reason: "a drawer animation is running")`); a case
    /// without details is its name alone (`panBegan`). ``fields`` gives the JSON text instead.
    public var description: String {
        switch self {
        case .willOpen(let d): "willOpen(\(Self.text(d)))"
        case .didOpen(let d): "didOpen(\(Self.text(d)))"
        case .willClose(let d): "willClose(\(Self.text(d)))"
        case .didClose(let d): "didClose(\(Self.text(d)))"
        case .didBounce(let d): "didBounce(\(Self.text(d)))"
        case .paneReplaced(let generation): "paneReplaced(generation: \(generation))"
        case .caught(let d): "caught(\(Self.text(d)))"
        case .panEnded(.pointsPerSecond(let v)): "panEnded(velocity: \(v))"
        case .panEnded(.pointsPerEvent(let v)): "panEnded(perEvent: \(v))"
        case .willPresent(let d): "willPresent(\(Self.text(d)))"
        case .didPresent(let d, let completed): "didPresent(\(Self.text(d))\(completed ? "" : ", completed: false"))"
        case .willDismiss(let d): "willDismiss(\(Self.text(d)))"
        case .didDismiss(let d, let completed): "didDismiss(\(Self.text(d))\(completed ? "" : ", completed: false"))"
        case .mayUpdatePaneState(let state, let d): "mayUpdatePaneState(.\(state), \(Self.text(d)))"
        case .didUpdatePaneState(let state, let d): "didUpdatePaneState(.\(state), \(Self.text(d)))"
        case .willMoveSplitToPosition(let position): "willMoveSplitToPosition(\(position))"
        case .willChangeSplitOrientation(let vertical): "willChangeSplitOrientation(vertical: \(vertical))"
        case .didFinishAnimation(let name): "didFinishAnimation(.\(name))"
        case .willResize(let size): "willResize(width: \(size.width), height: \(size.height))"
        case .layoutChanged(let from, let to): "layoutChanged(from: .\(from), to: .\(to))"
        case .actionIgnored(let action, let reason, let d):
            "actionIgnored(.\(action), reason: \(Self.quoted(reason))\(d.map { ", direction: .\($0)" } ?? ""))"
        case .styleConflict(let role, let property, let first, let second):
            "styleConflict(.\(role), .\(property), first: \(Self.quoted(first)), second: \(Self.quoted(second)))"
        case .stylerFailed(let styler, let d, let error):
            "stylerFailed(\(Self.quoted(styler)), \(Self.text(d)), error: \(Self.quoted("\(error)")))"
        case .frameLimitReached(let limit): "frameLimitReached(limit: \(limit))"
        case .focusChanged(let role): "focusChanged(\(role.map { ".\($0)" } ?? "nil"))"
        case .panArbitrated(.drawer(let region)): "panArbitrated(.drawer\(region.map { "(region: \($0))" } ?? ""))"
        case .panArbitrated(.scrollRegion(let region)): "panArbitrated(.scrollRegion(\(region)))"
        case .panArbitrated(.nobody(let reason)): "panArbitrated(.nobody(.\(reason)))"
        case .scrolled(let region, let offset): "scrolled(region: \(region), offset: \(offset))"
        case .detentWillChange(let detent): "detentWillChange(detent: \(detent))"
        case .detentDidChange(let detent): "detentDidChange(detent: \(detent))"
        case .tapPassedThrough(let p): "tapPassedThrough(point: \(p))"
        case .announcement(let text): "announcement(text: \(Self.quoted(text)))"
        case .panBegan, .panCancelled, .interactionBegan, .interactionFinished, .interactionCancelled,
            .willHideViewController, .willShowViewController, .willPresentViewController, .willDismissViewController:
            type
        }
    }

    private static func text(_ direction: Direction?) -> String {
        direction.map { ".\($0)" } ?? "nil"
    }

    /// `text` as a Swift string literal.
    private static func quoted(_ text: String) -> String { StringLiteral.quoted(text, controls: .verbatim) }
}
