// The motions a pager settles with (reference/pagers.md): each platform's curve over a duration, Compose's spring
// clamped at its target, iCarousel's constant-deceleration glide and Embla's 60 Hz integrator. Positions are in
// pages (the continuous index of the page at the centre); a motion knows where it is at any time after its start.

import Foundation

/// The easing of a timed settle.
package enum PagerCurve: Sendable, Hashable {
    /// Android's quintic ease-out, `(t − 1)⁵ + 1` (ViewPager's `sInterpolator`, RecyclerView's default).
    case quintic
    /// Android's `DecelerateInterpolator`, `1 − (1 − t)²` (the smooth scrollers' `onTargetFound`).
    case decelerate
    /// iCarousel's cubic ease-in-out, `t < 0.5 ? 4t³ : (2t − 2)³/2 + 1`.
    case cubicInOut
    /// A cubic Bézier (CSS `ease`, Reanimated's easeOutQuart `bezier(0.25, 1, 0.5, 1)`).
    case bezier(TimingCurve)

    /// The eased progress at `t` in 0 … 1.
    /// - Complexity: O(1), no allocation.
    package func value(_ t: Double) -> Double {
        switch self {
        case .quintic:
            let u = t - 1
            return u * u * u * u * u + 1
        case .decelerate: return 1 - (1 - t) * (1 - t)
        case .cubicInOut:
            if t < 0.5 { return 4 * t * t * t }
            let u = 2 * t - 2
            return u * u * u / 2 + 1
        case .bezier(let curve): return curve.value(at: t)
        }
    }

    /// CSS `ease`, Swiper's wrapper transition (cubic-bezier(0.25, 0.1, 0.25, 1)).
    package static let cssEase = PagerCurve.bezier(TimingCurve.default)
    /// Reanimated's easeOutQuart, `Easing.bezier(0.25, 1, 0.5, 1)`.
    package static let easeOutQuart = PagerCurve.bezier(TimingCurve(x1: 0.25, y1: 1, x2: 0.5, y2: 1))
}

/// Embla's scroll body (EM `ScrollBody.ts`): at each fixed 1/60 s step `v += (target − x)/duration`, `v ×= friction`,
/// `x += v`; the rendered location interpolates the last two steps by the time left over. Lengths in points.
package struct EmblaBody: Sendable, Hashable {
    /// The location after the last step, and before it.
    package var location: Double, previous: Double
    /// Points per step.
    package var velocity: Double
    /// Where it goes.
    package var target: Double
    /// The body's duration and friction for this phase.
    package var duration: Double, friction: Double
    /// When the body started, and how many steps it has taken.
    package var start: Double, steps = 0
    /// ScrollBounds' limits, the first and the last snap (infinite: none, as while looping), and the view's length.
    package var low = -Double.infinity, high = Double.infinity, view = 0.0
    /// Whether a finger is down (ScrollBounds pulls the target back, and hands it to the edge only once it is up).
    package var pointerDown = false

    /// The fixed step, 1000/60 ms.
    package static let step = 1.0 / 60
    /// Settled when the target is nearer than this, in points.
    package static let settled = 0.001

    /// Whether the rendered location is within ``settled`` of the target (EM `ScrollBody.settled`): the location and
    /// the one before it, which the render mixes, both are.
    package var isSettled: Bool { abs(target - location) < Self.settled && abs(target - previous) < Self.settled }

    /// Takes every step due by `time`. A settled body keeps its step grid (its steps move nothing), as Embla's loop
    /// keeps ticking under a finger that holds still: when the finger moves the target, the body moves from the next
    /// step on, not from every step missed.
    /// - Complexity: O(steps due), no allocation.
    package mutating func advance(to time: Double) {
        while start + Double(steps + 1) * Self.step <= time + 1e-12 {
            previous = location
            constrain()
            if !isSettled {
                velocity += (target - location) / duration
                velocity *= friction
                location += velocity
            }
            steps += 1
        }
    }

    /// ScrollBounds' `constrain` (EM `ScrollBounds.ts:32-45`), before each step: while the target and the location are
    /// both past a limit, the target is pulled back by `(target − location)·clamp(|edge − location| / 50 % of the view,
    /// 0.1, 0.99)`; with the finger up and that gap under 10 % of the view, the target goes to the edge and the body
    /// to duration 25, friction 0.68.
    private mutating func constrain() {
        guard target < low || target > high, location < low || location > high else { return }
        let edge = location < low ? low : high
        let diffToEdge = abs(edge - location), diffToTarget = target - location
        target -= diffToTarget * min(max(diffToEdge / (0.5 * view), 0.1), 0.99)
        if !pointerDown, abs(diffToTarget) < 0.1 * view {
            target = min(max(target, low), high)
            (duration, friction) = (25, 0.68)
        }
    }

    /// The rendered location at `time` (after `advance(to: time)`): the last two steps mixed by the time left over.
    package func rendered(at time: Double) -> Double {
        guard !isSettled else { return target }
        let alpha = min(max((time - start - Double(steps) * Self.step) / Self.step, 0), 1)
        return location * alpha + previous * (1 - alpha)
    }
}

/// One settle of a pager, from where a release or a `setPage` left it to a page.
package struct PagerSettle: Sendable, Hashable {
    /// How it moves.
    package enum Motion: Sendable, Hashable {
        /// Along `curve` over `duration` seconds; `pixel` (pages per device pixel) rounds the travelled distance as
        /// Android's `Scroller` does (`round(f·dx)` pixels), nil for no rounding.
        case curve(PagerCurve, duration: Double, pixel: Double?)
        /// Compose's spring (points), clamped at its target: it stops when it would pass it.
        case spring(ComposeSpring, stride: Double)
        /// iCarousel's glide: `from + v·t − v·t²/(2T)` over `T = duration` (v in pages per second).
        case glide(velocity: Double, duration: Double)
        /// Embla's integrator (points; `stride` converts to pages).
        case embla(EmblaBody, stride: Double)
    }

    /// Where it starts and ends, in pages.
    package var from: Double, to: Double
    /// When it starts, in seconds of the run.
    package var start: Double
    /// How it moves.
    package var motion: Motion

    /// A timed settle.
    package static func curve(
        from: Double, to: Double, start: Double, duration: Double, _ curve: PagerCurve, pixel: Double? = nil
    ) -> PagerSettle {
        PagerSettle(from: from, to: to, start: start, motion: .curve(curve, duration: max(duration, 0), pixel: pixel))
    }

    /// Takes the steps due by `time` (Embla's integrator; the others are closed forms).
    /// - Complexity: O(steps due), no allocation.
    package mutating func advance(to time: Double) {
        if case .embla(var body, let stride) = motion {
            body.advance(to: time)
            motion = .embla(body, stride: stride)
        }
    }

    /// Whether it has ended by `time`.
    package func isFinished(at time: Double) -> Bool {
        let t = time - start
        switch motion {
        case .curve(_, let duration, _): return t >= duration
        case .spring(let spring, let stride): return spring.isFinished(at: time) || crossed(spring.value(at: time) / stride)
        case .glide(_, let duration): return t >= duration
        case .embla(let body, _): return body.isSettled
        }
    }

    /// Whether `x` lies at or past the target, seen from the start.
    private func crossed(_ x: Double) -> Bool { to >= from ? x >= to : x <= to }

    /// The position at `time`, in pages.
    /// - Complexity: O(1), no allocation.
    package func position(at time: Double) -> Double {
        guard !isFinished(at: time) else { return to }
        let t = max(time - start, 0)
        switch motion {
        case .curve(let curve, let duration, let pixel):
            guard duration > 0 else { return to }
            let f = curve.value(min(t / duration, 1))
            guard let pixel, pixel > 0 else { return from + f * (to - from) }
            return from + ((f * (to - from) / pixel).rounded(.toNearestOrAwayFromZero)) * pixel
        case .spring(let spring, let stride): return spring.value(at: time) / stride
        case .glide(let v, let duration): return from + v * t - v * t * t / (2 * duration)
        case .embla(let body, let stride): return body.rendered(at: time) / stride
        }
    }

    /// The velocity at `time`, in pages per second.
    package func velocity(at time: Double) -> Double {
        guard !isFinished(at: time) else { return 0 }
        let t = max(time - start, 0)
        switch motion {
        case .curve(let curve, let duration, _):
            guard duration > 0 else { return 0 }
            let h = 1e-4, u = min(t / duration, 1 - h)
            return (curve.value(u + h) - curve.value(u)) / h / duration * (to - from)
        case .spring(let spring, let stride): return spring.velocity(at: time) / stride
        case .glide(let v, let duration): return v - v * t / duration
        case .embla(let body, let stride): return body.velocity / EmblaBody.step / stride
        }
    }
}

extension EmblaBody {
    /// ScrollBounds' limits for a pager of `c`: its first and last page (none while it wraps), and the view's length.
    package mutating func bound(_ c: PagerConfiguration) {
        (low, high, view) = c.wrap ? (-.infinity, .infinity, c.axisLength) : (0, Double(c.pages - 1) * c.stride, c.axisLength)
    }
}
