// The canonical damped spring: mass, stiffness, damping and initial velocity, solved in closed form.

import Foundation

/// A damped harmonic oscillator m·x″ + c·x′ + k·(x − 1) = 0 moving a value from 0 to 1.
///
/// The solution is closed-form in all three regimes (under-, critically and over-damped), so the value at any time
/// is exact and the same at every frame rate. `initialVelocity` is normalised to the distance: 1 means the whole
/// distance per second towards the target (Core Animation's convention). Every platform's way of writing a spring
/// converts to this one (`Spring+Forms.swift`).
public struct Spring: Hashable, Sendable {
    /// The moving mass (Core Animation's `mass`; 1 for most forms).
    public var mass: Double
    /// The spring constant k (Core Animation's `stiffness`).
    public var stiffness: Double
    /// The damping coefficient c (Core Animation's `damping`); critical damping is 2·√(k·m).
    public var damping: Double
    /// The velocity at the start, in distances per second towards the target.
    public var initialVelocity: Double

    /// - Precondition: mass and stiffness positive, damping positive (an undamped spring never comes to rest).
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        precondition(mass > 0 && stiffness > 0 && damping > 0, "a spring needs positive mass, stiffness and damping")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The undamped angular frequency ω0 = √(k/m), radians per second.
    public var omega0: Double { (stiffness / mass).squareRoot() }
    /// The damping ratio ζ = c / (2√(k·m)): below 1 it overshoots, 1 is critical, above 1 overdamped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    // MARK: - Rest

    /// The settle threshold on the distance from the target, as a fraction of the distance travelled (0.1 %).
    public static let restDistance = 1e-3
    /// The settle threshold on the speed, in distances per second (1 % of the distance per second).
    public static let restSpeed = 1e-2

    // MARK: - Closed form

    /// The displacement from rest and its velocity at `t`, starting from displacement `x0` with velocity `v0`.
    ///
    /// Under-damped: e^(−ζω0t)(x0 cos ωd t + (v0 + ζω0x0)/ωd sin ωd t), ωd = ω0√(1 − ζ²); critically damped:
    /// e^(−ω0t)(x0 + (v0 + ω0x0)t); over-damped: the same with cosh and sinh, written with `expm1` so that neither
    /// large nor near-critical ratios lose precision.
    /// - Complexity: a few transcendental functions, no allocation.
    public func state(at t: Double, displacement x0: Double, velocity v0: Double) -> (position: Double, velocity: Double) {
        let w0 = omega0, zeta = dampingRatio
        let a = zeta * w0
        let w02 = stiffness / mass
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
            let position = e * (x0 * c + (v0 + a * x0) / wd * s)
            let velocity = e * (v0 * c - (a * v0 + w02 * x0) / wd * s)
            return (position, velocity)
        }
        if zeta == 1 {
            let e = exp(-w0 * t)
            let b = v0 + w0 * x0
            return (e * (x0 + b * t), e * (v0 - w0 * b * t))
        }
        let wd = w0 * (zeta * zeta - 1).squareRoot()
        // e^(−at)·cosh(wd t) = e^((wd−a)t)·(1 + e^(−2wd t))/2 and e^(−at)·sinh(wd t)/wd = e^((wd−a)t)·(−expm1(−2wd t))/(2wd).
        let slow = exp((wd - a) * t), fast = -expm1(-2 * wd * t)
        let ch = slow * (2 - fast) / 2
        let shOverWd = slow * fast / (2 * wd)
        let position = x0 * ch + (v0 + a * x0) * shOverWd
        let velocity = v0 * ch - (a * v0 + w02 * x0) * shOverWd
        return (position, velocity)
    }

    /// The value of the step response (0 → 1 with `initialVelocity`) at `t` seconds.
    /// - Complexity: O(1), no allocation.
    public func value(at t: Double) -> Double {
        1 + state(at: t, displacement: -1, velocity: initialVelocity).position
    }

    /// The velocity of the step response at `t`, distances per second.
    public func velocity(at t: Double) -> Double {
        state(at: t, displacement: -1, velocity: initialVelocity).velocity
    }

    /// The settle time of the step response: from then on the value stays within `restDistance` of 1 and the speed
    /// below `restSpeed`.
    public var settlingDuration: Double { settlingDuration(displacement: -1, velocity: initialVelocity, scale: 1) }

    /// The time from which the motion from displacement `x0` with velocity `v0` stays within the rest thresholds,
    /// measured in units of `scale` (the distance the thresholds are fractions of).
    ///
    /// An upper bound from the decay envelope limits the search; a scan at 1/64 rad of ω0 finds the last sample
    /// outside the thresholds and bisection finds the crossing after it.
    /// - Complexity: O(settle time · ω0) evaluations; called once per transition, not per frame.
    public func settlingDuration(displacement x0: Double, velocity v0: Double, scale: Double) -> Double {
        let distance = Self.restDistance * scale, speed = Self.restSpeed * scale
        func outside(_ t: Double) -> Double {
            let s = state(at: t, displacement: x0, velocity: v0)
            return max(abs(s.position) / distance, abs(s.velocity) / speed)
        }
        guard scale > 0, outside(0) > 1 else { return 0 }
        let bound = envelopeBound(x0: x0, v0: v0, distance: distance, speed: speed)
        // At most four million samples, whatever the ratio (the forms keep ζ in 0.001…100).
        let h = max(1 / (64 * omega0), bound / 4_000_000)
        var last = 0.0
        var t = 0.0
        var i = 0
        while t <= bound {
            if outside(t) > 1 { last = t }
            i += 1
            t = Double(i) * h
        }
        var lo = last, hi = last + h
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if outside(mid) > 1 { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// A time after which both |x| < distance and |v| < speed, from envelopes e^(−st)(p + q·t).
    private func envelopeBound(x0: Double, v0: Double, distance: Double, speed: Double) -> Double {
        let w0 = omega0, zeta = dampingRatio, a = zeta * w0, w02 = stiffness / mass
        let rate: Double, px: Double, qx: Double, pv: Double, qv: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            rate = a
            px = abs(x0) + abs(v0 + a * x0) / wd
            pv = abs(v0) + abs(a * v0 + w02 * x0) / wd
            qx = 0
            qv = 0
        } else {
            // cosh ≤ e^(wd t) and sinh(wd t)/wd ≤ t·e^(wd t).
            rate = a - w0 * max(zeta * zeta - 1, 0).squareRoot()
            px = abs(x0)
            qx = abs(v0 + a * x0)
            pv = abs(v0)
            qv = abs(a * v0 + w02 * x0)
        }
        func time(_ p: Double, _ q: Double, _ limit: Double) -> Double {
            // e^(−rate·t)(p + q·t) falls after t = 1/rate − p/q; double t from there until it is below the limit.
            var t = max(1 / rate, 1e-3)
            for _ in 0..<200 where exp(-rate * t) * (p + q * t) >= limit { t *= 2 }
            return t
        }
        return max(time(px, qx, distance), time(pv, qv, speed))
    }
}
