// Timing curves: CSS's easing functions (cubic béziers with Core Animation's presets, steps() and linear()), with the
// semantics of CSS Easing Functions level 2; béziers solved to well within 1e-6.

/// A timing function mapping progress in time (0…1) to progress in value: a cubic bézier, or CSS's `steps()` or
/// `linear()` (`kind`).
public struct TimingCurve: Hashable, Sendable {
    /// The control points of a cubic bézier from (0, 0) to (1, 1), as CSS's `cubic-bezier(x1, y1, x2, y2)`; those of
    /// `linear` for a `steps()` or `linear()` curve.
    public let x1: Double, y1: Double, x2: Double, y2: Double
    /// Which easing function this is.
    public let kind: Kind

    /// The kinds of CSS easing function.
    public enum Kind: Hashable, Sendable {
        /// `cubic-bezier(x1, y1, x2, y2)`, through the control points.
        case cubicBezier
        /// `steps(count, position)`: `count` equal jumps placed as `position` says.
        case steps(count: Int, position: StepPosition)
        /// `linear(…)`: straight segments through points (input and output progress), inputs ascending.
        case linear([LinearPoint])
    }

    /// Where a `steps()` function jumps (CSS's `<step-position>`); `start` and `end` are `jump-start` and
    /// `jump-end` as written.
    public enum StepPosition: String, Hashable, Sendable, CaseIterable {
        /// The first jump at the start.
        case jumpStart = "jump-start"
        /// The last jump at the end (the default).
        case jumpEnd = "jump-end"
        /// No jump at either end.
        case jumpNone = "jump-none"
        /// Jumps at both ends.
        case jumpBoth = "jump-both"
        /// `jump-start` as CSS level 1 writes it.
        case start
        /// `jump-end` as CSS level 1 writes it.
        case end
    }

    /// One point of a `linear()` function: an input progress and the output there.
    public struct LinearPoint: Hashable, Sendable {
        /// The input (time) progress.
        public var input: Double
        /// The output (value) progress.
        public var output: Double

        /// A point.
        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// A curve with these control points; it never traps.
    ///
    /// `x1` and `x2` must lie in 0…1 so the curve is a function of time: they are clamped to it. A control value
    /// that is not finite (NaN or an infinity, which no curve can follow) takes the one of `linear` (x1 and y1 0,
    /// x2 and y2 1); `y1` and `y2` are clamped to ±`largestY`, where the slope stays finite. Scenario files refuse
    /// such values instead (`Timing.init(parsing:)`).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        func clamp(_ x: Double, linear: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : linear }
        self.x1 = clamp(x1, linear: 0)
        self.y1 = y1.isFinite ? min(max(y1, -Self.largestY), Self.largestY) : 0
        self.x2 = clamp(x2, linear: 1)
        self.y2 = y2.isFinite ? min(max(y2, -Self.largestY), Self.largestY) : 1
        kind = .cubicBezier
    }

    /// A `steps()` or `linear()` curve (their control points are `linear`'s).
    init(kind: Kind) {
        (x1, y1, x2, y2) = (0, 0, 1, 1)
        self.kind = kind
    }

    /// CSS's `steps(count, position)`; nil when `count` is under 1 (under 2 for `jump-none`), which CSS refuses.
    public static func steps(_ count: Int, _ position: StepPosition = .end) -> TimingCurve? {
        guard count >= (position == .jumpNone ? 2 : 1) else { return nil }
        // `jump-end` is the default and is written as nothing, as `end` is: one curve.
        return TimingCurve(kind: .steps(count: count, position: position == .jumpEnd ? .end : position))
    }

    /// CSS's `linear()` through `points` (as written after CSS's fix-ups: inputs filled in and never decreasing);
    /// nil with fewer than two points or a value that is not finite.
    public static func linear(points: [LinearPoint]) -> TimingCurve? {
        guard points.count >= 2, points.allSatisfy({ $0.input.isFinite && $0.output.isFinite }) else { return nil }
        var fixed = points
        for i in 1..<fixed.count { fixed[i].input = max(fixed[i].input, fixed[i - 1].input) }
        return TimingCurve(kind: .linear(fixed))
    }

    /// The largest magnitude of `y1` and `y2`: a million times the distance, far past any overshoot a curve draws.
    package static let largestY = 1_000_000.0

    /// Constant speed: `cubic-bezier(0, 0, 1, 1)`.
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    /// Starts slowly: Core Animation's `easeIn`, `cubic-bezier(0.42, 0, 1, 1)`.
    public static let easeIn = TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// Ends slowly: Core Animation's `easeOut`, `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// Starts and ends slowly: Core Animation's `easeInEaseOut`, `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInEaseOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// Core Animation's `default` curve, `cubic-bezier(0.25, 0.1, 0.25, 1)`.
    public static let `default` = TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The presets by their names, for scenario files and the Lua helper table.
    package static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    /// The value progress at time progress `t` (clamped to 0…1: a transition's time runs from its start to its end).
    /// - Complexity: a few Newton steps, bisection as a fallback (a binary search for `linear()`); no allocation.
    public func value(at t: Double) -> Double {
        if case .cubicBezier = kind {
            if t <= 0 { return 0 }
            if t >= 1 { return 1 }
        }
        return output(min(max(t, 0), 1))
    }

    /// The output progress for any input progress, as CSS Easing Functions level 2 defines it (outside 0…1 a bézier
    /// goes on along its tangent at the nearer end, steps go on stepping, `linear()` extends its end segments): what
    /// a browser's chained easings compute, and WPT's tests check. The before flag is not set.
    /// - Complexity: as `value(at:)`.
    package func output(_ x: Double) -> Double {
        switch kind {
        case .cubicBezier:
            // The tangent at the nearer end: through P1 (before 0) or P2 (past 1); where that control point lies on
            // the end point, through the other one; where the tangent is vertical, the end value holds (as
            // browsers do, and WPT checks).
            if x < 0 {
                if x1 > 0 { return y1 / x1 * x }
                if y1 == 0 && x2 > 0 { return y2 / x2 * x }
                return 0
            }
            if x > 1 {
                if x2 < 1 { return 1 + (y2 - 1) / (x2 - 1) * (x - 1) }
                if y2 == 1 && x1 < 1 { return 1 + (y1 - 1) / (x1 - 1) * (x - 1) }
                return 1
            }
            if x1 == y1 && x2 == y2 { return x }
            return Self.bezier(solve(x), y1, y2)
        case .steps(let count, let position):
            var step = (x * Double(count)).rounded(.down)
            if position == .jumpStart || position == .start || position == .jumpBoth { step += 1 }
            if x >= 0 && step < 0 { step = 0 }
            let jumps = Double(position == .jumpBoth ? count + 1 : position == .jumpNone ? count - 1 : count)
            if x <= 1 && step > jumps { step = jumps }
            return step / jumps
        case .linear(let points):
            let (a, b) = Self.segment(points, x)
            if a.input == b.input { return b.output }
            return a.output + (x - a.input) / (b.input - a.input) * (b.output - a.output)
        }
    }

    /// The two points of `points` whose segment gives the output at `x`: from the last point at or before `x`
    /// (the first when none is), the last segment past the end.
    private static func segment(_ points: [LinearPoint], _ x: Double) -> (LinearPoint, LinearPoint) {
        var lo = 0, hi = points.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid].input <= x { lo = mid + 1 } else { hi = mid }
        }
        let a = min(max(lo - 1, 0), points.count - 2)
        return (points[a], points[a + 1])
    }

    /// The slope dy/dx of the curve at time progress `t` (clamped to 0…1); 0 on a step, the segment's slope on
    /// `linear()`.
    /// - Complexity: as `value(at:)`.
    package func slope(at t: Double) -> Double {
        switch kind {
        case .cubicBezier: break
        case .steps: return 0
        case .linear(let points):
            let (a, b) = Self.segment(points, min(max(t, 0), 1))
            return a.input == b.input ? 0 : (b.output - a.output) / (b.input - a.input)
        }
        if x1 == y1 && x2 == y2 { return 1 }
        return slope(parameter: solve(min(max(t, 0), 1)))
    }

    /// `value(at: t)` and `slope(at: t)` with one solve of the curve for both where both need it (a bézier strictly
    /// inside 0…1): the same numbers, bit for bit, as the two calls.
    /// - Complexity: as `value(at:)`.
    package func valueAndSlope(at t: Double) -> (value: Double, slope: Double) {
        guard case .cubicBezier = kind, t > 0, t < 1, x1 != y1 || x2 != y2 else { return (value(at: t), slope(at: t)) }
        let s = solve(t)
        return (Self.bezier(s, y1, y2), slope(parameter: s))
    }

    /// A bézier's slope dy/dx at curve parameter `s` (`slope(at:)` once it has solved for `s`).
    private func slope(parameter s: Double) -> Double {
        let dx = Self.derivative(s, x1, x2)
        // Where x stalls (an end point with x1 = 0 or x2 = 1) the slope is the ratio of the first non-zero terms.
        if abs(dx) < 1e-12 {
            let ds = s < 0.5 ? 1e-6 : -1e-6
            return (Self.bezier(s + ds, y1, y2) - Self.bezier(s, y1, y2)) / (Self.bezier(s + ds, x1, x2) - Self.bezier(s, x1, x2))
        }
        return Self.derivative(s, y1, y2) / dx
    }

    /// The curve parameter s with x(s) = x.
    private func solve(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-14 { return s }
            let slope = Self.derivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<200 {
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < 1e-14 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// One coordinate of the bézier with end points 0 and 1 and control values a, b.
    private static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    private static func derivative(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }
}
