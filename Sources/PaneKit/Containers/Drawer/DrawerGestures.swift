// The drawer's gesture masks (MM's MMOpenDrawerGestureMode and MMCloseDrawerGestureMode) as option sets: a
// misspelt mask does not compile. Scenario files keep MM's names; the tables below map them.

/// The gestures that may open a drawer (MM's open-drawer gesture mask). The raw values are MM's bits.
public struct DrawerOpenGestures: OptionSet, Sendable, Hashable {
    /// MM's bit mask.
    public let rawValue: Int
    /// The mask with MM's bits `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A pan on the navigation bar (never matches: PaneKit models no navigation bar).
    public static let panningNavigationBar = DrawerOpenGestures(rawValue: 2)
    /// A pan anywhere on the pane's content.
    public static let panningCenterView = DrawerOpenGestures(rawValue: 4)
    /// A pan starting within `bezelPanningCenterViewRange` points of the side of a drawer.
    public static let bezelPanningCenterView = DrawerOpenGestures(rawValue: 8)
    /// MM's custom recognizer bit (stored; PaneKit has no custom recognizer).
    public static let custom = DrawerOpenGestures(rawValue: 16)
    /// Every open gesture.
    public static let all: DrawerOpenGestures = [.panningNavigationBar, .panningCenterView, .bezelPanningCenterView, .custom]

    /// The names scenario files use, in documentation order.
    package static let names: [(name: String, gestures: DrawerOpenGestures)] = [
        ("panningNavigationBar", .panningNavigationBar), ("panningCenterView", .panningCenterView),
        ("bezelPanningCenterView", .bezelPanningCenterView), ("custom", .custom), ("all", .all),
    ]
}

/// The gestures that may close an open drawer (MM's close-drawer gesture mask). The raw values are MM's bits.
public struct DrawerCloseGestures: OptionSet, Sendable, Hashable {
    /// MM's bit mask.
    public let rawValue: Int
    /// The mask with MM's bits `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A pan on the navigation bar (never matches: PaneKit models no navigation bar).
    public static let panningNavigationBar = DrawerCloseGestures(rawValue: 2)
    /// A pan anywhere on the pane's visible content.
    public static let panningCenterView = DrawerCloseGestures(rawValue: 4)
    /// A pan starting within `bezelPanningCenterViewRange` points of the pane's free edge.
    public static let bezelPanningCenterView = DrawerCloseGestures(rawValue: 8)
    /// A tap on the navigation bar (never matches: PaneKit models no navigation bar).
    public static let tapNavigationBar = DrawerCloseGestures(rawValue: 16)
    /// A tap on the pane's visible content.
    public static let tapCenterView = DrawerCloseGestures(rawValue: 32)
    /// A pan on the open drawer.
    public static let panningDrawerView = DrawerCloseGestures(rawValue: 64)
    /// MM's custom recognizer bit (stored; PaneKit has no custom recognizer).
    public static let custom = DrawerCloseGestures(rawValue: 128)
    /// Every close gesture.
    public static let all: DrawerCloseGestures = [
        .panningNavigationBar, .panningCenterView, .bezelPanningCenterView, .tapNavigationBar, .tapCenterView,
        .panningDrawerView, .custom,
    ]

    /// The names scenario files use, in documentation order.
    package static let names: [(name: String, gestures: DrawerCloseGestures)] = [
        ("panningNavigationBar", .panningNavigationBar), ("panningCenterView", .panningCenterView),
        ("bezelPanningCenterView", .bezelPanningCenterView), ("tapNavigationBar", .tapNavigationBar),
        ("tapCenterView", .tapCenterView), ("panningDrawerView", .panningDrawerView), ("custom", .custom), ("all", .all),
    ]
}
