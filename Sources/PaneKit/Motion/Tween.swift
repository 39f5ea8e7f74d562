// Tweens and keyframes: values over time, evaluated at absolute times (never accumulated).

/// A value moving from `from` to `to` over `duration` seconds starting at `start`, along `curve`.
public struct Tween: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var curve: TimingCurve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    public var end: Double { start + duration }

    /// The progress in time at `time`, 0 before the start and 1 from the end on.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return time >= start ? 1 : 0 }
        return min(max((time - start) / duration, 0), 1)
    }

    /// The value at `time`.
    /// - Complexity: one curve evaluation, no allocation.
    public func value(at time: Double) -> Double {
        let t = progress(at: time)
        if t >= 1 { return to }
        return from + (to - from) * curve.value(at: t)
    }

    public func isFinished(at time: Double) -> Bool { time >= end }
}

/// Values at times, linear between them, held before the first and after the last.
public struct Keyframes: Hashable, Sendable {
    public let times: [Double]
    public let values: [Double]

    /// - Precondition: as many times as values, at least one, times ascending.
    public init(times: [Double], values: [Double]) {
        precondition(!times.isEmpty && times.count == values.count, "keyframes need matching times and values")
        self.times = times
        self.values = values
    }

    /// Values spread evenly over `duration` seconds, as Core Animation does when no key times are given.
    public init(evenlyOver duration: Double, values: [Double]) {
        let last = Double(max(values.count - 1, 1))
        self.init(times: values.indices.map { duration * Double($0) / last }, values: values)
    }

    public var duration: Double { times[times.count - 1] }

    /// The value at `time` (relative to the first key's time origin 0).
    /// - Complexity: O(log n), no allocation.
    public func value(at time: Double) -> Double {
        if time <= times[0] { return values[0] }
        if time >= times[times.count - 1] { return values[values.count - 1] }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= time { lo = mid } else { hi = mid }
        }
        let span = times[hi] - times[lo]
        let f = span > 0 ? (time - times[lo]) / span : 1
        return values[lo] + (values[hi] - values[lo]) * f
    }
}
