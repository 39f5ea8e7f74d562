// The options of the adaptive container: its breakpoints and the drawer and split it switches between.

/// The adaptive container's configuration: the breakpoints, the sidebar's side and width, and the options of
/// the drawer (narrow) and split (wide) models it reuses.
public struct AdaptiveConfiguration: Sendable, Hashable {
    /// The container size at the start.
    public var size: Size
    /// The widest container that is narrow (a drawer), in points; `breakpoints[0]` in a scenario.
    public var narrowMax: Double = 599
    /// The widest container that is medium (a pinned sidebar); wider is a split view. `breakpoints[1]`.
    public var mediumMax: Double = 839
    /// The sidebar's side: `left` or `right` (physical; a scenario's `leading` names the right one under `rtl`).
    public var side: Direction = .left
    /// The reading direction (DESIGN §12): under `rtl` the container runs as the mirror image of its `ltr`
    /// counterpart, the sidebar on the other side.
    public var layoutDirection = LayoutDirection.ltr
    /// Whether the sidebar starts open; nil: open unless the container starts narrow (a pinned sidebar and a
    /// split view show it, a drawer starts closed).
    public var showsSidebar: Bool?
    /// The sidebar's width as a drawer and as a pinned sidebar.
    public var sidebarWidth: Double = DrawerConfiguration.defaultWidth
    /// How the narrow drawer opens: above the pane by default (UISplitViewController's overlay), or MM's push.
    public var openMode: DrawerOpenMode = .above
    /// The narrow drawer's gestures (MM's mask names): an edge pan opens it, a pan or a tap on the pane closes it.
    public var openGestures: DrawerOpenGestures = [.bezelPanningCenterView]
    /// The gestures that close the narrow drawer: a pan or a tap on the pane (MM's close mask).
    public var closeGestures: DrawerCloseGestures = [.panningCenterView, .tapCenterView]
    /// Gesture arbitration of the drawer and sidebar layouts' pans (DESIGN §12): the drawer container's policy,
    /// with MM's numbers for every value it leaves out. The split layout's divider drag does not take it.
    public var panPolicy = PanPolicy()
    /// Regions that scroll along their axis before a pan moves the drawer or sidebar (container coordinates, kept
    /// across resizes); the split layout does not arbitrate.
    public var scrollRegions: [ScrollRegion] = []
    /// The split view's master width (MG's split position) and divider.
    public var splitPosition: Double = 320
    /// The split view's divider: MG's thin line (default) or its pane splitter.
    public var dividerStyle: DividerStyle = .thin

    /// A size change animates between the layouts over the system's rotation time (as the split's `rotate`).
    package static let transitionDuration = SplitConfiguration.rotationDuration
    /// The layout transition's curve.
    package static let transitionCurve = TimingCurve.easeInEaseOut

    /// A configuration of the container at `size` (points), with the default breakpoints, a left sidebar of the
    /// drawer's default width, and the narrow drawer's default gestures.
    public init(size: Size) {
        self.size = size
    }

    /// The layout for a container `width` points wide: narrow up to and including `narrowMax`, medium up to and
    /// including `mediumMax`, wide beyond.
    package func layout(forWidth width: Double) -> AdaptiveLayout {
        width <= narrowMax ? .drawer : (width <= mediumMax ? .sidebar : .split)
    }

    /// The drawer model (narrow and medium) at `size`: one drawer on the sidebar's side.
    package func drawerConfiguration(size: Size) -> DrawerConfiguration {
        var c = DrawerConfiguration(size: size, widths: [side: sidebarWidth])
        c.openMode = openMode
        c.openGestures = openGestures
        c.closeGestures = closeGestures
        c.panPolicy = panPolicy
        c.scrollRegions = scrollRegions
        return c
    }

    /// The split model (wide) at `size`: the master on the sidebar's side at `position`, embedded in both
    /// orientations, with no status bar taken off the size.
    package func splitConfiguration(size: Size, position: Double) -> SplitConfiguration {
        var c = SplitConfiguration(size: size)
        c.orientation = size.width > size.height ? .landscape : .portrait
        c.statusBarHeight = 0
        c.splitPosition = position
        c.dividerStyle = dividerStyle
        c.masterBeforeDetail = side == .left
        c.showsMasterInPortrait = true
        c.showsMasterInLandscape = true
        return c
    }
}
