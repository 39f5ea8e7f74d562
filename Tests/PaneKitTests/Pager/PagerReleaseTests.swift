// Each behavior's release rule on a grid of positions, drag distances and velocities around its thresholds (± 1 of
// each), against the rule written here again from reference/pagers.md's pseudo-code (section cited per test).

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerReleaseTests {
    static let size = Size(width: 360, height: 640)

    static func config(_ behavior: PagerBehavior, pages: Int = 5, _ edit: (inout PagerConfiguration) -> Void = { _ in })
        -> PagerConfiguration
    {
        var c = PagerConfiguration(size: size, behavior: behavior, pages: pages)
        edit(&c)
        return c
    }

    static func release(
        _ position: Double, start: Int = 2, velocity: Double = 0, travel: Double = 0, held: Double = 0.1
    ) -> PagerRelease {
        PagerRelease(position: position, startPage: start, velocity: velocity, travel: travel, held: held)
    }

    // MARK: ViewPager, §1.4 determineTargetPage

    /// §1.4 in pixels at density 1: a fling needs |dx| > 25 and |v| > 400; otherwise 0.4 forward, 0.6 back.
    static func viewPagerReference(position: Double, curItem: Int, travel: Double, velocity: Double) -> Int {
        let current = Int(position.rounded(.down)), pageOffset = position - Double(current)
        if abs(travel) > 25, abs(velocity) > 400 { return velocity < 0 ? current : current + 1 }
        return current + Int(pageOffset + (current >= curItem ? 0.4 : 0.6))
    }

    @Test func viewPagerFlingNeedsBothThresholds() {
        let c = Self.config(.viewpager)
        for travel in [24.0, 25, 26, -24, -25, -26] {
            for velocity in [399.0, 400, 401, -399, -400, -401, 2000, -2000] {
                for position in [1.3, 1.41, 1.5, 1.9, 2.1, 2.5, 2.59, 2.61, 2.9] {
                    let r = Self.release(position, velocity: velocity, travel: travel)
                    #expect(
                        r.target(c) == Self.viewPagerReference(position: position, curItem: 2, travel: travel, velocity: velocity),
                        "position \(position) travel \(travel) velocity \(velocity)")
                }
            }
        }
    }

    @Test func viewPagerSixtyPercentRule() {
        let c = Self.config(.viewpager)
        // Released at 2.55 → 2; 2.61 → 3; 1.45 → 2; 1.39 → 1 (reference §1.4, derived; a slow release).
        for (position, expected) in [(2.55, 2), (2.59, 2), (2.61, 3), (1.45, 2), (1.41, 2), (1.39, 1)] {
            #expect(Self.release(position, velocity: 100, travel: 100).target(c) == expected, "\(position)")
        }
    }

    // MARK: ViewPager2, §1.6 PagerSnapHelper

    @Test func viewPager2FlingAboveFiftyElseNearestCentre() {
        let c = Self.config(.viewpager2)
        for position in [1.2, 1.49, 1.51, 1.8, 2.2, 2.49, 2.51] {
            for velocity in [-51.0, -50, -49, 0, 49, 50, 51, 3000] {
                let floor = Int(position.rounded(.down))
                let expected =
                    abs(velocity) > 50 ? (velocity > 0 ? floor + 1 : floor) : (position - Double(floor) > 0.5 ? floor + 1 : floor)
                #expect(Self.release(position, velocity: velocity).target(c) == expected, "position \(position) velocity \(velocity)")
            }
        }
        // A settled first page flung back stays.
        #expect(Self.release(0, start: 0, velocity: -3000).target(c) == 0)
    }

    // MARK: Compose, §2.3 calculateFinalSnappingBound

    @Test func composeVelocityAndFingerTravel() {
        let c = Self.config(.compose)
        let threshold = 56.0 / 360  // positionThresholdFraction: min(56 dp, 180) / 360
        for (position, travelPages) in [(2.3, 0.3), (2.49, 0.49), (2.51, 0.51), (2.1, 0.1), (2.05, 0.05), (1.7, -0.3), (1.49, -0.51)] {
            for velocity in [-401.0, -400, -399, 0, 399, 400, 401] {
                let lower = Int(position.rounded(.down)), upper = lower + 1
                let forward = travelPages > 0
                let expected: Int
                if abs(velocity) >= 400 {
                    expected = velocity > 0 ? upper : lower
                } else if abs(travelPages) > 0.5 {
                    expected = forward ? upper : lower
                } else if abs(travelPages) >= threshold {
                    expected = forward ? lower : upper
                } else {
                    expected = position - Double(lower) < Double(upper) - position ? lower : upper
                }
                let r = Self.release(position, velocity: velocity, travel: travelPages * 360)
                #expect(r.target(c) == expected, "position \(position) travel \(travelPages) velocity \(velocity)")
            }
        }
        // Just under and over the 56 dp threshold of finger travel, slow: nearest bound vs back to the page left.
        #expect(Self.release(2.6, velocity: 0, travel: 55).target(c) == 3)
        #expect(Self.release(2.6, velocity: 0, travel: 57).target(c) == 2)
    }

    // MARK: Swiper, §5.1 onTouchEnd

    @Test func swiperShortAndLongSwipes() {
        let c = Self.config(.swiper)
        for held in [0.299, 0.301] {
            for (position, travel) in [
                (2.1, 36.0), (2.49, 176), (2.5, 180), (2.51, 184), (1.9, -36), (1.51, -176), (1.5, -180), (1.49, -184),
            ] {
                let stop = Int(position.rounded(.down)), ratio = position - Double(stop)
                let expected =
                    held > 0.3
                    ? (travel > 0 ? (ratio >= 0.5 ? stop + 1 : stop) : (ratio > 0.5 ? stop + 1 : stop)) : (travel > 0 ? stop + 1 : stop)
                #expect(Self.release(position, travel: travel, held: held).target(c) == expected, "held \(held) at \(position)")
            }
        }
    }

    // MARK: Embla, §5.2 DragHandler.up

    @Test func emblaBoostedFlickAgainstTwentyPercent() {
        let c = Self.config(.embla)  // threshold clamp(0.2 × 360, 50, 225) = 72 px of boosted force
        for (velocity, expected) in [(0.179, 2), (0.181, 3), (-0.179, 2), (-0.181, 1)] {
            var r = Self.release(2.0, velocity: velocity * 1000)
            r.emblaVelocity = velocity
            #expect(r.embla(c).target == expected, "\(velocity) px/ms")
        }
        // Under the threshold the boosted target's nearest snap: 2.1 pages + 0.17 × 400 = 68 px → 2.29 → 2; over
        // 2.4 + 68/360 = 2.59 → 3.
        var r = Self.release(2.4, velocity: 170)
        r.emblaVelocity = 0.17
        #expect(r.embla(c).target == 3)
        // The force factor shortens the settle: raw 2000 px against a 360 px force.
        r = Self.release(2.0, velocity: 5000)
        r.emblaVelocity = 5
        let (target, factor, _) = r.embla(c)
        #expect(target == 3)
        #expect(abs(factor - (2000 - 360) / 2000.0) < 1e-12)
    }

    // MARK: react-native-reanimated-carousel, §5.3 endWithSpring

    @Test func reanimatedTwoSecondProjection() {
        let c = Self.config(.reanimatedCarousel)
        // From page 2 dragged 0.2 page forward: the projection 2.2 + 2v/360 leaves page 2 once v > 54 pt/s.
        #expect(Self.release(2.2, velocity: 53, travel: 72).target(c) == 2)
        #expect(Self.release(2.2, velocity: 55, travel: 72).target(c) == 3)
        // The velocity must agree with the drag: dragged forward, flung back, it stays.
        #expect(Self.release(2.7, velocity: -10, travel: 252).target(c) == 2)
        // Dragged back 0.2 page: page = ceil(1.8) = 2; the projection must pass 1.5.
        #expect(Self.release(1.8, velocity: -53, travel: -72).target(c) == 2)
        #expect(Self.release(1.8, velocity: -55, travel: -72).target(c) == 1)
    }

    // MARK: iCarousel, §4.4

    @Test func iCarouselGlideAboveTwoItemsPerSecond() {
        let c = Self.config(.icarousel, pages: 20)
        // 1.99 items/s: round(offset); 2.01 items/s: a glide of v/3 rounded away from the start.
        #expect(Self.release(2.3, velocity: 1.99 * 360).iCarousel(c).glideEnd == nil)
        #expect(Self.release(2.3, velocity: 1.99 * 360).target(c) == 2)
        #expect(Self.release(2.3, velocity: 2.01 * 360).iCarousel(c).glideEnd == 3)
        // 5 items/s glides 1.67 items: 2.3 + 1.67 = 3.97 → 4; 10 items/s 3.33: 5.63 → 6.
        #expect(Self.release(2.3, velocity: 5 * 360).target(c) == 4)
        #expect(Self.release(2.3, velocity: 10 * 360).target(c) == 6)
        #expect(Self.release(2.3, velocity: -10 * 360).target(c) == 0)
    }

    // MARK: UIKit (chosen rule, docs/compat.md)

    @Test func uikitProjectsOnePageAtMost() {
        let c = Self.config(.uikit)
        #expect(Self.release(2.3, velocity: 0, travel: 108).target(c) == 2)
        #expect(Self.release(2.6, velocity: 0, travel: 216).target(c) == 3)
        // 0.499 s of projection: 2.3 + 400 × 0.499 / 360 = 2.85 → 3; a hard flick stops one page on.
        #expect(Self.release(2.3, velocity: 400, travel: 108).target(c) == 3)
        #expect(Self.release(2.3, velocity: 9000, travel: 108).target(c) == 3)
    }
}
