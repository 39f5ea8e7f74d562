// The actions a side menu container (SideNavigation) takes.

/// A request to a ``SideMenuContainer``: what a ``TypedPaneHost`` of a side menu accepts.
public enum SideMenuAction: ContainerAction {
    /// Present a menu; nil picks the only one.
    case present(Direction? = nil, animated: Bool = true)
    /// Dismiss the presented menu.
    case dismiss(animated: Bool = true)
    /// A pan sample (percent-driven present or dismiss), a whole pan or a tap, in container coordinates (points);
    /// a tap on the scrim dismisses the menu.
    case touch(Touch)
    /// A `present` or `dismiss` with its timing (DESIGN §12).
    indirect case timed(SideMenuAction, Timing)

    package var name: String {
        switch self {
        case .present: "present"
        case .dismiss: "dismiss"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    package var untimed: (action: SideMenuAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    /// Present and dismiss jump.
    package var withoutAnimation: SideMenuAction? {
        switch self {
        case .present(let d, _): .present(d, animated: false)
        case .dismiss: .dismiss(animated: false)
        case .touch: self
        case .timed(let inner, _): inner.withoutAnimation
        }
    }

    /// The menus' sides swap.
    package func mirroredHorizontally() -> SideMenuAction {
        switch self {
        case .present(let d, let animated): .present(d?.mirroredHorizontally, animated: animated)
        case .timed(let inner, let timing): .timed(inner.mirroredHorizontally(), timing)
        case .dismiss, .touch: self
        }
    }
}

extension Action {
    /// ``SideMenuAction/present(_:animated:)`` as an untyped action.
    package static func present(_ direction: Direction? = nil, animated: Bool = true) -> Action {
        Action(SideMenuAction.present(direction, animated: animated))
    }
    /// ``SideMenuAction/dismiss(animated:)`` as an untyped action.
    package static func dismiss(animated: Bool = true) -> Action { Action(SideMenuAction.dismiss(animated: animated)) }
}
