// The actions an adaptive container (a drawer, a pinned sidebar or a split view by width) takes.

/// A request to an ``AdaptiveContainer``: what a ``TypedPaneHost`` of an adaptive container accepts. The drawer
/// actions apply in the drawer layout (open, close and toggle also in the sidebar layout), the divider actions in
/// the split layout; in another layout the container reports an `actionIgnored` event saying why.
public enum AdaptiveAction: ContainerAction {
    /// Take a new size (a window resize), animating to the layout of its width.
    case resize(Size, animated: Bool = true)
    /// Rotate the device to an orientation (swapping the container's width and height).
    case rotate(Orientation)
    /// Open the drawer of a direction (drawer and sidebar layouts).
    case open(Direction, animated: Bool = true)
    /// Close the open drawer (drawer and sidebar layouts).
    case close(animated: Bool = true)
    /// Open the drawer if it is closed, close it otherwise (drawer and sidebar layouts).
    case toggle(Direction, animated: Bool = true)
    /// The bounce preview (drawer layout); `distance` in points defaults to the drawer's (50 pt).
    case bounce(Direction, distance: Double? = nil)
    /// Move the divider to a position in points (split layout).
    case setSplitPosition(Double, animated: Bool = true)
    /// Switch between the thin divider and the pane splitter (split layout).
    case setDividerStyle(DividerStyle, animated: Bool = true)
    /// One sample of a one-finger pan, in container coordinates (points).
    case pan(TouchPhase, Point)
    /// A whole pan, delivered sample by sample at the samples' own times.
    case gesture(TouchPath)
    /// A single tap, in container coordinates (points).
    case tap(Point)
    /// An action with its timing (DESIGN §12).
    indirect case timed(AdaptiveAction, Timing)

    /// The untyped ``Action`` with the same name and arguments.
    public var action: Action {
        switch self {
        case .resize(let size, let animated): .resize(size, animated: animated)
        case .rotate(let orientation): .rotate(orientation)
        case .open(let d, let animated): .open(d, animated: animated)
        case .close(let animated): .close(animated: animated)
        case .toggle(let d, let animated): .toggle(d, animated: animated)
        case .bounce(let d, let distance): .bounce(d, distance: distance)
        case .setSplitPosition(let position, let animated): .setSplitPosition(position, animated: animated)
        case .setDividerStyle(let style, let animated): .setDividerStyle(style, animated: animated)
        case .pan(let phase, let point): .pan(phase, point)
        case .gesture(let path): .gesture(path)
        case .tap(let point): .tap(point)
        case .timed(let inner, let timing): .timed(inner.action, timing)
        }
    }
}

extension AdaptiveContainer: TypedContainer {
    /// ``AdaptiveAction``: resize, rotate, the drawer's open/close/toggle/bounce, the split's divider actions and
    /// the touch actions.
    public typealias TypedAction = AdaptiveAction
}
