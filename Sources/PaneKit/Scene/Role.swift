// Roles name the nodes of a container; directions name its drawers.

/// What a node is in its container. The raw values are the JSON names (a contract).
public enum Role: String, CaseIterable, Hashable, Sendable, Codable {
    // ORDER ROLE: the index of each case is the position of its slot in `PerRole` (StyleEdits, StyleContext.frames).
    /// The main content of every drawer container (MMDrawerController's center view controller).
    case pane
    /// The drawer that opens from the left edge.
    case drawerLeft = "drawer.left"
    /// The drawer that opens from the right edge.
    case drawerRight = "drawer.right"
    /// The drawer that opens from the top edge (dynamics only).
    case drawerTop = "drawer.top"
    /// The drawer that opens from the bottom edge (dynamics only).
    case drawerBottom = "drawer.bottom"
    /// The scrim or dimming view above the content (MM's above-content overlay, SideNavigation's dimming).
    case overlay
    /// The status-bar background view (MM's `showsStatusBarBackgroundView`).
    case statusbar
    /// A split view's master (primary) pane.
    case master
    /// A split view's detail (secondary) pane.
    case detail
    /// The divider between master and detail.
    case divider
    /// The rounded inner corners at the divider's leading end.
    case cornerLeading = "corner.leading"
    /// The rounded inner corners at the divider's trailing end.
    case cornerTrailing = "corner.trailing"
    /// The master shown as a popover when the split hides it.
    case popover
    // Sheet roles (DESIGN §13).
    /// A sheet's surface (sheet container).
    case sheet
    /// The grabber near a sheet's top edge (sheet container).
    case grabber
    /// The on-screen keyboard a sheet rises above (sheet container, keyboard rules).
    case keyboard

    /// The position of the role in `allCases`, for fixed-size per-role tables.
    public var index: Int {
        switch self {
        case .pane: 0
        case .drawerLeft: 1
        case .drawerRight: 2
        case .drawerTop: 3
        case .drawerBottom: 4
        case .overlay: 5
        case .statusbar: 6
        case .master: 7
        case .detail: 8
        case .divider: 9
        case .cornerLeading: 10
        case .cornerTrailing: 11
        case .popover: 12
        case .sheet: 13
        case .grabber: 14
        case .keyboard: 15
        }
    }

    /// The number of roles, the size of per-role tables.
    public static let count = allCases.count

    /// The drawer of a direction.
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
}

/// The edge a drawer comes from. Bit values as MSDynamicsDrawer: top 1, left 2, bottom 4, right 8.
public enum Direction: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    // ORDER DIRECTION: JSON writes fractions in this order.
    /// The edges, in the order JSON writes fractions.
    case left, right, top, bottom

    /// The direction's bit in MSDynamicsDrawer's direction masks: top 1, left 2, bottom 4, right 8.
    public var bit: Int {
        switch self {
        case .top: 1
        case .left: 2
        case .bottom: 4
        case .right: 8
        }
    }

    /// The position of the direction in `allCases` (left 0, right 1, top 2, bottom 3), for fixed-size tables.
    public var index: Int {
        switch self {
        case .left: 0
        case .right: 1
        case .top: 2
        case .bottom: 3
        }
    }

    /// Whether the drawer moves along x (left, right) rather than y.
    public var isHorizontal: Bool { self == .left || self == .right }

    /// +1 when opening moves the pane towards positive coordinates (left, top), −1 otherwise.
    public var sign: Double { (self == .left || self == .top) ? 1 : -1 }

    /// The edge across from this one (left ↔ right, top ↔ bottom).
    public var opposite: Direction {
        switch self {
        case .left: .right
        case .right: .left
        case .top: .bottom
        case .bottom: .top
        }
    }

    public static func < (a: Direction, b: Direction) -> Bool { a.index < b.index }
}
