// A spring as Jetpack Compose runs it: animation-core's spring solution read on a millisecond clock, ended by
// Compose's own duration estimate at its visibility threshold (reference/sheets.md §1b).

import Foundation

/// A Compose spring from `from` to `to`: `FloatSpringSpec` over `SpringSimulation`, as `AnchoredDraggableState`'s
/// `animateTo` and `animateFloatAsState` run it.
///
/// The value at a frame is the spring's closed form at the whole milliseconds of play time (Compose truncates its
/// nanoseconds to milliseconds), and the spring ends when the play time reaches `estimateAnimationDurationMillis`
/// for the displacement and velocity in units of the visibility threshold, 0.01 pixel
/// (`Spring.DefaultDisplacementThreshold`): from then on the value is the target.
package struct ComposeSpring: Sendable, Hashable {
    /// A spring's damping ratio and stiffness, as Compose's `Float`s.
    package struct Spec: Sendable, Hashable {
        /// The damping ratio (1: critically damped; below 1: it overshoots).
        package var dampingRatio: Float
        /// The stiffness (the spring constant for a unit mass).
        package var stiffness: Float

        /// A spec of `dampingRatio` and `stiffness`.
        package init(dampingRatio: Float, stiffness: Float) {
            self.dampingRatio = dampingRatio
            self.stiffness = stiffness
        }

        /// The standard `MotionScheme`'s DefaultSpatial, spring(0.9, 700): a drag's settle and `show()`.
        package static let defaultSpatial = Spec(dampingRatio: 0.9, stiffness: 700)
        /// FastEffects, spring(1, 3800): `hide()` and `partialExpand()`.
        package static let fastEffects = Spec(dampingRatio: 1, stiffness: 3800)
        /// DefaultEffects, spring(1, 1600): the scrim's fade.
        package static let defaultEffects = Spec(dampingRatio: 1, stiffness: 1600)
    }

    /// `Spring.DefaultDisplacementThreshold`, in pixels.
    package static let visibilityThreshold = 0.01

    /// Where the spring starts and ends, in points.
    package let from: Double, to: Double
    /// The start velocity in points per second.
    package let velocity: Double
    /// When the spring starts, in seconds of the run.
    package let start: Double
    /// The spring.
    package let spec: Spec
    /// Compose's duration estimate, in whole milliseconds.
    package let durationMilliseconds: Int

    /// A spring of `spec` from `from` with `velocity` to `to`, starting at `start`, on a display of `density` pixels
    /// per point (the visibility threshold is a pixel length; `density` 1 for a unitless value such as an alpha).
    package init(from: Double, to: Double, start: Double, spec: Spec, velocity: Double, density: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.spec = spec
        self.velocity = velocity
        let threshold = Self.visibilityThreshold / density
        durationMilliseconds = Self.estimatedMilliseconds(
            spec, displacement: (from - to) / threshold, velocity: velocity / threshold)
    }

    /// When the spring ends, in seconds of the run.
    package var end: Double { start + Double(durationMilliseconds) / 1000 }

    /// Whether the spring has ended by `time`.
    package func isFinished(at time: Double) -> Bool { SheetSettle.androidMilliseconds(time - start) >= Double(durationMilliseconds) }

    /// The value at `time` (the target once the spring has ended).
    /// - Complexity: O(1).
    package func value(at time: Double) -> Double { isFinished(at: time) ? to : motion(at: time).value }

    /// The velocity at `time` in points per second (0 once the spring has ended).
    package func velocity(at time: Double) -> Double { isFinished(at: time) ? 0 : motion(at: time).velocity }

    /// `SpringSimulation.updateValues` at the whole milliseconds of play time at `time`.
    private func motion(at time: Double) -> (value: Double, velocity: Double) {
        let t = SheetSettle.androidMilliseconds(time - start) / 1000
        let zeta = Double(spec.dampingRatio), w = Double(spec.stiffness).squareRoot()
        let x0 = from - to, v0 = velocity, r = -zeta * w
        if zeta == 1 {
            let b = v0 + w * x0, e = exp(-w * t)
            return (to + (x0 + b * t) * e, (x0 + b * t) * e * -w + b * e)
        }
        if zeta > 1 {
            let s = w * (zeta * zeta - 1).squareRoot(), plus = r + s, minus = r - s
            let b = (minus * x0 - v0) / (minus - plus), a = x0 - b
            return (to + a * exp(minus * t) + b * exp(plus * t), a * minus * exp(minus * t) + b * plus * exp(plus * t))
        }
        let wd = w * (1 - zeta * zeta).squareRoot()
        let sinCoefficient = (-r * x0 + v0) / wd
        let x = exp(r * t) * (x0 * cos(wd * t) + sinCoefficient * sin(wd * t))
        return (to + x, x * r + exp(r * t) * (-wd * x0 * sin(wd * t) + wd * sinCoefficient * cos(wd * t)))
    }

    /// Compose's `estimateAnimationDurationMillis` for a unit-mass spring with the displacement and velocity given
    /// in units of the threshold (delta 1): when the spring last is within one threshold of its target. Under-damped,
    /// the envelope's crossing; critically damped, Newton's method on the crossing Compose picks by the inflection.
    /// Over-damped springs are not used by Compose's sheet: their estimate is the critically damped one.
    static func estimatedMilliseconds(_ spec: Spec, displacement p: Double, velocity v: Double) -> Int {
        if p == 0 && v == 0 { return 0 }
        let zeta = Double(spec.dampingRatio), k = Double(spec.stiffness)
        let damping = 2 * zeta * k.squareRoot()
        let partial = damping * damping - 4 * k
        let r = (-damping + (partial < 0 ? 0 : partial.squareRoot())) * 0.5
        let imaginary = (partial < 0 ? abs(partial).squareRoot() : 0) * 0.5
        let v0 = p < 0 ? -v : v, p0 = abs(p)
        let seconds: Double
        if zeta < 1 {
            let c2 = (v0 - r * p0) / imaginary
            seconds = log(1 / (p0 * p0 + c2 * c2).squareRoot()) / r
        } else {
            seconds = criticallyDampedCrossing(r: r, p0: p0, v0: v0)
        }
        return Int(seconds * 1000)
    }

    /// The last time `(c1 + c2·t)·e^(r·t)` crosses ±1, by Compose's initial guesses and Newton iterations.
    private static func criticallyDampedCrossing(r: Double, p0: Double, v0: Double) -> Double {
        let c1 = p0, c2 = v0 - r * c1
        let t1 = log(abs(1 / c1)) / r
        let guess = log(abs(1 / c2))
        var lambert = guess
        for _ in 0...5 { lambert = guess - log(abs(lambert / r)) }
        let t2 = lambert / r
        var t = !t1.isFinite ? t2 : !t2.isFinite ? t1 : max(t1, t2)
        let inflection = -(r * c1 + c2) / (r * c2)
        let atInflection = c1 * exp(r * inflection) + c2 * inflection * exp(r * inflection)
        let signed: Double
        if inflection.isNaN || inflection <= 0 {
            signed = -1
        } else if -atInflection < 1 {
            if c2 < 0 && c1 > 0 { t = 0 }
            signed = -1
        } else {
            t = -(2 / r) - c1 / c2
            signed = 1
        }
        var step = Double.greatestFiniteMagnitude, iterations = 0
        while step > 0.001 && iterations < 100 {
            iterations += 1
            let last = t
            let f = (c1 + c2 * t) * exp(r * t) + signed
            let slope = (c2 * (r * t + 1) + c1 * r) * exp(r * t)
            t -= f / slope
            step = abs(last - t)
        }
        return t
    }
}
