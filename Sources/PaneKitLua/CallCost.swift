// What one call of a Lua styler cost, against its plugin's limits: the studio's meter and check's summary.

/// The cost of one style call: the budget it spent and the memory its state held.
public struct CallCost: Sendable, Equatable {
    /// Units of the instruction budget the call spent: each Lua VM instruction it ran (counted exactly while the
    /// styler is metered) plus the work the sandbox's library and the allocator charged (see `Limits`).
    public var instructions: Int
    /// The most bytes the styler's state held during the call (its tables and strings, the state's own included).
    public var memory: Int

    /// A cost of `instructions` units and `memory` bytes.
    public init(instructions: Int, memory: Int) {
        self.instructions = instructions
        self.memory = memory
    }

    /// The median and the worst (most instructions; most memory) of `costs`, the median the lower middle one of
    /// an even count; nil for none.
    public static func summary(_ costs: [CallCost]) -> (median: CallCost, worst: CallCost)? {
        guard !costs.isEmpty else { return nil }
        let instructions = costs.map(\.instructions).sorted(), memory = costs.map(\.memory).sorted()
        let middle = (costs.count - 1) / 2
        return (
            CallCost(instructions: instructions[middle], memory: memory[middle]),
            CallCost(instructions: instructions.last!, memory: memory.last!)
        )
    }
}
