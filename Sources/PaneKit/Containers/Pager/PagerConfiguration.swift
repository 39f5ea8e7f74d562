// The pager's options (DESIGN §14): how many pages, which way, whose swipe, and the geometry of a page.

/// The options of a ``PagerContainer``. Every length is in points (Android's dp and CSS pixels alike); `density`
/// converts them to device pixels where a platform counts pixels (ViewPager's rounding, RecyclerView's inches).
public struct PagerConfiguration: ContainerConfiguration {
    /// ``ContainerKind/pager``.
    package static var kind: ContainerKind { .pager }
    /// The container's size in points.
    public var size: Size
    /// Whose swipe and settle the pager has (default ``PagerBehavior/viewpager2``).
    public var behavior = PagerBehavior.viewpager2
    /// How many pages (≥ 1; any number: only the visible ones are posed).
    public var pages = 3
    /// The pages' names when a scenario gave names rather than a count (the accessibility label of each).
    public var names: [String]?
    /// The page shown first.
    public var initialPage = 0
    /// Horizontal (the next page to the right) or vertical (below).
    public var orientation = PagerOrientation.horizontal
    /// Whether the last page is followed by the first (iCarousel's wrap, Swiper's loop, reanimated-carousel's loop).
    public var wrap = false
    /// A page's length along the axis: a number ≤ 1 is a fraction of the container, > 1 points; nil fills it.
    public var pageSize: Double?
    /// The gap between two pages, in points.
    public var spacing = 0.0
    /// Device pixels per point (Android's density; 1 by default).
    public var density = 1.0
    /// react-native-reanimated-carousel's major version, 4 or 5 (default 5: 500 ms; 4: 600 ms).
    public var version = 5
    /// iCarousel's `offsetMultiplier` option (iC:1104-1127): how many items a drag of one item's width moves. The
    /// release velocity is not scaled by it (iC:2095-2196). iCarousel's default is 2 for the cover flows and 1 for the
    /// other types; a pager does not know its stylers' type, so it is 1 unless given (docs/compat.md).
    public var offsetMultiplier = 1.0
    /// The reading direction: under `rtl` a horizontal pager runs as the mirror image (page 0 on the right, the next
    /// page to the left, a swipe to the right goes forward).
    public var layoutDirection = LayoutDirection.ltr

    /// A configuration of `pages` pages in a container of `size`, every other option at its default.
    public init(size: Size, behavior: PagerBehavior = .viewpager2, pages: Int = 3) {
        self.size = size
        self.behavior = behavior
        self.pages = pages
    }

    /// None: a pager styles pages, not drawers.
    package var directions: [Direction] { [] }
    /// `pages`.
    package var stylerGroups: [StylerGroup] { [.pages] }
    /// A ``PagerContainer`` at rest on `initialPage`.
    package func makeContainer() -> any StaticPosing { PagerContainer(self) }
    /// Nothing: the mirror image swaps the sides.
    package mutating func swapHorizontalSides() {}

    /// The container's length along the scroll axis.
    package var axisLength: Double { orientation == .horizontal ? size.width : size.height }
    /// A page's length along the axis, in points.
    package var pageLength: Double {
        guard let pageSize else { return axisLength }
        return pageSize <= 1 ? pageSize * axisLength : pageSize
    }
    /// The distance between two pages' starts: a page and its spacing.
    package var stride: Double { max(pageLength + spacing, 1e-9) }
}

extension ContainerSpec {
    /// A pager.
    package static func pager(_ configuration: PagerConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}
