// The scroll regions of a sheet scenario: their offsets, the pan that hands off between the sheet and a region in
// it (reference/sheets.md §1.7, §1b, §2, §3.6, §4.6, §5.8), and Material's nested-scroll release (§1.7).

/// The content offsets of a sheet's scroll regions and the pan under way over one of them.
struct SheetScroll: Sendable {
    /// The regions, in the scenario's order.
    let regions: [ScrollRegion]
    /// Each region's content offset.
    private(set) var offsets: [Double]
    /// Whether each region's offset moved since the last ``SheetContainer/flushScrolled(events:)``.
    private var moved: [Bool]
    /// A pan that began over a region in the sheet.
    var pan: SheetScrollPan?
    /// A pan scrolling a region of the content behind the sheet: the region and the last point, in container
    /// coordinates.
    var panePan: (region: Int, last: Point)?
    /// vaul's `lastTimeDragPrevented`: the last time its `shouldDrag` refused the drawer (it outlives a pan).
    var vaulLastPrevented: Double?

    /// The regions at their starting offsets.
    init(regions: [ScrollRegion]) {
        self.regions = regions
        offsets = regions.map(\.offset)
        moved = Array(repeating: false, count: regions.count)
    }

    /// The topmost region of `space` containing `point` (the last listed one when they overlap).
    func region(_ space: ScrollRegion.Space, at point: Point) -> Int? {
        regions.indices.last { regions[$0].space == space && regions[$0].rect.contains(point) }
    }

    /// Whether region `r` is scrolled away from the start of its range (UIKit's `contentOffset.y > 0`).
    func isScrolled(_ r: Int) -> Bool { offsets[r] > regions[r].range.lowerBound }

    /// Scrolls region `r` by a finger movement of `finger` points (towards positive coordinates lowers the offset),
    /// within its range; returns the part of the movement the range could not take (0 inside it).
    mutating func scroll(_ r: Int, finger: Double) -> Double {
        let range = regions[r].range
        let before = offsets[r]
        let offset = min(max(before - finger, range.lowerBound), range.upperBound)
        if offset != before {
            offsets[r] = offset
            moved[r] = true
        }
        return finger - (before - offset)
    }

    /// Appends one `scrolled` event per region whose offset moved since the last call.
    mutating func flush(events: inout [Event]) {
        for r in moved.indices where moved[r] {
            moved[r] = false
            events.append(.scrolled(region: r, offset: offsets[r]))
        }
    }
}

/// A pan that began over a region in the sheet, in the bottom sheet's coordinates: who took each of its movements.
struct SheetScrollPan: Sendable {
    /// The region under the touch when the pan began.
    var region: Int
    /// Where and when the pan began, and its last point.
    var start: Point, startTime: Double, last: Point
    /// The sheet's position when the pan began, and its unlimited position since (the start plus the finger's
    /// travel the sheet took).
    var sheetStart: Double, raw: Double
    /// The highest the sheet may go in this pan: its largest detent, or, for UIKit without
    /// `prefersScrollingExpandsWhenScrolledToEdge`, where the pan found it.
    var ceiling: Double
    /// The finger's velocity since the pan began.
    var y: SampledVelocity, x: SampledVelocity
    /// Material's last nested `dy`: the vertical delta of the last movement, positive downward.
    var lastDelta = 0.0
    /// Whether the last movement went to the region's content (false: to the sheet, or nothing moved yet).
    var contentLast = false
    /// FloatingPanel: the panel tracks the pan and the content is pinned (the panel was not at its most expanded
    /// anchor, or the content reached its top and the panel took over).
    var panelTracks = false
    /// vaul: `shouldDrag` allowed the drawer; it stays allowed until the release.
    var vaulAllowed = false

    /// A pan over `region` beginning at `point` and `time`, with the sheet at `position`.
    init(region: Int, at point: Point, time: Double, sheet position: Double, ceiling: Double) {
        self.region = region
        start = point
        startTime = time
        last = point
        sheetStart = position
        raw = position
        self.ceiling = ceiling
        y = SampledVelocity(point.y, at: time)
        x = SampledVelocity(point.x, at: time)
    }
}

extension SheetReleaseRule {
    /// Material's `onStopNestedScroll` (BSB:903-971): the target from the sign of the last nested `dy`, with the
    /// velocity only in the hide check; expanded when the sheet is there.
    /// - Parameters:
    ///   - geometry: the resolved sheet (its ``SheetGeometry/material`` offsets must be set).
    ///   - configuration: the options (`skipCollapsed`, `density`).
    ///   - release: the release, in points (its velocity for the hide check).
    ///   - lastDelta: the last movement's vertical delta in points, positive downward (Android's `dy` is its
    ///     negative).
    /// - Returns: `expanded`, `halfExpanded`, `collapsed` or `hidden`.
    package static func materialNested(
        _ geometry: SheetGeometry, _ configuration: SheetConfiguration, _ release: SheetRelease, lastDelta: Double
    ) -> String {
        guard let m = geometry.material else { return release.settled }
        if release.position == geometry.position(of: "expanded") { return "expanded" }
        // onViewReleased's branches without its hide check give the nested rule's: a finger moving up is its
        // vy < 0 case, a finger moving down its last one, no movement its vy == 0 one.
        var kept = geometry
        kept.canHide = false
        var r = release
        r.horizontalVelocity = 0
        if lastDelta < 0 {
            r.velocity = -androidMaximumFling
            return material(kept, configuration, r)
        }
        let d = configuration.density
        let top = release.position * d, collapsed = Double(m.collapsedOffset)
        if geometry.canHide {
            let vy = clampMagnitude(release.velocity * d, minimum: androidMinimumFling * d, maximum: androidMaximumFling * d)
            let hides =
                configuration.skipCollapsed
                || (top >= collapsed && abs(top + vy * materialHideFriction - collapsed) / Double(m.peek) > materialHideThreshold)
            if hides { return "hidden" }
        }
        r.velocity = lastDelta == 0 ? 0 : androidMaximumFling
        return material(kept, configuration, r)
    }
}
