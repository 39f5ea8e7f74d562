// The pool of plugin memory one run draws from, so that runs made at the same time never share a cap.

import CLuaBridge

/// The bytes that the plugin states of one run hold together, counted against `Limits.totalMemory`.
///
/// A state draws from the pool that is current on its thread when it is made (`LuaMemoryPool.run`), or from the
/// process's own pool outside any. Scenarios rendered at the same time (`render --jobs`) each run in a pool of
/// their own: what one holds never makes another's styler fail, so every output is the bytes a run alone makes.
/// A state keeps its pool alive until it is closed.
package final class LuaMemoryPool: @unchecked Sendable {
    /// The counter the states' allocators reserve from, atomically (CLuaBridge's Limits.c).
    let counter: UnsafeMutablePointer<Int>

    /// The pool of the states made on this thread now, or nil (the process's).
    @TaskLocal package static var current: LuaMemoryPool?

    /// An empty pool.
    package init() {
        counter = .allocate(capacity: 1)
        counter.initialize(to: 0)
    }

    deinit { counter.deallocate() }

    /// Bytes its states hold now (reserved in chunks of 64 KiB).
    package var used: Int { clua_pool_load(counter) }

    /// Runs `body` with a new pool current: every plugin state made inside it draws from that pool.
    package static func run<T>(_ body: () throws -> T) rethrows -> T {
        try $current.withValue(LuaMemoryPool()) { try body() }
    }
}
