// The adaptive container's three layouts, which every container reports to its stylers.

/// The three layouts of the adaptive container, chosen by the container's width (DESIGN §12), in the manner of
/// UISplitViewController's display modes. Every container reports one to its stylers (`StyleContext.layout`,
/// Lua `ctx.layout`): the drawer containers `drawer`, the split container `split`.
public enum AdaptiveLayout: String, Sendable, Hashable, CaseIterable {
    /// Narrow: the sidebar is a drawer over or beside a full-width pane, modal while it shows.
    case drawer
    /// Medium: the sidebar is pinned beside the pane, which takes the rest of the width; it can be hidden.
    case sidebar
    /// Wide: a split view, the sidebar as the master beside the detail with a divider between them.
    case split
}
