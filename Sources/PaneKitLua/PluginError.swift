// Why a plugin failed to load or to style: its file, the line, the message and the Lua traceback.

import CLua
import CLuaBridge
import PaneKit

/// A plugin that cannot be loaded, or a call that failed.
///
/// `description` is one line in Lua's own form, `zoom.lua:12: message`; `problems` has one line per problem
/// when a manifest or a returned table has several; `traceback` is Lua's stack traceback when there is one.
///
/// ``reason`` says what kind of failure it is, for an app to compare or `switch` on without reading the text.
public struct PluginError: ReasonedError {
    /// What kind of failure a plugin error is; new reasons may be added, so a `switch` needs a `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String {
            case file, syntax, runtime, instructionLimit, timeLimit, memoryLimit, manifest, result, name, direction
        }
        package let kind: Kind
        /// The file cannot be read: missing, unreadable, too large or not UTF-8 text.
        public static let file = Reason(kind: .file)
        /// The source does not compile (or is a precompiled chunk).
        public static let syntax = Reason(kind: .syntax)
        /// The code raised an error while it ran.
        public static let runtime = Reason(kind: .runtime)
        /// A call ran past its instruction budget (``Limits``).
        public static let instructionLimit = Reason(kind: .instructionLimit)
        /// A call ran past its time limit (``Limits/seconds``).
        public static let timeLimit = Reason(kind: .timeLimit)
        /// The plugin's state ran past its memory cap, or a runaway recursion ran into it.
        public static let memoryLimit = Reason(kind: .memoryLimit)
        /// The manifest the file returns is wrong: a missing or unknown key, a bad parameter or direction.
        public static let manifest = Reason(kind: .manifest)
        /// A style call returned a table that is not valid edits (every problem is in ``PluginError/problems``).
        public static let result = Reason(kind: .result)
        /// The file's name is not a styler name, or the name is taken.
        public static let name = Reason(kind: .name)
        /// The plugin was asked to style a direction its manifest does not list.
        public static let direction = Reason(kind: .direction)
    }

    /// What kind of failure this is.
    public let reason: Reason
    /// The plugin's file name (`zoom.lua`).
    public var file: String
    /// The line in the file, when one is known.
    public var line: Int?
    /// The column (1-based, in bytes) in that line, when one is known: only for text that is not UTF-8.
    public var column: Int?
    /// The first problem, without the `file:line:` prefix.
    public var message: String
    /// Every problem (`pane.translate[2]: expected a number, got nil`), when there are several; else `[message]`.
    public var problems: [String]
    /// Lua's stack traceback (`stack traceback:` and one line a level), if the error came from running code.
    public var traceback: String?
    /// The line of each problem where it differs from `line` (manifest problems are found in the source).
    var problemLines: [Int?]

    init(
        file: String, line: Int? = nil, reason: Reason, message: String, problems: [String]? = nil,
        problemLines: [Int?] = [], traceback: String? = nil
    ) {
        // Plugin text is capped and escaped once, here, so no warning, event or terminal gets megabytes or
        // control sequences from a plugin.
        self.file = file
        self.line = line
        self.reason = reason
        self.message = PluginText.excerpt(message)
        self.problems = (problems ?? [message]).prefix(Self.problemLimit).map { PluginText.excerpt($0) }
        self.problemLines = problemLines
        self.traceback = traceback.map { PluginText.lines($0) }
    }

    /// The most problems kept.
    static let problemLimit = 50

    /// Whether the instruction budget, the memory cap or the time limit (``Limits/seconds``) was exceeded.
    public var isLimitExceeded: Bool { reason == .instructionLimit || reason == .memoryLimit || reason == .timeLimit }

    /// `file:line:` or `file:` (`file:line:column:` for text that is not UTF-8).
    public var location: String {
        line.map { "\(file):\($0):" + (column.map { "\($0):" } ?? "") } ?? "\(file):"
    }

    /// One line: `zoom.lua:12: message`, with a count of the other problems.
    public var description: String {
        let more = problems.count > 1 ? " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"))" : ""
        return "\(location) \(message)\(more)"
    }

    /// One line per problem, each with its location.
    public var lines: [String] {
        problems.enumerated().map { i, problem in
            let own = i < problemLines.count ? problemLines[i] : nil
            if own == nil, i == 0 { return "\(location) \(problem)" }
            return "\((own ?? line).map { "\(file):\($0):" } ?? "\(file):") \(problem)"
        }
    }

    /// Reads a failure of a protected call: a limit, or Lua's `file:line: message` and traceback.
    init(lua failure: LuaFailure, file: String) {
        var head = failure.message
        var traceback: String?
        if let range = head.range(of: "\nstack traceback:") {
            traceback = Self.trimmed(String(head[head.index(after: range.lowerBound)...]))
            head = String(head[..<range.lowerBound])
        }
        let reason: Reason
        var place = ""
        if let (limit, at) = failure.exceeded {
            (reason, head) = Self.told(limit)
            place = at
        } else {
            switch failure.status {
            case LUA_ERRSYNTAX: reason = .syntax
            case LUA_ERRMEM: reason = .memoryLimit
            default: reason = .runtime
            }
        }
        var line = Self.line(in: place, file: file)
        if line == nil, let (found, rest) = Self.splitLocation(head, file: file) {
            line = found
            head = rest
        }
        if line == nil, let traceback { line = Self.firstLine(in: traceback, file: file) }
        self.init(file: file, line: line, reason: reason, message: head, traceback: traceback)
    }

    /// The reason and message of a call that `limit` ended.
    static func told(_ limit: LuaFailure.Limit) -> (Reason, String) {
        switch limit {
        case .stack(let slots):
            return (
                .memoryLimit,
                "stack overflow: a plugin's Lua stack may hold at most \(slots) values "
                    + "(a runaway recursion, a chain of __call tables, or too many values at once)"
            )
        case .time(let seconds):
            return (
                .timeLimit,
                "time limit exceeded: a call may run at most \(NumberFormat.string(seconds)) seconds "
                    + "(Limits.seconds; the instruction limit does not bound what it was doing)"
            )
        case .instructions(let budget):
            return (.instructionLimit, "instruction limit exceeded: a call may run at most \(budget) instructions")
        case .memory(let bytes, let total, let deepStack):
            if let total { return (.memoryLimit, totalMemoryMessage(total)) }
            let cap = "\(Limits.describe(bytes: bytes)) (\(bytes) bytes)"
            return (
                .memoryLimit,
                deepStack
                    ? "stack overflow: a runaway recursion ran into the memory limit of \(cap)"
                    : "memory limit exceeded: a plugin's state may use at most \(cap)"
            )
        }
    }

    /// The message of a call refused memory by the cap of all plugin states together.
    static func totalMemoryMessage(_ total: Int) -> String {
        "memory limit exceeded: all plugin states together may use at most \(Limits.describe(bytes: total)) "
            + "(\(total) bytes; Limits.totalMemory)"
    }

    /// `zoom.lua:12:` → 12.
    static func line(in place: String, file: String) -> Int? {
        splitLocation(place, file: file)?.line
    }

    /// `zoom.lua:12: message` → (12, "message").
    static func splitLocation(_ text: String, file: String) -> (line: Int, rest: String)? {
        guard text.hasPrefix(file + ":") else { return nil }
        let after = text.dropFirst(file.count + 1)
        let digits = after.prefix { $0.isNumber }
        guard !digits.isEmpty, let line = Int(digits), after.dropFirst(digits.count).first == ":" else { return nil }
        return (line, String(after.dropFirst(digits.count + 1).drop { $0 == " " }))
    }

    /// The line of the innermost level of the traceback in `file`.
    static func firstLine(in traceback: String, file: String) -> Int? {
        for row in traceback.split(separator: "\n") {
            if let (line, _) = splitLocation(String(row.drop { $0 == "\t" || $0 == " " }), file: file) { return line }
        }
        return nil
    }

    /// The traceback without the host's own C levels at its bottom.
    static func trimmed(_ traceback: String) -> String {
        var rows = traceback.split(separator: "\n", omittingEmptySubsequences: false)
        while let last = rows.last, last.trimmingPrefix("\t") == "[C]: in ?" { rows.removeLast() }
        return rows.joined(separator: "\n")
    }
}
