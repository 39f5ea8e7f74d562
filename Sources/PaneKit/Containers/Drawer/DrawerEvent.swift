// What the drawer families (drawer, dynamics, adaptive) report about their drawers: opening, closing, the bounce
// preview and a replaced pane.

/// An event of the drawer families, carried by ``Event/family(_:)``.
public enum DrawerEvent: ContainerEvent, Hashable {
    /// A drawer starts to open (`direction`): an animated open, or a pan released past the threshold.
    ///
    /// Sent by the drawer container (MMDrawerController's `openDrawerSide:animated:completion:` begins the
    /// drawer's appearance transition) and the adaptive container's drawer and sidebar layouts.
    case willOpen(direction: Direction)
    /// A drawer is fully open (`direction`): MMDrawerController's open completion with `finished` YES.
    case didOpen(direction: Direction)
    /// The open drawer starts to close (`direction`, `nil` when no drawer was open), as MMDrawerController's
    /// `closeDrawerAnimated:completion:` begins.
    case willClose(direction: Direction?)
    /// The drawer is fully closed (`direction`, `nil` when no drawer was open): MMDrawerController's close
    /// completion.
    case didClose(direction: Direction?)
    /// A bounce finished: MMDrawerController's `bouncePreviewForDrawerSide:` (with its `direction`) or
    /// MSDynamicsDrawerViewController's `bouncePaneOpen` (no direction) came back to rest.
    case didBounce(direction: Direction?)
    /// The pane was replaced; `generation` counts replacements from 1. MMDrawerController's
    /// `setCenterViewController:withCloseAnimation:` or MSDynamicsDrawerViewController's `setPaneViewController:`
    /// swapped the content.
    case paneReplaced(generation: Int)

    package static let types = ["willOpen", "didOpen", "willClose", "didClose", "didBounce", "paneReplaced"]

    package var type: String {
        switch self {
        case .willOpen: "willOpen"
        case .didOpen: "didOpen"
        case .willClose: "willClose"
        case .didClose: "didClose"
        case .didBounce: "didBounce"
        case .paneReplaced: "paneReplaced"
        }
    }

    package var fields: [Event.Field] {
        switch self {
        case .willOpen(let d), .didOpen(let d): [("direction", d.rawValue)]
        case .willClose(let d), .didClose(let d), .didBounce(let d): d.map { [("direction", $0.rawValue)] } ?? []
        case .paneReplaced(let generation): [("generation", String(generation))]
        }
    }

    public var description: String {
        switch self {
        case .willOpen(let d): "willOpen(\(Event.text(d)))"
        case .didOpen(let d): "didOpen(\(Event.text(d)))"
        case .willClose(let d): "willClose(\(Event.text(d)))"
        case .didClose(let d): "didClose(\(Event.text(d)))"
        case .didBounce(let d): "didBounce(\(Event.text(d)))"
        case .paneReplaced(let generation): "paneReplaced(generation: \(generation))"
        }
    }

    package func mirroredHorizontally(velocityAlongX: Bool) -> DrawerEvent {
        switch self {
        case .willOpen(let d): .willOpen(direction: d.mirroredHorizontally)
        case .didOpen(let d): .didOpen(direction: d.mirroredHorizontally)
        case .willClose(let d): .willClose(direction: d?.mirroredHorizontally)
        case .didClose(let d): .didClose(direction: d?.mirroredHorizontally)
        case .didBounce(let d): .didBounce(direction: d?.mirroredHorizontally)
        case .paneReplaced: self
        }
    }
}

extension Event {
    /// ``DrawerEvent/willOpen(direction:)`` as a frame's event.
    package static func willOpen(direction: Direction) -> Event { .family(DrawerEvent.willOpen(direction: direction)) }
    /// ``DrawerEvent/didOpen(direction:)`` as a frame's event.
    package static func didOpen(direction: Direction) -> Event { .family(DrawerEvent.didOpen(direction: direction)) }
    /// ``DrawerEvent/willClose(direction:)`` as a frame's event.
    package static func willClose(direction: Direction?) -> Event { .family(DrawerEvent.willClose(direction: direction)) }
    /// ``DrawerEvent/didClose(direction:)`` as a frame's event.
    package static func didClose(direction: Direction?) -> Event { .family(DrawerEvent.didClose(direction: direction)) }
    /// ``DrawerEvent/didBounce(direction:)`` as a frame's event.
    package static func didBounce(direction: Direction?) -> Event { .family(DrawerEvent.didBounce(direction: direction)) }
    /// ``DrawerEvent/paneReplaced(generation:)`` as a frame's event.
    package static func paneReplaced(generation: Int) -> Event { .family(DrawerEvent.paneReplaced(generation: generation)) }
}
