// What an app sees of a container: its type, size and state, and the actions its typed host takes.

/// A container model an app embeds (``DrawerContainer``, ``SheetContainer``, …): a ``TypedPaneHost`` runs it,
/// taking its family's actions and making frames.
///
/// PaneKit's containers conform; what the engine needs beyond this (motion, posing, styling, accessibility) is
/// the package's own. Only PaneKit's containers can conform: the requirement `_paneModel` is a value only the
/// package can make, so a host is never handed a container it cannot run.
public protocol PaneContainer: Sendable {
    /// The requests the container takes (``DrawerAction`` for ``DrawerContainer``, …): what a ``TypedPaneHost``
    /// of it accepts.
    associatedtype TypedAction: PaneAction
    /// The container as the engine runs it (PaneKit's containers provide it; not for apps to call).
    var _paneModel: _PaneModel<Self> { get }
    /// How to read the container's type, size, state and rest (PaneKit's containers provide it; not for apps).
    static var _paneReadings: _PaneReadings<Self> { get }
}

// One declaration of each reading for every container, rather than one per family: each family's own is the
// package's, which the engine calls directly.
extension PaneContainer {
    /// The container type.
    public var kind: ContainerKind { Self._paneReadings.kind(self) }
    /// The container's size.
    public var size: Size { Self._paneReadings.size(self) }
    /// The state for frames and stylers (`closed`, `opening`, `open`, `closing`, `bouncing`, …).
    public var state: ContainerState { Self._paneReadings.state(self) }
    /// Whether nothing is moving.
    public var isAtRest: Bool { Self._paneReadings.isAtRest(self) }
}

/// The readings of a ``PaneContainer`` an app sees, which only PaneKit makes (see ``_PaneModel``).
public struct _PaneReadings<Model>: Sendable {
    /// The container's type.
    package let kind: @Sendable (Model) -> ContainerKind
    /// The container's size.
    package let size: @Sendable (Model) -> Size
    /// The container's state.
    package let state: @Sendable (Model) -> ContainerState
    /// Whether nothing in the container moves.
    package let isAtRest: @Sendable (Model) -> Bool

    /// The engine's own readings of a container.
    package init() where Model: Container {
        kind = { $0.kind }
        size = { $0.size }
        state = { $0.state }
        isAtRest = { $0.isAtRest }
    }
}

/// The engine's view of a ``PaneContainer``, which only PaneKit makes: a type outside the package cannot produce
/// one, so it cannot conform to ``PaneContainer`` and reach a host the engine cannot run.
public struct _PaneModel<Model>: Sendable {
    /// The container, as the engine's protocol sees it.
    package let container: any Container

    /// The engine's view of `model`.
    package init(_ model: Model) where Model: Container { container = model }
}

extension Container {
    /// The container itself, as the engine runs it.
    public var _paneModel: _PaneModel<Self> { _PaneModel(self) }
    /// The engine's readings of the container.
    public static var _paneReadings: _PaneReadings<Self> { _PaneReadings() }
}
