// The container type and state as enums; their raw values are the names scenario files, JSON frames and Lua
// (`ctx.container`, `ctx.state`) use, and never change.

/// The type of a container.
public enum ContainerKind: String, Sendable, Hashable, CaseIterable {
    /// MMDrawerController's drawer (`DrawerContainer`).
    case drawer
    /// MSDynamicsDrawerViewController's physics drawer (`DynamicsContainer`).
    case dynamics
    /// MGSplitViewController's split view (`SplitContainer`).
    case split
    /// SideMenu's menu (`SideMenuContainer`).
    case sidemenu
}

/// The state of a container on a frame, as frames and stylers see it.
public enum ContainerState: String, Sendable, Hashable, CaseIterable {
    /// At rest with every drawer closed (a split: the master hidden).
    case closed
    /// A transition towards open is running.
    case opening
    /// At rest with a drawer open (a split: the master shown).
    case open
    /// A transition towards closed is running.
    case closing
    /// A finger is moving the pane or the divider.
    case dragging
    /// The bounce preview (drawer) or the physics bounce (dynamics) is running.
    case bouncing
    /// A drawer's maximum width is changing (drawer `setMaximumWidth`).
    case resizing
    /// The divider or the layout is moving (split, other than showing or hiding the master).
    case moving
    /// The master shows as a popover (split).
    case popover
    /// At rest with the pane slid wide open (dynamics `openWide`).
    case openWide
}
