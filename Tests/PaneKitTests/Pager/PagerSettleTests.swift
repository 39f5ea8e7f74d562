// The settle motions and `setPage` timings against reference/pagers.md's numbers (the *derived* rows of §1.5, §1.6,
// §2.4, §4.4, §5.1-5.3), and a whole pan through the container for each behavior.

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerSettleTests {
    // MARK: Durations, against the reference's derived numbers

    @Test func viewPagerSmoothScrollDurations() {
        // W = 1080: dx 540, v 0 → 150 ms; 1080 → 200; 2160 → 300; dx 540 at 500 and 2000 px/s → 600 (cap); 8000 → 272.
        let w = 1080.0
        #expect(PagerTiming.viewPagerSettle(dx: 540, width: w, velocity: 0, pageWidth: w) == 0.15)
        #expect(PagerTiming.viewPagerSettle(dx: 1080, width: w, velocity: 0, pageWidth: w) == 0.2)
        #expect(PagerTiming.viewPagerSettle(dx: 2160, width: w, velocity: 0, pageWidth: w) == 0.3)
        #expect(PagerTiming.viewPagerSettle(dx: 540, width: w, velocity: 500, pageWidth: w) == 0.6)
        #expect(PagerTiming.viewPagerSettle(dx: 540, width: w, velocity: 2000, pageWidth: w) == 0.6)
        #expect(PagerTiming.viewPagerSettle(dx: 540, width: w, velocity: 8000, pageWidth: w) == 0.272)
    }

    @Test func recyclerViewSnapTimes() {
        // dpi 420: 50 px → 36 ms, 100 → 72, 200 → 144 (the reference's derived rows); the 100 ms cap binds from
        // ceil(d·100/420) = 100, so 415 px → 295 ms and 416 px and up → 298.
        for (pixels, ms) in [(50.0, 36.0), (100, 72), (200, 144), (415, 295), (416, 298), (1080, 298)] {
            #expect(PagerTiming.snapScroller(pixels: pixels, dpi: 420, millisecondsPerInch: 100, cap: 100) == ms / 1000, "\(pixels) px")
        }
        // LinearSmoothScroller (25 ms/inch): 1080 px → 194 ms.
        #expect(PagerTiming.snapScroller(pixels: 1080, dpi: 420, millisecondsPerInch: 25) == 0.194)
        // smoothScrollBy, W 1080: 100 px → 327 ms, 540 → 450.
        #expect(PagerTiming.smoothScrollBy(pixels: 100, container: 1080) == 0.327)
        #expect(PagerTiming.smoothScrollBy(pixels: 540, container: 1080) == 0.45)
    }

    @Test func composeSpringsReachOnePercent() {
        // Stiffness 400 from rest: within 1 % of 1080 px after ≈ 332 ms; stiffness 1500 after ≈ 172 ms.
        var c = PagerConfiguration(size: Size(width: 1080, height: 1920), behavior: .compose)
        c.density = 1
        for (stiffness, ms) in [(400.0, 332.0), (1500, 172)] {
            let s = PagerTiming.spring(c, from: 0, to: 1, velocity: 0, stiffness: stiffness, at: 0)
            #expect(s.position(at: (ms - 2) / 1000) < 0.99)
            #expect(s.position(at: (ms + 2) / 1000) > 0.99)
        }
        // Clamped at the target: a spring launched toward the target faster than ω·distance (21,600 px/s) would pass
        // it at (1080 / (40000 − 21600)) s = 58.7 ms; it stops there.
        let fast = PagerTiming.spring(c, from: 0, to: 1, velocity: 40000, stiffness: 400, at: 0)
        #expect(!fast.isFinished(at: 0.058))
        for t in stride(from: 0.0, through: 0.5, by: 0.01) { #expect(fast.position(at: t) <= 1) }
        #expect(fast.isFinished(at: 0.0595))
    }

    @Test func emblaIntegratorSteps() {
        // 375 px from rest, duration 25, friction 0.68: 1 % left after 42 steps, 0.5 px after 57; 1000 px after 65;
        // with ff = 1 (15, 0.70): 1 % after 15 steps.
        func steps(_ distance: Double, duration: Double, friction: Double, until remaining: Double) -> Int {
            var body = EmblaBody(location: 0, previous: 0, velocity: 0, target: distance, duration: duration, friction: friction, start: 0)
            var n = 0
            while abs(distance - body.location) >= remaining {
                n += 1
                body.advance(to: Double(n) / 60)
            }
            return n
        }
        #expect(steps(375, duration: 25, friction: 0.68, until: 3.75) == 42)
        #expect(steps(375, duration: 25, friction: 0.68, until: 0.5) == 57)
        #expect(steps(1000, duration: 25, friction: 0.68, until: 0.5) == 65)
        #expect(steps(375, duration: 15, friction: 0.70, until: 3.75) == 15)
    }

    @Test func iCarouselGlideTakesTwoThirdsOfASecond() throws {
        // 5 items/s with no rounding to do: from 0.33 the glide of 5/3 items ends at 2 after 2/3 s (T = d/(v/2)).
        let c = PagerConfiguration(size: Size(width: 200, height: 400), behavior: .icarousel, pages: 20)
        let container = PagerContainer(c)
        var target = 0
        let r = PagerRelease(position: 2 - 5.0 / 3, startPage: 0, velocity: 5 * 200, travel: 100, held: 0.2)
        let settle = try #require(container.releaseSettle(r, to: &target, at: 0))
        #expect(target == 2)
        #expect(abs(settle.position(at: 2.0 / 3 - 1e-9) - 2) < 1e-6)
        #expect(abs(settle.position(at: 1.0 / 3) - (2 - 5.0 / 3 + 5 * (1.0 / 3) - 5 * (1.0 / 9) / (2 * 2.0 / 3))) < 1e-9)
    }

    @Test func cssEaseAndEaseOutQuartMidpoints() {
        // cubic-bezier(0.25, 0.1, 0.25, 1) at x = 0.5 is 0.8024; Reanimated's easeOutQuart is the Bézier
        // (0.25, 1, 0.5, 1), not the polynomial 1 − (1 − t)⁴.
        #expect(abs(PagerCurve.cssEase.value(0.5) - 0.8024) < 5e-4)
        #expect(PagerCurve.easeOutQuart.value(0.5) == TimingCurve(x1: 0.25, y1: 1, x2: 0.5, y2: 1).value(at: 0.5))
        #expect(abs(PagerCurve.easeOutQuart.value(0.5) - 0.9375) > 1e-3)
        #expect(PagerCurve.quintic.value(0.5) == 1 - 1.0 / 32)
        #expect(PagerCurve.decelerate.value(0.5) == 0.75)
        #expect(PagerCurve.cubicInOut.value(0.25) == 0.0625)
    }

    // MARK: setPage

    static func setPageEnd(
        _ behavior: PagerBehavior, from: Int = 0, to: Int = 1, width: Double = 360, density: Double = 1, version: Int = 5
    )
        -> (start: Double, end: Double)
    {
        var c = PagerConfiguration(size: Size(width: width, height: 640), behavior: behavior, pages: 20)
        c.initialPage = from
        c.density = density
        c.version = version
        var pager = PagerContainer(c)
        var events: [Event] = []
        pager.perform(.setPage(to, animated: true), at: 1, events: &events)
        let start = pager.position
        var t = 1.0
        while !pager.isAtRest, t < 5 {
            t += 0.001
            pager.advance(to: t, events: &events)
        }
        return (start, (t - 1) * 1000)
    }

    @Test func setPageTimings() {
        // ViewPager: (1 + 1)·100 ms for one page; ViewPager2 at density 2.625: 1080 px at 25 ms/inch → 194 ms.
        #expect(abs(Self.setPageEnd(.viewpager).end - 200) <= 1)
        #expect(abs(Self.setPageEnd(.viewpager2, width: 1080 / 2.625, density: 2.625).end - 194) <= 1)
        #expect(abs(Self.setPageEnd(.icarousel).end - 400) <= 1)
        #expect(abs(Self.setPageEnd(.swiper).end - 300) <= 1)
        #expect(abs(Self.setPageEnd(.reanimatedCarousel).end - 500) <= 1)
        #expect(abs(Self.setPageEnd(.reanimatedCarousel, version: 4).end - 600) <= 1)
        // A long jump: ViewPager2 and Compose start 3 pages short of the target.
        #expect(Self.setPageEnd(.viewpager2, from: 0, to: 10).start == 7)
        #expect(Self.setPageEnd(.compose, from: 12, to: 2).start == 5)
        #expect(Self.setPageEnd(.swiper, from: 0, to: 10).start == 0)
    }

    /// A pager of 5 pages at rest on page 2, 50 ms into an animated `setPage(3)`, with the events so far.
    static func settlingToPage3(_ behavior: PagerBehavior) -> (pager: PagerContainer, events: [Event]) {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: behavior, pages: 5)
        c.initialPage = 2
        var pager = PagerContainer(c)
        var events: [Event] = []
        pager.perform(.setPage(3, animated: true), at: 0, events: &events)
        pager.advance(to: 0.05, events: &events)
        return (pager, events)
    }

    /// A `setPage` back to the resting page while the pager settles toward another says `pageWillChange` for it
    /// (Android's `setCurrentItem` dispatches `onPageSelected` when the page differs from `mCurItem`, the page the
    /// settle goes to), animated or not, so a listener that follows `pageWillChange` ends on the page the pager rests
    /// on; no `pageDidChange`, the pager never left it.
    @Test(arguments: PagerBehavior.allCases)
    func aSetPageBackDuringASettleSaysThePageItWillRestOn(behavior: PagerBehavior) {
        for animated in [true, false] {
            var (pager, events) = Self.settlingToPage3(behavior)
            #expect(events == [PagerEvent.pageWillChange(page: 3).event], "\(behavior)")
            events.removeAll()
            pager.perform(.setPage(2, animated: animated), at: 0.05, events: &events)
            var t = 0.05
            while !pager.isAtRest, t < 5 {
                t += 1.0 / 60
                pager.advance(to: t, events: &events)
            }
            #expect(pager.currentPage == 2, "\(behavior) animated \(animated)")
            #expect(events == [PagerEvent.pageWillChange(page: 2).event], "\(behavior) animated \(animated)")
        }
        // A jump to the page already being settled to says nothing again; it comes to rest there.
        var (pager, events) = Self.settlingToPage3(behavior)
        pager.perform(.setPage(3, animated: false), at: 0.05, events: &events)
        #expect(
            events == [
                PagerEvent.pageWillChange(page: 3).event, PagerEvent.pageDidChange(page: 3).event, .announcement(text: "page 4 of 5"),
            ])
    }

    // MARK: A whole pan through the container

    static func swipe(_ behavior: PagerBehavior, distance: Double, duration: Double, pages: Int = 5, start: Int = 2)
        -> (page: Int, events: [String])
    {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: behavior, pages: pages)
        c.initialPage = start
        var pager = PagerContainer(c)
        var events: [Event] = []
        let steps = max(Int(duration * 120), 1)
        pager.perform(.touch(.pan(Point(x: 300, y: 300), .began)), at: 0, events: &events)
        for i in 1...steps {
            let x = 300 - distance * Double(i) / Double(steps)
            pager.perform(
                .touch(.pan(Point(x: x, y: 300), i == steps ? .ended : .moved)), at: duration * Double(i) / Double(steps), events: &events)
        }
        var t = duration
        while !pager.isAtRest, t < 10 {
            t += 1.0 / 60
            pager.advance(to: t, events: &events)
        }
        return (pager.currentPage, events.map(\.description))
    }

    @Test(arguments: PagerBehavior.allCases)
    func aFlingGoesOnePageAndAShortSlowDragComesBack(behavior: PagerBehavior) {
        // 120 pt in 80 ms, 1500 pt/s: one page on, except iCarousel's glide of v/3 = 1.39 items from 2.33 → 4.
        let fling = Self.swipe(behavior, distance: 120, duration: 0.08)
        let expected = behavior == .icarousel ? 4 : 3
        #expect(fling.page == expected, "\(behavior) fling")
        #expect(fling.events.contains("pageWillChange(page: \(expected))"))
        #expect(fling.events.contains("pageDidChange(page: \(expected))"))
        let back = Self.swipe(behavior, distance: -60, duration: 1.2)
        #expect(back.page == 2, "\(behavior) slow drag back")
        #expect(!back.events.contains { $0.hasPrefix("pageWillChange") })
    }

    @Test func aWrappingCarouselGoesFromTheLastPageToTheFirst() {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .swiper, pages: 4)
        c.wrap = true
        c.initialPage = 3
        var pager = PagerContainer(c)
        var events: [Event] = []
        pager.perform(.touch(.pan(Point(x: 300, y: 300), .began)), at: 0, events: &events)
        pager.perform(.touch(.pan(Point(x: 200, y: 300), .moved)), at: 0.05, events: &events)
        pager.perform(.touch(.pan(Point(x: 100, y: 300), .ended)), at: 0.1, events: &events)
        pager.advance(to: 1, events: &events)
        #expect(pager.currentPage == 0)
        #expect(pager.offset == 0)
        #expect(events.map(\.description).contains("pageDidChange(page: 0)"))
    }
}
