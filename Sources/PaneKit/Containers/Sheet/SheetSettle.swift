// How a sheet moves to its target: each behavior's settle motion (reference/sheets.md §1.6, §1b, §3.3, §4.1, §5.1).

import Foundation

/// FloatingPanel's `NumericSpringAnimator` (Core.swift:1365-1490): a semi-implicit spring stepped once per
/// display frame of `h` seconds, stopping within a display pixel of the target.
///
/// It is not a closed form: the path depends on `h`, so a 120 Hz display moves the panel differently from a
/// 60 Hz one (docs/motion.md). The engine steps it at ``SheetConfiguration/displayRate`` whatever the frame rate
/// it renders at, so 30, 60 and 120 fps renders agree.
package struct FloatingPanelStepper: Sendable, Hashable {
    /// The position and velocity (points, points per second) after ``steps`` steps.
    package private(set) var x: Double, v: Double
    /// The target position.
    package let target: Double
    /// The damping ratio: 0.5756 when the start speed exceeds 300 pt/s, else 1.
    package let zeta: Double
    /// The angular frequency 2π / 0.4 s.
    package let omega: Double
    /// The step, one display frame, in seconds.
    package let h: Double
    /// When the first step's frame began.
    package let start: Double
    /// The stop distance, one display pixel (1 / displayScale points).
    package let pixel: Double
    /// Steps taken so far.
    package private(set) var steps = 0
    /// Whether the stop criterion has been met (the panel then sits at the target).
    package private(set) var finished = false

    /// FloatingPanel's `springResponseTime`, 0.4 s (Behavior.swift:68-70).
    package static let responseTime = 0.4
    /// FloatingPanel's `springDecelerationRate`, DecelerationRate.fast + 0.001 = 0.991 (Behavior.swift:64-66).
    package static let decelerationRate = 0.991
    /// The speed above which the underdamped ζ is used, 300 pt/s (Core.swift:1414).
    package static let fastSpeed = 300.0

    /// A spring from `x` with velocity `v` towards `target`, stepped every `h` seconds from `start`.
    package init(from x: Double, velocity v: Double, to target: Double, step h: Double, start: Double, pixel: Double) {
        self.x = x
        self.v = v
        self.target = target
        let frequency = 1 / Self.responseTime
        zeta = abs(v) > Self.fastSpeed ? log(Self.decelerationRate) / (-2 * Double.pi * frequency * 0.001) : 1
        omega = 2 * Double.pi * frequency
        self.h = h
        self.start = start
        self.pixel = pixel
    }

    /// One step of the source's `spring(x:v:xt:zeta:omega:h:)`, then its stop test.
    package mutating func step() {
        guard !finished else { return }
        let pre = x
        let f = 1 + 2 * h * zeta * omega
        let h2o2 = h * h * omega * omega
        let det = f + h2o2
        x = (f * x + h * v + h2o2 * target) / det
        v = (v + h * omega * omega * (target - x)) / det
        steps += 1
        if abs(target - x) <= pixel, abs(pre - x) <= pixel {
            finished = true
            x = target
            v = 0
        }
    }

    /// Takes the steps whose display frames have come by `time`.
    /// - Complexity: O(frames elapsed), no allocation.
    package mutating func advance(to time: Double) {
        let due = Int(((time - start) / h + 1e-9).rounded(.down))
        while steps < due && !finished { step() }
    }
}

/// The motion of a settling sheet, one case per kind of curve the behaviors use.
package enum SheetSettle: Sendable, Hashable {
    /// ViewDragHelper's settle (material): quintic ease-out `(t − 1)^5 + 1` over `duration` seconds, read on
    /// Android's millisecond clock, ending at `end`, when the rounded pixel position first reaches the target
    /// (``material(from:to:start:milliseconds:density:)``).
    case quintic(from: Double, to: Double, start: Double, duration: Double, end: Double)
    /// A closed-form tween or spring (UIKit's chosen spring, FloatingPanel's presentation and dismissal spring, vaul's
    /// bezier, a scenario's `timing`).
    case tween(Tween)
    /// A Compose spring, ended by Compose's own duration estimate.
    case compose(ComposeSpring)
    /// FloatingPanel's numeric spring.
    case stepper(FloatingPanelStepper)
    /// Reanimated's critically damped spring (gorhom): `to + e^(−ω0 t)(x0 + (v0 + ω0 x0) t)`, ended at `end`
    /// (when its rest thresholds or its overshoot clamp stop it).
    case critical(from: Double, to: Double, start: Double, velocity: Double, omega: Double, end: Double)

    /// The target position.
    package var target: Double {
        switch self {
        case .quintic(_, let to, _, _, _), .critical(_, let to, _, _, _, _): to
        case .tween(let t): t.to
        case .compose(let c): c.to
        case .stepper(let s): s.target
        }
    }

    /// The position at `time` (the stepper: after the steps taken by the last ``advance(to:)``).
    /// - Complexity: O(1).
    package func value(at time: Double) -> Double {
        switch self {
        case .quintic(let from, let to, let start, let duration, let end):
            guard duration > 0, time < end else { return to }
            let t = min(Self.androidMilliseconds(time - start) / 1000 / duration, 1) - 1
            return from + (t * t * t * t * t + 1) * (to - from)
        case .tween(let tween): return tween.value(at: time)
        case .compose(let c): return c.value(at: time)
        case .stepper(let s): return s.x
        case .critical(let from, let to, let start, let v0, let w, let end):
            guard time < end else { return to }
            let t = max(time - start, 0), x0 = from - to
            return to + exp(-w * t) * (x0 + (v0 + w * x0) * t)
        }
    }

    /// The velocity at `time`, points per second.
    package func velocity(at time: Double) -> Double {
        switch self {
        case .quintic(let from, let to, let start, let duration, let end):
            guard duration > 0, time < end else { return 0 }
            let t = min(Self.androidMilliseconds(time - start) / 1000 / duration, 1) - 1
            return 5 * t * t * t * t * (to - from) / duration
        case .tween(let tween): return tween.velocity(at: time)
        case .compose(let c): return c.velocity(at: time)
        case .stepper(let s): return s.finished ? 0 : s.v
        case .critical(let from, let to, let start, let v0, let w, let end):
            guard time < end else { return 0 }
            let t = max(time - start, 0), x0 = from - to
            return exp(-w * t) * (v0 - w * (v0 + w * x0) * t)
        }
    }

    /// Whether the motion has ended by `time`.
    package func isFinished(at time: Double) -> Bool {
        switch self {
        case .quintic(_, _, _, _, let end): time >= end
        case .tween(let tween): tween.isFinished(at: time)
        case .compose(let c): c.isFinished(at: time)
        case .stepper(let s): s.finished
        case .critical(_, _, _, _, _, let end): time >= end
        }
    }

    /// Moves a stepped motion's frames up to `time` (the closed forms need nothing).
    package mutating func advance(to time: Double) {
        if case .stepper(var s) = self {
            s.advance(to: time)
            self = .stepper(s)
        }
    }

    // MARK: - The behaviors' settles

    /// ViewDragHelper's `computeAxisDuration` for a vertical move of `dy` pixels, in milliseconds (VDH; reference
    /// §1.6): with a velocity, 4 · round(1000 · distance / |v|) where distance eases the parent's half width by
    /// the move's share of the width; without, (|dy| / range + 1) · 256; at most 600.
    /// - Parameters:
    ///   - dy: the move in pixels.
    ///   - velocity: the release velocity in pixels per second (clamped to the fling range first).
    ///   - width: the parent's width in pixels.
    ///   - range: the drag range in pixels (`hideable ? parentH : collapsedOffset`).
    ///   - minimumFling: the minimum fling velocity in pixels per second.
    ///   - maximumFling: the maximum fling velocity in pixels per second.
    package static func materialDuration(
        dy: Double, velocity: Double, width: Int, range: Double, minimumFling: Double, maximumFling: Double
    ) -> Int {
        if dy == 0 { return 0 }
        // Java's int and float arithmetic, step by step: the velocity is an int, the distance a float.
        let v = Float(Int(abs(SheetReleaseRule.clampMagnitude(velocity, minimum: minimumFling, maximum: maximumFling))))
        let half = Float(width / 2)
        let ratio = min(Float(1), Float(abs(dy)) / Float(width))
        let k: Float = 0.3 * Float.pi / 2
        let influence = Float(sin(Double((ratio - 0.5) * k)))
        let distance = half + half * influence
        let duration: Int
        if v > 0 {
            duration = 4 * Int((1000 * abs(distance / v) + 0.5).rounded(.down))
        } else {
            duration = Int((Float(abs(dy)) / Float(range) + 1) * 256)
        }
        return min(duration, 600)
    }

    /// The whole milliseconds in `elapsed` seconds: Android reads its animation clock in milliseconds
    /// (`AnimationUtils.currentAnimationTimeMillis`, Compose's play time), so a frame 16.67 ms in reads 16 ms.
    static func androidMilliseconds(_ elapsed: Double) -> Double { max((elapsed * 1000 + 1e-6).rounded(.down), 0) }

    /// ViewDragHelper's settle from `from` to `to` over `milliseconds` (``materialDuration(dy:velocity:width:range:minimumFling:maximumFling:)``)
    /// on a display of `density` pixels per point. It ends early, as `continueSettling` does: at the first
    /// millisecond at which `OverScroller`'s frame position, `start + round(f(elapsed / duration) · dy)` in whole
    /// pixels, is the final one ("close enough"), where BottomSheetBehavior then sets the state.
    package static func material(from: Double, to: Double, start: Double, milliseconds: Int, density: Double) -> SheetSettle {
        let dy = Int(((to - from) * density).rounded())
        var end = 0
        if dy != 0 && milliseconds > 0 {
            // Java's float arithmetic: q = interpolation(elapsed / (float) duration), Math.round(q · dy).
            end = milliseconds
            for elapsed in 0..<milliseconds {
                let u = Float(elapsed) / Float(milliseconds) - 1
                let q = u * u * u * u * u + 1
                if Int((q * Float(dy) + 0.5).rounded(.down)) == dy {
                    end = elapsed
                    break
                }
            }
        }
        return .quintic(from: from, to: to, start: start, duration: Double(milliseconds) / 1000, end: start + Double(end) / 1000)
    }

    /// UIKit's sheet spring, chosen (docs/compat.md): critically damped with a 0.5 s response.
    package static let uikitSpring = Spring(
        mass: 1, stiffness: pow(2 * Double.pi / 0.5, 2), damping: 2 * (2 * Double.pi / 0.5))
    /// FloatingPanel's presentation and `move(to:animated:)` spring: `UISpringTimingParameters(decelerationRate:
    /// 0.99, frequencyResponse: 0.25)`, ζ = ln 0.99 / (−4π · 0.001) ≈ 0.7998, stiffness (2π / 0.25)² ≈ 631.65
    /// (Controller.swift:757-768; Extensions.swift:119-129).
    package static let floatingPanelMoveSpring: Spring = {
        let zeta = log(0.99) / (-4 * Double.pi * 0.001)
        let omega = 2 * Double.pi / 0.25
        return Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }()
    /// gorhom's spring (damping 500, stiffness 1000, mass 3): ζ ≈ 4.56, run by Reanimated as critically damped
    /// with ω0 = √(1000 / 3) ≈ 18.257 rad/s (reference §4.1).
    package static let gorhomOmega = (1000.0 / 3).squareRoot()
    /// gorhom's rest thresholds: 10 points of displacement and 10 points per second (constants.ts:71-85).
    package static let gorhomRestDisplacement = 10.0, gorhomRestSpeed = 10.0
    /// vaul's transition: 0.5 s on cubic-bezier(0.32, 0.72, 0, 1) (constants.ts:1-4).
    package static let vaulCurve = TimingCurve(x1: 0.32, y1: 0.72, x2: 0, y2: 1)
    /// vaul's transition duration, 0.5 s.
    package static let vaulDuration = 0.5

    /// gorhom's settle from `from` with `velocity` (already halved by the caller) to `to`: the critically damped
    /// spring, ended at the first display frame (every `1 / rate` s) where Reanimated 3 stops it: both rest
    /// thresholds met, or the value past the target (overshoot clamping).
    package static func gorhom(from: Double, to: Double, velocity: Double, start: Double, rate: Double) -> SheetSettle {
        let w = gorhomOmega
        var end = start
        if from != to || velocity != 0 {
            let probe = SheetSettle.critical(from: from, to: to, start: start, velocity: velocity, omega: w, end: .infinity)
            let sign: Double = from < to ? 1 : -1
            var k = 1
            while k < Int(rate * 30) {
                let t = start + Double(k) / rate
                let x = probe.value(at: t), v = probe.velocity(at: t)
                let overshot = from != to && (x - to) * sign > 0
                if overshot || (abs(v) < gorhomRestSpeed && abs(x - to) < gorhomRestDisplacement) { break }
                k += 1
            }
            end = start + Double(k) / rate
        }
        return .critical(from: from, to: to, start: start, velocity: velocity, omega: w, end: end)
    }
}
