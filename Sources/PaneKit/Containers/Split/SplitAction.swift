// The actions a split container (MGSplitViewController) takes.

/// A request to a ``SplitContainer``: what a ``TypedPaneHost`` of a split view accepts.
public enum SplitAction: ContainerAction {
    /// Move the divider to a position in points (accepted only inside the allowed range).
    case setSplitPosition(Double, animated: Bool = true)
    /// Set the divider's width in points.
    case setSplitWidth(Double)
    /// Switch between the thin divider and the pane splitter.
    case setDividerStyle(DividerStyle, animated: Bool = true)
    /// Swap the vertical split (side by side) and the horizontal one (stacked).
    case toggleOrientation
    /// Put the master on the other side of the detail.
    case toggleMasterBeforeDetail
    /// Show the master if the current orientation hides it, hide it otherwise.
    case toggleMaster
    /// Rotate the device to an orientation (swapping the container's width and height).
    case rotate(Orientation)
    /// Show the hidden master as a popover.
    case showMasterPopover
    /// Hide the master's popover.
    case hideMasterPopover
    /// One sample of a one-finger pan (a divider drag), in container coordinates (points).
    case pan(TouchPhase, Point)
    /// A whole pan, delivered sample by sample at the samples' own times.
    case gesture(TouchPath)
    /// A single tap, in container coordinates (points); outside a shown popover it dismisses it.
    case tap(Point)
    /// A `setSplitPosition` or `toggleMaster` with its timing (DESIGN §12).
    indirect case timed(SplitAction, Timing)

    /// The untyped ``Action`` with the same name and arguments.
    public var action: Action {
        switch self {
        case .setSplitPosition(let position, let animated): .setSplitPosition(position, animated: animated)
        case .setSplitWidth(let width): .setSplitWidth(width)
        case .setDividerStyle(let style, let animated): .setDividerStyle(style, animated: animated)
        case .toggleOrientation: .toggleOrientation
        case .toggleMasterBeforeDetail: .toggleMasterBeforeDetail
        case .toggleMaster: .toggleMaster
        case .rotate(let orientation): .rotate(orientation)
        case .showMasterPopover: .showMasterPopover
        case .hideMasterPopover: .hideMasterPopover
        case .pan(let phase, let point): .pan(phase, point)
        case .gesture(let path): .gesture(path)
        case .tap(let point): .tap(point)
        case .timed(let inner, let timing): .timed(inner.action, timing)
        }
    }
}

extension SplitContainer: TypedContainer {
    /// ``SplitAction``: the divider, orientation, master and popover actions and the touch actions.
    public typealias TypedAction = SplitAction
}
