// What a navigation stack takes (actions) and reports (events), DESIGN §14.

/// A request to a navigation stack (`"type": "navigation"`).
public enum NavigationAction: ContainerAction {
    /// Push the screen `screen` (its name) with `preset` (nil: the behavior's), as a modal presentation when
    /// `modal` (the behavior's modal preset when `preset` is nil).
    case push(String, preset: String? = nil, modal: Bool = false, animated: Bool = true)
    /// Pop the top screen.
    case pop(animated: Bool = true)
    /// Predictive back: the system's progress over time from the swipe's `edge` (left or right), then the back
    /// commits or is cancelled.
    case back(BackGesture, edge: Direction = .left)
    /// A pan sample or a tap, in container coordinates.
    case touch(Touch)
    /// An action with its timing: a push or pop moves along it instead of the preset's.
    indirect case timed(NavigationAction, Timing)

    /// The scenario name of the action.
    package var name: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .back: "back"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    package var untimed: (action: NavigationAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    package var withoutAnimation: NavigationAction? {
        switch self {
        case .push(let screen, let preset, let modal, _): .push(screen, preset: preset, modal: modal, animated: false)
        case .pop: .pop(animated: false)
        case .timed(let inner, _): inner.withoutAnimation
        case .back, .touch: self
        }
    }

    /// The action in the mirror image: a predictive back's edge swaps sides.
    package func mirroredHorizontally() -> NavigationAction {
        switch self {
        case .back(let gesture, let edge): .back(gesture, edge: edge.mirroredHorizontally)
        case .timed(let inner, let timing): .timed(inner.mirroredHorizontally(), timing)
        default: self
        }
    }
}

/// What happened to a navigation stack on a frame, carried by ``Event/family(_:)``.
public enum NavigationEvent: ContainerEvent, Hashable {
    /// A push of `screen` starts.
    case willPush(screen: String)
    /// The pushed `screen` came to rest on top.
    case didPush(screen: String)
    /// `screen` starts leaving: a pop, or the back gesture taking it.
    case willPop(screen: String)
    /// `screen` left the stack (its animation ended).
    case didPop(screen: String)
    /// The back gesture let `screen` go back in place.
    case popCancelled(screen: String)

    package static let types = ["willPush", "didPush", "willPop", "didPop", "popCancelled"]

    package var type: String {
        switch self {
        case .willPush: "willPush"
        case .didPush: "didPush"
        case .willPop: "willPop"
        case .didPop: "didPop"
        case .popCancelled: "popCancelled"
        }
    }

    /// The screen it concerns.
    public var screen: String {
        switch self {
        case .willPush(let s), .didPush(let s), .willPop(let s), .didPop(let s), .popCancelled(let s): s
        }
    }

    package var fields: [Event.Field] { [("screen", screen)] }

    public var description: String { "\(type)(screen: \(screen))" }
}
