// The end of a pan: the behavior's rule picks a page (PagerRelease) and its platform's settle motion takes the pager
// there (reference/pagers.md §1.5, §1.6, §2.4, §4.4, §5.1-5.3).

import Foundation

extension PagerContainer {
    /// The release of `d` at `time`: a cancelled pan goes back to the page it started on, with no velocity.
    mutating func release(_ d: PagerDrag, cancelled: Bool, at time: Double, events: inout [Event]) {
        if cancelled { events.append(.panCancelled) }
        let moved = position - d.startPosition
        releasedSwipe = moved > 0 ? 1 : moved < 0 ? -1 : 0
        let c = configuration
        let velocity = cancelled ? 0 : -d.tracker.rate
        let travel = cancelled ? 0 : -(d.lastAxis - d.downAxis)
        // Embla picks the snap from its body's target (where the finger put it), not from the rendered location.
        let from = d.emblaBody.map { $0.target / c.stride } ?? position
        var r = PagerRelease(position: from, startPage: d.startPage, velocity: velocity, travel: travel, held: time - d.downTime)
        // Swiper's `onTouchEnd` slides only when the slides moved (`currentTranslate !== startTranslate`): a drag whose
        // one accepted move was the re-base past the threshold ends where it began.
        r.moved = d.moved && !cancelled && position != d.startPosition
        r.emblaVelocity = cancelled ? 0 : d.emblaVelocity(at: time)
        r.emblaBody = d.emblaBody
        var target = cancelled ? d.startPage : r.target(c)
        if cancelled, !c.wrap { target = min(max(target, 0), c.pages - 1) }
        guard let motion = releaseSettle(r, to: &target, at: time) else {
            position = Double(target)
            return land(events: &events)
        }
        startSettle(motion, target: target, caught: d.caughtTarget, events: &events)
    }

    /// Each platform's settle from the release `r` to `target` (iCarousel may change the target to its glide's end).
    func releaseSettle(_ r: PagerRelease, to target: inout Int, at time: Double) -> PagerSettle? {
        let c = configuration, p = r.position, to = Double(target)
        let px = c.stride * c.density, dpi = 160 * c.density
        let distancePixels = abs(to - p) * px
        guard distancePixels >= 1e-9 || c.behavior == .icarousel || r.emblaBody != nil else { return nil }
        switch c.behavior {
        case .viewpager:
            // `smoothScrollTo` from the whole-pixel scroll to `destX`, with the tracker's clamped velocity.
            let vp = ViewPagerPixels(c)
            let dx = vp.destination(target) - vp.scroll(p)
            guard dx != 0 else { return nil }
            let velocity = vp.trackerVelocity(r.velocity, density: c.density)
            let duration = PagerTiming.viewPagerSettle(
                dx: Double(dx), width: Double(vp.width), velocity: Double(velocity), pageWidth: Double(vp.width + vp.margin))
            return .curve(from: p, to: to, start: time, duration: duration, .quintic, pixel: 1 / px)
        case .viewpager2:
            if abs(r.velocity) > PagerConstants.recyclerMinFling {
                let duration = PagerTiming.snapScroller(pixels: distancePixels.rounded(), dpi: dpi, millisecondsPerInch: 100, cap: 100)
                return .curve(from: p, to: to, start: time, duration: duration, .decelerate)
            }
            let duration = PagerTiming.smoothScrollBy(pixels: distancePixels.rounded(), container: c.axisLength * c.density)
            return .curve(from: p, to: to, start: time, duration: duration, .quintic)
        case .compose:
            return PagerTiming.spring(c, from: p, to: to, velocity: r.velocity, stiffness: 400, at: time)
        case .uikit:
            return PagerTiming.spring(c, from: p, to: to, velocity: r.velocity, stiffness: PagerTiming.uikitStiffness, at: time)
        case .icarousel:
            let (page, end) = r.iCarousel(c)
            if let end, end != p {
                target = Int(end)
                let v = r.velocity / c.stride
                let duration = abs(end - p) / abs(v / 2)
                return PagerSettle(from: p, to: end, start: time, motion: .glide(velocity: 2 * (end - p) / duration, duration: duration))
            }
            target = page
            guard abs(Double(page) - p) > 1e-9 else { return nil }
            return .curve(from: p, to: Double(page), start: time, duration: PagerConstants.iCarouselScroll, .cubicInOut)
        case .swiper:
            return .curve(from: p, to: to, start: time, duration: PagerConstants.swiperSpeed, .cssEase)
        case .embla:
            // The same body goes on (its location, velocity and steps), with the release's duration and friction.
            let (_, factor, past) = r.embla(c)
            var body =
                r.emblaBody
                ?? EmblaBody(
                    location: p * c.stride, previous: p * c.stride, velocity: 0, target: 0, duration: 25, friction: 0.68, start: time)
            body.advance(to: time)
            body.bound(c)
            body.pointerDown = false
            (body.target, body.duration, body.friction) = (past ?? to * c.stride, 25 - 10 * factor, 0.68 + factor / 50)
            return PagerSettle(from: body.rendered(at: time) / c.stride, to: to, start: time, motion: .embla(body, stride: c.stride))
        case .reanimatedCarousel:
            return .curve(from: p, to: to, start: time, duration: PagerTiming.reanimated(c), .easeOutQuart)
        }
    }
}

/// The platforms' durations and springs (reference/pagers.md), in seconds.
package enum PagerTiming {
    /// ViewPager's `smoothScrollTo` (§1.5), all in pixels: `4·round(1000·dist/|v|)` ms with a velocity (whatever its
    /// size: ACTION_UP passes the raw velocity), else `(|dx|/pageWidth + 1)·100` ms; at most 600 ms. In `float`, as
    /// ViewPager computes it: 18 px of a 360 px page is `(int) 104.99999f` = 104 ms, not 105.
    package static func viewPagerSettle(dx: Double, width: Double, velocity: Double, pageWidth: Double) -> Double {
        let half = Float(Int(width) / 2)
        let ratio = min(1, Float(abs(dx)) / Float(Int(width)))
        let distance = half + half * Float(sin(Double((ratio - 0.5) * (0.3 * Float.pi / 2))))
        let v = Float(abs(Int(velocity)))
        let ms =
            v > 0
            ? 4 * (1000 * abs(distance / v) + 0.5).rounded(.down) : ((Float(abs(dx)) / Float(pageWidth) + 1) * 100).rounded(.towardZero)
        return Double(min(ms, 600)) / 1000
    }

    /// A LinearSmoothScroller's `onTargetFound` step (§1.6): `ceil(min(cap, ceil(px·msPerInch/dpi)) / 0.3356)` ms.
    package static func snapScroller(pixels: Double, dpi: Double, millisecondsPerInch: Double, cap: Double = .infinity) -> Double {
        let linear = min(cap, (pixels * millisecondsPerInch / dpi).rounded(.up))
        return (linear / 0.3356).rounded(.up) / 1000
    }

    /// RecyclerView's `smoothScrollBy` default duration (§1.2, [3rd-party]): `min(2000, int((|d|/size + 1)·300))` ms.
    package static func smoothScrollBy(pixels: Double, container: Double) -> Double {
        min(2000, ((pixels / container + 1) * 300).rounded(.towardZero)) / 1000
    }

    /// UIScrollView paging's settle, chosen (docs/compat.md): a critically damped spring of response 0.4 s.
    package static let uikitStiffness = (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4)

    /// react-native-reanimated-carousel's settle: 500 ms in v5, 500 + 100 ms in v4.
    package static func reanimated(_ c: PagerConfiguration) -> Double { c.version == 4 ? 0.6 : 0.5 }

    /// A Compose spring (damping ratio 1) from `from` to `to` pages with `velocity` points per second, clamped at the
    /// target as `animateWithTarget` clamps the snap.
    package static func spring(
        _ c: PagerConfiguration, from: Double, to: Double, velocity: Double, stiffness: Double, at time: Double
    ) -> PagerSettle {
        let spring = ComposeSpring(
            from: from * c.stride, to: to * c.stride, start: time, spec: .init(dampingRatio: 1, stiffness: Float(stiffness)),
            velocity: velocity, density: c.density)
        return PagerSettle(from: from, to: to, start: time, motion: .spring(spring, stride: c.stride))
    }
}
