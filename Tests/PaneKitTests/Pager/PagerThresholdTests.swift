// The touch threshold a pager swallows before the page moves: a finger must go past it, not only reach it
// (ViewPager's `xDiff > mTouchSlop`, RecyclerView's `Math.abs(dx) > mTouchSlop`, Swiper's
// `Math.abs(diff) > params.threshold`; reference/pagers.md §1.3, §2.2, §5.1), and Swiper slides on release only when
// the slides moved (its `onTouchEnd` returns when `currentTranslate === startTranslate`).

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerThresholdTests {
    /// A pager of 5 pages, 360 pt wide, at rest on page 2, panned through `samples` (time, x, phase).
    static func panned(_ behavior: PagerBehavior, _ samples: [(Double, Double, TouchPhase)]) -> (PagerContainer, [Event]) {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: behavior, pages: 5)
        c.initialPage = 2
        var pager = PagerContainer(c)
        var events: [Event] = []
        for (time, x, phase) in samples {
            pager.advance(to: time, events: &events)
            pager.perform(.touch(.pan(Point(x: x, y: 300), phase)), at: time, events: &events)
        }
        return (pager, events)
    }

    /// A finger exactly at the threshold has not started the drag: the next sample past it moves the page only by
    /// what lies beyond the threshold from there (Android moves its reference one slop toward the finger; Swiper
    /// re-bases at the first move past its threshold).
    @Test(arguments: [(PagerBehavior.viewpager, 16.0), (.viewpager2, 16), (.swiper, 5)])
    func aFingerAtTheThresholdHasNotStartedTheDrag(behavior: PagerBehavior, threshold: Double) throws {
        let (pager, _) = Self.panned(
            behavior, [(0, 300, .began), (0.05, 300 - threshold, .moved), (0.1, 300 - threshold - 10, .moved)])
        let drag = try #require(pager.drag)
        #expect(drag.moved)
        // The drag starts at the second sample: Android's reference one slop from the touch, Swiper's the sample itself.
        let origin = behavior == .swiper ? 300 - threshold - 10 : 300 - threshold
        #expect(drag.origin == origin, "\(behavior): the drag starts at the sample past the threshold")
        let (still, _) = Self.panned(behavior, [(0, 300, .began), (0.05, 300 - threshold, .moved)])
        #expect(still.drag?.moved == false, "\(behavior): exactly \(threshold) pt has not passed the threshold")
    }

    /// Swiper: a quick swipe whose only accepted move is the re-base leaves the slides where they were, so the
    /// release slides nowhere; one more move and the short swipe goes one slide on.
    @Test func swiperSlidesOnlyWhenTheSlidesMoved() {
        let (rebased, _) = Self.panned(.swiper, [(0, 300, .began), (0.05, 290, .moved), (0.06, 290, .ended)])
        #expect(rebased.settle == nil && rebased.position == 2, "one move past the threshold: \(rebased.position)")
        let (moved, _) = Self.panned(
            .swiper, [(0, 300, .began), (0.05, 290, .moved), (0.08, 280, .moved), (0.09, 280, .ended)])
        #expect(moved.settleTarget == 3, "a short swipe that moved the slides goes one on")
    }
}
