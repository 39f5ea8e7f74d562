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
    /// The container type.
    var kind: ContainerKind { get }
    /// The container's size.
    var size: Size { get }
    /// The state for frames and stylers (`closed`, `opening`, `open`, `closing`, `bouncing`, …).
    var state: ContainerState { get }
    /// Whether nothing is moving.
    var isAtRest: Bool { get }
    /// The container as the engine runs it (PaneKit's containers provide it; not for apps to call).
    var _paneModel: _PaneModel<Self> { get }
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
}
