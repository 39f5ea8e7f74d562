// Lua 5.4.6's own tests of patterns and strings (testes/pm.lua, testes/strings.lua), run inside the sandbox and
// by the stock `lua5.4` binary. The files are read from ../shared/reference/lua-5.4.6-tests/ beside the
// repository (or beside a folder above it), never copied into it; the tests show as skipped where that folder (or the binary) is absent.
//
// A file is split into its top-level statements ("chunks"): a line at the first column starts a new chunk once
// the text before it compiles. A top-level `local` becomes a global, so later chunks see it. Each chunk runs on
// its own in one sandboxed state (budget and memory raised for the test), with `assert` replaced by one that
// counts what passes and raises at the failing line. A chunk that reaches for what the sandbox does not offer
// (load, io, os, debug…) is excluded, with the name it needed; its assertions are counted from its text. The
// same chunks, less the excluded ones, then run in stock Lua; both must pass every assertion, the same number.

import CLua
import Foundation
import Testing

@testable import PaneKitLua

/// The folder of Lua's own test files: `../shared/reference/lua-5.4.6-tests` beside the repository (or beside
/// a folder above it, as for a worktree).
let luaTestsFolder: URL = {
    var folder = packageRoot.deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("shared/reference/lua-5.4.6-tests")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/reference/lua-5.4.6-tests")
}()
/// The stock Lua binary the results are compared with.
let stockLua = "/usr/bin/lua5.4"

/// One top-level statement of a test file.
struct LuaTestChunk {
    /// The line where it starts, 1-based.
    var line: Int
    /// Its text, with a top-level `local` made global.
    var text: String
    /// The `assert(` calls in its text.
    var assertions: Int { text.components(separatedBy: "assert(").count - 1 }
}

/// What one run of a file's chunks gave.
struct LuaTestOutcome {
    var passed = 0
    /// `file:line: message` of each chunk that failed (an assertion or an error).
    var failures: [String] = []
    /// The line of each excluded chunk, the name it needed, and its assertions (counted in its text).
    var excluded: [(line: Int, needs: String, assertions: Int)] = []
}

enum LuaTestSuite {
    /// Replaces `assert` with a counting one; a failure raises at the caller's line.
    static let prelude = """
        __passed = 0
        assert = function(v, ...)
          if not v then error("assertion failed!", 2) end
          __passed = __passed + 1
          return v, ...
        end
        """

    /// Whether `text` compiles as a Lua chunk (stock Lua's parser, in a plain state).
    static func compiles(_ text: String) -> Bool {
        guard let L = luaL_newstate() else { return false }
        defer { lua_close(L) }
        let bytes = latin1(text)
        return bytes.withUnsafeBytes {
            luaL_loadbufferx(L, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count, "=chunk", "t") == LUA_OK
        }
    }

    /// A top-level `local` statement as a global one: `local function f` → `function f`, `local a <const> = 1` →
    /// `a = 1`, `local x` → `x = nil`.
    static func globalised(_ text: String) -> String {
        guard text.hasPrefix("local ") else { return text }
        var rest = String(text.dropFirst(6))
        if rest.hasPrefix("function ") { return rest }
        rest = rest.replacingOccurrences(of: " <const>", with: "").replacingOccurrences(of: " <close>", with: "")
        let firstLine = rest.prefix { $0 != "\n" }
        if !firstLine.contains("=") {
            return firstLine + " = nil" + rest.dropFirst(firstLine.count)
        }
        return rest
    }

    /// The top-level statements of `source`.
    static func chunks(of source: String, from firstLine: Int = 1) -> [LuaTestChunk] {
        let lines = source.components(separatedBy: "\n")
        let continuations = ["end", "else", "elseif", "until", ")", "}", "]"]
        var chunks: [LuaTestChunk] = []
        var start = 0
        for i in lines.indices {
            let next = i + 1 < lines.count ? lines[i + 1] : nil
            if let next, next.first.map({ $0 == " " || $0 == "\t" }) ?? true { continue }
            if let next, continuations.contains(where: { next.hasPrefix($0) }) { continue }
            let text = lines[start...i].joined(separator: "\n")
            guard next == nil || compiles(text) else { continue }
            if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                chunks.append(LuaTestChunk(line: firstLine + start, text: globalised(text)))
            }
            start = i + 1
        }
        return chunks
    }

    /// The bytes of text read as Latin-1 (the test files hold Latin-1 bytes in some patterns).
    static func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

    /// The statements inside a chunk that is a `do … end` block (one level of indentation removed), or nil.
    static func inner(_ chunk: LuaTestChunk) -> [LuaTestChunk]? {
        var lines = chunk.text.components(separatedBy: "\n")
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        guard lines.count > 2, lines[0].hasPrefix("do ") || lines[0] == "do", lines[lines.count - 1] == "end" else {
            return nil
        }
        lines = Array(lines[1..<(lines.count - 1)]).map { line in
            var line = Substring(line)
            for _ in 0..<2 where line.first == " " { line = line.dropFirst() }
            return String(line)
        }
        return chunks(of: lines.joined(separator: "\n"), from: chunk.line + 1)
    }

    /// `text` placed at `line` of the file, so Lua's messages name the file's own lines.
    static func placed(_ chunk: LuaTestChunk) -> String {
        String(repeating: "\n", count: chunk.line - 1) + chunk.text
    }

    /// Runs the chunks of `file` in one sandboxed state.
    static func runInSandbox(_ file: String, chunks: [LuaTestChunk]) throws -> (LuaTestOutcome, [LuaTestChunk]) {
        let lua = try LuaState(file: file, limits: Limits(instructions: 200_000_000, memory: 256 << 20))
        try Sandbox.install(in: lua)
        try lua.run(prelude, chunk: "=prelude")
        var outcome = LuaTestOutcome()
        var kept: [LuaTestChunk] = []
        // What excluded chunks define at the top level, and what they needed: a later chunk that fails and uses
        // one of these names is excluded with them.
        var undefined: [String: String] = [:]
        var queue = chunks[...]
        while let chunk = queue.popFirst() {
            let base = lua.top
            defer { lua.settop(base) }
            let before = try passed(lua)
            do {
                try lua.run(bytes: latin1(placed(chunk)), chunk: "=" + file)
                kept.append(chunk)
            } catch {
                if let range = error.message.range(of: #"^[A-Za-z_.]+ is not available to plugins"#, options: .regularExpression) {
                    try lua.run("__passed = \(before)", chunk: "=reset")
                    // A block is excluded statement by statement: what does not need the name still runs.
                    if let inner = inner(chunk) {
                        queue = inner + queue
                        continue
                    }
                    let needs = error.message[range].components(separatedBy: " ").first ?? "?"
                    outcome.excluded.append((chunk.line, needs, chunk.assertions))
                    for name in defined(by: chunk) { undefined[name] = needs }
                    // What passed before the chunk reached for it is not counted: the chunk is excluded whole.
                    try lua.run("__passed = \(before)", chunk: "=reset")
                    continue
                }
                if let (name, needs) = undefined.first(where: { uses(chunk, $0.key) }) {
                    outcome.excluded.append((chunk.line, "\(needs) (through \(name))", chunk.assertions))
                    try lua.run("__passed = \(before)", chunk: "=reset")
                    continue
                }
                kept.append(chunk)
                outcome.failures.append(error.description)
            }
        }
        outcome.passed = try passed(lua)
        return (outcome, kept)
    }

    /// The names a chunk assigns on its first line (`a, b = …`, `function f`).
    static func defined(by chunk: LuaTestChunk) -> [String] {
        let first = chunk.text.prefix { $0 != "\n" }
        if first.hasPrefix("function ") {
            return [String(first.dropFirst(9).prefix { $0.isLetter || $0.isNumber || $0 == "_" })]
        }
        guard let equals = first.firstIndex(of: "=") else { return [] }
        return first[..<equals].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
    }

    /// Whether `chunk` uses `name` as a word.
    static func uses(_ chunk: LuaTestChunk, _ name: String) -> Bool {
        chunk.text.range(of: "\\b\(name)\\b", options: .regularExpression) != nil
    }

    static func passed(_ lua: LuaState) throws -> Int {
        let base = lua.top
        defer { lua.settop(base) }
        try lua.run("return __passed", chunk: "=count")
        return Int(lua.number(at: -1))
    }

    /// Runs the chunks of `file` in stock Lua: one script that loads each chunk as text and runs it protected.
    static func runInStockLua(_ file: String, chunks: [LuaTestChunk]) throws -> LuaTestOutcome {
        var script = prelude + "\nlocal function run(text)\n"
        script += "  local f, e = load(text, '=\(file)', 't')\n"
        script += "  local ok, err = pcall(f or error, e)\n"
        script += "  if not ok then io.write('FAIL ', tostring(err):gsub('\\n', ' '), '\\n') end\nend\n"
        for chunk in chunks {
            var level = 1
            while chunk.text.contains("]" + String(repeating: "=", count: level) + "]") { level += 1 }
            let equals = String(repeating: "=", count: level)
            script += "run([\(equals)[\n\(placed(chunk))]\(equals)])\n"
        }
        script += "io.write('PASSED ', __passed, '\\n')\n"
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("driver.lua")
        try Data(latin1(script)).write(to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stockLua)
        process.arguments = [path.path]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var outcome = LuaTestOutcome()
        for row in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if row.hasPrefix("PASSED ") { outcome.passed = Int(row.dropFirst(7)) ?? -1 }
            if row.hasPrefix("FAIL ") { outcome.failures.append(String(row.dropFirst(5))) }
        }
        return outcome
    }

    /// The file's text.
    static func source(_ file: String) throws -> String {
        let data = try Data(contentsOf: luaTestsFolder.appendingPathComponent(file))
        return String(data.map { Character(Unicode.Scalar($0)) })
    }
}

@Suite(.enabled(if: FileManager.default.fileExists(atPath: luaTestsFolder.path), "needs ../shared/reference/lua-5.4.6-tests"))
struct LuaTestSuiteTests {
    static let files = ["pm.lua", "strings.lua"]
    /// The assertions each file runs where the sandbox allows (stock Lua 5.4.4 passes the same number).
    static let expected = ["pm.lua": 393, "strings.lua": 315]

    @Test(arguments: files)
    func luasOwnTestsPassInTheSandbox(_ file: String) throws {
        let chunks = LuaTestSuite.chunks(of: try LuaTestSuite.source(file))
        let (outcome, _) = try LuaTestSuite.runInSandbox(file, chunks: chunks)
        let excludedAssertions = outcome.excluded.reduce(0) { $0 + $1.assertions }
        let needs = outcome.excluded.map { "\(file):\($0.line) needs \($0.needs) (\($0.assertions) assertions)" }
        print(
            "\(file): \(chunks.count) chunks; sandbox: \(outcome.passed) assertions passed, \(outcome.failures.count) failed; "
                + "\(outcome.excluded.count) chunks excluded (\(excludedAssertions) assertions in their text)\n  "
                + needs.joined(separator: "\n  "))
        for failure in outcome.failures { Issue.record("sandbox: \(failure)") }
        #expect(outcome.passed == Self.expected[file])
        let allowed: Set = ["load", "io", "os", "debug", "collectgarbage", "require"]
        for excluded in outcome.excluded {
            #expect(allowed.contains(String(excluded.needs.prefix { $0 != " " })), "\(excluded)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: stockLua), "needs /usr/bin/lua5.4"), arguments: files)
    func stockLuaPassesTheSameAssertions(_ file: String) throws {
        let chunks = LuaTestSuite.chunks(of: try LuaTestSuite.source(file))
        let (sandbox, kept) = try LuaTestSuite.runInSandbox(file, chunks: chunks)
        let stock = try LuaTestSuite.runInStockLua(file, chunks: kept)
        print("\(file): stock lua5.4: \(stock.passed) passed, \(stock.failures.count) failed; sandbox: \(sandbox.passed) passed")
        for failure in stock.failures { Issue.record("stock: \(failure)") }
        #expect(stock.passed == sandbox.passed)
    }
}
