// The resting states of the dynamics container's pane.

/// The resting states of MS's pane.
public enum PaneState: String, Sendable, Hashable, CaseIterable {
    /// The pane covers the container; no drawer shows.
    case closed
    /// The pane is moved aside by the drawer's reveal width.
    case open
    /// The pane is moved past the container's edge, by the edge offset, showing the whole drawer.
    case openWide
}
