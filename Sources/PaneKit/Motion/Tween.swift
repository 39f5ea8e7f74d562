// Tweens and keyframes: values over time, evaluated at absolute times (never accumulated).

/// A value moving from `from` to `to` starting at `start`: along `curve` over `duration` seconds, or driven by a
/// spring whose settle time is the duration.
package struct Tween: Hashable, Sendable {
    /// The value at the start.
    package var from: Double
    /// The value at the end.
    package var to: Double
    /// When the tween starts, in seconds of the run.
    package var start: Double
    /// How long it lasts in seconds (for a spring, its settle time).
    package var duration: Double
    /// How progress in time maps to progress in value (unused when a spring drives the tween).
    package var curve: TimingCurve
    /// The spring driving the value, if any (then `curve` is unused).
    package var spring: Spring?
    /// The spring's velocity at the start in value units per second (the spring's own normalised
    /// `initialVelocity` included).
    package var startVelocity: Double

    /// A tween along `curve` from `from` to `to`, starting at `start` seconds and lasting `duration` seconds.
    /// A tween that stays at 0: what a container's stored tween holds before its first motion.
    package static let still = Tween(from: 0, to: 0, start: 0, duration: 0, curve: .linear)

    package init(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve) {
        self.init(from: from, to: to, start: start, duration: duration, curve: curve, spring: nil, startVelocity: 0)
    }

    /// A spring from `from` to `to`, leaving with `velocity` (value units per second) plus the spring's own
    /// `initialVelocity` times the distance. The duration is the settle time, with the rest thresholds taken as
    /// fractions of the distance (of `scale` when the distance is 0, as when a retarget keeps the target).
    package init(from: Double, to: Double, start: Double, spring: Spring, velocity: Double = 0, scale: Double = 0) {
        let startVelocity = velocity + spring.initialVelocity * (to - from)
        let reference = abs(to - from) > 0 ? abs(to - from) : abs(scale)
        let duration = spring.settlingDuration(displacement: from - to, velocity: startVelocity, scale: reference)
        self.init(from: from, to: to, start: start, duration: duration, curve: .linear, spring: spring, startVelocity: startVelocity)
    }

    /// Every stored value at once: where the curve and the spring initialisers meet, each with its own values.
    private init(
        from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve, spring: Spring?, startVelocity: Double
    ) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
        self.spring = spring
        self.startVelocity = startVelocity
    }

    /// A tween with `timing`: a spring as above, or `curve` over `duration`. A curve that starts with a `velocity`
    /// (an interrupted transition) has its first control point turned so its starting slope carries that velocity.
    package init(from: Double, to: Double, start: Double, duration: Double, timing: Timing, velocity: Double = 0, scale: Double = 0) {
        switch timing {
        case .spring(let spring):
            self.init(from: from, to: to, start: start, spring: spring, velocity: velocity, scale: scale)
        case .curve(let curve):
            var c = curve
            // A bézier turns its first control point to carry the velocity; steps and linear() keep their shape.
            if velocity != 0, duration > 0, to != from, curve.kind == .cubicBezier {
                let slope = velocity * duration / (to - from)
                let x1 = max(curve.x1, 1.0 / 3)
                c = TimingCurve(x1: x1, y1: slope * x1, x2: curve.x2, y2: curve.y2)
            }
            self.init(from: from, to: to, start: start, duration: duration, curve: c)
        }
    }

    /// When the tween ends, in seconds of the run.
    package var end: Double { start + duration }

    /// The progress in time at `time`, 0 before the start and 1 from the end on.
    package func progress(at time: Double) -> Double {
        guard duration > 0 else { return time >= start ? 1 : 0 }
        return min(max((time - start) / duration, 0), 1)
    }

    /// The value at `time`.
    /// - Complexity: one curve or spring evaluation, no allocation.
    @inline(__always)  // read in place from where the tween is stored (a drawer's out-of-line tweens), not copied out
    package func value(at time: Double) -> Double {
        if time >= end { return to }
        if let spring {
            if time <= start { return from }
            return to + spring.state(at: time - start, displacement: from - to, velocity: startVelocity).position
        }
        let t = progress(at: time)
        return from + (to - from) * curve.value(at: t)
    }

    /// The rate of change at `time`, value units per second; 0 before the start and from the end on.
    /// - Complexity: one curve or spring evaluation, no allocation.
    package func velocity(at time: Double) -> Double {
        guard time >= start, time < end, duration > 0 else { return 0 }
        if let spring {
            return spring.state(at: time - start, displacement: from - to, velocity: startVelocity).velocity
        }
        return (to - from) * curve.slope(at: progress(at: time)) / duration
    }

    /// `value(at: time)` and `velocity(at: time)`, the same numbers bit for bit, solving the timing curve once for
    /// both (a drawer's frame reads both at the frame's time).
    /// - Complexity: one curve or spring evaluation (two for a spring), no allocation.
    @inline(__always)  // as `value(at:)`
    package func valueAndVelocity(at time: Double) -> (value: Double, velocity: Double) {
        guard spring == nil, time >= start, time < end, duration > 0 else { return (value(at: time), velocity(at: time)) }
        let (value, slope) = curve.valueAndSlope(at: progress(at: time))
        return (from + (to - from) * value, (to - from) * slope / duration)
    }

    /// Whether the tween has reached its end value at `time` seconds.
    package func isFinished(at time: Double) -> Bool { time >= end }
}

/// Values at times, linear between them, held before the first and after the last.
package struct Keyframes: Hashable, Sendable {
    /// The key times in seconds from the start, ascending.
    package let times: [Double]
    /// The value at each key time.
    package let values: [Double]

    /// - Precondition: as many times as values, at least one, times ascending.
    package init(times: [Double], values: [Double]) {
        precondition(!times.isEmpty && times.count == values.count, "keyframes need matching times and values")
        self.times = times
        self.values = values
    }

    /// Values spread evenly over `duration` seconds, as Core Animation does when no key times are given.
    package init(evenlyOver duration: Double, values: [Double]) {
        let last = Double(max(values.count - 1, 1))
        self.init(times: values.indices.map { duration * Double($0) / last }, values: values)
    }

    /// The last key time in seconds: when the keyframes end.
    package var duration: Double { times[times.count - 1] }

    /// The value at `time` (relative to the first key's time origin 0).
    /// - Complexity: O(log n), no allocation.
    package func value(at time: Double) -> Double {
        if time <= times[0] { return values[0] }
        if time >= times[times.count - 1] { return values[values.count - 1] }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= time { lo = mid } else { hi = mid }
        }
        let span = times[hi] - times[lo]
        let f = span > 0 ? (time - times[lo]) / span : 1
        return values[lo] + (values[hi] - values[lo]) * f
    }
}
