// The motion under the finger against reference/pagers.md: Embla's body chasing the finger on its 60 Hz integrator
// (§5.2) and going on from there at the release, iCarousel's offsetMultiplier (§4.2, §4.4). Expected numbers are
// computed here from the reference's formulas.

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerDragModelTests {
    static func pager(_ behavior: PagerBehavior, pages: Int = 10, initialPage: Int = 2) -> PagerContainer {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: behavior, pages: pages)
        c.initialPage = initialPage
        return PagerContainer(c)
    }

    @Test func emblaTheBodyChasesTheFingerAndGoesOnFromItAtTheRelease() {
        // §5.2: each fixed 1/60 s step v += (target − x)/duration, v ×= friction, x += v; the render mixes the last two
        // locations by the time left over (0 on a step's own time: the location before the last step). Pointer down
        // freezes the body; while dragging, duration 0.75 and friction 0.3 and the finger moves the target; at the
        // release (no flick: the last move is over 170 ms old) the target becomes the snap nearest it, with duration
        // 25 and friction 0.68 (ff = 0), from the body's own location and velocity.
        var pager = Self.pager(.embla)
        var events: [Event] = []
        let stride = 360.0, start = 2 * stride
        // The finger, delivered as the host delivers it: each sample at its time, before that time's frame.
        var samples: [(time: Double, x: Double, phase: TouchPhase)] = [
            (0, 300, .began), (0.04, 250, .moved), (0.11, 230, .moved), (0.3, 230, .ended),
        ]

        // The reference's integrator, step by step: the target at each step is where the finger was by then.
        var x = start, previous = start, v = 0.0, target = start
        var duration = 0.75, friction = 0.3
        var expected: [Double] = []  // the rendered location at frame k/60, k ≥ 1
        for step in 1...120 {
            let t = Double(step) / 60
            if t > 0.04 { target = start + 50 }
            if t > 0.11 { target = start + 70 }
            if t > 0.3 { (target, duration, friction) = (start, 25, 0.68) }  // the snap nearest 790 is page 2
            previous = x
            v += (target - x) / duration
            v *= friction
            x += v
            // Settled when the rendered location is within 0.001 pt of the target: it is then the target.
            expected.append(t > 0.3 && abs(target - previous) < 0.001 ? target : previous)
        }
        var worst = 0.0
        for (i, want) in expected.enumerated() {
            let t = Double(i + 1) / 60
            while let sample = samples.first, sample.time <= t {
                pager.perform(.touch(.pan(Point(x: sample.x, y: 300), sample.phase)), at: sample.time, events: &events)
                samples.removeFirst()
            }
            pager.advance(to: t, events: &events)
            worst = max(worst, abs(pager.position * stride - want))
        }
        #expect(worst < 1e-6, "off by \(worst) pt")
        // The body lags the finger while dragging: at 0.1 s it has not reached the finger's 50 pt.
        #expect(expected[5] > start + 40 && expected[5] < start + 50)
    }

    @Test func iCarouselsOffsetMultiplierScalesTheDrag() {
        // §4.4: scrollOffset −= Δtranslation · factor · offsetMultiplier / itemWidth (factor 1 away from the ends);
        // the release velocity is not scaled (startVelocity = −panVelocity · factor · scrollSpeed / itemWidth).
        for multiplier in [1.0, 2.0] {
            var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .icarousel, pages: 20)
            c.initialPage = 8
            c.pageSize = 0.5
            c.offsetMultiplier = multiplier
            var pager = PagerContainer(c)
            var events: [Event] = []
            let itemWidth = 180.0
            var expected = 8.0
            pager.perform(.touch(.pan(Point(x: 300, y: 300), .began)), at: 0, events: &events)
            for (i, x) in [270.0, 240, 195].enumerated() {
                let previous = i == 0 ? 300.0 : [270.0, 240, 195][i - 1]
                pager.perform(.touch(.pan(Point(x: x, y: 300), .moved)), at: 0.1 * Double(i + 1), events: &events)
                expected -= (x - previous) * 1 * multiplier / itemWidth
                #expect(abs(pager.position - expected) < 1e-9, "×\(multiplier) after \(x): \(pager.position), expected \(expected)")
            }
        }
    }
}
