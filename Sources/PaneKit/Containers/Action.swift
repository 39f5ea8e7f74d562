// Actions: what a scenario timeline or an app asks a container to do.

/// How `replaceCenter` hides the old pane.
public enum ReplaceMode: String, Sendable, Hashable, CaseIterable {
    /// Swap the pane while the drawer is open, then close (MM's withCloseAnimation).
    case close
    /// Slide the pane fully off-screen, swap, then slide the new pane in (MM's withFullCloseAnimation).
    case fullClose
}

/// The phase of one touch sample of a pan.
public enum TouchPhase: String, Sendable, Hashable {
    /// The finger touched down: the first sample of a pan.
    case began
    /// The finger moved: a sample between the first and the last.
    case moved
    /// The finger lifted: the last sample, whose velocity decides where the container settles.
    case ended
    /// The system took the touch away (an incoming call, a system gesture): the last sample. The container settles
    /// back where the pan began, with no velocity, as after a cancelled `UIPanGestureRecognizer`, and writes a
    /// ``Event/panCancelled`` event.
    case cancelled
}

/// A request to a container. Each container takes the actions of DESIGN §7 that belong to it.
public enum Action: Sendable, Hashable {
    /// Open the drawer of a direction (drawer container); with `animated: false` it is open on the next frame.
    case open(Direction, animated: Bool = true)
    /// Close whichever drawer is open (drawer container).
    case close(animated: Bool = true)
    /// Open the drawer of a direction if the container is closed, close it otherwise (drawer container).
    case toggle(Direction, animated: Bool = true)
    /// MM's bounce preview; `distance` defaults to the container's (50 pt).
    case bounce(Direction, distance: Double? = nil)
    /// Replace the drawer container's pane, hiding the old one as `ReplaceMode` says (MM's setCenterViewController).
    case replaceCenter(ReplaceMode, animated: Bool = true)
    /// Change a drawer's maximum width in points, animating an open drawer to it (MM's setMaximumLeftDrawerWidth).
    case setMaximumWidth(Direction, width: Double, animated: Bool = true)
    /// Set the dynamics pane's state (nil direction: the current or only one).
    case setPaneState(PaneState, Direction?, animated: Bool = true)
    /// Replace the dynamics pane (sliding it off first when enabled).
    case replacePane(animated: Bool = true)
    /// Split: move the divider (accepted only inside the allowed range).
    case setSplitPosition(Double, animated: Bool = true)
    /// Split: set the divider's width in points.
    case setSplitWidth(Double)
    /// Split: switch between the thin divider and the pane splitter.
    case setDividerStyle(DividerStyle, animated: Bool = true)
    /// Split: swap the vertical split (side by side) and the horizontal one (stacked).
    case toggleOrientation
    /// Split: put the master on the other side of the detail.
    case toggleMasterBeforeDetail
    /// Split: show the master if the current orientation hides it, hide it otherwise.
    case toggleMaster
    /// Split: rotate the device to an orientation (swapping the container's width and height).
    case rotate(Orientation)
    /// Adaptive: the container takes a new size (a window resize), animating to the layout of its width.
    case resize(Size, animated: Bool = true)
    /// Split: show the hidden master as a popover.
    case showMasterPopover
    /// Split: hide the master's popover.
    case hideMasterPopover
    /// Present a menu (sidemenu); nil picks the only one.
    case present(Direction?, animated: Bool = true)
    /// Dismiss the presented menu (side menu container).
    case dismiss(animated: Bool = true)
    /// Sheet: move to the detent named `detent` (`hidden` included).
    case setDetent(String, animated: Bool = true)
    /// Sheet: show a hidden sheet at `detent` (nil: its initial detent).
    case presentSheet(detent: String?, animated: Bool = true)
    /// Sheet: change the content height in points; a content-sized detent moves with it.
    case setContentHeight(Double, animated: Bool = true)
    /// One sample of a one-finger pan, in container coordinates.
    case pan(TouchPhase, Point)
    /// A whole pan: the host delivers its samples as `pan` actions at their own times (containers never see it).
    case gesture(TouchPath)
    /// A single tap, in container coordinates.
    case tap(Point)
    /// Sheet: Android's predictive back gesture, its progress over time and whether it commits.
    case back(BackGesture)
    /// Sheet: the on-screen keyboard rises to `height` points (0 hides it) over `duration` seconds (nil: the
    /// platform's keyboard animation); with a `timing` (`Action.timed(_:)`) it moves along that curve or spring.
    case keyboard(height: Double, duration: Double? = nil)
    /// A programmatic transition with its timing (DESIGN §12): drawer open, close and toggle, dynamics
    /// setPaneState, split setSplitPosition and toggleMaster, side menu present and dismiss. Other actions
    /// ignore the timing.
    indirect case timed(Action, Timing)

    /// This action with `timing`.
    public func timed(_ timing: Timing) -> Action { .timed(self, timing) }

    /// The action without its timing, and the timing (nil for the container's own).
    public var untimed: (action: Action, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    /// The action as it runs under reduced motion: a programmatic transition jumps (its timing dropped), so the
    /// host can cross-fade instead; the bounce preview is nil (a no-op).
    public var withoutAnimation: Action? {
        switch self {
        case .open(let d, _): .open(d, animated: false)
        case .close: .close(animated: false)
        case .toggle(let d, _): .toggle(d, animated: false)
        case .bounce: nil
        case .replaceCenter(let mode, _): .replaceCenter(mode, animated: false)
        case .setMaximumWidth(let d, let width, _): .setMaximumWidth(d, width: width, animated: false)
        case .setPaneState(let state, let d, _): .setPaneState(state, d, animated: false)
        case .replacePane: .replacePane(animated: false)
        case .setSplitPosition(let position, _): .setSplitPosition(position, animated: false)
        case .setDividerStyle(let style, _): .setDividerStyle(style, animated: false)
        case .resize(let size, _): .resize(size, animated: false)
        case .present(let d, _): .present(d, animated: false)
        case .dismiss: .dismiss(animated: false)
        case .setDetent(let detent, _): .setDetent(detent, animated: false)
        case .presentSheet(let detent, _): .presentSheet(detent: detent, animated: false)
        case .setContentHeight(let height, _): .setContentHeight(height, animated: false)
        case .timed(let inner, _): inner.withoutAnimation
        default: self
        }
    }

    /// The scenario actions that take a `timing` (DESIGN §12), by their scenario names.
    public static var timedNames: Set<String> { timedKinds }

    private static let timedKinds = Set(
        [Kind.open, .close, .toggle, .setPaneState, .setSplitPosition, .toggleMaster, .present, .dismiss, .setDetent, .keyboard].map(
            \.rawValue))

    /// The scenario name of the action (`"open"`, `"setSplitPosition"`, …): `kind.rawValue`.
    public var name: String { kind.rawValue }

    /// What the action is, without its arguments.
    public var kind: Kind {
        switch self {
        case .open: .open
        case .close: .close
        case .toggle: .toggle
        case .bounce: .bounce
        case .replaceCenter: .replaceCenter
        case .setMaximumWidth: .setMaximumWidth
        case .setPaneState: .setPaneState
        case .replacePane: .replacePane
        case .setSplitPosition: .setSplitPosition
        case .setSplitWidth: .setSplitWidth
        case .setDividerStyle: .setDividerStyle
        case .toggleOrientation: .toggleOrientation
        case .toggleMasterBeforeDetail: .toggleMasterBeforeDetail
        case .toggleMaster: .toggleMaster
        case .rotate: .rotate
        case .resize: .resize
        case .showMasterPopover: .showMasterPopover
        case .hideMasterPopover: .hideMasterPopover
        case .present: .present
        case .dismiss: .dismiss
        case .setDetent: .setDetent
        case .presentSheet: .present
        case .setContentHeight: .setContentHeight
        case .pan, .gesture: .pan
        case .tap: .tap
        case .back: .back
        case .keyboard: .keyboard
        case .timed(let inner, _): inner.kind
        }
    }

    /// The kinds of action, one per scenario action name; `rawValue` is the name a scenario file and the
    /// `actionIgnored` event use. This is the one place the names are spelled.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``Action/open(_:animated:)``.
        case open
        /// ``Action/close(animated:)``.
        case close
        /// ``Action/toggle(_:animated:)``.
        case toggle
        /// ``Action/bounce(_:distance:)``.
        case bounce
        /// ``Action/replaceCenter(_:animated:)``.
        case replaceCenter
        /// ``Action/setMaximumWidth(_:width:animated:)``.
        case setMaximumWidth
        /// ``Action/setPaneState(_:_:animated:)``.
        case setPaneState
        /// ``Action/replacePane(animated:)``.
        case replacePane
        /// ``Action/setSplitPosition(_:animated:)``.
        case setSplitPosition
        /// ``Action/setSplitWidth(_:)``.
        case setSplitWidth
        /// ``Action/setDividerStyle(_:animated:)``.
        case setDividerStyle
        /// ``Action/toggleOrientation``.
        case toggleOrientation
        /// ``Action/toggleMasterBeforeDetail``.
        case toggleMasterBeforeDetail
        /// ``Action/toggleMaster``.
        case toggleMaster
        /// ``Action/rotate(_:)``.
        case rotate
        /// ``Action/showMasterPopover``.
        case showMasterPopover
        /// ``Action/hideMasterPopover``.
        case hideMasterPopover
        /// ``Action/resize(_:animated:)``.
        case resize
        /// ``Action/present(_:animated:)``.
        case present
        /// ``Action/dismiss(animated:)``.
        case dismiss
        /// ``Action/setDetent(_:animated:)``.
        case setDetent
        /// ``Action/setContentHeight(_:animated:)``.
        case setContentHeight
        /// A pan sample, ``Action/pan(_:_:)``, or a whole pan, ``Action/gesture(_:)``.
        case pan
        /// ``Action/tap(_:)``.
        case tap
        /// ``Action/back(_:)``.
        case back
        /// ``Action/keyboard(height:duration:)``.
        case keyboard
    }

    /// Whether this is a touch sample or tap rather than a programmatic request.
    public var isTouch: Bool {
        switch self {
        case .pan, .gesture, .tap: true
        default: false
        }
    }
}

/// An action due at a time.
public struct TimedAction: Sendable, Hashable {
    /// When the action is delivered, in seconds from the start of the run.
    public var time: Double
    /// The action to deliver.
    public var action: Action

    /// An action due at `time` seconds.
    public init(at time: Double, _ action: Action) {
        self.time = time
        self.action = action
    }
}
