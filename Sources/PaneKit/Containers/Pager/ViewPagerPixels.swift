// ViewPager's release in its own numbers (VP1 `onTouchEvent` ACTION_UP, `infoForCurrentScrollPosition`,
// `determineTargetPage`, `scrollToItem`): whole pixels for the scroll, the travel and the velocity, `float` for the page
// offsets. Rounded in doubles instead, a release at exactly 60 % of a page goes the other way (2.6 pages: Java's
// `0.6f + 0.4f` is below 1, so ViewPager stays; 1.4 pages back: `0.4f + 0.6f` is 1, so it stays too), as the table of
// the original's own run shows (Tests/PaneKitTests/PagerOriginals/).

import Foundation

/// A ViewPager's geometry in device pixels, as Android holds it.
struct ViewPagerPixels {
    /// The client width (or height), the page margin, both whole pixels (Android truncates `dp × density`).
    let width: Int, margin: Int
    /// `mFlingDistance`, `mMinimumVelocity` and `getScaledMaximumFlingVelocity()`, pixels and pixels per second.
    let flingDistance: Int, minimumVelocity: Int, maximumVelocity: Int
    /// `(float) mPageMargin / width`: the margin as a fraction of a page.
    let marginOffset: Float
    /// `mCloseEnough`: CLOSE_ENOUGH (2 dp) in whole pixels.
    let closeEnough: Int

    init(_ c: PagerConfiguration) {
        width = max(Int(c.pageLength * c.density), 1)
        margin = Int(c.spacing * c.density)
        flingDistance = Int(PagerConstants.viewPagerFlingDistance * c.density)
        minimumVelocity = Int(PagerConstants.viewPagerFlingVelocity * c.density)
        maximumVelocity = Int(Float(c.density) * Float(PagerConstants.viewPagerMaxFlingVelocity) + 0.5)
        marginOffset = Float(margin) / Float(width)
        closeEnough = Int(PagerConstants.viewPagerCloseEnough * c.density)
    }

    /// Whether a touch-down catches a settle at the pixel `x` on its way to `page` (`onInterceptTouchEvent`'s
    /// ACTION_DOWN): only farther than `mCloseEnough` from its end; closer, `completeScroll` finishes it.
    func catches(_ x: Int, goingTo page: Int) -> Bool { abs(destination(page) - x) > closeEnough }

    /// `Scroller.getCurrX()` of the settle `s` to `page` at `time` (`computeScrollOffset`): from its start's whole
    /// pixel, `round(f·dx)` of the whole-pixel distance, f = `sInterpolator` at the elapsed whole milliseconds, in
    /// `float`.
    func scroll(_ s: PagerSettle, to page: Int, at time: Double) -> Int {
        guard case .curve(_, let duration, _) = s.motion else { return scroll(s.position(at: time)) }
        let start = scroll(s.from), dx = destination(page) - start
        let elapsed = Int(((time - s.start) * 1000 + 1e-6).rounded(.down)), ms = Int((duration * 1000).rounded())
        guard elapsed < ms else { return start + dx }
        let t = Float(elapsed) * (1 / Float(ms)) - 1
        return start + Int(((t * t * t * t * t + 1) * Float(dx) + 0.5).rounded(.down))  // Math.round(float)
    }

    /// The pixel `x` as a position, in pages.
    func position(_ x: Int) -> Double { Double(x) / Double(width + margin) }

    /// `ItemInfo.offset` of `page`: its start in widths.
    func offset(_ page: Int) -> Float { Float(page) * (1 + marginOffset) }

    /// `getScrollX()` at `position` pages: whole pixels, truncated as `scrollTo((int) scrollX)` truncates (a
    /// millionth of a pixel below a whole one counts as it: the position is a double, the scroll an integer).
    func scroll(_ position: Double) -> Int { Int((position * Double(width + margin) + 1e-6).rounded(.down)) }

    /// `scrollToItem`'s `destX` for `page`.
    func destination(_ page: Int) -> Int { Int(Float(width) * offset(page)) }

    /// The tracker's velocity as ACTION_UP reads it: clamped to the maximum fling velocity, truncated to an `int`,
    /// with Android's sign (positive: the finger moves right, toward the lower pages). `velocity` is PaneKit's
    /// (points per second toward the higher pages).
    func trackerVelocity(_ velocity: Double, density: Double) -> Int {
        let v = Float(-velocity * density), limit = Float(maximumVelocity)
        return Int(min(max(v, -limit), limit))
    }

    /// `determineTargetPage` fed by ACTION_UP: the page at the scroll (`infoForCurrentScrollPosition` over the
    /// populated pages, `curItem` ± 1) and the fraction of it scrolled off; a fling past both thresholds goes one page
    /// in its direction, otherwise `int(pageOffset + 0.4f)` forward, `+ 0.6f` back; within the populated pages.
    func target(_ r: PagerRelease, density: Double, pages: Int) -> Int {
        let (first, last) = (max(r.startPage - 1, 0), min(r.startPage + 1, pages - 1))
        let scrollOffset = Float(scroll(r.position)) / Float(width)
        var current = first
        while current < last, scrollOffset >= offset(current) + 1 + marginOffset { current += 1 }
        let pageOffset = (scrollOffset - offset(current)) / (1 + marginOffset)
        let velocity = trackerVelocity(r.velocity, density: density)
        let deltaX = Int(Float(-r.travel * density))
        let target: Int
        if abs(deltaX) > flingDistance, abs(velocity) > minimumVelocity {
            target = velocity > 0 ? current : current + 1
        } else {
            let truncator: Float = current >= r.startPage ? 0.4 : 0.6
            target = current + Int(pageOffset + truncator)
        }
        return min(max(target, first), last)
    }
}
