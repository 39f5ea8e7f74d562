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
    /// The rule that ends it: PaneKit's threshold, or the rule of the platform its form named (`platform`).
    public var rest: SpringRest = .threshold

    /// A spring with these values, or the nearest valid one: this initialiser never traps.
    ///
    /// A valid spring has a finite positive mass, stiffness and damping, an initial velocity in `initialVelocities`, ω0 in
    /// `angularFrequencies` and ζ in `dampingRatios` (the range the scenario and command-line forms accept). Values
    /// outside it are clamped, documented so an app can rely on it: a mass that is not finite and positive becomes 1,
    /// any other mass is clamped to 1e-6…1e6; ω0 and ζ, computed from the given values, are clamped to their ranges,
    /// and one that is not a number (NaN, or the root of a negative) takes Core Animation's default (ω0 10, ζ 0.5);
    /// stiffness and damping are then ω0²·m and 2ζω0·m (ω0 and ζ a billionth inside a bound they were clamped to); the initial velocity is clamped to
    /// `initialVelocities`, NaN to 0. A valid
    /// spring is kept exactly as given. Use `validated(mass:stiffness:damping:initialVelocity:)` to refuse instead.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.init(unchecked: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        if Self.problem(self) != nil { self = clamped }
    }

    /// The spring with `rest` as its rest rule.
    public func resting(_ rest: SpringRest) -> Spring {
        var copy = self
        copy.rest = rest
        return copy
    }

    /// Stores the values as given; callers check them (`problem(_:)`) or clamp them.
    init(unchecked mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The spring with these values when they are valid (see `init(mass:stiffness:damping:initialVelocity:)`).
    /// - Throws: `SpringFormError` saying which value is out of range, with what was found.
    package static func validated(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws(SpringFormError)
        -> Spring
    {
        let spring = Spring(unchecked: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        if let problem = problem(spring) { throw SpringFormError(.springOutOfRange, problem) }
        return spring
    }

    /// The undamped angular frequencies a valid spring may have, radians per second: slower barely moves in a
    /// frame's lifetime, faster settles within a frame; the settle search stays bounded in between.
    package static let angularFrequencies = 0.001...1_000_000.0

    /// The initial velocities a valid spring may have, distances per second: a million times the distance per second
    /// is far beyond any gesture, and keeps the closed form's products (ζω0·v0) finite.
    package static let initialVelocities = -1_000_000.0...1_000_000.0

    /// What makes `s` invalid ("expected …, got …"), or nil when it is valid; never traps, whatever the values.
    static func problem(_ s: Spring) -> String? {
        let zeta = s.dampingRatio, w0 = s.omega0
        guard w0.isFinite, angularFrequencies.contains(w0), zeta.isFinite, dampingRatios.contains(zeta) else {
            return "expected a spring with a damping ratio in \(NumberFormat.message(dampingRatios.lowerBound))…"
                + "\(NumberFormat.message(dampingRatios.upperBound)) and ω0 in \(NumberFormat.message(angularFrequencies.lowerBound))…"
                + "\(NumberFormat.message(angularFrequencies.upperBound)) rad/s, got ζ \(NumberFormat.message(zeta)), "
                + "ω0 \(NumberFormat.message(w0))"
        }
        guard [s.mass, s.stiffness, s.damping].allSatisfy({ $0.isFinite && $0 > 0 }) else {
            return "expected a finite positive mass, stiffness and damping, got mass \(NumberFormat.message(s.mass)), "
                + "stiffness \(NumberFormat.message(s.stiffness)), damping \(NumberFormat.message(s.damping))"
        }
        guard initialVelocities.contains(s.initialVelocity) else {
            return "expected an initialVelocity in \(NumberFormat.message(initialVelocities.lowerBound))…"
                + "\(NumberFormat.message(initialVelocities.upperBound)) distances per second, got \(NumberFormat.message(s.initialVelocity))"
        }
        return nil
    }

    /// The nearest valid spring (the clamp `init(mass:stiffness:damping:initialVelocity:)` documents).
    private var clamped: Spring {
        let m = mass.isFinite && mass > 0 ? min(max(mass, 1e-6), 1e6) : 1
        // A billionth inside each bound, so that ω0 and ζ recomputed from k and c stay in range despite rounding.
        func clamp(_ x: Double, _ range: ClosedRange<Double>, default fallback: Double) -> Double {
            x.isNaN ? fallback : min(max(x, range.lowerBound * (1 + 1e-9)), range.upperBound * (1 - 1e-9))
        }
        // From the given values, so each scale survives apart from the other (√k·√m cannot overflow as k·m can).
        let w0 = clamp((stiffness / (mass.isFinite && mass > 0 ? mass : m)).squareRoot(), Self.angularFrequencies, default: 10)
        let zeta = clamp(damping / (2 * stiffness.squareRoot() * mass.squareRoot()), Self.dampingRatios, default: 0.5)
        return Spring(
            unchecked: m, stiffness: w0 * w0 * m, damping: 2 * zeta * w0 * m,
            initialVelocity: initialVelocity.isNaN
                ? 0 : min(max(initialVelocity, Self.initialVelocities.lowerBound), Self.initialVelocities.upperBound)
        ).resting(rest)
    }

    /// The undamped angular frequency ω0 = √(k/m), radians per second.
    package var omega0: Double { (stiffness / mass).squareRoot() }
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
    package func state(at t: Double, displacement x0: Double, velocity v0: Double) -> (position: Double, velocity: Double) {
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

    /// The settle time of the step response under its rest rule (`rest`); with PaneKit's, from then on the value
    /// stays within `restDistance` of 1 and the speed below `restSpeed`.
    public var settlingDuration: Double { settlingDuration(displacement: -1, velocity: initialVelocity, scale: 1) }

    /// When the motion from displacement `x0` with velocity `v0` is at rest under the spring's rest rule; with
    /// PaneKit's, the time from which it stays within the rest thresholds, measured in units of `scale` (the distance
    /// the thresholds are fractions of).
    public func settlingDuration(displacement x0: Double, velocity v0: Double, scale: Double) -> Double {
        restTime(displacement: x0, velocity: v0, scale: scale)
    }

    /// PaneKit's rest: the time from which the motion stays within the thresholds.
    ///
    /// An upper bound from the decay envelope limits the search; a scan at 1/64 rad of ω0 finds the last sample
    /// outside the thresholds and bisection finds the crossing after it.
    /// - Complexity: O(settle time · ω0) evaluations; called once per transition, not per frame.
    func thresholdSettle(displacement x0: Double, velocity v0: Double, scale: Double) -> Double {
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
