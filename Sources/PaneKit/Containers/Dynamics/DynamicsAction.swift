// The actions a dynamics container (MSDynamicsDrawerViewController) takes.

/// A request to a ``DynamicsContainer``: what a ``TypedPaneHost`` of a physics drawer accepts.
public enum DynamicsAction: ContainerAction {
    /// Set the pane's state; a nil direction means the current drawer, or the only one.
    case setPaneState(PaneState, Direction? = nil, animated: Bool = true)
    /// The physics bounce of a closed, resting pane towards a direction's drawer.
    case bounce(Direction)
    /// Replace the pane (sliding it off first when the configuration says so).
    case replacePane(animated: Bool = true)
    /// A pan sample, a whole pan or a tap, in container coordinates (points); a tap closes an open pane when tap
    /// to close is on.
    case touch(Touch)
    /// A `setPaneState` with its timing (DESIGN §12).
    indirect case timed(DynamicsAction, Timing)

    package var name: String {
        switch self {
        case .setPaneState: "setPaneState"
        case .bounce: "bounce"
        case .replacePane: "replacePane"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    package var untimed: (action: DynamicsAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    /// A state change and a replacement jump; the bounce does nothing.
    package var withoutAnimation: DynamicsAction? {
        switch self {
        case .setPaneState(let state, let d, _): .setPaneState(state, d, animated: false)
        case .bounce: nil
        case .replacePane: .replacePane(animated: false)
        case .touch: self
        case .timed(let inner, _): inner.withoutAnimation
        }
    }

    /// The drawers' sides swap.
    package func mirroredHorizontally() -> DynamicsAction {
        switch self {
        case .setPaneState(let state, let d, let animated): .setPaneState(state, d?.mirroredHorizontally, animated: animated)
        case .bounce(let d): .bounce(d.mirroredHorizontally)
        case .timed(let inner, let timing): .timed(inner.mirroredHorizontally(), timing)
        case .replacePane, .touch: self
        }
    }

    /// The same request, a touch, or the drawer's `bounce` (the physics bounce of the same drawer).
    package init?(converting action: Action) {
        if let same = action.as(DynamicsAction.self) {
            self = same
        } else if let touch = action.touch {
            self = .touch(touch)
        } else if case .bounce(let d, _)? = action.as(DrawerAction.self) {
            self = .bounce(d)
        } else {
            return nil
        }
    }
}

extension Action {
    /// ``DynamicsAction/setPaneState(_:_:animated:)`` as an untyped action.
    package static func setPaneState(_ state: PaneState, _ direction: Direction? = nil, animated: Bool = true) -> Action {
        Action(DynamicsAction.setPaneState(state, direction, animated: animated))
    }
    /// ``DynamicsAction/replacePane(animated:)`` as an untyped action.
    package static func replacePane(animated: Bool = true) -> Action { Action(DynamicsAction.replacePane(animated: animated)) }
}
