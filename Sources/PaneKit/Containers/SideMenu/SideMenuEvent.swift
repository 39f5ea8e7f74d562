// What a side menu (SideNavigation) reports: its present and dismiss transitions and their interactive parts.

/// An event of the side menu container, carried by ``Event/family(_:)``.
public enum SideMenuEvent: ContainerEvent, Hashable {
    /// The menu starts to present from `direction`: SideNavigation's `willPresent`.
    case willPresent(direction: Direction)
    /// The present transition ended: SideNavigation's `didPresent`. `completed` is false when a pan cancelled a
    /// dismiss and the menu went back to presented; `direction` is the menu's side.
    case didPresent(direction: Direction?, completed: Bool)
    /// The menu starts to dismiss towards `direction`: SideNavigation's `willDismiss`.
    case willDismiss(direction: Direction)
    /// The dismiss transition ended: SideNavigation's `didDismiss`. `completed` is false when a pan cancelled a
    /// present and the menu went back to hidden.
    case didDismiss(direction: Direction?, completed: Bool)
    /// A percent-driven interactive transition began (SideNavigation's interactive transition began).
    case interactionBegan
    /// The interactive transition finished: the menu goes on to the end it was heading for.
    case interactionFinished
    /// The interactive transition was cancelled: the menu goes back to where it started.
    case interactionCancelled

    package static let types = [
        "willPresent", "didPresent", "willDismiss", "didDismiss", "interactionBegan", "interactionFinished", "interactionCancelled",
    ]

    package var type: String {
        switch self {
        case .willPresent: "willPresent"
        case .didPresent: "didPresent"
        case .willDismiss: "willDismiss"
        case .didDismiss: "didDismiss"
        case .interactionBegan: "interactionBegan"
        case .interactionFinished: "interactionFinished"
        case .interactionCancelled: "interactionCancelled"
        }
    }

    /// `direction`, then `completed` only when it is false.
    package var fields: [Event.Field] {
        switch self {
        case .willPresent(let d), .willDismiss(let d): return [("direction", d.rawValue)]
        case .didPresent(let d, let completed), .didDismiss(let d, let completed):
            var out: [Event.Field] = d.map { [("direction", $0.rawValue)] } ?? []
            if !completed { out.append(("completed", "false")) }
            return out
        case .interactionBegan, .interactionFinished, .interactionCancelled: return []
        }
    }

    public var description: String {
        switch self {
        case .willPresent(let d): "willPresent(\(Event.text(d)))"
        case .didPresent(let d, let completed): "didPresent(\(Event.text(d))\(completed ? "" : ", completed: false"))"
        case .willDismiss(let d): "willDismiss(\(Event.text(d)))"
        case .didDismiss(let d, let completed): "didDismiss(\(Event.text(d))\(completed ? "" : ", completed: false"))"
        case .interactionBegan, .interactionFinished, .interactionCancelled: type
        }
    }

    package func mirroredHorizontally(velocityAlongX: Bool) -> SideMenuEvent {
        switch self {
        case .willPresent(let d): .willPresent(direction: d.mirroredHorizontally)
        case .didPresent(let d, let completed): .didPresent(direction: d?.mirroredHorizontally, completed: completed)
        case .willDismiss(let d): .willDismiss(direction: d.mirroredHorizontally)
        case .didDismiss(let d, let completed): .didDismiss(direction: d?.mirroredHorizontally, completed: completed)
        case .interactionBegan, .interactionFinished, .interactionCancelled: self
        }
    }
}

extension Event {
    /// ``SideMenuEvent/willPresent(direction:)`` as a frame's event.
    package static func willPresent(direction: Direction) -> Event { .family(SideMenuEvent.willPresent(direction: direction)) }
    /// ``SideMenuEvent/didPresent(direction:completed:)`` as a frame's event.
    package static func didPresent(direction: Direction?, completed: Bool) -> Event {
        .family(SideMenuEvent.didPresent(direction: direction, completed: completed))
    }
    /// ``SideMenuEvent/willDismiss(direction:)`` as a frame's event.
    package static func willDismiss(direction: Direction) -> Event { .family(SideMenuEvent.willDismiss(direction: direction)) }
    /// ``SideMenuEvent/didDismiss(direction:completed:)`` as a frame's event.
    package static func didDismiss(direction: Direction?, completed: Bool) -> Event {
        .family(SideMenuEvent.didDismiss(direction: direction, completed: completed))
    }
    /// ``SideMenuEvent/interactionBegan`` as a frame's event.
    package static var interactionBegan: Event { .family(SideMenuEvent.interactionBegan) }
    /// ``SideMenuEvent/interactionFinished`` as a frame's event.
    package static var interactionFinished: Event { .family(SideMenuEvent.interactionFinished) }
    /// ``SideMenuEvent/interactionCancelled`` as a frame's event.
    package static var interactionCancelled: Event { .family(SideMenuEvent.interactionCancelled) }
}
