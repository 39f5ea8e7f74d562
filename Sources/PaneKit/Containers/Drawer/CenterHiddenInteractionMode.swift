// Which touches the drawer container's pane takes while a drawer is open.

/// MM's centerHiddenInteractionMode: which touches the pane's content receives while a drawer is open.
/// PaneKit has no content views, so the mode is stored for the app that applies frames to its own views.
public enum CenterHiddenInteractionMode: String, Sendable, Hashable, CaseIterable {
    /// The pane's content receives no touches while a drawer is open.
    case none
    /// The pane's content receives every touch while a drawer is open.
    case full
    /// Only the pane's navigation bar receives touches while a drawer is open (MM's default).
    case navigationBarOnly
}
