// A touch-down on a pager that is still settling (issue 39), behavior by behavior: where the page is at the touch,
// whether it moves before the slop, the release after it and the events. reference/pagers.md §1.2-1.3 (ViewPager's
// CLOSE_ENOUGH, 2 dp), §5.1 (Swiper's threshold), §5.2 (Embla's pointer down); the rest as docs/compat.md chooses.

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerCatchTests {
    /// A pager of 5 pages, 360 pt wide, at rest on page 2.
    static func pager(_ behavior: PagerBehavior, density: Double = 1) -> PagerContainer {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: behavior, pages: 5)
        (c.initialPage, c.density) = (2, density)
        return PagerContainer(c)
    }

    /// A swipe of 250 pt forward over 0.4 s from page 2, released at 0.4 s: every behavior settles toward page 3.
    static let slowSwipe: [(Double, Double, TouchPhase)] = [
        (0, 300, .began), (0.1, 237.5, .moved), (0.2, 175, .moved), (0.3, 112.5, .moved), (0.4, 50, .moved), (0.4, 50, .ended),
    ]

    /// A flick of 150 pt forward over 0.15 s from page 2, released short of page 2.5 (ViewPager, ViewPager2, Compose,
    /// UIScrollView, Swiper, Embla and reanimated-carousel settle toward page 3).
    static let flick: [(Double, Double, TouchPhase)] = [
        (0, 300, .began), (0.05, 250, .moved), (0.1, 200, .moved), (0.15, 150, .moved), (0.15, 150, .ended),
    ]

    static func settling(
        _ behavior: PagerBehavior, density: Double = 1, swipe: [(Double, Double, TouchPhase)] = slowSwipe, events: inout [Event]
    ) -> PagerContainer {
        var pager = pager(behavior, density: density)
        for (time, x, phase) in swipe { Self.pan(&pager, x, phase, at: time, events: &events) }
        return pager
    }

    static func pan(_ pager: inout PagerContainer, _ x: Double, _ phase: TouchPhase, at time: Double, events: inout [Event]) {
        pager.advance(to: time, events: &events)
        pager.perform(.touch(.pan(Point(x: x, y: 300), phase)), at: time, events: &events)
    }

    /// The first time from `from` (1 ms steps) at which the settle's position is at least `fraction` of the way.
    static func time(_ pager: PagerContainer, from: Double, atLeast fraction: Double) throws -> Double {
        var s = try #require(pager.settle)
        var t = from
        while t < from + 5 {
            s.advance(to: t)  // Embla's integrator takes its steps
            if (s.position(at: t) - s.from) / (s.to - s.from) >= fraction { return t }
            t += 0.001
        }
        throw CancellationError()
    }

    /// Where the settle is at `time` (Embla's steps taken).
    static func position(_ settle: PagerSettle?, at time: Double) throws -> Double {
        var s = try #require(settle)
        s.advance(to: time)
        return s.position(at: time)
    }

    static let stopping: [PagerBehavior] = [.viewpager, .viewpager2, .compose, .uikit, .icarousel, .embla]

    /// ViewPager (caught farther than 2 dp), ViewPager2 (RecyclerView stops a SETTLING scroll on ACTION_DOWN), Compose
    /// (a scroll in progress: the drag starts at once), UIScrollView, iCarousel (`shouldReceiveTouch` stops it) and
    /// Embla (pointer down freezes the body): the page stops where it is at the touch and follows the finger from the
    /// first sample, no slop.
    @Test(arguments: stopping)
    func aTouchStopsTheSettleWhereItIsAndTheFingerDragsAtOnce(behavior: PagerBehavior) throws {
        var events: [Event] = []
        var pager = Self.settling(behavior, events: &events)
        #expect(pager.settleTarget == 3)
        let touch = try Self.time(pager, from: 0.4, atLeast: 0.3)
        let here = try Self.position(pager.settle, at: touch)
        Self.pan(&pager, 200, .began, at: touch, events: &events)
        // ViewPager's view is scrolled by whole pixels: the catch leaves it on the frame's pixel.
        #expect(abs(pager.position - here) <= 1.0 / 360 + 1e-9)
        #expect(pager.settle == nil && pager.state == .dragging)
        let caught = pager.position
        pager.advance(to: touch + 0.1, events: &events)
        #expect(pager.position == caught, "a still finger holds the page")
        // 5 pt toward the lower pages: under ViewPager's and RecyclerView's 16 pt slop, but a caught pager moves.
        Self.pan(&pager, 205, .moved, at: touch + 0.1, events: &events)
        pager.advance(to: touch + 0.3, events: &events)
        if behavior == .embla {
            #expect(pager.position < caught - 4.0 / 360 && pager.position > caught - 6.0 / 360, "the body chases the finger")
        } else {
            #expect(abs(pager.position - (caught - 5.0 / 360)) < 1.5e-3, "\(pager.position) for \(caught - 5.0 / 360)")
        }
    }

    /// Swiper keeps its CSS transition under a resting finger; its first move past the 5 px threshold reads the
    /// transition's current translate, stops it there and re-bases the finger (`onTouchMove`). reanimated-carousel
    /// takes the translation when its pan starts (`onGestureStart`) and cancels the animation at the first update:
    /// the page goes on settling until the finger moves, then follows the finger's travel since touch-down.
    @Test(arguments: [PagerBehavior.swiper, .reanimatedCarousel])
    func theSettleRunsOnUnderAStillFingerAndStopsWhenTheDragStarts(behavior: PagerBehavior) throws {
        var events: [Event] = []
        var pager = Self.settling(behavior, events: &events)
        #expect(pager.settleTarget == 3)
        let settle = try #require(pager.settle)
        let touch = try Self.time(pager, from: 0.4, atLeast: 0.3)
        Self.pan(&pager, 200, .began, at: touch, events: &events)
        pager.advance(to: touch + 0.02, events: &events)
        #expect(pager.position == settle.position(at: touch + 0.02))
        #expect(pager.state == .settling)
        if behavior == .swiper {
            // 4 px: under the threshold, the transition runs on.
            Self.pan(&pager, 196, .moved, at: touch + 0.03, events: &events)
            #expect(pager.position == settle.position(at: touch + 0.03) && pager.settle != nil)
            // 6 px: the first accepted move stops it where it is, and the finger is re-based there.
            Self.pan(&pager, 194, .moved, at: touch + 0.04, events: &events)
            #expect(pager.position == settle.position(at: touch + 0.04) && pager.settle == nil)
            Self.pan(&pager, 184, .moved, at: touch + 0.05, events: &events)
            #expect(abs(pager.position - (settle.position(at: touch + 0.04) + 10.0 / 360)) < 1e-9)
        } else {
            Self.pan(&pager, 195, .moved, at: touch + 0.04, events: &events)
            #expect(abs(pager.position - (settle.position(at: touch + 0.04) + 5.0 / 360)) < 1e-9)
            #expect(pager.settle == nil && pager.state == .dragging)
        }
    }

    /// Swiper's `onTouchEnd` and reanimated-carousel's `onGestureEnd` do nothing for a touch that never moved: the
    /// settle ends as it would have.
    @Test(arguments: [PagerBehavior.swiper, .reanimatedCarousel])
    func aTouchThatNeverMovesLeavesTheSettleAlone(behavior: PagerBehavior) throws {
        var events: [Event] = []
        var pager = Self.settling(behavior, events: &events)
        let settle = try #require(pager.settle)
        let touch = try Self.time(pager, from: 0.4, atLeast: 0.3)
        Self.pan(&pager, 200, .began, at: touch, events: &events)
        Self.pan(&pager, 202, .ended, at: touch + 0.05, events: &events)
        #expect(pager.settle == settle)
        pager.advance(to: touch + 0.1, events: &events)
        #expect(pager.position == settle.position(at: touch + 0.1))
    }

    /// ViewPager catches a settle only farther than `mCloseEnough` = (int)(2 dp × density) pixels from its end; closer,
    /// `completeScroll` puts the page on its target at once (it comes to rest there) and the touch is a touch at rest:
    /// the 16 pt slop applies.
    @Test(arguments: [1.0, 2.625])
    func viewPagerCatchesOnlyFartherThanTwoDp(density: Double) throws {
        let closeEnough = Int(2 * density), pixels = 360 * density
        for remaining in [closeEnough + 1, closeEnough] {
            var events: [Event] = []
            var pager = Self.settling(.viewpager, density: density, events: &events)
            let settle = try #require(pager.settle)
            var touch = 0.4
            while Int((abs(settle.to - settle.position(at: touch)) * pixels).rounded()) > remaining { touch += 0.001 }
            try #require(touch < 1)
            events.removeAll()
            Self.pan(&pager, 200, .began, at: touch, events: &events)
            if remaining > closeEnough {
                #expect(pager.settle == nil && pager.position < 3, "caught \(remaining) px from the end")
                #expect(events.isEmpty)
                let caught = pager.position
                Self.pan(&pager, 205, .moved, at: touch + 0.02, events: &events)
                #expect(abs(pager.position - (caught - 5.0 / 360)) < 1.0 / pixels + 1e-9, "5 pt at once")
            } else {
                #expect(pager.settle == nil && pager.position == 3, "completed \(remaining) px from the end")
                #expect(events == [PagerEvent.pageDidChange(page: 3).event, .announcement(text: "page 4 of 5")])
                Self.pan(&pager, 190, .moved, at: touch + 0.02, events: &events)
                #expect(pager.position == 3, "10 pt: inside the slop")
                Self.pan(&pager, 180, .moved, at: touch + 0.04, events: &events)
                #expect(abs(pager.position - (3 + 4.0 / 360)) < 1.0 / pixels + 1e-9, "20 pt: 4 past the slop")
            }
        }
    }

    /// The release after a catch counts from the page the caught settle was going to (Android's `mCurItem`, Embla's
    /// selected index; UIScrollView as chosen): a flick forward from a pager caught on its way to page 3 goes to 4.
    @Test(arguments: [PagerBehavior.uikit, .embla])
    func aFlickAfterACatchGoesOnePageBeyondTheCaughtTarget(behavior: PagerBehavior) throws {
        var events: [Event] = []
        var pager = Self.settling(behavior, swipe: Self.flick, events: &events)
        #expect(pager.settleTarget == 3)
        let touch = try Self.time(pager, from: 0.15, atLeast: 0.05)
        Self.pan(&pager, 200, .began, at: touch, events: &events)
        #expect(pager.position < 2.5, "caught nearer page 2 than 3")
        Self.pan(&pager, 180, .moved, at: touch + 0.02, events: &events)
        Self.pan(&pager, 140, .moved, at: touch + 0.04, events: &events)
        Self.pan(&pager, 100, .ended, at: touch + 0.06, events: &events)
        #expect(pager.settleTarget == 4)
    }

    /// ViewPager2 after a catch: RecyclerView is DRAGGING from the touch, so a 30 pt drag moves 30 pt; a slow release
    /// goes to the nearest centre with `smoothScrollBy`'s duration.
    @Test func viewPager2DragsThirtyPointsAndSnapsToTheNearestCentre() throws {
        var events: [Event] = []
        var pager = Self.settling(.viewpager2, events: &events)
        let touch = try Self.time(pager, from: 0.4, atLeast: 0.3)
        Self.pan(&pager, 200, .began, at: touch, events: &events)
        let caught = pager.position
        Self.pan(&pager, 230, .moved, at: touch + 0.05, events: &events)
        #expect(abs(pager.position - (caught - 30.0 / 360)) < 1e-9)
        Self.pan(&pager, 230, .ended, at: touch + 0.5, events: &events)
        let nearest = (caught - 30.0 / 360).rounded()
        #expect(pager.settleTarget == Int(nearest))
        let settle = try #require(pager.settle)
        guard case .curve(_, let duration, _) = settle.motion else { return #expect(Bool(false), "a curve") }
        let pixels = (abs(nearest - (caught - 30.0 / 360)) * 360).rounded()
        #expect(duration == PagerTiming.smoothScrollBy(pixels: pixels, container: 360))
    }

    /// A caught settle's events: the touch gives none (Android goes to DRAGGING, Compose's `settledPage` waits,
    /// Embla's body does not settle under the pointer); the release after it says `pageWillChange` only when it goes
    /// to another page than the caught settle was going to (`onPageSelected` compares with `mCurItem`), and
    /// `pageDidChange` when it comes to rest on a page other than the one it rested on. Swiper's first move ends the
    /// transition it stops (`transitionEnd`: `slideChangeTransitionEnd`), so its page changed there.
    @Test(arguments: PagerBehavior.allCases, [1.0, -1.0])
    func aCaughtSettleGivesThePlatformsEvents(behavior: PagerBehavior, direction: Double) throws {
        var events: [Event] = []
        var pager = Self.settling(behavior, events: &events)
        #expect(events.filter { $0.as(PagerEvent.self) != nil } == [PagerEvent.pageWillChange(page: 3).event])
        events.removeAll()
        let touch = try Self.time(pager, from: 0.4, atLeast: 0.6)
        Self.pan(&pager, 200, .began, at: touch, events: &events)
        #expect(events.isEmpty)
        // Forward 10 pt, or back 200 pt, then held still (Swiper re-bases the finger at its first move, 6 px).
        let end: Double = direction > 0 ? 190 : 400
        Self.pan(&pager, 200 - direction * 6, .moved, at: touch + 0.02, events: &events)
        Self.pan(&pager, end, .moved, at: touch + 0.04, events: &events)
        let swiperEnd: [Event] =
            behavior == .swiper ? [PagerEvent.pageDidChange(page: 3).event, .announcement(text: "page 4 of 5")] : []
        #expect(events == swiperEnd)
        events.removeAll()
        Self.pan(&pager, end, .ended, at: touch + 0.5, events: &events)
        let target = pager.settleTarget
        let resting = behavior == .swiper ? 3 : 2
        var expected: [Event] = target == 3 ? [] : [PagerEvent.pageWillChange(page: target).event]
        for t in stride(from: touch + 0.5, through: touch + 5, by: 1.0 / 60) { pager.advance(to: t, events: &events) }
        #expect(pager.isAtRest && pager.currentPage == target)
        if target != resting {
            expected += [PagerEvent.pageDidChange(page: target).event, .announcement(text: "page \(target + 1) of 5")]
        }
        #expect(events == expected, "\(behavior) to page \(target)")
        // reanimated-carousel's slow release goes back to the page the drag's direction leaves (its `page`).
        #expect(behavior == .reanimatedCarousel || target == (direction > 0 ? 3 : 2))
    }
}
