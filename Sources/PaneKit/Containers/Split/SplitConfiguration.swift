// The options of the split container (MGSplitViewController), with the original's defaults.

/// The split container's configuration (reference/mgsplit.md §1).
public struct SplitConfiguration: Sendable, Hashable {
    /// The container size in the starting orientation; the other orientation swaps width and height.
    public var size: Size
    /// The starting orientation (default: landscape when wider than tall).
    public var orientation: Orientation?
    /// The divider's offset in points from the container's leading edge (left, or top when stacked); MG's default 320.
    public var splitPosition = 320.0
    /// The divider's width; nil means the style's (1 thin, 25 pane splitter).
    public var splitWidth: Double?
    /// Whether master and detail sit side by side (true) or stacked (false).
    public var vertical = true
    /// Whether the master comes first (left or top).
    public var masterBeforeDetail = true
    /// The divider's look, which also sets its default width and whether it drags.
    public var dividerStyle = DividerStyle.thin
    /// Whether the master stays embedded in portrait (MG's default: no, it becomes a popover).
    public var showsMasterInPortrait = false
    /// Whether the master stays embedded in landscape (MG's default: yes).
    public var showsMasterInLandscape = true
    /// Whether the divider can be dragged; nil means the style's (no for thin, yes for the pane splitter).
    public var allowsDraggingDivider: Bool?
    /// MG's default constraint: each pane keeps at least this much (0 accepts every position, as the demo's delegate).
    public var minimumViewExtent = 200.0
    /// Retargeting (DESIGN §12, off as in MG): a change during an animation carries the frames' velocity and the
    /// master's closed fraction over instead of restarting from rest.
    public var interruptible = false
    /// The master's popover size (UIKit's default 320 × 1100; the width is limited to 320…600).
    public var popoverSize = Size(width: 320, height: 1100)
    /// The reading direction (DESIGN §12): under `rtl` the master before the detail is on the right, and the whole
    /// container is the mirror image of its `ltr` run.
    public var layoutDirection = LayoutDirection.ltr

    /// UIKit's default animation: 0.2 s ease-in-out.
    package static let animationDuration = 0.2
    /// The rotation animation (the system's; about 0.4 s on an iPad, UNCONFIRMED).
    package static let rotationDuration = 0.4

    /// A configuration with MG's defaults for a container of `size` in its starting orientation.
    public init(size: Size) {
        self.size = size
    }

    /// The status bar MG subtracts from the screen's height in every orientation (20 pt before iOS 7).
    package var statusBarHeight = 20.0

    /// The container size in `orientation` (§2): the screen, in portrait terms, is recovered from the starting
    /// size; portrait is screenW × (screenH − bar), landscape screenH × (screenW − bar).
    package func size(in orientation: Orientation) -> Size {
        let start = self.orientation ?? (size.width > size.height ? .landscape : .portrait)
        let screen =
            start == .portrait
            ? Size(width: size.width, height: size.height + statusBarHeight)
            : Size(width: size.height + statusBarHeight, height: size.width)
        return orientation == .portrait
            ? Size(width: screen.width, height: screen.height - statusBarHeight)
            : Size(width: screen.height, height: screen.width - statusBarHeight)
    }
}
