// A value's velocity from timestamped touch samples, so a flick keeps its speed however touches meet frames.

/// The rate of change of a value between its last two samples with distinct times.
///
/// A sample at the same time as the last one replaces it (several moves reported at one timestamp), so the rate is
/// never computed over dt = 0.
struct SampledVelocity: Sendable {
    private(set) var time: Double
    private(set) var value: Double
    /// Units per second; 0 until two samples have distinct times.
    private(set) var rate = 0.0

    init(_ value: Double, at time: Double) {
        self.time = time
        self.value = value
    }

    /// Adds the sample `value` at `time` (not before the last sample's time).
    /// - Complexity: O(1), no allocation.
    mutating func add(_ value: Double, at time: Double) {
        if time > self.time {
            rate = (value - self.value) / (time - self.time)
            self.time = time
        }
        self.value = value
    }
}
