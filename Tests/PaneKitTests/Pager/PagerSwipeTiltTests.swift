// Swiper's cards effect tilts the card being swiped away while the finger is down (reference/pagers.md §5.1, cards:
// SW `effect-cards.ts:84-170`), which needs the swipe's direction since touch-down: the pager's `swipe` field (the built-in stylers'; not in Lua).

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerSwipeTiltTests {
    /// The cards transform written again from the reference, `progress` q = −p: translate3d(tX, tY, −100·|q|)
    /// rotateZ(−2·q − 28·q·k) scale(1 − 0.5·k·|q|), tX = (8 − 0.75·|q| + 96·k)·|q| % of the slide toward its side,
    /// tY = −25 %·k·|q| of its height, with k = √(1 − |(|q| − 0.5)/0.5|) on the card the swipe moves (0 otherwise).
    static func expected(p: Double, tilted: Bool, w: Double, h: Double)
        -> (tx: Double, ty: Double, tz: Double, angle: Double, scale: Double)
    {
        let q = -p, a = abs(q)
        let k = tilted ? (1 - abs((a - 0.5) / 0.5)).squareRoot() : 0
        let tx = (8 - a * 0.75 + 96 * k) * a / 100 * w * (q < 0 ? 1 : q > 0 ? -1 : 0)
        return (tx, -25 * k * a / 100 * h, -100 * a, -2 * q - 28 * q * k, 1 - 0.5 * k * a)
    }

    @Test func theSwipedCardTiltsByTheReferenceFormula() {
        let s = SwiperEffectStyler(.cards), w = 360.0, h = 640.0
        for p in [-0.9, -0.75, -0.5, -0.3, -0.1, 0, 0.1, 0.3, 0.5, 0.75, 0.9, 1.5] {
            for swipe in [-1.0, 0, 1] {
                // Swiping forward tilts the card leaving to the left (−1 < p < 0); swiping back the one at 0 < p < 1.
                let tilted = (swipe > 0 && p > -1 && p < 0) || (swipe < 0 && p > 0 && p < 1)
                let want = Self.expected(p: p, tilted: tilted, w: w, h: h)
                let t = s.effect(p: p, w: w, across: h, pages: 5, swipe: swipe).transform
                let scale = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
                let label = "p \(p) swipe \(swipe)"
                #expect(abs(t.m41 - want.tx) < 1e-9 && abs(t.m42 - want.ty) < 1e-9 && abs(t.m43 - want.tz) < 1e-9, "\(label)")
                #expect(abs(atan2(t.m12, t.m11) * 180 / .pi - want.angle) < 1e-9, "\(label)")
                #expect(abs(scale - want.scale) < 1e-12, "\(label)")
            }
        }
        // Half-way through the swipe the tilt is whole: 14° more (−28° × 0.5), 96 % further out, 25 % up, half the size.
        let t = s.effect(p: -0.5, w: w, across: h, pages: 5, swipe: 1).transform
        #expect(abs(atan2(t.m12, t.m11) * 180 / .pi - -15) < 1e-9 && abs(t.m42 - -0.125 * h) < 1e-9)
    }

    /// The `swipe` field: +1 while the finger has moved the pager forward since touch-down, −1 back, 0 with no finger or
    /// no move; after the release it eases to 0 with the settle (the share of the settle still to run), as Swiper's
    /// 300 ms transition carries the tilted slide back.
    @Test func theSwipeDirectionSinceTouchDownReachesTheStyler() {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .swiper, pages: 5)
        c.initialPage = 2
        var pager = PagerContainer(c)
        var events: [Event] = []
        func swipe() -> Double? {
            var context = StyleContext(direction: .right, closed: 0, reveal: 360, size: c.size)
            pager.describe(Subject(group: .pages, role: Role.page.member(2), direction: .right, closed: 0, styled: true), in: &context)
            return context.swipe
        }
        #expect(swipe() == 0)
        pager.perform(.touch(.pan(Point(x: 200, y: 300), .began)), at: 0, events: &events)
        #expect(swipe() == 0)
        pager.perform(.touch(.pan(Point(x: 198, y: 300), .moved)), at: 0.02, events: &events)
        #expect(swipe() == 0)  // inside Swiper's 5 px threshold: not moved yet
        pager.perform(.touch(.pan(Point(x: 150, y: 300), .moved)), at: 0.05, events: &events)
        #expect(swipe() == 0)  // the first accepted move re-bases the drag: the pager has not moved
        pager.perform(.touch(.pan(Point(x: 100, y: 300), .moved)), at: 0.1, events: &events)
        #expect(swipe() == 1)
        pager.perform(.touch(.pan(Point(x: 260, y: 300), .moved)), at: 0.2, events: &events)
        #expect(swipe() == -1)
        pager.perform(.touch(.pan(Point(x: 120, y: 300), .moved)), at: 0.25, events: &events)
        pager.perform(.touch(.pan(Point(x: 120, y: 300), .ended)), at: 0.26, events: &events)
        // A short swipe forward: page 3 in 300 ms on CSS ease; the tilt's share is what the ease has left.
        guard let settle = pager.settle else { Issue.record("no settle"); return }
        var previous = 1.0
        for t in stride(from: 0.26, through: 0.56, by: 0.05) {
            pager.advance(to: t, events: &events)
            let s = swipe() ?? .nan
            let left = (settle.to - pager.position) / (settle.to - settle.from)
            #expect(abs(s - left) < 1e-12 && s <= previous && s >= 0, "t \(t)")
            previous = s
        }
        pager.advance(to: 0.6, events: &events)
        #expect(pager.isAtRest && swipe() == 0)
        // A programmatic change tilts nothing.
        pager.perform(.setPage(1, animated: true), at: 0.7, events: &events)
        pager.advance(to: 0.8, events: &events)
        #expect(swipe() == 0)
    }
}
