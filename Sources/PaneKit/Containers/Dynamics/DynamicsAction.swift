// The actions a dynamics container (MSDynamicsDrawerViewController) takes.

/// A request to a ``DynamicsContainer``: what a ``TypedPaneHost`` of a physics drawer accepts.
public enum DynamicsAction: ContainerAction {
    /// Set the pane's state; a nil direction means the current drawer, or the only one.
    case setPaneState(PaneState, Direction? = nil, animated: Bool = true)
    /// The physics bounce of a closed, resting pane towards a direction's drawer.
    case bounce(Direction)
    /// Replace the pane (sliding it off first when the configuration says so).
    case replacePane(animated: Bool = true)
    /// One sample of a one-finger pan, in container coordinates (points).
    case pan(TouchPhase, Point)
    /// A whole pan, delivered sample by sample at the samples' own times.
    case gesture(TouchPath)
    /// A single tap, in container coordinates (points); it closes an open pane when tap to close is on.
    case tap(Point)
    /// A `setPaneState` with its timing (DESIGN §12).
    indirect case timed(DynamicsAction, Timing)

    /// The untyped ``Action`` with the same name and arguments.
    public var action: Action {
        switch self {
        case .setPaneState(let state, let d, let animated): .setPaneState(state, d, animated: animated)
        case .bounce(let d): .bounce(d)
        case .replacePane(let animated): .replacePane(animated: animated)
        case .pan(let phase, let point): .pan(phase, point)
        case .gesture(let path): .gesture(path)
        case .tap(let point): .tap(point)
        case .timed(let inner, let timing): .timed(inner.action, timing)
        }
    }
}

extension DynamicsContainer: TypedContainer {
    /// ``DynamicsAction``: setPaneState, bounce, replacePane and the touch actions.
    public typealias TypedAction = DynamicsAction
}
