// Embla past its first and last snap (reference/pagers.md §5.2, ScrollBounds.ts:20-45): the finger moves the scroll
// body's target 1:1, and at each 60 Hz step, while both the target and the location are past a limit, the target is
// pulled back by (target − location)·clamp(|edge − location| / 50 % of the view, 0.1, 0.99); once the finger is up and
// that gap is under 10 % of the view, the target is clamped to the edge and the body goes on with duration 25,
// friction 0.68. Expected numbers are computed here from that rule.

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerEmblaBoundsTests {
    struct Reference {
        var x = 0.0, previous = 0.0, v = 0.0, target = 0.0, duration = 0.75, friction = 0.3, down = true
        let low: Double, high: Double, view: Double

        /// ScrollBounds' `constrain`, then the body's step (none once settled, as the pager's body).
        mutating func step() {
            previous = x
            if (target < low || target > high) && (x < low || x > high) {
                let edge = x < low ? low : high
                let diffToEdge = abs(edge - x), diffToTarget = target - x
                target -= diffToTarget * min(max(diffToEdge / (0.5 * view), 0.1), 0.99)
                if !down && abs(diffToTarget) < 0.1 * view {
                    target = min(max(target, low), high)
                    (duration, friction) = (25, 0.68)
                }
            }
            guard !settled else { return }
            v += (target - x) / duration
            v *= friction
            x += v
        }

        var settled: Bool { abs(target - x) < 0.001 && abs(target - previous) < 0.001 }
        /// The render on a step's own time: the location before the last step (the target once settled).
        var rendered: Double { settled ? target : previous }
    }

    /// A drag back from the first page, 150 pt past the start over two moves, held, and let go with no flick (the last
    /// move is over 170 ms old), from the first page and from the last: the page chases the pulled-back target while
    /// the finger is down, then the body takes it back to the edge once the finger is up.
    @Test(arguments: [(0, 1.0), (4, -1.0)])
    func pastAnEdgeTheTargetIsPulledBackStepByStep(page: Int, sign: Double) {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .embla, pages: 5)
        c.initialPage = page
        var pager = PagerContainer(c)
        var events: [Event] = []
        let stride = 360.0, start = Double(page) * stride
        // The finger moves toward the edge the pager rests on: right from page 0, left from page 4.
        var samples: [(time: Double, x: Double, phase: TouchPhase)] = [
            (0, 180, .began), (0.055, 180 + sign * 100, .moved), (0.105, 180 + sign * 150, .moved),
            (0.405, 180 + sign * 150, .ended),
        ]
        var reference = Reference(x: start, previous: start, target: start, low: 0, high: 4 * stride, view: 360)
        var moves: [(time: Double, delta: Double)] = [(0.055, -sign * 100), (0.105, -sign * 50)]
        var worst = 0.0, deepest = 0.0
        for k in 1...240 {
            let t = Double(k) / 60
            while let m = moves.first, m.time < t {
                reference.target += m.delta
                moves.removeFirst()
            }
            if t > 0.405 && reference.down { (reference.down, reference.duration, reference.friction) = (false, 25, 0.68) }
            reference.step()
            while let sample = samples.first, sample.time < t {
                pager.perform(.touch(.pan(Point(x: sample.x, y: 300), sample.phase)), at: sample.time, events: &events)
                samples.removeFirst()
            }
            pager.advance(to: t, events: &events)
            worst = max(worst, abs(pager.position * stride - reference.rendered))
            deepest = max(deepest, abs(reference.rendered - start))
        }
        #expect(worst < 1e-6, "off by \(worst) pt")
        // The pull-back resists: the page goes about 105 pt out for the finger's 150 (the 0.5× stand-in went 75).
        #expect(deepest > 100 && deepest < 110, "\(deepest)")
        #expect(pager.isAtRest && pager.position == Double(page) && reference.settled)
    }
}
