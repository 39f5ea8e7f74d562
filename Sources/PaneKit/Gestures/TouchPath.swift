// A one-finger pan as a path of touch samples, made one at a time so that a long pan costs nothing up front.

/// The touch samples of one pan: began, moved…, ended.
///
/// A path is either `points` crossed at constant speed per segment over a duration and sampled at a fixed rate
/// (a touch screen's), or a track of samples used as given. Samples are computed on demand: the host delivers
/// them as `Action.pan` at their own times, so a pan of any length holds only its description in memory and costs
/// work only for the samples a run reaches.
public struct TouchPath: Sendable, Hashable {
    // Indirect: a path is then one pointer wide, so an action carrying one (`Touch.gesture`) fits in an existential's
    // inline buffer and queuing it allocates nothing (the box is made once, with the path).
    private indirect enum Shape: Sendable, Hashable {
        case polyline([Point], duration: Double, rate: Double)
        case track(times: [Double], points: [Point])
    }

    private let shape: Shape
    /// The number of samples, at least two.
    public let count: Int
    /// Whether the last sample cancels the pan (``TouchPhase/cancelled``) instead of lifting the finger.
    public private(set) var isCancelled = false

    /// The touch rate at which a polyline pan is sampled by default (a 120 Hz touch screen).
    public static let defaultRate = 120.0

    /// `points` crossed at constant speed per segment over `duration` seconds, sampled at `rate` per second
    /// from 0 to `duration` (the last sample exactly at `duration`).
    /// Returns nil unless there are two points or more and `duration` and `rate` are finite and positive.
    public init?(points: [Point], duration: Double, rate: Double = TouchPath.defaultRate) {
        guard points.count >= 2, duration.isFinite, duration > 0, rate.isFinite, rate > 0 else { return nil }
        shape = .polyline(points, duration: duration, rate: rate)
        // Saturate rather than trap: no run reaches 10¹⁵ samples, and they are made one at a time.
        let steps = (duration * rate).rounded(.up)
        count = steps < 1e15 ? max(Int(steps), 1) + 1 : Int(1e15) + 1
    }

    /// Samples used as given: `times` in seconds from the pan's start (finite, ≥ 0, not decreasing), one point each.
    /// Returns nil unless there are two samples or more, as many times as points, and the times are in order.
    public init?(times: [Double], points: [Point]) {
        guard times.count >= 2, times.count == points.count else { return nil }
        var last = 0.0
        for t in times {
            guard t.isFinite, t >= last else { return nil }
            last = t
        }
        shape = .track(times: times, points: points)
        count = times.count
    }

    /// The time of the last sample, from the pan's start.
    public var duration: Double { offset(count - 1) }

    /// The time of sample `k` (0 ≤ k < count) from the pan's start.
    /// - Complexity: O(1).
    package func offset(_ k: Int) -> Double {
        switch shape {
        case .polyline(_, let duration, let rate): min(Double(k) / rate, duration)
        case .track(let times, _): times[k]
        }
    }

    /// The point of sample `k` (0 ≤ k < count).
    /// - Complexity: O(1).
    package func point(_ k: Int) -> Point {
        switch shape {
        case .polyline(let points, let duration, _):
            let u = offset(k) / duration * Double(points.count - 1)
            let i = min(Int(u), points.count - 2)
            let f = u - Double(i)
            let a = points[i], b = points[i + 1]
            return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
        case .track(_, let points):
            return points[k]
        }
    }

    /// The same pan in the mirror image across the vertical axis of a container `width` wide: x ↦ width − x on
    /// every given point, with the same times. Samples are made along the mirrored path, so a mirrored run sees
    /// exactly the points of the left-to-right run it mirrors (`MirroredContainer`).
    package func mirroredHorizontally(width: Double) -> TouchPath {
        func mirror(_ points: [Point]) -> [Point] { points.map { Point(x: width - $0.x, y: $0.y) } }
        switch shape {
        case .polyline(let points, let duration, let rate):
            return TouchPath(shape: .polyline(mirror(points), duration: duration, rate: rate), count: count, isCancelled: isCancelled)
        case .track(let times, let points):
            return TouchPath(shape: .track(times: times, points: mirror(points)), count: count, isCancelled: isCancelled)
        }
    }

    /// The same pan, whose last sample cancels it (``TouchPhase/cancelled``) instead of ending it: the container
    /// settles back where the pan began (a scenario `pan` with `"cancelled": true`).
    package func cancelled() -> TouchPath {
        TouchPath(shape: shape, count: count, isCancelled: true)
    }

    private init(shape: Shape, count: Int, isCancelled: Bool) {
        self.shape = shape
        self.count = count
        self.isCancelled = isCancelled
    }

    /// The phase of sample `k`: the first begins the pan, the last ends it (or cancels it, ``isCancelled``).
    package func phase(_ k: Int) -> TouchPhase {
        k == 0 ? .began : (k == count - 1 ? (isCancelled ? .cancelled : .ended) : .moved)
    }
}
