// The actions a drawer container (MMDrawerController) takes.

/// How `replaceCenter` hides the old pane.
public enum ReplaceMode: String, Sendable, Hashable, CaseIterable {
    /// Swap the pane while the drawer is open, then close (MM's withCloseAnimation).
    case close
    /// Slide the pane fully off-screen, swap, then slide the new pane in (MM's withFullCloseAnimation).
    case fullClose
}

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
    /// A pan sample, a whole pan or a tap, in container coordinates (points).
    case touch(Touch)
    /// An open, close or toggle with its timing (DESIGN §12).
    indirect case timed(DrawerAction, Timing)

    package var name: String {
        switch self {
        case .open: "open"
        case .close: "close"
        case .toggle: "toggle"
        case .bounce: "bounce"
        case .replaceCenter: "replaceCenter"
        case .setMaximumWidth: "setMaximumWidth"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    package var untimed: (action: DrawerAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    /// Open, close, toggle, a pane replacement and a width change jump; the bounce preview does nothing.
    package var withoutAnimation: DrawerAction? {
        switch self {
        case .open(let d, _): .open(d, animated: false)
        case .close: .close(animated: false)
        case .toggle(let d, _): .toggle(d, animated: false)
        case .bounce: nil
        case .replaceCenter(let mode, _): .replaceCenter(mode, animated: false)
        case .setMaximumWidth(let d, let width, _): .setMaximumWidth(d, width: width, animated: false)
        case .touch: self
        case .timed(let inner, _): inner.withoutAnimation
        }
    }

    /// The drawers' sides swap.
    package func mirroredHorizontally() -> DrawerAction {
        switch self {
        case .open(let d, let animated): .open(d.mirroredHorizontally, animated: animated)
        case .toggle(let d, let animated): .toggle(d.mirroredHorizontally, animated: animated)
        case .bounce(let d, let distance): .bounce(d.mirroredHorizontally, distance: distance)
        case .setMaximumWidth(let d, let w, let animated): .setMaximumWidth(d.mirroredHorizontally, width: w, animated: animated)
        case .timed(let inner, let timing): .timed(inner.mirroredHorizontally(), timing)
        case .close, .replaceCenter, .touch: self
        }
    }
}

extension Action {
    /// ``DrawerAction/open(_:animated:)`` as an untyped action.
    package static func open(_ direction: Direction, animated: Bool = true) -> Action {
        Action(DrawerAction.open(direction, animated: animated))
    }
    /// ``DrawerAction/close(animated:)`` as an untyped action.
    package static func close(animated: Bool = true) -> Action { Action(DrawerAction.close(animated: animated)) }
    /// ``DrawerAction/toggle(_:animated:)`` as an untyped action.
    package static func toggle(_ direction: Direction, animated: Bool = true) -> Action {
        Action(DrawerAction.toggle(direction, animated: animated))
    }
    /// ``DrawerAction/bounce(_:distance:)`` as an untyped action.
    package static func bounce(_ direction: Direction, distance: Double? = nil) -> Action {
        Action(DrawerAction.bounce(direction, distance: distance))
    }
    /// ``DrawerAction/replaceCenter(_:animated:)`` as an untyped action.
    package static func replaceCenter(_ mode: ReplaceMode, animated: Bool = true) -> Action {
        Action(DrawerAction.replaceCenter(mode, animated: animated))
    }
    /// ``DrawerAction/setMaximumWidth(_:width:animated:)`` as an untyped action.
    package static func setMaximumWidth(_ direction: Direction, width: Double, animated: Bool = true) -> Action {
        Action(DrawerAction.setMaximumWidth(direction, width: width, animated: animated))
    }
}
