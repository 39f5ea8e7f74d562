// A seeded random generator and a time limit, for property tests and tests that guard against hangs.

import Foundation

/// A small seeded generator (SplitMix64), so random inputs are the same on every run and platform.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound > 0); the generator's own, so the sequence is the same on every platform.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A double in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}

/// Runs `body` on its own thread (8 MiB of stack) and waits at most `seconds`: a regression that hangs fails
/// the test instead of hanging the suite. Returns the body's result, or nil when the time ran out (the thread
/// is left to finish on its own).
public func withTimeLimit<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.value
}

/// The result of a body run on another thread, read only after its semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
