// What an app sees of a container: its type, size and state, and the actions its typed host takes.

/// A container model an app embeds (``DrawerContainer``, ``SheetContainer``, …): a ``TypedPaneHost`` runs it,
/// taking its family's actions and making frames.
///
/// PaneKit's containers conform; what the engine needs beyond this (motion, posing, styling, accessibility) is
/// the package's own, so a host runs only PaneKit's containers.
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
}
