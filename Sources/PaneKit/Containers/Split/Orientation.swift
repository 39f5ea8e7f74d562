// The device orientations the split container tells apart.

/// The device orientation classes MG distinguishes.
public enum Orientation: String, Sendable, Hashable, CaseIterable {
    /// Taller than wide: MG hides the master by default and offers it as a popover.
    case portrait
    /// Wider than tall: MG shows the master beside the detail by default.
    case landscape
}
