// Gesture arbitration as data: a container's pan policy and the scrolling regions inside its content (DESIGN §12).

/// How a container's pan recognizer decides, as data. Each field left nil keeps the original container's number
/// (docs/scenario.md, Gesture arbitration, lists them): an empty policy is the original's behaviour.
public struct PanPolicy: Sendable, Hashable {
    /// The width of the screen-edge strip where an edge pan starts: MM's bezel range (20 pt), SideNavigation's
    /// present edge (20 pt), MS's start edge for `paneDragRequiresScreenEdgePan` (24 pt).
    public var edgeWidth: Double?
    /// The largest angle, in degrees from the drawer's axis, at which the first movement of a pan still locks it to
    /// that axis; a steeper pan fails (the app's content gets it). 90, every pan, in all the originals.
    public var lockAngle: Double?
    /// The release speed past which a pan finishes in its direction whatever the distance: MM 200 pt/s (above-content
    /// 500 pt/s), MS 5 pt per touch event, SideNavigation none (distance only).
    public var velocityThreshold: Double?
    /// The fraction of the travel past which a slow release opens (or finishes): MM and MS 0.5 of the drawer's
    /// width, SideNavigation 0.2 of the container's width.
    public var distanceThreshold: Double?
    /// Whether a pan whose first movement heads for a side with no drawer fails at once (MS: yes; MM and
    /// SideNavigation: no, the pan holds the touch and nothing moves).
    public var failsWithoutDrawer: Bool?

    /// A policy that keeps every number of the original.
    public init(
        edgeWidth: Double? = nil, lockAngle: Double? = nil, velocityThreshold: Double? = nil,
        distanceThreshold: Double? = nil, failsWithoutDrawer: Bool? = nil
    ) {
        self.edgeWidth = edgeWidth
        self.lockAngle = lockAngle
        self.velocityThreshold = velocityThreshold
        self.distanceThreshold = distanceThreshold
        self.failsWithoutDrawer = failsWithoutDrawer
    }

    /// Whether the policy changes nothing: pans then go straight to the container, as in the originals.
    package var isEmpty: Bool { self == PanPolicy() }

    /// The lock angle of the originals: none of them locks a pan to an axis.
    package static let originalLockAngle = 90.0
}

/// A scrolling region inside the content (a carousel, a swipe-to-delete row, a list): a pan that starts inside it
/// along its axis scrolls it until its content offset reaches the end of `range`, and only then moves the drawer,
/// as nested scroll views do.
public struct ScrollRegion: Sendable, Hashable {
    /// Where the region is, in container coordinates.
    public var rect: Rect
    /// The direction the region scrolls in.
    public var axis: Axis
    /// The content offset's bounds (UIScrollView's contentOffset along the axis: dragging the finger towards
    /// positive coordinates lowers it).
    public var range: ClosedRange<Double>
    /// The content offset at the start of the run, inside `range`.
    public var offset: Double
    /// What `rect` is measured in and moves with (the scenario's `in`): the container, or a sheet's surface.
    public var space = Space.pane

    /// What a region's rect is measured in.
    public enum Space: String, Sendable, Hashable, CaseIterable {
        /// Container coordinates: the region is part of the content behind (every container).
        case pane
        /// A sheet's own coordinates, (0, 0) at its top-left corner: the region moves with the sheet, and a pan over
        /// it hands off between the sheet and the region as the sheet's behavior does (`sheet` only).
        case sheet
    }

    /// A region at `rect` (points) scrolling along `axis`, its content offset starting at `offset` (clamped into
    /// `range`).
    public init(rect: Rect, axis: Axis = .horizontal, range: ClosedRange<Double>, offset: Double) {
        self.rect = rect
        self.axis = axis
        self.range = range
        self.offset = min(max(offset, range.lowerBound), range.upperBound)
    }
}

/// What the host's arbiter needs from a container to decide who takes a pan, at the moment it asks.
package struct PanArbitration: Sendable {
    /// The axis the container's drawers move along.
    package var axis: Axis
    /// The resolved lock angle in degrees (90 locks every pan).
    package var lockAngle: Double
    /// Whether a pan heading for a side with no drawer fails at once.
    package var failsWithoutDrawer: Bool
    /// Whether something moves for a pan heading towards positive coordinates along `axis` (a left or top drawer
    /// opens, or an open right or bottom drawer closes), and towards negative coordinates.
    package var movesTowardsPositive: Bool
    /// Whether something moves for a pan heading towards negative coordinates along `axis` (a right or bottom
    /// drawer opens, or an open left or top drawer closes).
    package var movesTowardsNegative: Bool
    /// The scrolling regions, back to front (the last one containing a point is on top).
    package var regions: [ScrollRegion]

    /// What a container answers the arbiter with; each argument is the property of the same name.
    package init(
        axis: Axis, lockAngle: Double, failsWithoutDrawer: Bool, movesTowardsPositive: Bool, movesTowardsNegative: Bool,
        regions: [ScrollRegion]
    ) {
        self.axis = axis
        self.lockAngle = lockAngle
        self.failsWithoutDrawer = failsWithoutDrawer
        self.movesTowardsPositive = movesTowardsPositive
        self.movesTowardsNegative = movesTowardsNegative
        self.regions = regions
    }
}
