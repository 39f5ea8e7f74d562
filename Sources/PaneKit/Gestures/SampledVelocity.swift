// A value's velocity from timestamped touch samples, so a flick keeps its speed however touches meet frames.

/// The rate of change of a value over the last ``horizon`` seconds of its samples: the slope of the least-squares
/// line through at most ``capacity`` samples, as UIKit's and Android's velocity trackers estimate a release
/// (Android's `VelocityTracker` fits its last 20 samples within 100 ms of the newest).
///
/// A window rather than the last two samples makes a release robust: a lift reported 8 ms after the last move at
/// the same point keeps the flick's speed (the earlier samples of the window still carry it), and a finger that
/// rested longer than the horizon before lifting has no speed (the window holds one sample). A sample at the same
/// time as the last one replaces it (several moves reported at one timestamp), so no slope divides by dt = 0.
///
/// The samples live in a fixed-size ring stored inline: adding one and reading the rate allocate nothing.
struct SampledVelocity: Sendable {
    /// How far back from the newest sample the fit reaches, in seconds.
    static let horizon = 0.1
    /// The most samples the fit uses (the newest ones).
    static let capacity = 20

    private typealias Ring = (
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
    )
    private var times: Ring = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var values: Ring = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The ring's slot of the newest sample.
    private var newest = 0
    /// The number of samples held (≤ capacity).
    private var count = 0

    /// A tracker whose first sample is `value` at `time`.
    init(_ value: Double, at time: Double) {
        add(value, at: time)
    }

    /// The newest sample's time.
    var time: Double { Self.load(times, newest) }
    /// The newest sample's value.
    var value: Double { Self.load(values, newest) }

    /// Adds the sample `value` at `time` (not before the last sample's time; an earlier time counts as the last's).
    /// - Complexity: O(1), no allocation.
    mutating func add(_ value: Double, at time: Double) {
        if count > 0, time <= self.time {
            Self.store(&values, newest, value)
            return
        }
        newest = count == 0 ? 0 : (newest + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
        Self.store(&times, newest, time)
        Self.store(&values, newest, value)
    }

    /// Units per second: the least-squares slope of the samples within ``horizon`` of the newest; 0 when fewer
    /// than two samples are that recent.
    ///
    /// The slope carries no digits finer than its samples do: the times are absolute (a pan at 7.1 s of a run has
    /// times rounded to 2⁻⁵⁰ s), and that rounding moves the fitted slope by up to a few 10⁻¹¹ of itself. The slope
    /// is rounded to the largest power of two below four times that bound, so a track whose samples lie on a line
    /// releases at that line's slope exactly (300 pt/s, not 300.0000000000006, which would cross a strict `> 300`).
    /// - Complexity: O(capacity), no allocation.
    var rate: Double {
        let t0 = time
        // Means first, over the samples in the window (times relative to the newest, then centred on their mean).
        var n = 0.0, sumT = 0.0, sumV = 0.0, largestTime = 0.0, largestValue = 0.0
        for k in 0..<count {
            let slot = (newest - k + Self.capacity) % Self.capacity
            let t = Self.load(times, slot) - t0
            if t < -Self.horizon - 1e-9 { break }
            n += 1
            sumT += t
            sumV += Self.load(values, slot)
            largestTime = max(largestTime, abs(Self.load(times, slot)))
            largestValue = max(largestValue, abs(Self.load(values, slot)))
        }
        guard n >= 2 else { return 0 }
        let meanT = sumT / n, meanV = sumV / n
        var stv = 0.0, stt = 0.0, spread = 0.0
        for k in 0..<Int(n) {
            let slot = (newest - k + Self.capacity) % Self.capacity
            let dt = Self.load(times, slot) - t0 - meanT
            stv += dt * (Self.load(values, slot) - meanV)
            stt += dt * dt
            spread += abs(dt)
        }
        guard stt > 0 else { return 0 }
        let slope = stv / stt
        // How far the samples' own rounding (half an ulp of each time and value) can move the slope, four times over.
        let bound = 4 * (abs(slope) * largestTime.ulp + largestValue.ulp) * spread / stt
        guard bound > 0, bound < abs(slope) * 1e-6 else { return slope }
        let quantum = Double(sign: .plus, exponent: bound.exponent + 1, significand: 1)
        return (slope / quantum).rounded() * quantum
    }

    private static func load(_ ring: Ring, _ i: Int) -> Double {
        withUnsafeBytes(of: ring) { $0.load(fromByteOffset: i * MemoryLayout<Double>.stride, as: Double.self) }
    }

    private static func store(_ ring: inout Ring, _ i: Int, _ value: Double) {
        withUnsafeMutableBytes(of: &ring) { $0.storeBytes(of: value, toByteOffset: i * MemoryLayout<Double>.stride, as: Double.self) }
    }
}
