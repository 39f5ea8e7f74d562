// Timing curves: Core Animation's cubic-bézier presets, solved to well within 1e-6.

/// A timing function mapping progress in time (0…1) to progress in value.
public struct TimingCurve: Hashable, Sendable {
    /// The control points of a cubic bézier from (0, 0) to (1, 1), as CSS's `cubic-bezier(x1, y1, x2, y2)`.
    public let x1: Double, y1: Double, x2: Double, y2: Double

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

    /// The value progress at time progress `t` (clamped to 0…1).
    /// - Complexity: a few Newton steps, bisection as a fallback; no allocation.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return t }
        return Self.bezier(solve(t), y1, y2)
    }

    /// The slope dy/dx of the curve at time progress `t` (clamped to 0…1).
    /// - Complexity: as `value(at:)`.
    package func slope(at t: Double) -> Double {
        if x1 == y1 && x2 == y2 { return 1 }
        let s = solve(min(max(t, 0), 1))
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
