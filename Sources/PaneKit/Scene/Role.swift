// Roles name the nodes of a container; directions name its drawers.

/// What a node is in its container. The raw values are the JSON names (a contract).
public enum Role: String, CaseIterable, Hashable, Sendable, Codable {
    // ORDER ROLE: the index of each case is used by per-role tables (StyleEdits, StyleContext.frames).
    case pane
    case drawerLeft = "drawer.left"
    case drawerRight = "drawer.right"
    case drawerTop = "drawer.top"
    case drawerBottom = "drawer.bottom"
    case overlay
    case statusbar
    case master
    case detail
    case divider
    case cornerLeading = "corner.leading"
    case cornerTrailing = "corner.trailing"
    case popover

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
        }
    }

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
    case left, right, top, bottom

    public var bit: Int {
        switch self {
        case .top: 1
        case .left: 2
        case .bottom: 4
        case .right: 8
        }
    }

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
