// The actions a drawer container (MMDrawerController) takes.

/// A request to a ``DrawerContainer``: what a ``TypedPaneHost`` of a drawer accepts.
public enum DrawerAction: ContainerAction {
    /// Open the drawer of a direction; with `animated: false` it is open on the next frame.
    case open(Direction, animated: Bool = true)
    /// Close whichever drawer is open.
    case close(animated: Bool = true)
    /// Open the drawer of a direction if the container is closed, close it otherwise.
    case toggle(Direction, animated: Bool = true)
    /// MM's bounce preview; `distance` in points defaults to the container's (50 pt).
    case bounce(Direction, distance: Double? = nil)
    /// Replace the pane, hiding the old one as `ReplaceMode` says (MM's setCenterViewController).
    case replaceCenter(ReplaceMode, animated: Bool = true)
    /// Change a drawer's maximum width in points, animating an open drawer to it.
    case setMaximumWidth(Direction, width: Double, animated: Bool = true)
    /// One sample of a one-finger pan, in container coordinates (points).
    case pan(TouchPhase, Point)
    /// A whole pan, delivered sample by sample at the samples' own times.
    case gesture(TouchPath)
    /// A single tap, in container coordinates (points).
    case tap(Point)
    /// An open, close or toggle with its timing (DESIGN §12).
    indirect case timed(DrawerAction, Timing)

    /// The untyped ``Action`` with the same name and arguments.
    public var action: Action {
        switch self {
        case .open(let d, let animated): .open(d, animated: animated)
        case .close(let animated): .close(animated: animated)
        case .toggle(let d, let animated): .toggle(d, animated: animated)
        case .bounce(let d, let distance): .bounce(d, distance: distance)
        case .replaceCenter(let mode, let animated): .replaceCenter(mode, animated: animated)
        case .setMaximumWidth(let d, let width, let animated): .setMaximumWidth(d, width: width, animated: animated)
        case .pan(let phase, let point): .pan(phase, point)
        case .gesture(let path): .gesture(path)
        case .tap(let point): .tap(point)
        case .timed(let inner, let timing): .timed(inner.action, timing)
        }
    }
}

extension DrawerContainer: TypedContainer {
    /// ``DrawerAction``: open, close, toggle, bounce, replaceCenter, setMaximumWidth and the touch actions.
    public typealias TypedAction = DrawerAction
}
