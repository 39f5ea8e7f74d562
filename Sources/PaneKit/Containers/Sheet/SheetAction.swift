// What a sheet takes (actions) and reports (events), before they join the host's `Action` and `Event`.

/// A request to a ``SheetContainer`` (DESIGN §13's sheet actions).
public enum SheetAction: Sendable, Hashable {
    /// Move to the detent `name` (`hidden` included); with `animated: false` it is there on the next frame; a
    /// `timing` replaces the behavior's settle.
    case setDetent(String, animated: Bool = true, timing: Timing? = nil)
    /// Show a hidden sheet at `detent` (nil: its initial detent).
    case present(String? = nil, animated: Bool = true)
    /// Hide the sheet.
    case dismiss(animated: Bool = true)
    /// Change the content height; a content-sized detent (and material's and Compose's offsets) moves with it.
    case setContentHeight(Double, animated: Bool = true)
    /// One sample of a one-finger pan, in container coordinates.
    case pan(TouchPhase, Point)
    /// A tap, in container coordinates.
    case tap(Point)
    /// Android's predictive back (material and compose): the sheet shrinks with the gesture's progress, then
    /// comes back (cancelled) or goes where the platform's back goes (committed).
    case back(BackGesture)
    /// The on-screen keyboard rises to `height` points (0 hides it) over `duration` seconds along `timing`; nil
    /// takes the platform's keyboard animation (``SheetKeyboard``).
    case keyboard(height: Double, duration: Double? = nil, timing: Timing? = nil)
    /// A whole pan for a ``TypedPaneHost``, which delivers its samples as `pan` actions at their own times (the
    /// container itself takes samples).
    case gesture(TouchPath)
    /// An action with its timing (a ``TypedPaneHost``'s `.timed`): `setDetent` and `keyboard` move along it, the
    /// others take no timing.
    indirect case timed(SheetAction, Timing)

    /// The scenario name of the action.
    public var name: String {
        switch self {
        case .gesture: "gesture"
        case .timed(let inner, _): inner.name
        case .setDetent: "setDetent"
        case .present: "present"
        case .dismiss: "dismiss"
        case .setContentHeight: "setContentHeight"
        case .pan: "pan"
        case .tap: "tap"
        case .back: "back"
        case .keyboard: "keyboard"
        }
    }
}

extension SheetAction: ContainerAction {
    /// The untyped ``Action`` with the same name, arguments and timing.
    public var action: Action {
        switch self {
        case .setDetent(let name, let animated, let timing): Self.timed(.setDetent(name, animated: animated), timing)
        case .present(let name, let animated): .presentSheet(detent: name, animated: animated)
        case .dismiss(let animated): .dismiss(animated: animated)
        case .setContentHeight(let height, let animated): .setContentHeight(height, animated: animated)
        case .pan(let phase, let point): .pan(phase, point)
        case .tap(let point): .tap(point)
        case .back(let gesture): .back(gesture)
        case .keyboard(let height, let duration, let timing): Self.timed(.keyboard(height: height, duration: duration), timing)
        case .gesture(let path): .gesture(path)
        case .timed(let inner, let timing): .timed(inner.action, timing)
        }
    }

    private static func timed(_ action: Action, _ timing: Timing?) -> Action { timing.map { .timed(action, $0) } ?? action }

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

extension SheetContainer: TypedContainer {
    /// ``SheetAction``: detents, present, dismiss, the content height, the keyboard, predictive back and touches.
    public typealias TypedAction = SheetAction
}

/// What happened to a sheet on a frame.
public enum SheetEvent: Sendable, Hashable {
    /// The sheet starts moving to the detent `detent` (a release, an action).
    case detentWillChange(detent: String)
    /// The sheet came to rest at a new detent.
    case detentDidChange(detent: String)
    /// A finger took the sheet.
    case panBegan
    /// The finger lifted with this vertical velocity (points per second, positive towards the sheet's edge, from
    /// the behavior's estimator; vaul's average over the gesture).
    case panEnded(velocity: Double)
    /// The system took the touch away; the sheet goes back to the detent where the pan began.
    case panCancelled
    /// A tap outside the sheet reached the content behind (no dimming there).
    case tapPassedThrough
    /// An action the sheet could not take now, with the reason.
    case actionIgnored(action: String, reason: String)
    /// The content offset of scroll region `region` (its index in ``SheetConfiguration/scrollRegions``) moved to
    /// `offset`: one per region and frame (``SheetContainer/flushScrolled(events:)``).
    case scrolled(region: Int, offset: Double)
}
