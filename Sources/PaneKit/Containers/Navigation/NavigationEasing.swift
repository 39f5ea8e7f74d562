// The curves of the navigation platforms (reference/navigation.md), each a function of a fraction 0…1, with the
// inverse react-navigation 8's `timeline()` needs (the time at which a spec's easing reaches a progress).

import Foundation

/// One easing of a navigation platform.
package indirect enum NavigationEasing: Sendable, Hashable {
    /// t.
    case linear
    /// A cubic Bézier (CSS's `cubic-bezier`).
    case cubic(TimingCurve)
    /// Flutter's `ThreePointCubic`: two cubics joined at a midpoint (`fastEaseInToSlowEaseOut`).
    case threePoint(a1: Point, b1: Point, mid: Point, a2: Point, b2: Point)
    /// Two cubics in sequence: `first` from 0 to `midY` over the first `midX` of time, `second` from there to 1,
    /// each normalised to its piece (Android's `fast_out_extra_slow_in` path, Flutter's Zoom sequence).
    case twoPiece(midX: Double, midY: Double, first: TimingCurve, second: TimingCurve)
    /// 1 − (1 − t)ⁿ: React Native's `Easing.out(Easing.poly(n))`.
    case polyOut(Double)
    /// tⁿ: React Native's `Easing.in(Easing.poly(n))`.
    case polyIn(Double)
    /// cos((t + 1)π)/2 + 0.5: react-navigation 7's bottom sheet slide-in.
    case cosine
    /// 1 − e(1 − t): Flutter's `Curve.flipped`, the curve a reversing animation runs.
    case flipped(NavigationEasing)

    /// The value at `t`, clamped to 0…1 first.
    /// - Complexity: O(1) (a cubic's solve), no allocation.
    package func value(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .cubic(let curve): return curve.value(at: t)
        case .threePoint(let a1, let b1, let mid, let a2, let b2):
            if t < mid.x {
                let sx = mid.x, sy = mid.y
                return TimingCurve(x1: a1.x / sx, y1: a1.y / sy, x2: b1.x / sx, y2: b1.y / sy).value(at: t / sx) * sy
            }
            let sx = 1 - mid.x, sy = 1 - mid.y
            let curve = TimingCurve(x1: (a2.x - mid.x) / sx, y1: (a2.y - mid.y) / sy, x2: (b2.x - mid.x) / sx, y2: (b2.y - mid.y) / sy)
            return curve.value(at: (t - mid.x) / sx) * sy + mid.y
        case .twoPiece(let midX, let midY, let first, let second):
            if t < midX { return midY * first.value(at: t / midX) }
            return midY + (1 - midY) * second.value(at: (t - midX) / (1 - midX))
        case .polyOut(let n): return 1 - pow(1 - t, n)
        case .polyIn(let n): return pow(t, n)
        case .cosine: return cos((t + 1) * Double.pi) / 2 + 0.5
        case .flipped(let inner): return 1 - inner.value(1 - t)
        }
    }

    /// The fraction of time at which the easing reaches `value` (its inverse, by bisection: every easing here rises
    /// monotonically), as react-navigation 8's `timeline()` maps a progress back to a time.
    /// - Complexity: 40 evaluations, no allocation.
    package func inverse(_ value: Double) -> Double {
        if value <= 0 { return 0 }
        if value >= 1 { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if self.value(mid) < value { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    // MARK: - The named curves

    /// Flutter's `fastEaseInToSlowEaseOut` (CV:1479-1485).
    package static let fastEaseInToSlowEaseOut = NavigationEasing.threePoint(
        a1: Point(x: 0.056, y: 0.024), b1: Point(x: 0.108, y: 0.3085), mid: Point(x: 0.198, y: 0.541),
        a2: Point(x: 0.3655, y: 1.0), b2: Point(x: 0.5465, y: 0.989))
    /// Flutter's `linearToEaseOut`, cubic(0.35, 0.91, 0.33, 0.97).
    package static let linearToEaseOut = NavigationEasing.cubic(TimingCurve(x1: 0.35, y1: 0.91, x2: 0.33, y2: 0.97))
    /// Flutter's `easeInToLinear`, cubic(0.67, 0.03, 0.65, 0.09) (linearToEaseOut's flip).
    package static let easeInToLinear = NavigationEasing.cubic(TimingCurve(x1: 0.67, y1: 0.03, x2: 0.65, y2: 0.09))
    /// Flutter's `Curves.ease`, cubic(0.25, 0.1, 0.25, 1).
    package static let ease = NavigationEasing.cubic(TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
    /// Flutter's `fastLinearToSlowEaseIn`, cubic(0.18, 1, 0.04, 1).
    package static let fastLinearToSlowEaseIn = NavigationEasing.cubic(TimingCurve(x1: 0.18, y1: 1, x2: 0.04, y2: 1))
    /// `fastOutSlowIn` / FAST_OUT_SLOW_IN, cubic(0.4, 0, 0.2, 1).
    package static let fastOutSlowIn = NavigationEasing.cubic(TimingCurve(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
    /// Android's `fast_out_extra_slow_in` path, M3 emphasized and Flutter's `easeInOutCubicEmphasized` (RN8 TE:10-20).
    package static let emphasized = NavigationEasing.twoPiece(
        midX: 1.0 / 6, midY: 0.4, first: TimingCurve(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15),
        second: TimingCurve(x1: 0.05, y1: 0.7, x2: 0.1, y2: 1))
    /// Flutter's Zoom scale curve: the path's raw control points inside each piece, not renormalised (PTT:215-227).
    package static let flutterZoom = NavigationEasing.twoPiece(
        midX: 0.166666, midY: 0.4, first: TimingCurve(x1: 0.05, y1: 0, x2: 0.133333, y2: 0.06),
        second: TimingCurve(x1: 0.208333, y1: 0.82, x2: 0.25, y2: 1))
    /// react-navigation 7's "super rough approximation" of fast_out_extra_slow_in, cubic(0.20833, 0.82, 0.25, 1).
    package static let roughEmphasized = NavigationEasing.cubic(TimingCurve(x1: 0.20833, y1: 0.82, x2: 0.25, y2: 1))
    /// Android's BACK_GESTURE interpolator, cubic(0.1, 0.1, 0, 1).
    package static let backGesture = NavigationEasing.cubic(TimingCurve(x1: 0.1, y1: 0.1, x2: 0, y2: 1))
    /// ACTIVITY_CLOSE_DIM, cubic(0.33, 0, 1, 1) (RN8 TE).
    package static let activityCloseDim = NavigationEasing.cubic(TimingCurve(x1: 0.33, y1: 0, x2: 1, y2: 1))
    /// LINEAR_OUT_SLOW_IN, cubic(0, 0, 0.2, 1).
    package static let linearOutSlowIn = NavigationEasing.cubic(TimingCurve(x1: 0, y1: 0, x2: 0.2, y2: 1))
    /// `easeIn`, cubic(0.42, 0, 1, 1).
    package static let easeIn = NavigationEasing.cubic(.easeIn)
    /// `easeInOut`, cubic(0.42, 0, 0.58, 1): UIPercentDrivenInteractiveTransition's completion curve.
    package static let easeInOut = NavigationEasing.cubic(.easeInEaseOut)

    /// Flutter's `Interval(a, b)`: clamp((t − a)/(b − a), 0, 1).
    package static func interval(_ t: Double, _ a: Double, _ b: Double) -> Double { min(max((t - a) / (b - a), 0), 1) }
}
