// An event as it reads in Swift: `willOpen(.left)`, `panEnded(velocity: -1000.0)`, not a tuple dump.

extension Event: CustomStringConvertible {
    /// The event as Swift source would write it: the case, then its details (`willOpen(.left)`,
    /// `panEnded(velocity: -1000.0)`, `actionIgnored(.open, reason: "a drawer animation is running")`); a case
    /// without details is its name alone (`panBegan`). `fields` gives the JSON text instead.
    public var description: String {
        switch self {
        case .caught(let d): "caught(\(Self.text(d)))"
        case .panEnded(.pointsPerSecond(let v)): "panEnded(velocity: \(v))"
        case .panEnded(.pointsPerEvent(let v)): "panEnded(perEvent: \(v))"
        case .actionIgnored(let action, let reason, let d):
            "actionIgnored(.\(action), reason: \(Self.quoted(reason))\(d.map { ", direction: .\($0)" } ?? ""))"
        case .styleConflict(let role, let property, let first, let second):
            "styleConflict(\(Self.quoted(role.rawValue)), .\(property), first: \(Self.quoted(first)), second: \(Self.quoted(second)))"
        case .stylerFailed(let styler, let group, let error):
            "stylerFailed(\(Self.quoted(styler)), .\(group), error: \(Self.quoted("\(error)")))"
        case .frameLimitReached(let limit): "frameLimitReached(limit: \(limit))"
        case .focusChanged(let role): "focusChanged(\(role.map { Self.quoted($0.rawValue) } ?? "nil"))"
        case .panArbitrated(.drawer(let region)): "panArbitrated(.drawer\(region.map { "(region: \($0))" } ?? ""))"
        case .panArbitrated(.scrollRegion(let region)): "panArbitrated(.scrollRegion(\(region)))"
        case .panArbitrated(.nobody(let reason)): "panArbitrated(.nobody(.\(reason)))"
        case .scrolled(let region, let offset): "scrolled(region: \(region), offset: \(offset))"
        case .announcement(let text): "announcement(text: \(Self.quoted(text)))"
        case .family(let event): event.description
        case .panBegan, .panCancelled: type
        }
    }

    /// `.left`, or `nil`: a direction as Swift source writes it (family events' descriptions use it too).
    package static func text(_ direction: Direction?) -> String {
        direction.map { ".\($0)" } ?? "nil"
    }

    /// `text` as a Swift string literal.
    package static func quoted(_ text: String) -> String { StringLiteral.quoted(text, controls: .verbatim) }
}
