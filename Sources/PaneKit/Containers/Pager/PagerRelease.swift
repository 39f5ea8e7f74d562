// Where each platform sends a pager when the finger lifts (reference/pagers.md §1.4, §1.6, §2.3, §4.4, §5.1-5.3),
// and the settle it starts. Positions are in pages, lengths in points, velocities in points per second along the
// scroll axis (positive toward higher pages), so a finger moving left on a horizontal pager scrolls forward.

import Foundation

/// A release: the pager's position and the gesture that ended there.
package struct PagerRelease: Sendable, Hashable {
    /// The continuous position, in pages.
    package var position: Double
    /// The page the gesture started on (Android's `mCurItem`, Embla's selected index).
    package var startPage: Int
    /// The release velocity along the scroll axis, points per second (positive: toward higher pages).
    package var velocity: Double
    /// The scroll distance since touch-down, points (positive: toward higher pages); Compose's `dragGestureDelta`.
    package var travel: Double
    /// How long the finger was down, seconds (Swiper's long-swipe test).
    package var held: Double
    /// Whether the drag passed the platform's start threshold and moved the pages (Swiper's `isMoved` and a translate
    /// other than the one at touch-down).
    package var moved = true
    /// Embla's flick velocity from its own tracker, points per millisecond of scroll (0: no flick).
    package var emblaVelocity = 0.0
    /// Embla's scroll body as the drag left it (its release goes on from its location and velocity).
    package var emblaBody: EmblaBody?

    /// The page each behavior settles to (unbounded when `wrap`, else clamped to the pages).
    /// - Complexity: O(1), no allocation.
    package func target(_ c: PagerConfiguration) -> Int {
        let raw = rawTarget(c)
        return c.wrap ? raw : min(max(raw, 0), c.pages - 1)
    }

    /// The index of the page at or before `position` (with a tolerance for positions that are whole numbers).
    private var floorPage: Int { Int((position + 1e-9).rounded(.down)) }
    /// The index of the page at or after `position`.
    private var ceilPage: Int { Int((position - 1e-9).rounded(.up)) }

    private func rawTarget(_ c: PagerConfiguration) -> Int {
        switch c.behavior {
        case .viewpager: viewPager(c)
        case .viewpager2: viewPager2()
        case .compose: compose(c)
        case .uikit: uikit(c)
        case .icarousel: iCarousel(c).target
        case .swiper: swiper()
        case .embla: embla(c).target
        case .reanimatedCarousel: reanimated(c)
        }
    }

    /// VP1 `determineTargetPage`: a fling past 25 dp at 400 dp/s goes one page in its direction; otherwise the page
    /// at the left edge plus `int(pageOffset + 0.4)` dragging forward, `+ 0.6` dragging back (a 60 % drag either way),
    /// in ViewPager's own pixels and floats (``ViewPagerPixels``).
    private func viewPager(_ c: PagerConfiguration) -> Int {
        ViewPagerPixels(c).target(self, density: c.density, pages: c.pages)
    }

    /// PagerSnapHelper: above 50 dp/s the start-most page + 1 forward or the start-most page back (a settled first
    /// page flung back stays); slower, the page whose centre is nearest (the lower one on a tie).
    private func viewPager2() -> Int {
        if abs(velocity) > PagerConstants.recyclerMinFling { return velocity > 0 ? floorPage + 1 : floorPage }
        return position - Double(floorPage) > 0.5 ? floorPage + 1 : floorPage
    }

    /// Compose's `calculateFinalSnappingBound`: at 400 dp/s or more the next or previous bound; slower, more than
    /// 0.5 of a page of finger travel goes on, at least `positionThresholdFraction` goes back to the page left,
    /// less goes to the nearer bound (the upper on a tie).
    private func compose(_ c: PagerConfiguration) -> Int {
        let lower = floorPage, upper = ceilPage
        if abs(velocity) >= PagerConstants.composeFlingVelocity { return velocity > 0 ? upper : lower }
        let pages = travel / c.pageLength, fraction = pages - pages.rounded(.towardZero)
        let forward = travel > 0
        let threshold = min(PagerConstants.composePositionThreshold, c.pageLength / 2) / c.pageLength
        if abs(fraction) > PagerConstants.composePositionalThreshold { return forward ? upper : lower }
        if abs(pages) >= threshold { return forward ? lower : upper }
        return position - Double(lower) < Double(upper) - position ? lower : upper
    }

    /// UIScrollView paging (chosen, docs/compat.md): the page nearest the position projected with the normal
    /// deceleration rate (`v/1000 · d/(1 − d)` points), at most one page from where the gesture started.
    private func uikit(_ c: PagerConfiguration) -> Int {
        let d = PagerConstants.uikitDeceleration
        let projected = position + velocity / 1000 * d / (1 - d) / c.stride
        let nearest = Int(projected.rounded(.toNearestOrAwayFromZero))
        return min(max(nearest, startPage - 1), startPage + 1)
    }

    /// iCarousel's release (iC:2095-2196): the velocity in items per second; above 2 a constant-deceleration glide of
    /// v/3 items (decelerationRate 0.95) rounded away to an item and kept within one bounce of the ends, else the
    /// nearest item. Returns the glide's end (nil: no glide) with the page it comes to rest on.
    package func iCarousel(_ c: PagerConfiguration) -> (target: Int, glideEnd: Double?) {
        let v = velocity / c.stride
        let a = abs(v) * 30 * (1 - PagerConstants.iCarouselDeceleration)
        let distance = a > 0 ? v * v / (2 * a) * (v < 0 ? -1 : 1) : 0
        guard abs(v) > PagerConstants.iCarouselSpeedThreshold, abs(distance) > PagerConstants.iCarouselDecelerateThreshold else {
            return (Int(position.rounded(.toNearestOrAwayFromZero)), nil)
        }
        var end = position + distance
        end = distance > 0 ? (end - 1e-9).rounded(.up) : (end + 1e-9).rounded(.down)
        if !c.wrap { end = min(max(end, -1), Double(c.pages)) }
        return (Int(end), end)
    }

    /// Swiper's `onTouchEnd`: a touch held over 300 ms needs half a slide (dragging back: more than half); a shorter
    /// one that moved goes one slide in the drag's direction.
    private func swiper() -> Int {
        let stop = floorPage, ratio = position - Double(stop)
        guard moved else { return Int(position.rounded(.toNearestOrAwayFromZero)) }
        if held > PagerConstants.swiperLongSwipe {
            let half = PagerConstants.swiperLongSwipeRatio
            return travel > 0 ? (ratio >= half ? stop + 1 : stop) : (ratio > 1 - half ? stop + 1 : stop)
        }
        return travel > 0 ? stop + 1 : stop
    }

    /// Embla's `DragHandler.up`: the flick boosted ×400 (touch); under clamp(20 % of the view, 50, 225) px it goes to
    /// the snap nearest the boosted target, over it to the snap next to the selected one. Returns that page with the
    /// force factor that shortens the settle (`ff`, 0 … 1).
    /// Below the threshold, a boosted target past the first or last snap is not snapped (`ScrollTarget.byDistance`'s
    /// `reachedBound`): the body's target goes there, `past` (points), and ScrollBounds pulls it back to the edge.
    package func embla(_ c: PagerConfiguration) -> (target: Int, factor: Double, past: Double?) {
        let raw = emblaVelocity * PagerConstants.emblaBoost
        let threshold = min(max(0.2 * c.axisLength, 50), 225)
        let here = position * c.stride
        var target: Int
        var past: Double?
        if abs(raw) < threshold {
            target = Int(((here + raw) / c.stride).rounded(.toNearestOrAwayFromZero))
            let end = here + raw
            if !c.wrap, end < 0 || end > Double(c.pages - 1) * c.stride { past = end }
        } else {
            target = startPage + (raw > 0 ? 1 : -1)
        }
        if !c.wrap { target = min(max(target, 0), c.pages - 1) }
        let force = past.map { $0 - here } ?? Double(target) * c.stride - here
        let factor = raw != 0 && abs(raw) > abs(force) ? abs(abs(raw) - abs(force)) / abs(raw) : 0
        return (target, factor, past)
    }

    /// react-native-reanimated-carousel's `endWithSpring` (snapMode `page`): the 2 s projection `round(p + 2v/size)`
    /// (JavaScript's `Math.round`) leaving the page in the drag's direction, with the velocity agreeing, goes one page
    /// on; otherwise back to the page the drag started from.
    private func reanimated(_ c: PagerConfiguration) -> Int {
        let size = c.stride
        let direction = travel > 0 ? 1 : travel < 0 ? -1 : 0
        let next = -Int((-position - 2 * velocity / size + 0.5).rounded(.down))
        let page = direction < 0 ? ceilPage : floorPage
        let agrees = (velocity > 0 ? 1 : velocity < 0 ? -1 : 0) == direction
        return next == page || !agrees ? page : page + direction
    }
}
