// The typed action layer: one action type per container, so a request the container cannot take does not compile.

/// A request that one kind of container takes, converting to the ``Action`` the host runs.
///
/// Each built-in container has its own type (``DrawerAction``, ``DynamicsAction``, ``SplitAction``,
/// ``SideMenuAction``, ``AdaptiveAction``) holding only the actions that container takes, plus the touch
/// actions every container takes: ``pan(_:_:)``, ``gesture(_:)`` and ``tap(_:)``, and ``timed(_:_:)`` to attach a
/// timing. A ``TypedPaneHost`` accepts only its container's type, so a split action sent to a drawer is a compile
/// error ("type 'DrawerContainer.TypedAction' (aka 'DrawerAction') has no member
/// 'setSplitPosition'") instead of an `actionIgnored` event.
///
/// ``Action`` itself conforms too: a container of your own can declare `Action` as its ``TypedContainer/TypedAction``.
public protocol ContainerAction: Sendable, Hashable {
    /// The untyped action the host queues and the container performs (the one a scenario file would spell).
    var action: Action { get }
    /// One sample of a one-finger pan, in container coordinates (points).
    static func pan(_ phase: TouchPhase, _ point: Point) -> Self
    /// A whole pan: the host delivers its samples as `pan` actions at their own times.
    static func gesture(_ path: TouchPath) -> Self
    /// A single tap, in container coordinates (points).
    static func tap(_ point: Point) -> Self
    /// `action` run with `timing` instead of the container's own curve (DESIGN §12); actions that are not
    /// programmatic transitions ignore it.
    static func timed(_ action: Self, _ timing: Timing) -> Self
}

extension ContainerAction {
    /// This action with `timing`: `.open(.left).timed(.spring(...))`.
    public func timed(_ timing: Timing) -> Self { .timed(self, timing) }
}

extension Action: ContainerAction {
    /// The action itself: ``Action`` is the action type of a container that takes any action.
    public var action: Action { self }
}

/// A container with its own action type, which ``TypedPaneHost`` uses to check actions at compile time.
public protocol TypedContainer: Container {
    /// The actions this container takes (``DrawerAction`` for ``DrawerContainer``, …).
    associatedtype TypedAction: ContainerAction
}
