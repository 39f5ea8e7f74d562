// Actions: what a scenario timeline or an app asks a container to do. The core knows only the touches every
// container takes; each family declares its own actions (`DrawerAction`, `SheetAction`, …) in its folder.

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

/// A touch, which every container takes: one sample of a pan, a whole pan, or a tap (container points).
public enum Touch: Sendable, Hashable {
    /// One sample of a one-finger pan: where the finger is and the sample's phase. (The point comes first so a
    /// touch, and every family's action that carries one, fits in an existential's inline buffer: queuing one
    /// allocates nothing.)
    case pan(Point, TouchPhase)
    /// A whole pan: the host delivers its samples as `pan` touches at their own times (containers never see it).
    case gesture(TouchPath)
    /// A single tap.
    case tap(Point)

    /// The touch in the mirror image of a container `width` wide: x ↦ width − x (a whole pan is left alone: the
    /// host samples it).
    package func mirroredHorizontally(width: Double) -> Touch {
        switch self {
        case .pan(let p, let phase): .pan(Point(x: width - p.x, y: p.y), phase)
        case .tap(let p): .tap(Point(x: width - p.x, y: p.y))
        case .gesture: self
        }
    }

    /// The name an `actionIgnored` event gives it: `pan` (a sample), `gesture` (a whole pan, which the host
    /// delivers sample by sample) or `tap`.
    package var name: String {
        switch self {
        case .pan: "pan"
        case .gesture: "gesture"
        case .tap: "tap"
        }
    }
}

/// A request that one family of containers takes: its own actions and the touches (DESIGN §7).
///
/// Each family declares one type (``DrawerAction``, ``SheetAction``, …) with a case per action, a
/// `touch(Touch)` case and an `indirect case timed(Self, Timing)`; a ``TypedPaneHost`` of its container accepts
/// only it, so a request the container cannot take does not compile. ``Action`` holds any family's request for the
/// host's queue, scenario files and other input known only at run time.
public protocol PaneAction: Sendable, Hashable {
    /// A touch as this family's request.
    static func touch(_ touch: Touch) -> Self
    /// `action` run with `timing` instead of the container's own curve (DESIGN §12); actions that are not
    /// programmatic transitions ignore it.
    static func timed(_ action: Self, _ timing: Timing) -> Self
}

/// What the engine needs of a family's request beside what an app makes of it (``PaneAction``): its touch, its
/// timing, its reduced-motion and mirrored forms, and its conversion from an untyped ``Action``.
package protocol ContainerAction: PaneAction {
    /// The scenario name of the action (`open`, `setDetent`, `pan`): what an `actionIgnored` event names.
    var name: String { get }
    /// The touch this request is, if it is one.
    var touch: Touch? { get }
    /// The request without its timing, and the timing (nil for the container's own).
    var untimed: (action: Self, timing: Timing?) { get }
    /// The request as it runs under reduced motion: a programmatic transition jumps (its timing dropped), so the
    /// host can cross-fade instead; nil for a request that does nothing then (the bounce preview). Touches stay.
    var withoutAnimation: Self? { get }
    /// The request in the mirror image across the vertical axis: the left and right sides it names swap (touch
    /// points are mirrored by the host).
    func mirroredHorizontally() -> Self
    /// This family's request for `action` (the same request, or one of another family this one also takes: the
    /// adaptive container takes the drawer's and the split's), or nil when the family does not take it.
    init?(converting action: Action)
}

extension PaneAction {
    /// One sample of a one-finger pan, in container coordinates (points).
    public static func pan(_ phase: TouchPhase, _ point: Point) -> Self { .touch(.pan(point, phase)) }
    /// A whole pan, delivered sample by sample at the samples' own times.
    public static func gesture(_ path: TouchPath) -> Self { .touch(.gesture(path)) }
    /// A single tap, in container coordinates (points).
    public static func tap(_ point: Point) -> Self { .touch(.tap(point)) }

    /// This action with `timing`: `.open(.left).timed(.spring(...))`.
    public func timed(_ timing: Timing) -> Self { .timed(self, timing) }

    /// The untyped action the host queues.
    public var action: Action { Action(self) }
}

extension ContainerAction {
    /// The same request, or the touch `action` is.
    package init?(converting action: Action) {
        if let same = action.base as? Self {
            self = same
        } else if let touch = action.touch {
            self = .touch(touch)
        } else {
            return nil
        }
    }
}

/// Any family's request: what the host queues and a scenario file's timeline holds.
public struct Action: ContainerAction {
    /// The family's request.
    package let base: any ContainerAction

    /// `action` as an untyped action (an untyped one is taken as it is; a touch is a touch whichever family's type
    /// carries it).
    public init(_ action: some PaneAction) {
        guard let action = action as? any ContainerAction else {
            preconditionFailure("Action holds PaneKit's families' requests; \(type(of: action)) is not one")
        }
        if let untyped = action as? Action {
            self = untyped
        } else if let touch = action.touch, !(action is TouchAction) {
            base = TouchAction.touch(touch)
        } else {
            base = action
        }
    }

    /// The request as `type`, when it is one.
    public func `as`<A: PaneAction>(_ type: A.Type) -> A? { base as? A }

    public static func touch(_ touch: Touch) -> Action { Action(TouchAction.touch(touch)) }
    public static func timed(_ action: Action, _ timing: Timing) -> Action { action.base.timedErased(timing) }
    package var name: String { base.name }
    package var touch: Touch? { base.touch }
    package var untimed: (action: Action, timing: Timing?) { base.untimedErased }
    package var withoutAnimation: Action? { base.withoutAnimationErased }
    package func mirroredHorizontally() -> Action { Action(base.mirroredHorizontally()) }
    package init?(converting action: Action) { self = action }

    /// Whether this is a touch sample, a whole pan or a tap rather than a programmatic request.
    package var isTouch: Bool { touch != nil }

    public static func == (a: Action, b: Action) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

extension ContainerAction {
    fileprivate func timedErased(_ timing: Timing) -> Action { Action(Self.timed(self, timing)) }
    fileprivate var untimedErased: (action: Action, timing: Timing?) {
        let (action, timing) = untimed
        return (Action(action), timing)
    }
    fileprivate var withoutAnimationErased: Action? { withoutAnimation.map(Action.init) }
}

/// A touch on its own, as a request any container takes.
package enum TouchAction: ContainerAction {
    /// The touch.
    case touch(Touch)
    /// A touch takes no timing.
    indirect case timed(TouchAction, Timing)

    public var name: String { untimed.action.touch?.name ?? "pan" }
    public var touch: Touch? { untimed.action.touchValue }
    private var touchValue: Touch? {
        if case .touch(let t) = self { return t }
        return nil
    }
    public var untimed: (action: TouchAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }
    public var withoutAnimation: TouchAction? { self }
    public func mirroredHorizontally() -> TouchAction { self }
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

    /// A family's action due at `time` seconds.
    public init(at time: Double, _ action: some PaneAction) { self.init(at: time, Action(action)) }
}
