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

    /// The scenario name of the action.
    public var name: String {
        switch self {
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
