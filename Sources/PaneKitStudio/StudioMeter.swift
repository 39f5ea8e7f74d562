// The studio's styler meter: what each Lua styler's calls cost at each frame of a run (instructions against its
// budget, memory against its cap), measured by running the scenario again with metered stylers.

import Foundation
import PaneKit
import PaneKitLua

/// Each Lua styler's cost at each frame of a run.
public struct StudioMeter: Sendable {
    /// One styler's costs: a frame's entry sums the instructions of the calls that made it and keeps the most
    /// memory any of them held; nil where the styler was not called.
    public struct Styler: Sendable, Equatable {
        /// The styler's name.
        public var name: String
        /// The instruction budget of one call.
        public var budget: Int
        /// The memory cap of its state, in bytes.
        public var memoryCap: Int
        /// Frame by frame, in the run's order.
        public var frames: [CallCost?]
    }

    /// The Lua stylers of the run, in the order they were first made.
    public var stylers: [Styler]

    /// Runs `scenario` again with every Lua styler of `registry` metered (every instruction counted) and notes
    /// each call's cost against the frame it made; the run's frames are those the page shows, the runs being
    /// deterministic. Built-in stylers cost nothing a budget counts and are left out.
    public init(scenario: Scenario, registry: StylerRegistry, strict: Bool, limit: Int = Scenario.defaultFrameLimit) {
        let log = CallLog()
        var metered = StylerRegistry()
        for entry in registry.all {
            var wrapped = entry
            wrapped.make = { params in
                let styler = try entry.make(params)
                guard let lua = styler as? LuaStyler else { return styler }
                lua.metered = true
                return MeteredStyler(lua: lua, log: log)
            }
            try? metered.register(wrapped)  // the names are registry's own, so none is refused
        }
        var frames: [[String: CallCost]] = []
        _ = try? scenario.run(registry: metered, strict: strict, limit: limit) { _ in frames.append(log.take()) }
        let made = log.stylers
        stylers = made.map { styler in
            Styler(name: styler.name, budget: styler.budget, memoryCap: styler.memoryCap, frames: frames.map { $0[styler.name] })
        }
    }
}

/// A Lua styler whose every call's cost goes to a log.
private struct MeteredStyler: PaneKit.Styler {
    let lua: LuaStyler
    let log: CallLog
    var name: String { lua.name }

    func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        defer { if let cost = lua.lastCallCost { log.note(lua, cost) } }
        try lua.style(context, into: &edits)
    }
}

/// The calls of the frame being made, by styler, and the stylers seen.
private final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String: CallCost] = [:]
    private(set) var stylers: [(name: String, budget: Int, memoryCap: Int)] = []

    func note(_ styler: LuaStyler, _ cost: CallCost) {
        lock.withLock {
            if !stylers.contains(where: { $0.name == styler.name }) {
                let limits = styler.limits ?? Limits()
                stylers.append((styler.name, limits.instructions, limits.memory))
            }
            var sum = pending[styler.name] ?? CallCost(instructions: 0, memory: 0)
            sum.instructions += cost.instructions
            sum.memory = max(sum.memory, cost.memory)
            pending[styler.name] = sum
        }
    }

    /// The costs of the frame just made; the next frame starts empty.
    func take() -> [String: CallCost] {
        lock.withLock {
            defer { pending = [:] }
            return pending
        }
    }
}
