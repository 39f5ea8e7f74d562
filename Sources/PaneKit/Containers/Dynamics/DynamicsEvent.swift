// What the dynamics container (MSDynamicsDrawerViewController) reports: its delegate's pane-state callbacks.

/// An event of the dynamics container, carried by ``Event/family(_:)``.
public enum DynamicsEvent: ContainerEvent, Hashable {
    /// The pane is about to move to `state` for `direction`: the delegate's
    /// `dynamicsDrawerViewController:mayUpdateToPaneState:forDirection:`.
    case mayUpdatePaneState(state: PaneState, direction: Direction)
    /// The pane came to rest in `state` (`direction` is `nil` once closed): the delegate's
    /// `dynamicsDrawerViewController:didUpdateToPaneState:forDirection:`.
    case didUpdatePaneState(state: PaneState, direction: Direction?)

    package static let types = ["mayUpdatePaneState", "didUpdatePaneState"]

    package var type: String {
        switch self {
        case .mayUpdatePaneState: "mayUpdatePaneState"
        case .didUpdatePaneState: "didUpdatePaneState"
        }
    }

    package var fields: [Event.Field] {
        switch self {
        case .mayUpdatePaneState(let state, let d): [("state", state.rawValue), ("direction", d.rawValue)]
        case .didUpdatePaneState(let state, let d): [("state", state.rawValue)] + (d.map { [("direction", $0.rawValue)] } ?? [])
        }
    }

    public var description: String {
        switch self {
        case .mayUpdatePaneState(let state, let d): "mayUpdatePaneState(.\(state), \(Event.text(d)))"
        case .didUpdatePaneState(let state, let d): "didUpdatePaneState(.\(state), \(Event.text(d)))"
        }
    }

    package func mirroredHorizontally(velocityAlongX: Bool) -> DynamicsEvent {
        switch self {
        case .mayUpdatePaneState(let state, let d): .mayUpdatePaneState(state: state, direction: d.mirroredHorizontally)
        case .didUpdatePaneState(let state, let d): .didUpdatePaneState(state: state, direction: d?.mirroredHorizontally)
        }
    }
}

extension Event {
    /// ``DynamicsEvent/mayUpdatePaneState(state:direction:)`` as a frame's event.
    package static func mayUpdatePaneState(state: PaneState, direction: Direction) -> Event {
        .family(DynamicsEvent.mayUpdatePaneState(state: state, direction: direction))
    }
    /// ``DynamicsEvent/didUpdatePaneState(state:direction:)`` as a frame's event.
    package static func didUpdatePaneState(state: PaneState, direction: Direction?) -> Event {
        .family(DynamicsEvent.didUpdatePaneState(state: state, direction: direction))
    }
}
