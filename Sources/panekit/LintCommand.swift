// panekit check --lint: luacheck with PaneKit's standard (the sandbox's globals, `panekit`, a read-only `ctx`),
// its findings in PaneKit's FILE:LINE:COL: form.

import Foundation
import PaneKitLua

enum LintCommand {
    /// How to install luacheck.
    static let installHint =
        "sudo apt-get install lua-check (Debian, Ubuntu), brew install luacheck (macOS) or luarocks install luacheck"

    /// The luacheck configuration: Lua 5.4 without what the sandbox removes, `panekit` read-only.
    static var configuration: String {
        """
        -- PaneKit's luacheck standard: the plugin sandbox's globals.
        std = "lua54"
        not_globals = { \(Sandbox.forbidden.map { "\"\($0)\"" }.joined(separator: ", ")) }
        read_globals = { panekit = { other_fields = true } }
        max_line_length = false

        """
    }

    /// Each file's findings (`path:line:col: message (luacheck CODE)`), in file order then line order.
    /// - Throws: `CLIError` saying how to install luacheck when it is missing.
    static func findings(_ paths: [String]) throws(CLIError) -> [String: [String]] {
        guard !paths.isEmpty else { return [:] }
        guard let luacheck = Platform.findExecutable("luacheck") else {
            throw .input("check --lint: luacheck is not installed (looked up on PATH); install it: \(installHint)")
        }
        let scratch = try PluginFetch.scratchFolder()
        defer { PluginFetch.removeScratch(scratch) }
        let config = scratch + "/luacheckrc"
        guard FileManager.default.createFile(atPath: config, contents: Data(configuration.utf8)) else {
            throw .input("check --lint: cannot write \(config)")
        }
        guard
            let result = ToolRun.run(
                luacheck, ["--config", config, "--formatter", "plain", "--codes", "--no-color", "--"] + paths, seconds: 120,
                memory: 1 << 30)
        else { throw .input("check --lint: cannot run \(luacheck)") }
        if result.timedOut { throw .input("check --lint: luacheck ran for more than 120 seconds and was stopped") }
        // luacheck exits 0 (clean), 1 (warnings) or 2 (errors); more is a failure of its own.
        guard result.status <= 2 else {
            let text = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .input("check --lint: luacheck failed: \(text.isEmpty ? "exit status \(result.status)" : text)")
        }
        var found: [String: [(line: Int, column: Int, text: String)]] = [:]
        for line in result.stdout.split(separator: "\n").map(String.init) {
            guard let finding = parse(line, paths: paths) else { continue }
            found[finding.path, default: []].append((finding.line, finding.column, finding.text))
        }
        for path in paths {
            guard let source = FileManager.default.contents(atPath: path) else { continue }
            for write in contextWrites(String(decoding: source, as: UTF8.self)) {
                found[path, default: []].append((write.line, write.column, "\(path):\(write.line):\(write.column): \(write.message)"))
            }
        }
        return found.mapValues { $0.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map(\.text) }
    }

    /// `path:3:7: (W211) unused variable 'x'` → `path:3:7: unused variable 'x' (luacheck W211)`.
    static func parse(_ line: String, paths: [String]) -> (path: String, line: Int, column: Int, text: String)? {
        guard let path = paths.sorted(by: { $0.count > $1.count }).first(where: { line.hasPrefix($0 + ":") }) else { return nil }
        let rest = line.dropFirst(path.count + 1)
        let parts = rest.split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let row = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        var message = parts[2].trimmingCharacters(in: .whitespaces)
        var code = ""
        if message.hasPrefix("("), let close = message.firstIndex(of: ")") {
            code = String(message[message.index(after: message.startIndex)..<close])
            message = message[message.index(after: close)...].trimmingCharacters(in: .whitespaces)
        }
        return (path, row, column, "\(path):\(row):\(column): \(message)" + (code.isEmpty ? "" : " (luacheck \(code))"))
    }

    /// Assignments to a field of `ctx` (`ctx.open = 1`, `ctx.frames.pane[1] = 0`): the context is read-only.
    static func contextWrites(_ source: String) -> [(line: Int, column: Int, message: String)] {
        guard
            let pattern = try? NSRegularExpression(
                pattern: #"(?<![A-Za-z0-9_.:])ctx\s*((\.\s*[A-Za-z_][A-Za-z0-9_]*)|(\[[^\]\n]*\]))+\s*=(?!=)"#)
        else { return [] }
        var found: [(Int, Int, String)] = []
        var inLongComment = false
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(rawLine)
            if inLongComment {
                guard let end = line.range(of: "]]") else { continue }
                line = String(repeating: " ", count: line.distance(from: line.startIndex, to: end.upperBound)) + line[end.upperBound...]
                inLongComment = false
            }
            if let comment = codeEnd(of: line) {
                if line[comment...].hasPrefix("--[[") && !line[comment...].contains("]]") { inLongComment = true }
                line = String(line[..<comment])
            }
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                guard let start = Range(match.range, in: line) else { continue }
                let column = line.distance(from: line.startIndex, to: start.lowerBound) + 1
                let target = line[start].dropLast().trimmingCharacters(in: .whitespaces)
                found.append(
                    (index + 1, column, "assignment to \(target): ctx is read-only; return the change as an edit instead (PaneKit lint)"))
            }
        }
        return found
    }

    /// Where a `--` comment starts on a line, outside strings.
    private static func codeEnd(of line: String) -> String.Index? {
        var quote: Character?
        var previous: Character = " "
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            if let q = quote {
                if c == q && previous != "\\" { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "-", previous == "-" {
                return line.index(before: i)
            }
            previous = (previous == "\\" && c == "\\") ? " " : c
            i = line.index(after: i)
        }
        return nil
    }
}
