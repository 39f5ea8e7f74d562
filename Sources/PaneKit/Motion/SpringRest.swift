// Where a spring ends, per platform: PaneKit's (SwiftUI's and UIKit's) stays-within threshold, Motion's restDelta and
// restSpeed checked as its generator checks them, Motion's duration form ending at its duration, Compose's
// visibility threshold, React Native's rest thresholds.

import Foundation

/// The rule that ends a spring: when a transition on it is over, and what `settlingDuration` reports.
///
/// Thresholds are in the units of the value the spring moves (in a transition, the closed fraction, 0 to 1).
public enum SpringRest: Hashable, Sendable {
    /// PaneKit's: from the time the value stays within `Spring.restDistance` of the distance and the speed below
    /// `Spring.restSpeed` distances per second (SwiftUI's `settlingDuration` with its ε of 0.001; UIKit's
    /// `settlingDuration` is an undocumented estimate, and this one is written for it).
    case threshold
    /// Motion's physical springs (`stiffness`/`damping`/`mass`, `visualDuration`/`bounce`): at rest at the first
    /// of its 50 ms steps where the speed is at most `restSpeed` and the distance to the target at most `restDelta`
    /// (nil: Motion's defaults, 0.01 and 0.005 for a move under 5 units, 2 and 0.5 otherwise); at most 20 s.
    case framerMotion(restDelta: Double?, restSpeed: Double?)
    /// Motion's `duration`/`bounce` form: at rest when its duration is over, in seconds.
    case duration(Double)
    /// Compose's `spring(visibilityThreshold:)`: an under-damped spring rests when its envelope falls within the
    /// threshold, any other when the value last crosses it (Compose's `estimateAnimationDurationMillis`); Compose's
    /// default for a Float is 0.01.
    case compose(visibilityThreshold: Double)
    /// React Native's `Animated.spring`: at rest at the first 60 Hz frame where the distance is at most
    /// `displacement` and the speed at most `speed` (its `restDisplacementThreshold` and `restSpeedThreshold`,
    /// 0.001 each by default).
    case reactNative(displacement: Double, speed: Double)

    /// Motion's longest spring: its generator stops looking after 20 s.
    package static let framerMotionLongest = 20.0
    /// Motion's step when it finds a spring's duration.
    package static let framerMotionStep = 0.05

    /// Motion's thresholds for a move of `travel` units: as given, else its defaults for the scale.
    package static func framerMotionThresholds(restDelta: Double?, restSpeed: Double?, travel: Double) -> (delta: Double, speed: Double) {
        let granular = abs(travel) < 5
        return (restDelta ?? (granular ? 0.005 : 0.5), restSpeed ?? (granular ? 0.01 : 2))
    }
}

extension Spring {
    /// The time the rest rule ends a motion from displacement `x0` with velocity `v0` (value units and units per
    /// second), `scale` the distance PaneKit's threshold is a fraction of.
    func restTime(displacement x0: Double, velocity v0: Double, scale: Double) -> Double {
        switch rest {
        case .threshold:
            return thresholdSettle(displacement: x0, velocity: v0, scale: scale)
        case .duration(let seconds):
            return seconds
        case .framerMotion(let restDelta, let restSpeed):
            let (delta, speed) = SpringRest.framerMotionThresholds(restDelta: restDelta, restSpeed: restSpeed, travel: x0)
            return firstRest(x0, v0, step: SpringRest.framerMotionStep, limit: SpringRest.framerMotionLongest, delta: delta, speed: speed)
        case .reactNative(let displacement, let speed):
            return firstRest(x0, v0, step: 1.0 / 60, limit: 600, delta: displacement, speed: speed)
        case .compose(let threshold):
            return composeSettle(displacement: x0, velocity: v0, threshold: threshold)
        }
    }

    /// The first multiple of `step` at which the distance is at most `delta` and the speed at most `speed`
    /// (`limit` when none is before it).
    private func firstRest(_ x0: Double, _ v0: Double, step: Double, limit: Double, delta: Double, speed: Double) -> Double {
        var k = 0
        while Double(k) * step < limit {
            let s = state(at: Double(k) * step, displacement: x0, velocity: v0)
            if abs(s.position) <= delta && abs(s.velocity) <= speed { return Double(k) * step }
            k += 1
        }
        return limit
    }

    /// Compose's rest: an under-damped spring's envelope e^(−ζω0t)·√(x0² + ((v0 + ζω0x0)/ωd)²) reaching the
    /// threshold; otherwise the last time |x(t)| is the threshold. An over- or critically damped motion has at most
    /// one turn (x′ = 0) after its start and is monotonic on each side of it, so the last crossing is found by
    /// bisection on the side where it lies.
    private func composeSettle(displacement x0: Double, velocity v0: Double, threshold: Double) -> Double {
        guard threshold > 0, x0 != 0 || v0 != 0 else { return 0 }
        let w0 = omega0, zeta = dampingRatio
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude = (x0 * x0 + pow((v0 + zeta * w0 * x0) / wd, 2)).squareRoot()
            return max(0, log(amplitude / threshold) / (zeta * w0))
        }
        func x(_ t: Double) -> Double { abs(state(at: t, displacement: x0, velocity: v0).position) }
        // The turn: where c1·r1·e^(r1·t) + c2·r2·e^(r2·t) (critically damped: (c2 + r(c1 + c2·t))·e^(rt)) is 0.
        let turn: Double
        if zeta > 1 {
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root, r2 = -zeta * w0 - root
            let c2 = (r1 * x0 - v0) / (r1 - r2), c1 = x0 - c2
            turn = log(-(c2 * r2) / (c1 * r1)) / (r1 - r2)
        } else {
            let r = -w0, c1 = x0, c2 = v0 - r * x0
            turn = -(c2 + r * c1) / (r * c2)
        }
        // Where x falls through the threshold on an interval it is monotonic on, from above.
        func crossing(from start: Double) -> Double {
            var hi = max(start, 1e-6) * 2 + 1 / w0
            while x(hi) > threshold && hi < 1e9 { hi *= 2 }
            var lo = start
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if x(mid) > threshold { lo = mid } else { hi = mid }
            }
            return hi
        }
        guard turn.isFinite, turn > 0 else { return x(0) > threshold ? crossing(from: 0) : 0 }
        if x(turn) > threshold { return crossing(from: turn) }
        // Within the threshold from the turn on: the last crossing is on the way in, before x passes 0.
        guard x(0) > threshold else { return 0 }
        var zero = turn
        if x0 * state(at: turn, displacement: x0, velocity: v0).position < 0 {
            var lo = 0.0, hi = turn
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if x0 * state(at: mid, displacement: x0, velocity: v0).position > 0 { lo = mid } else { hi = mid }
            }
            zero = hi
        }
        var lo = 0.0, hi = zero
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if x(mid) > threshold { lo = mid } else { hi = mid }
        }
        return hi
    }
}
