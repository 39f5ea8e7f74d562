// The actions a side menu container (SideNavigation) takes.

/// A request to a ``SideMenuContainer``: what a ``TypedPaneHost`` of a side menu accepts.
public enum SideMenuAction: ContainerAction {
    /// Present a menu; nil picks the only one.
    case present(Direction? = nil, animated: Bool = true)
    /// Dismiss the presented menu.
    case dismiss(animated: Bool = true)
    /// One sample of a one-finger pan (percent-driven present or dismiss), in container coordinates (points).
    case pan(TouchPhase, Point)
    /// A whole pan, delivered sample by sample at the samples' own times.
    case gesture(TouchPath)
    /// A single tap, in container coordinates (points); on the scrim it dismisses the menu.
    case tap(Point)
    /// A `present` or `dismiss` with its timing (DESIGN §12).
    indirect case timed(SideMenuAction, Timing)

    /// The untyped ``Action`` with the same name and arguments.
    public var action: Action {
        switch self {
        case .present(let d, let animated): .present(d, animated: animated)
        case .dismiss(let animated): .dismiss(animated: animated)
        case .pan(let phase, let point): .pan(phase, point)
        case .gesture(let path): .gesture(path)
        case .tap(let point): .tap(point)
        case .timed(let inner, let timing): .timed(inner.action, timing)
        }
    }
}

extension SideMenuContainer: TypedContainer {
    /// ``SideMenuAction``: present, dismiss and the touch actions.
    public typealias TypedAction = SideMenuAction
}
