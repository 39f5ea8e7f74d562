// The limits every plugin call runs under: an instruction budget, a memory cap, and an optional time limit.

/// What one plugin may spend: instructions per call (a count hook), bytes per state (its allocator) and,
/// when set, seconds of wall time per call (a watchdog thread).
///
/// Exceeding any of them fails that call with an error that names the limit and its value; the state stays
/// usable. The instruction budget and the memory cap are deterministic: the same plugin fails at the same line on
/// every machine. The time limit is the backstop for the few VM operations whose cost grows with their operands
/// and that the budget does not charge (comparing two long strings, a `for` loop converting a long numeric string,
/// a long `__index` chain built head first, copying many varargs, `next` over a sparse table; docs/plugins.md,
/// "What the budget covers", lists them with their measured cost): an app that runs other people's plugins sets it.
public struct Limits: Sendable, Hashable {
    /// Lua VM instructions one call (the top level of the file when it loads, or one `style` call) may run.
    /// Counted in steps of 1,000. Work inside library functions is charged to the same budget in units of about
    /// one instruction (pattern steps, elements moved, bytes scanned or allocated; see docs/plugins.md).
    /// At least 1: a smaller value set here is read as 1, as the initialiser does.
    public var instructions: Int { didSet { instructions = Self.clamp(instructions: instructions) } }
    /// Bytes the plugin's `lua_State` may hold, everything included. At least 1 (a smaller value is read as 1).
    public var memory: Int { didSet { memory = Self.clamp(bytes: memory) } }
    /// Bytes all plugin states of a pool may hold together, checked whenever this plugin's state grows.
    ///
    /// One counter is shared by every `LuaState` of a pool (each state reserves from it in chunks of 64 KiB): the
    /// process's, or one run's (`panekit render` gives each scenario it renders a pool of its own, so runs made
    /// at the same time never take memory from each other and each output is what the run alone makes). A state
    /// whose growth would take the total past this value fails the call with a memory-limit error that says so.
    /// It bounds what many stylers of one plugin, or many plugins, hold together (600 stylers of a plugin that
    /// keeps 3 MiB would otherwise hold 1.9 GB). At least 1 (a smaller value is read as 1).
    public var totalMemory: Int { didSet { totalMemory = Self.clamp(bytes: totalMemory) } }
    /// Seconds of wall time one call may run, or nil (the default) for no time limit.
    ///
    /// A background thread (started with the first state that has a limit) looks at the running calls every
    /// quarter of the limit, at most every 0.25 s; a call past its limit ends at its next count hook (within
    /// about 1,000 instructions) with a `PluginError` whose message is `time limit exceeded: …` and whose
    /// ``PluginError/isLimitExceeded`` is true. Where the call stops depends on the machine's speed, so the error's
    /// line may differ between runs: only a plugin that the instruction budget does not stop ever meets it.
    /// At least 0.01 s; NaN and infinity are read as nil, as the initialiser does.
    public var seconds: Double? {
        didSet { if seconds != Self.clamp(seconds: seconds) { seconds = Self.clamp(seconds: seconds) } }
    }

    /// 1,000,000 instructions per call: far more than any styler needs, a few milliseconds at most.
    public static let defaultInstructions = 1_000_000
    /// 8 MiB per state: a styler's state holds well under 100 KiB.
    public static let defaultMemory = 8 << 20
    /// 512 MiB for all plugin states of a pool together: 64 states at their full 8 MiB, thousands of ordinary
    /// ones.
    public static let defaultTotalMemory = 512 << 20

    /// - Parameters:
    ///   - instructions: per call, at least 1 (default 1,000,000).
    ///   - memory: per state in bytes (default 8 MiB); a few dozen KiB are needed to open a state at all.
    ///   - totalMemory: for all plugin states of a pool together, in bytes (default 512 MiB).
    ///   - seconds: wall time per call, at least 0.01 s; nil (the default) or infinity for none.
    public init(
        instructions: Int = defaultInstructions, memory: Int = defaultMemory, totalMemory: Int = defaultTotalMemory,
        seconds: Double? = nil
    ) {
        self.instructions = Self.clamp(instructions: instructions)
        self.memory = Self.clamp(bytes: memory)
        self.totalMemory = Self.clamp(bytes: totalMemory)
        self.seconds = Self.clamp(seconds: seconds)
    }

    static func clamp(instructions: Int) -> Int { max(1, instructions) }
    static func clamp(bytes: Int) -> Int { max(1, bytes) }
    static func clamp(seconds: Double?) -> Double? {
        seconds.flatMap { $0.isNaN || $0 == .infinity ? nil : max(0.01, $0) }
    }

    /// `8 MiB`, `512 KiB` or `1000 bytes`: the cap as people write it.
    package static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Reads a memory size: a number of bytes, or a number followed by `K`, `KiB`, `M` or `MiB`.
    /// - Returns: nil for anything else, zero or negative.
    package static func parseBytes(_ text: String) -> Int? {
        let units: [(suffix: String, scale: Int)] = [("KiB", 1 << 10), ("MiB", 1 << 20), ("K", 1 << 10), ("M", 1 << 20)]
        var digits = Substring(text)
        var scale = 1
        for unit in units where text.hasSuffix(unit.suffix) {
            digits = text.dropLast(unit.suffix.count)
            scale = unit.scale
            break
        }
        guard let n = Int(digits), n > 0, n <= Int.max / scale else { return nil }
        return n * scale
    }
}
