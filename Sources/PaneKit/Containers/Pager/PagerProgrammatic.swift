// `setPage`, animated as each platform animates a programmatic change (reference/pagers.md): ViewPager's
// velocity-less smoothScrollTo, ViewPager2's seek (a jump to within 3 pages first), Compose's `animateScrollToPage`
// (the same jump, then a stiffness-1500 spring), iCarousel's 0.4 s ease-in-out, Swiper's 300 ms, Embla's scrollTo,
// reanimated-carousel's timing.

/// The motion of a programmatic page change.
package enum PagerProgrammatic {
    /// Pages a long jump keeps to animate (ViewPager2's `setCurrentItemInternal`, Compose's MaxPagesForAnimateScroll).
    package static let longJump = 3

    /// Where the motion starts (after a long jump) and the motion from there to `to`; nil motion when already there.
    package static func settle(
        _ c: PagerConfiguration, from position: Double, to page: Int, velocity: Double, body: EmblaBody?, at time: Double
    ) -> (from: Double, motion: PagerSettle?) {
        var p = position
        let to = Double(page)
        if c.behavior == .viewpager2 || c.behavior == .compose, abs(to - p) > Double(longJump) {
            p = to - Double(longJump) * (to > p ? 1 : -1)
        }
        let px = c.stride * c.density
        guard abs(to - p) * px >= 1e-9 else { return (to, nil) }
        switch c.behavior {
        case .viewpager:
            let duration = PagerTiming.viewPagerSettle(dx: (to - p) * px, width: c.axisLength * c.density, velocity: 0, pageWidth: px)
            return (p, .curve(from: p, to: to, start: time, duration: duration, .quintic, pixel: 1 / px))
        case .viewpager2:
            // The seek at 25 ms per inch is folded into the `onTargetFound` step over the whole distance (docs/compat.md).
            let duration = PagerTiming.snapScroller(pixels: (abs(to - p) * px).rounded(), dpi: 160 * c.density, millisecondsPerInch: 25)
            return (p, .curve(from: p, to: to, start: time, duration: duration, .decelerate))
        case .compose:
            return (p, PagerTiming.spring(c, from: p, to: to, velocity: velocity * c.stride, stiffness: 1500, at: time))
        case .uikit:
            return (
                p, PagerTiming.spring(c, from: p, to: to, velocity: velocity * c.stride, stiffness: PagerTiming.uikitStiffness, at: time)
            )
        case .icarousel:
            return (p, .curve(from: p, to: to, start: time, duration: PagerConstants.iCarouselScroll, .cubicInOut))
        case .swiper:
            return (p, .curve(from: p, to: to, start: time, duration: PagerConstants.swiperSpeed, .cssEase))
        case .embla:
            var b =
                body
                ?? EmblaBody(
                    location: p * c.stride, previous: p * c.stride, velocity: 0, target: 0, duration: 25, friction: 0.68, start: time)
            // A body already moving keeps its velocity and its step grid, as Embla's scrollTo keeps its scroll body.
            (b.target, b.duration, b.friction) = (to * c.stride, 25, 0.68)
            return (p, PagerSettle(from: p, to: to, start: time, motion: .embla(b, stride: c.stride)))
        case .reanimatedCarousel:
            return (p, .curve(from: p, to: to, start: time, duration: PagerTiming.reanimated(c), .easeOutQuart))
        }
    }
}
