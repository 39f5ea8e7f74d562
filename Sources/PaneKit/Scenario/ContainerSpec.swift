// The container a scenario runs: any registered container's configuration, with what the host and the tools need
// of it (its kind, drawers and size, and a fresh container).

/// The container a scenario runs, with its configuration.
///
/// Made from any `ContainerConfiguration` (`ContainerSpec(DrawerConfiguration(…))`, or `.drawer(…)` and the
/// other families' shorthands); `configuration(as:)` gives the configuration back.
package struct ContainerSpec: Sendable, Hashable {
    /// The configuration, of the container's own type.
    package private(set) var configuration: any ContainerConfiguration

    /// The spec of `configuration`'s container.
    package init(_ configuration: some ContainerConfiguration) { self.configuration = configuration }

    /// The configuration when it is a `C` (the container is of `C`'s kind), else nil.
    package func configuration<C: ContainerConfiguration>(as type: C.Type) -> C? { configuration as? C }

    /// The container type.
    package var kind: ContainerKind { Swift.type(of: configuration).kind }

    /// The scenario name of the container type: `kind.rawValue`.
    package var typeName: String { kind.rawValue }

    /// The directions that have a drawer.
    package var directions: [Direction] { configuration.directions }

    /// The container's size in points.
    package var size: Size { configuration.size }

    /// A fresh container at rest.
    package func makeContainer() -> any Container { makePosableContainer() }

    /// A fresh container at rest that `panekit sample` and the baker can pose (`StaticPosing`).
    package func makePosableContainer() -> any StaticPosing { configuration.makeContainer() }

    /// The same container at another size.
    package func resized(to size: Size) -> ContainerSpec {
        var c = self
        c.configuration.size = size
        return c
    }

    /// The container's reading direction (the scenario key `container.layoutDirection`).
    package var layoutDirection: LayoutDirection {
        get { configuration.layoutDirection }
        set { configuration.layoutDirection = newValue }
    }

    package static func == (a: ContainerSpec, b: ContainerSpec) -> Bool { a.hashable == b.hashable }

    package func hash(into hasher: inout Hasher) { hasher.combine(hashable) }

    /// The configuration as a hashable value of its own type.
    private var hashable: AnyHashable { configuration.erased }
}

extension ContainerConfiguration {
    /// The configuration as an `AnyHashable`, which compares equal only to a configuration of its own type.
    fileprivate var erased: AnyHashable { AnyHashable(self) }
}
