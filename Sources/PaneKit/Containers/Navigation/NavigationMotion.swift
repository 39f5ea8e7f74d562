// How a navigation screen's progress moves between two values: a preset's spec, an app's timing, or the system's
// smoothing spring that follows the back gesture's progress (reference/navigation.md §2.4, §4.3).

import Foundation

/// One move of the top screen's progress from `from` to `to`, starting at `start`.
struct NavigationMotion: Sendable, Hashable {
    /// The values at the start and the end.
    var from: Double, to: Double
    /// When it starts, in seconds of the run.
    var start: Double
    /// How it moves.
    var spec: Spec
    /// The progress's velocity at the start, per second (a spring keeps a release's speed).
    var velocity = 0.0
    /// The distance a progress of 1 covers, in points: a spring's rest thresholds are in points.
    var distance: Double

    /// What moves it.
    enum Spec: Sendable, Hashable {
        /// A preset's spec.
        case preset(NavigationSpec)
        /// An app's or a scenario's timing (`.timed`).
        case tween(Tween)
    }

    /// The value at `time`.
    /// - Complexity: O(1), no allocation.
    func value(at time: Double) -> Double {
        let t = max(time - start, 0)
        switch spec {
        case .tween(let tween): return tween.value(at: time)
        case .preset(.timing(let duration, let easing)):
            guard duration > 0 else { return to }
            return from + (to - from) * easing.value(t / duration)
        case .preset(.criticalSpring(let omega, _, let duration)):
            if let duration, t >= duration { return to }
            let x = Self.critical(omega: omega, x0: from - to, v0: velocity, t: t)
            // overshootClamping: the value never passes its target.
            return (from - to) * x.position < 0 ? to : to + x.position
        }
    }

    /// Whether it has ended at `time`.
    /// - Complexity: O(1), no allocation.
    func isFinished(at time: Double) -> Bool {
        let t = time - start
        switch spec {
        case .tween(let tween): return tween.isFinished(at: time)
        case .preset(.timing(let duration, _)): return t >= duration
        case .preset(.criticalSpring(let omega, let rest, let duration)):
            if let duration { return t >= duration }
            let x = Self.critical(omega: omega, x0: from - to, v0: velocity, t: t)
            if (from - to) * x.position < 0 { return true }
            return abs(x.position) * distance <= rest && abs(x.velocity) * distance <= rest
        }
    }

    /// A critically damped oscillator's displacement and velocity at `t` from displacement `x0` and velocity `v0`:
    /// x = e^(−ωt)·(x0 + (v0 + ω·x0)·t), React Native's closed form for ζ ≥ 1.
    static func critical(omega w: Double, x0: Double, v0: Double, t: Double) -> (position: Double, velocity: Double) {
        let e = Foundation.exp(-w * t)
        let b = v0 + w * x0
        return (e * (x0 + b * t), e * (b - w * (x0 + b * t)))
    }
}

/// Android's `BackProgressAnimator`: the system's back progress (×100) drives a spring of stiffness 1500 and
/// damping ratio 1, and apps see its value (÷100). Stepped at 1 ms so the result does not depend on the frames.
struct NavigationBackSmoothing: Sendable, Hashable {
    /// The spring's value and velocity, per second.
    var value = 0.0, velocity = 0.0
    /// The time it has been stepped to.
    var time: Double
    /// `√1500`, the spring's angular frequency.
    static let omega = 1500.0.squareRoot()
    /// The inner step.
    static let step = 0.001

    /// Steps the spring towards `target` up to `time`.
    /// - Complexity: O((time − self.time) / 1 ms), no allocation.
    mutating func follow(_ target: Double, to end: Double) {
        let w = Self.omega
        while time + Self.step <= end + 1e-12 {
            // The exact critically damped solution over one step towards a fixed target.
            let x = NavigationMotion.critical(omega: w, x0: value - target, v0: velocity, t: Self.step)
            value = target + x.position
            velocity = x.velocity
            time += Self.step
        }
    }
}
