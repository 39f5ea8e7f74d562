// The drawer families' nodes (drawer, dynamics, side menu, adaptive): a drawer per edge and the status bar.

extension Role {
    /// The drawer that opens from the left edge (the right one in a mirror image).
    public static let drawerLeft = Role.declare("drawer.left", mirror: "drawer.right")
    /// The drawer that opens from the right edge.
    public static let drawerRight = Role.declare("drawer.right")
    /// The drawer that opens from the top edge (dynamics only).
    public static let drawerTop = Role.declare("drawer.top")
    /// The drawer that opens from the bottom edge (dynamics only).
    public static let drawerBottom = Role.declare("drawer.bottom")
    /// The status-bar background view (MM's `showsStatusBarBackgroundView`).
    public static let statusbar = Role.declare("statusbar")

    /// The drawer of a direction.
    /// - Complexity: O(1), no allocation.
    public static func drawer(_ direction: Direction) -> Role {
        switch direction {
        case .left: .drawerLeft
        case .right: .drawerRight
        case .top: .drawerTop
        case .bottom: .drawerBottom
        }
    }

    /// The direction whose drawer this is, if it is a drawer.
    public var drawerDirection: Direction? {
        switch self {
        case .drawerLeft: .left
        case .drawerRight: .right
        case .drawerTop: .top
        case .drawerBottom: .bottom
        default: nil
        }
    }

    /// The roles of the drawer families, in the order they are listed: the pane, the four drawers, the overlay
    /// and the status bar.
    static let drawerFamily: [Role] = [.pane, .drawerLeft, .drawerRight, .drawerTop, .drawerBottom, .overlay, .statusbar]
}

extension ContainerState {
    /// The bounce preview (drawer) or the physics bounce (dynamics) is running.
    public static let bouncing = declare("bouncing")
    /// A drawer's maximum width is changing (drawer `setMaximumWidth`), or the adaptive container is moving to the
    /// layout of its new size (`resize`, `rotate`).
    public static let resizing = declare("resizing")
}
