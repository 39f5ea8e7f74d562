// The options of the dynamics container (MSDynamicsDrawerViewController 1.x), with the original's defaults.

/// The dynamics container's configuration (reference/msdynamics.md §1.3).
public struct DynamicsConfiguration: Sendable, Hashable {
    /// The container's size in points.
    public var size: Size
    /// The reveal width of each drawer that exists (nil: the default, 267 horizontal, 300 vertical).
    public var widths: [Direction: Double?]
    /// Gravity in thousands of pt/s² (2 → 2000 pt/s²).
    public var gravityMagnitude = 2.0
    /// The pane's restitution against the walls when it opens or closes, 0 (no rebound) … 1.
    public var elasticity = 0.0
    /// The pane's restitution during a bounce, 0 … 1.
    public var bounceElasticity = 0.5
    /// The bounce's instantaneous push in UIPushBehavior magnitude units (1 moves a 100 × 100 pt item at 100 pt/s).
    public var bounceMagnitude = 60.0
    /// How far past the container edge the pane goes when open wide (E).
    public var paneStateOpenWideEdgeOffset = 20.0
    /// Whether replacing the pane slides it off-screen first (YES on iPhone).
    public var paneViewSlideOffAnimationEnabled = true
    /// Whether a pan on the pane drags it to reveal a drawer.
    public var paneDragRevealEnabled = true
    /// Whether a tap on the open pane closes it.
    public var paneTapToCloseEnabled = true
    /// DESIGN §12's retargeting switch. MS's physics already starts every state change from the pane's position and
    /// velocity and lets a pan catch the pane, so the dynamics container behaves the same either way.
    public var interruptible = false
    /// MS's paneDragRequiresScreenEdgePan: a closed pane moves only for a pan that starts at a drawer's screen edge.
    public var paneDragRequiresScreenEdgePan = false
    /// The pan policy (DESIGN §12); an empty one keeps MS's numbers.
    public var panPolicy = PanPolicy()
    /// Scrolling regions inside the content that take a pan before the drawer does.
    public var scrollRegions: [ScrollRegion] = []
    /// The reading direction (DESIGN §12): `rtl` runs the mirror image of `leftToRightCounterpart`.
    public var layoutDirection = LayoutDirection.ltr

    /// The physics step: 600 Hz, independent of the frame rate.
    package static let step = 1.0 / 600
    /// MS's velocity threshold for a thrown pan, in points per touch event.
    package static let throwThreshold = 5.0
    /// MS's throw push: 5 × the last per-event displacement.
    package static let throwMultiplier = 5.0

    /// A configuration with MS's defaults for a container of `size` and drawers of the given reveal widths (`nil`: the default).
    public init(size: Size, widths: [Direction: Double?] = [.left: nil]) {
        self.size = size
        self.widths = widths
    }

    /// The reveal width R of `direction`.
    package func revealWidth(_ direction: Direction) -> Double {
        if let stored = widths[direction], let w = stored { return w }
        return direction.isHorizontal ? 267 : 300
    }
}
