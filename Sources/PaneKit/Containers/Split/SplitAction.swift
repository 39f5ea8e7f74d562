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
    /// A pan sample (a divider drag), a whole pan or a tap, in container coordinates (points); a tap outside a
    /// shown popover dismisses it.
    case touch(Touch)
    /// A `setSplitPosition` or `toggleMaster` with its timing (DESIGN §12).
    indirect case timed(SplitAction, Timing)

    package var name: String {
        switch self {
        case .setSplitPosition: "setSplitPosition"
        case .setSplitWidth: "setSplitWidth"
        case .setDividerStyle: "setDividerStyle"
        case .toggleOrientation: "toggleOrientation"
        case .toggleMasterBeforeDetail: "toggleMasterBeforeDetail"
        case .toggleMaster: "toggleMaster"
        case .rotate: "rotate"
        case .showMasterPopover: "showMasterPopover"
        case .hideMasterPopover: "hideMasterPopover"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    package var untimed: (action: SplitAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    /// A position or divider change jumps; the rest as they are.
    package var withoutAnimation: SplitAction? {
        switch self {
        case .setSplitPosition(let position, _): .setSplitPosition(position, animated: false)
        case .setDividerStyle(let style, _): .setDividerStyle(style, animated: false)
        case .timed(let inner, _): inner.withoutAnimation
        default: self
        }
    }

    /// The request itself: the split's sides follow its configuration's `masterBeforeDetail`, which a mirror
    /// image swaps.
    package func mirroredHorizontally() -> SplitAction { self }
}

extension Action {
    /// ``SplitAction/setSplitPosition(_:animated:)`` as an untyped action.
    package static func setSplitPosition(_ position: Double, animated: Bool = true) -> Action {
        Action(SplitAction.setSplitPosition(position, animated: animated))
    }
    /// ``SplitAction/setSplitWidth(_:)`` as an untyped action.
    package static func setSplitWidth(_ width: Double) -> Action { Action(SplitAction.setSplitWidth(width)) }
    /// ``SplitAction/setDividerStyle(_:animated:)`` as an untyped action.
    package static func setDividerStyle(_ style: DividerStyle, animated: Bool = true) -> Action {
        Action(SplitAction.setDividerStyle(style, animated: animated))
    }
    /// ``SplitAction/toggleOrientation`` as an untyped action.
    package static var toggleOrientation: Action { Action(SplitAction.toggleOrientation) }
    /// ``SplitAction/toggleMasterBeforeDetail`` as an untyped action.
    package static var toggleMasterBeforeDetail: Action { Action(SplitAction.toggleMasterBeforeDetail) }
    /// ``SplitAction/toggleMaster`` as an untyped action.
    package static var toggleMaster: Action { Action(SplitAction.toggleMaster) }
    /// ``SplitAction/rotate(_:)`` as an untyped action.
    package static func rotate(_ orientation: Orientation) -> Action { Action(SplitAction.rotate(orientation)) }
    /// ``SplitAction/showMasterPopover`` as an untyped action.
    package static var showMasterPopover: Action { Action(SplitAction.showMasterPopover) }
    /// ``SplitAction/hideMasterPopover`` as an untyped action.
    package static var hideMasterPopover: Action { Action(SplitAction.hideMasterPopover) }
}
