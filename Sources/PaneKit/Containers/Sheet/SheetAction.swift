// What a sheet takes (actions) and reports (events).

/// A request to a ``SheetContainer`` (DESIGN §13's sheet actions).
public enum SheetAction: ContainerAction {
    /// Move to the detent `name` (`hidden` included); with `animated: false` it is there on the next frame; a
    /// `timing` replaces the behavior's settle.
    case setDetent(String, animated: Bool = true, timing: Timing? = nil)
    /// Show a hidden sheet at `detent` (nil: its initial detent).
    case present(String? = nil, animated: Bool = true)
    /// Hide the sheet.
    case dismiss(animated: Bool = true)
    /// Change the content height; a content-sized detent (and material's and Compose's offsets) moves with it.
    case setContentHeight(Double, animated: Bool = true)
    /// Android's predictive back (material and compose): the sheet shrinks with the gesture's progress, then
    /// comes back (cancelled) or goes where the platform's back goes (committed).
    case back(BackGesture)
    /// The on-screen keyboard rises to `height` points (0 hides it) over `duration` seconds along `timing`; nil
    /// takes the platform's keyboard animation (`SheetKeyboard`).
    case keyboard(height: Double, duration: Double? = nil, timing: Timing? = nil)
    /// A pan sample or a tap, in container coordinates (a whole pan is delivered by the host, sample by sample).
    case touch(Touch)
    /// An action with its timing (a ``TypedPaneHost``'s `.timed`): `setDetent` and `keyboard` move along it, the
    /// others take no timing.
    indirect case timed(SheetAction, Timing)

    /// The scenario name of the action.
    package var name: String {
        switch self {
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        case .setDetent: "setDetent"
        case .present: "present"
        case .dismiss: "dismiss"
        case .setContentHeight: "setContentHeight"
        case .back: "back"
        case .keyboard: "keyboard"
        }
    }

    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    /// The action without its timing: `setDetent` and `keyboard` carry theirs inside and keep it.
    package var untimed: (action: SheetAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    package var withoutAnimation: SheetAction? {
        switch self {
        case .setDetent(let name, _, _): .setDetent(name, animated: false)
        case .present(let name, _): .present(name, animated: false)
        case .dismiss: .dismiss(animated: false)
        case .setContentHeight(let height, _): .setContentHeight(height, animated: false)
        case .timed(let inner, _): inner.withoutAnimation
        case .back, .keyboard, .touch: self
        }
    }

    /// The action itself: a sheet moves vertically, so a mirror image leaves it as it is.
    package func mirroredHorizontally() -> SheetAction { self }

    /// This action with `timing` in place of the one it carries (`setDetent`, `keyboard`); the others as they are.
    func withTiming(_ timing: Timing) -> SheetAction {
        switch self {
        case .setDetent(let name, let animated, _): .setDetent(name, animated: animated, timing: timing)
        case .keyboard(let height, let duration, _): .keyboard(height: height, duration: duration, timing: timing)
        case .timed(let inner, _): inner.withTiming(timing)
        default: self
        }
    }
}

/// What happened to a sheet on a frame, carried by ``Event/family(_:)``.
public enum SheetEvent: ContainerEvent, Hashable {
    /// The sheet starts moving to the detent `detent` (a release, `setDetent`, `present`, `dismiss`).
    case detentWillChange(detent: String)
    /// The sheet came to rest at a new detent `detent`.
    case detentDidChange(detent: String)
    /// A tap outside the sheet, where nothing dims, reached the content behind at `point` (container points).
    case tapPassedThrough(point: Point)

    package static let types = ["detentWillChange", "detentDidChange", "tapPassedThrough"]

    package var type: String {
        switch self {
        case .detentWillChange: "detentWillChange"
        case .detentDidChange: "detentDidChange"
        case .tapPassedThrough: "tapPassedThrough"
        }
    }

    package var fields: [Event.Field] {
        switch self {
        case .detentWillChange(let detent), .detentDidChange(let detent): [("detent", detent)]
        case .tapPassedThrough(let point): [("x", NumberFormat.string(point.x)), ("y", NumberFormat.string(point.y))]
        }
    }

    public var description: String {
        switch self {
        case .detentWillChange(let detent): "detentWillChange(detent: \(detent))"
        case .detentDidChange(let detent): "detentDidChange(detent: \(detent))"
        case .tapPassedThrough(let p): "tapPassedThrough(point: \(p))"
        }
    }
}

extension Event {
    /// ``SheetEvent/detentWillChange(detent:)`` as a frame's event.
    package static func detentWillChange(detent: String) -> Event { .family(SheetEvent.detentWillChange(detent: detent)) }
    /// ``SheetEvent/detentDidChange(detent:)`` as a frame's event.
    package static func detentDidChange(detent: String) -> Event { .family(SheetEvent.detentDidChange(detent: detent)) }
    /// ``SheetEvent/tapPassedThrough(point:)`` as a frame's event.
    package static func tapPassedThrough(point: Point) -> Event { .family(SheetEvent.tapPassedThrough(point: point)) }
}

extension Action {
    /// ``SheetAction/setDetent(_:animated:timing:)`` as an untyped action.
    package static func setDetent(_ name: String, animated: Bool = true) -> Action {
        Action(SheetAction.setDetent(name, animated: animated))
    }
    /// ``SheetAction/present(_:animated:)`` as an untyped action.
    package static func presentSheet(detent: String?, animated: Bool = true) -> Action {
        Action(SheetAction.present(detent, animated: animated))
    }
    /// ``SheetAction/setContentHeight(_:animated:)`` as an untyped action.
    package static func setContentHeight(_ height: Double, animated: Bool = true) -> Action {
        Action(SheetAction.setContentHeight(height, animated: animated))
    }
    /// ``SheetAction/back(_:)`` as an untyped action.
    package static func back(_ gesture: BackGesture) -> Action { Action(SheetAction.back(gesture)) }
    /// ``SheetAction/keyboard(height:duration:timing:)`` as an untyped action.
    package static func keyboard(height: Double, duration: Double? = nil) -> Action {
        Action(SheetAction.keyboard(height: height, duration: duration))
    }
}
