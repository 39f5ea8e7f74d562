// Cubic-bézier timing curves against an independent solver.

import Foundation
import Testing

@testable import PaneKit

@Suite struct TimingCurveTests {
    /// An independent reference: sample the curve's parameter densely and interpolate, then refine by bisection.
    func reference(_ c: TimingCurve, _ x: Double) -> Double {
        func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * c.x1 + 3 * (1 - s) * s * s * c.x2 + s * s * s }
        func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * c.y1 + 3 * (1 - s) * s * s * c.y2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bx(mid) < x { lo = mid } else { hi = mid }
        }
        return by((lo + hi) / 2)
    }

    @Test func easeInEaseOutIsSymmetric() {
        #expect(abs(TimingCurve.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            let a = TimingCurve.easeInEaseOut.value(at: t), b = TimingCurve.easeInEaseOut.value(at: 1 - t)
            #expect(abs(a + b - 1) < 1e-9, "t = \(t)")
        }
    }

    @Test(arguments: [
        ("easeIn", TimingCurve.easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut), ("default", .default),
        ("linear", .linear),
    ])
    func presetsMatchAnIndependentSolver(name: String, curve: TimingCurve) {
        for t in [0.0, 0.01, 0.1, 0.25, 0.33, 0.5, 0.66, 0.75, 0.9, 0.99, 1.0] {
            #expect(abs(curve.value(at: t) - reference(curve, t)) < 1e-6, "\(name) at \(t)")
        }
    }

    @Test func knownValues() {
        // easeOut and easeIn mirror each other: easeOut(t) = 1 − easeIn(1 − t).
        for t in [0.2, 0.4, 0.6, 0.8] {
            #expect(abs(TimingCurve.easeOut.value(at: t) - (1 - TimingCurve.easeIn.value(at: 1 - t))) < 1e-9)
        }
        // easeIn at 0.5: solve 3(1−s)s²·1 + … numerically known ≈ 0.3153.
        #expect(abs(TimingCurve.easeIn.value(at: 0.5) - 0.315357) < 1e-5)
        #expect(TimingCurve.easeOut.value(at: -1) == 0 && TimingCurve.easeOut.value(at: 2) == 1)
    }

    @Test func keyframesInterpolateLinearly() {
        let k = Keyframes(times: [0, 1, 3], values: [0, 10, 30])
        #expect(k.value(at: -1) == 0)
        #expect(k.value(at: 0.5) == 5)
        #expect(k.value(at: 2) == 20)
        #expect(k.value(at: 5) == 30)
        let even = Keyframes(evenlyOver: 0.8, values: [0, 1, 0])
        #expect(even.times == [0, 0.4, 0.8])
    }

    @Test func tweenHoldsItsEnds() {
        let t = Tween(from: 10, to: 20, start: 1, duration: 2, curve: .linear)
        #expect(t.value(at: 0) == 10)
        #expect(t.value(at: 2) == 15)
        #expect(t.value(at: 3) == 20)
        #expect(t.isFinished(at: 3))
    }

    /// The drawer's frame reads a tween's value and velocity through one solve of its curve: the same numbers, bit
    /// for bit, as the two separate calls, for every kind of curve, a spring, and times before, inside and after.
    @Test func valueAndVelocityAreTheTwoCalls() throws {
        let curves: [TimingCurve] = [
            .easeInEaseOut, .default, .easeIn, .easeOut, .linear, TimingCurve(x1: 0, y1: 0.8, x2: 1, y2: 0.2),
            try #require(TimingCurve.steps(4)),
        ]
        var tweens = curves.map { Tween(from: 10, to: -270, start: 1, duration: 0.35, curve: $0) }
        tweens.append(Tween(from: 0, to: 280, start: 1, spring: Spring(stiffness: 300, damping: 20), velocity: 40))
        tweens.append(Tween(from: 5, to: 5, start: 1, duration: 0, curve: .easeInEaseOut))
        for tween in tweens {
            for step in -2...40 {
                let time = 1 + Double(step) * 0.01
                let both = tween.valueAndVelocity(at: time)
                #expect(both.value.bitPattern == tween.value(at: time).bitPattern, "value at \(time)")
                #expect(both.velocity.bitPattern == tween.velocity(at: time).bitPattern, "velocity at \(time)")
            }
        }
    }
}
