// How a drawer of the drawer container opens.

/// How a drawer opens: MM's push (the pane moves) or the fork's above-content (the drawer slides over the pane).
public enum DrawerOpenMode: String, Sendable, Hashable, CaseIterable {
    /// The pane slides aside to reveal the drawer beneath it (MMDrawerController).
    case push
    /// The drawer slides in over the pane, which stays put under a scrim (the above-content fork).
    case above
}
