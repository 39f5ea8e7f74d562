// A drawer container's configuration, out of line so that the container stays small enough to copy.

/// The ``DrawerConfiguration`` a drawer container was made with, held by reference: it never changes after the
/// container is made, so copies of the container share it as they would share equal values. Stored inline it was
/// about half of the container's kilobyte, which the protocol witness of `pose(into:)` copied every frame.
final class DrawerSettings: Sendable {
    /// The configuration (``DrawerContainer/configuration``).
    let configuration: DrawerConfiguration

    /// Holds `configuration`.
    init(_ configuration: DrawerConfiguration) {
        self.configuration = configuration
    }
}
