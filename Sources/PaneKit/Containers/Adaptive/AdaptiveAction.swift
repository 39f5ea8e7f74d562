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
    /// A pan sample, a whole pan or a tap, in container coordinates (points).
    case touch(Touch)
    /// An action with its timing (DESIGN §12).
    indirect case timed(AdaptiveAction, Timing)

    package var name: String {
        switch self {
        case .resize: "resize"
        case .rotate: "rotate"
        case .open: "open"
        case .close: "close"
        case .toggle: "toggle"
        case .bounce: "bounce"
        case .setSplitPosition: "setSplitPosition"
        case .setDividerStyle: "setDividerStyle"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    package var untimed: (action: AdaptiveAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    /// What the drawer's and the split's own actions do under reduced motion; a resize jumps.
    package var withoutAnimation: AdaptiveAction? {
        switch self {
        case .resize(let size, _): .resize(size, animated: false)
        case .open(let d, _): .open(d, animated: false)
        case .close: .close(animated: false)
        case .toggle(let d, _): .toggle(d, animated: false)
        case .bounce: nil
        case .setSplitPosition(let position, _): .setSplitPosition(position, animated: false)
        case .setDividerStyle(let style, _): .setDividerStyle(style, animated: false)
        case .rotate, .touch: self
        case .timed(let inner, _): inner.withoutAnimation
        }
    }

    /// The drawer's sides swap.
    package func mirroredHorizontally() -> AdaptiveAction {
        switch self {
        case .open(let d, let animated): .open(d.mirroredHorizontally, animated: animated)
        case .toggle(let d, let animated): .toggle(d.mirroredHorizontally, animated: animated)
        case .bounce(let d, let distance): .bounce(d.mirroredHorizontally, distance: distance)
        case .timed(let inner, let timing): .timed(inner.mirroredHorizontally(), timing)
        default: self
        }
    }

    /// The same request, a touch, or the drawer's and the split's actions the adaptive container takes (its models
    /// are a drawer and a split view).
    package init?(converting action: Action) {
        if let same = action.as(AdaptiveAction.self) {
            self = same
        } else if let touch = action.touch {
            self = .touch(touch)
        } else if let drawer = action.as(DrawerAction.self), let converted = Self(drawer) {
            self = converted
        } else if let split = action.as(SplitAction.self), let converted = Self(split) {
            self = converted
        } else {
            return nil
        }
    }

    private init?(_ drawer: DrawerAction) {
        switch drawer {
        case .open(let d, let animated): self = .open(d, animated: animated)
        case .close(let animated): self = .close(animated: animated)
        case .toggle(let d, let animated): self = .toggle(d, animated: animated)
        case .bounce(let d, let distance): self = .bounce(d, distance: distance)
        case .touch(let touch): self = .touch(touch)
        case .timed(let inner, let timing): guard let inner = Self(inner) else { return nil }; self = .timed(inner, timing)
        case .replaceCenter, .setMaximumWidth: return nil
        }
    }

    private init?(_ split: SplitAction) {
        switch split {
        case .setSplitPosition(let position, let animated): self = .setSplitPosition(position, animated: animated)
        case .setDividerStyle(let style, let animated): self = .setDividerStyle(style, animated: animated)
        case .rotate(let orientation): self = .rotate(orientation)
        case .touch(let touch): self = .touch(touch)
        case .timed(let inner, let timing): guard let inner = Self(inner) else { return nil }; self = .timed(inner, timing)
        default: return nil
        }
    }

    /// The drawer model's request for this one (open, close, toggle, bounce and touches), if it has one.
    var drawerAction: DrawerAction? {
        switch self {
        case .open(let d, let animated): .open(d, animated: animated)
        case .close(let animated): .close(animated: animated)
        case .toggle(let d, let animated): .toggle(d, animated: animated)
        case .bounce(let d, let distance): .bounce(d, distance: distance)
        case .touch(let touch): .touch(touch)
        case .timed(let inner, let timing): inner.drawerAction.map { .timed($0, timing) }
        default: nil
        }
    }

    /// The split model's request for this one (the divider actions and touches), if it has one.
    var splitAction: SplitAction? {
        switch self {
        case .setSplitPosition(let position, let animated): .setSplitPosition(position, animated: animated)
        case .setDividerStyle(let style, let animated): .setDividerStyle(style, animated: animated)
        case .touch(let touch): .touch(touch)
        case .timed(let inner, let timing): inner.splitAction.map { .timed($0, timing) }
        default: nil
        }
    }
}

extension Action {
    /// ``AdaptiveAction/resize(_:animated:)`` as an untyped action.
    package static func resize(_ size: Size, animated: Bool = true) -> Action { Action(AdaptiveAction.resize(size, animated: animated)) }
}
