// End-to-end runs of the built panekit binary: check, new, plugins in render, --strict and the limit flags.

import Foundation
import PaneKitTestSupport
import Testing

/// Runs the built `panekit` in a folder (PaneKitTestSupport's runner) and makes scratch folders.
private enum Panekit {
    static let root = packageRoot

    static func run(_ arguments: [String], in folder: URL = packageRoot) throws -> CommandResult {
        try runPanekit(arguments, in: folder)
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
        return url
    }
}

@Suite struct PluginCommandTests {
    @Test func theGalleryPassesCheck() throws {
        let plugins = try FileManager.default.contentsOfDirectory(atPath: Panekit.root.appendingPathComponent("Plugins").path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua") }.sorted().map { "Plugins/" + $0 }
        #expect(plugins.count >= 8)
        let result = try Panekit.run(["check"] + plugins)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.withoutCallCost == plugins.map { "\($0): ok\n" }.joined())
        // As the shell expands Plugins/*.lua: the annotations file is skipped, not failed.
        let globbed = try Panekit.run(["check", "Plugins/panekit.d.lua"] + plugins)
        #expect(globbed.status == 0)
        #expect(globbed.stdout.hasPrefix("Plugins/panekit.d.lua: skipped (LuaLS annotations, not a plugin)\n"))
    }

    @Test func checkReportsEachProblemWithItsLine() throws {
        let folder = try Panekit.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        return {
          style = function(ctx)
            if ctx.open > 1 then return { pane = { translate = { 1 } } } end
            return { panes = {} }
          end,
        }
        """.write(to: folder.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        try "return {\n  style = function(ctx) return {} end,\n}\n".write(
            to: folder.appendingPathComponent("good.lua"), atomically: true, encoding: .utf8)
        let result = try Panekit.run(["check", "bad.lua", "good.lua", "missing.lua"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.withoutCallCost == """
                bad.lua:3: pane.translate[2]: expected a number, got nil (left, closed -0.1)
                bad.lua:4: panes: unknown role; roles are drawer, pane, drawer.left, drawer.right, drawer.top, drawer.bottom, \
                overlay, statusbar, master, detail, divider, corner.leading, corner.trailing, popover, sheet, grabber, keyboard, screen, \
                page; \
                did you mean "pane"? (left, closed 0)
                good.lua: ok
                missing.lua: no such file

                """)
        #expect(result.stderr == "panekit check: 2 of 3 plugins failed\n")
        #expect(try Panekit.run(["check"], in: folder).status == 2)
    }

    @Test func newWritesAStarterThatPassesCheckAndNeverOverwrites() throws {
        let folder = try Panekit.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try Panekit.run(["new", "wobble"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("wrote Plugins/wobble.lua\n"))
        #expect(try Panekit.run(["check", "Plugins/wobble.lua"], in: folder).stdout.withoutCallCost == "Plugins/wobble.lua: ok\n")
        let sample = try Panekit.run(["sample", "wobble", "--fractions", "1,0"], in: folder)
        #expect(sample.status == 0, "\(sample.stderr)")
        #expect(sample.stdout.hasPrefix("{\"styler\":\"wobble\""))
        let again = try Panekit.run(["new", "wobble"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr == "panekit new: Plugins/wobble.lua already exists; choose another name or remove the file\n")
        let shadow = try Panekit.run(["new", "scrim"], in: folder)
        #expect(shadow.status == 1)
        #expect(shadow.stderr.contains("already taken by a built-in styler"))
        #expect(try Panekit.run(["new", "bad name"], in: folder).status == 1)
    }

    @Test func aHostilePluginLeavesTheRenderFinishedWithOneWarning() throws {
        let folder = try Panekit.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            "return {\n  style = function(ctx)\n    local t, s = {}, string.rep('x', 1e6)\n    while true do t[#t + 1] = s .. #t end\n  end,\n}\n"
            .write(
                to: folder.appendingPathComponent("Plugins/greedy.lua"), atomically: true, encoding: .utf8)
        try """
        { "size": [375, 667], "fps": 30, "container": { "type": "drawer", "left": { "width": 280 } },
          "stylers": { "left": ["mm.parallax", "greedy"] },
          "timeline": [{ "at": 0, "action": "open", "direction": "left" }] }
        """.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let result = try Panekit.run(["render", "s.json"], in: folder)
        #expect(result.status == 0)
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(
            warnings.first?.hasPrefix(
                "s.json: warning: styler greedy failed and is disabled for the rest of the run: greedy.lua:4: memory limit exceeded")
                == true, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 5)
        #expect(lines.last?.contains("\"state\":\"open\"") == true)
        #expect(result.stdout.components(separatedBy: "\"stylerFailed\"").count == 2)

        let strict = try Panekit.run(["render", "s.json", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("styler greedy failed: greedy.lua:4: memory limit exceeded"))

        let limited = try Panekit.run(["render", "s.json", "--max-memory", "64K", "--max-instructions", "1000"], in: folder)
        #expect(limited.status == 0)
        #expect(limited.stderr.contains("greedy.lua:3: memory limit exceeded: a plugin's state may use at most 64 KiB"))
        #expect(try Panekit.run(["render", "s.json", "--max-memory", "lots"], in: folder).status == 2)
    }

    @Test func everyExampleRendersWithItsPlugins() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: Panekit.root.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        for example in examples {
            let result = try Panekit.run(["render", "Examples/" + example, "--strict"])
            #expect(result.status == 0, "\(example): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(example): \(result.stderr)")
            #expect(!result.stdout.contains("stylerFailed"), "\(example)")
        }
    }

    @Test func stylersListsThePlugins() throws {
        let result = try Panekit.run(["stylers", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("{\"name\":\"cube\",\"source\":\"Plugins/cube.lua\""))
        #expect(result.stdout.contains("\"name\":\"curve\",\"kind\":\"enum\",\"default\":\"easeOut\""))
    }
}

extension String {
    /// The output of `panekit check` without each ok line's cost (`, per call: …`), for tests about other things.
    var withoutCallCost: String {
        replacingOccurrences(of: #", per call: [^\n]*"#, with: "", options: .regularExpression)
    }
}

/// Issue 37, item 5: `panekit check` prints each plugin's median and worst call against its budget, every instruction
/// counted.
extension PluginCommandTests {
    /// A styler whose loop runs 1,000 × closed times, two instructions a turn (an add and the loop's own).
    static let loop = """
        return {
          style = function(ctx)
            local s = 0
            for i = 1, math.floor(ctx.closed * 1000) do s = s + i end
            return { pane = { alpha = 1 } }
          end,
        }
        """

    @Test func checkPrintsTheMedianAndWorstCallAgainstTheBudget() throws {
        let folder = try Panekit.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.loop.write(to: folder.appendingPathComponent("loop.lua"), atomically: true, encoding: .utf8)
        let result = try Panekit.run(["check", "loop.lua", "--max-instructions", "50000"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.trimmingCharacters(in: .newlines)
        let pattern =
            #"^loop\.lua: ok, per call: median (\d+) instructions, [\d.]+ KiB; worst (\d+) instructions, [\d.]+ KiB \(budget 50000 instructions, 8 MiB\)$"#
        let match = try #require(line.wholeMatch(of: try Regex(pattern)), "\(line)")
        let median = try #require(Int(match.output[1].substring ?? "")), worst = try #require(Int(match.output[2].substring ?? ""))
        // The sweep's middle fraction is closed 0.5 (500 turns), its largest 1.1 (1,100): exactly 1,200 instructions
        // apart, which a count to the budget's ticks of 1,000 cannot tell.
        #expect(worst - median == 1_200, "median \(median), worst \(worst)")
        #expect(median > 1_000 && median < 1_100, "median \(median)")
    }
}
