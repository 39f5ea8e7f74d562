// Hostile plugins: each fails with a clear error (its file, line and reason) and leaves the host running.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

/// A plugin that misbehaves, and the error it must give.
struct HostileCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// The body of `style(ctx)` (or the whole file when `whole`).
    var source: String
    var whole = false
    /// Text the error's one-line description must contain.
    var expected: [String]
    /// The line the error must name.
    var line: Int?
    var testDescription: String { name }

    /// The plugin's text: `source` is the body of style, starting on line 3.
    var text: String {
        whole ? source : "return {\n  style = function(ctx)\n" + source + "\n  end,\n}\n"
    }
}

@Suite struct HostilePluginTests {
    static let runtimeCases: [HostileCase] = [
        HostileCase(
            name: "infinite loop", source: "    while true do end",
            expected: ["instruction limit exceeded", "1000000 instructions"], line: 3),
        HostileCase(
            name: "infinite loop that catches the limit's error",
            source: "    while true do pcall(function() while true do end end) end",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "deep recursion", source: "    local function f(n) return f(n + 1) + 1 end\n    return f(1)",
            expected: ["stack overflow"], line: 3),
        HostileCase(
            name: "memory bomb", source: "    local t = {}\n    for i = 1, 1e9 do t[i] = { i, i, i } end",
            expected: ["memory limit exceeded", "8 MiB"], line: 4),
        HostileCase(
            name: "string.rep of 1e9", source: "    local s = string.rep('x', 1e9)\n    return {}",
            expected: ["memory limit exceeded", "8 MiB"], line: 3),
        HostileCase(name: "io", source: "    io.open('/etc/passwd')", expected: ["io is not available to plugins"], line: 3),
        HostileCase(name: "os", source: "    os.exit(1)", expected: ["os is not available to plugins"], line: 3),
        HostileCase(name: "require", source: "    require('socket')", expected: ["require is not available to plugins"], line: 3),
        HostileCase(name: "load", source: "    load('return 1')()", expected: ["load is not available to plugins"], line: 3),
        HostileCase(name: "loadfile", source: "    loadfile('x.lua')", expected: ["loadfile is not available"], line: 3),
        HostileCase(name: "dofile", source: "    dofile('x.lua')", expected: ["dofile is not available"], line: 3),
        HostileCase(name: "debug", source: "    debug.sethook()", expected: ["debug is not available to plugins"], line: 3),
        HostileCase(
            name: "collectgarbage", source: "    collectgarbage()", expected: ["collectgarbage is not available"], line: 3),
        HostileCase(name: "package", source: "    return package.loaded", expected: ["package is not available"], line: 3),
        HostileCase(
            name: "string.dump", source: "    string.dump(function() end)",
            expected: ["string.dump is not available to plugins"], line: 3),
        HostileCase(
            name: "an error with a table value", source: "    error({ code = 42 })",
            expected: ["error object is a table value"], line: 3),
        HostileCase(
            name: "a runtime error", source: "    local x = nil\n    return x.y", expected: ["attempt to index a nil value"], line: 4),
        HostileCase(
            name: "a non-table return", source: "    return 42", expected: ["style returned number; expected a table of edits"],
            line: 2),
        HostileCase(name: "a nil return", source: "    local a = 1", expected: ["style returned nil", "return {}"], line: 2),
        // A problem in the returned table points at the line that writes its key (the source line 3), not at
        // the style function's line.
        HostileCase(
            name: "NaN", source: "    return { pane = { alpha = 0/0 } }",
            expected: ["pane.alpha: expected a finite number, got nan"], line: 3),
        HostileCase(
            name: "infinity", source: "    return { drawer = { translate = { math.huge, 0 } } }",
            expected: ["drawer.translate[1]: expected a finite number, got inf"], line: 3),
        HostileCase(
            name: "negative infinity in a matrix",
            source: "    local m = panekit.identity()\n    m[16] = -math.huge\n    return { pane = { transform = m } }",
            expected: ["pane.transform[16]: expected a finite number, got -inf"], line: 5),
        HostileCase(
            name: "an unknown role", source: "    return { panes = { alpha = 1 } }",
            expected: ["panes: unknown role", "did you mean \"pane\"?"], line: 3),
        HostileCase(
            name: "an unknown key", source: "    return { pane = { alpah = 1 } }",
            expected: ["pane.alpah: unknown key", "did you mean \"alpha\"?"], line: 3),
        HostileCase(
            name: "a missing list entry", source: "    return { pane = { translate = { 10 } } }",
            expected: ["pane.translate[2]: expected a number, got nil"], line: 3),
        HostileCase(
            name: "a wrong type", source: "    return { overlay = { hidden = 'yes' } }",
            expected: ["overlay.hidden: expected a boolean, got string"], line: 3),
        HostileCase(
            name: "a string for a number", source: "    return { pane = { scale = '2' } }",
            expected: ["pane.scale: expected a number or a list {sx, sy[, sz]}, got string"], line: 3),
        HostileCase(
            name: "an unknown operation", source: "    return { pane = { ops = { { 'skew', 1 } } } }",
            expected: ["pane.ops[1][1]: expected one of translate, scale, rotate, perspective, matrix, got \"skew\""], line: 3),
        HostileCase(
            name: "a style function that yields", source: "    coroutine.yield(1)",
            expected: ["attempt to yield from outside a coroutine"], line: 3),
    ]

    @Test(arguments: runtimeCases)
    func aHostileStyleCallFailsClearly(_ hostile: HostileCase) throws {
        let s = try styler(hostile.text, file: "hostile.lua")
        let error = try #require(pluginError { _ = try style(s) })
        for text in hostile.expected {
            #expect(error.description.contains(text), "\(error.description)")
        }
        #expect(error.line == hostile.line, "\(error.description)")
        #expect(error.description.hasPrefix("hostile.lua:\(hostile.line ?? 0): "), "\(error.description)")
        // The state survives: the next call fails the same clear way, it does not crash or hang.
        let again = try #require(pluginError { _ = try style(s) })
        #expect(again.message == error.message)
    }

    @Test(arguments: runtimeCases)
    func theHostGoesOnWithoutTheHostileStyler(_ hostile: HostileCase) throws {
        let s = try styler(hostile.text, file: "hostile.lua")
        var configuration = DrawerConfiguration(size: Size(width: 375, height: 667))
        configuration.showsShadow = false
        var container = DrawerContainer(configuration)
        container.setStaticPose(.left, closed: 0.5)
        let warnings = Warnings()
        var host = PaneHost(container: container, stylers: [.left: [s, MMSlideAndScaleStyler()]], chrome: false)
        host.onWarning = { warnings.append($0) }
        let first = try host.step()
        let failed = first.events.filter { $0.type == "stylerFailed" }
        #expect(failed.count == 1)
        #expect(failed.first?.value("styler") == "hostile")
        #expect(failed.first?.value("message")?.hasPrefix("hostile.lua:\(hostile.line ?? 0):") == true)
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.contains("hostile.lua:\(hostile.line ?? 0):") == true)
        let second = try host.step()
        #expect(second.events.isEmpty)
        #expect(second.node(.drawerLeft)?.style.alpha == 0.5)  // slide-and-scale still runs
        #expect(host.stylers(for: .left).map(\.name) == ["mm.slide-and-scale"])
    }

    @Test func strictMakesTheFailureFatal() throws {
        let s = try styler("return { style = function(ctx) error('boom') end }", file: "boom.lua")
        var container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667)))
        container.setStaticPose(.left, closed: 0.5)
        var host = PaneHost(container: container, stylers: [.left: [s]], chrome: false)
        host.strict = true
        let error = #expect(throws: HostError.self) { _ = try host.step() }
        // The plugin's own error survives as a typed value: file, line and traceback, not only text.
        let plugin = try #require(error?.pluginError)
        #expect(plugin.file == "boom.lua")
        #expect(plugin.line == 1)
        #expect(plugin.message.hasSuffix("boom"))
        #expect(plugin.traceback?.hasPrefix("stack traceback:") == true)
    }

    static let loadCases: [HostileCase] = [
        HostileCase(
            name: "a syntax error", source: "return {\n  style = function(ctx)\n    return { pane = { alpha = 1 }\n  end,\n}\n",
            whole: true, expected: ["'}' expected (to close '{' at line 3) near 'end'"], line: 4),
        HostileCase(
            name: "a bytecode chunk", source: "\u{1B}LuaT\0\u{19}\u{93}\r\n\u{1A}\n", whole: true,
            expected: ["precompiled (bytecode) chunk", "Lua source text"], line: nil),
        HostileCase(
            name: "an infinite loop at load", source: "while true do end\nreturn {}", whole: true,
            expected: ["instruction limit exceeded"], line: 1),
        HostileCase(
            name: "a memory bomb at load", source: "local t = {}\nwhile true do t[#t + 1] = {} end", whole: true,
            expected: ["memory limit exceeded"], line: 2),
        HostileCase(
            name: "io at load", source: "local f = io.open('/etc/passwd')\nreturn {}", whole: true,
            expected: ["io is not available to plugins"], line: 1),
        HostileCase(name: "no table", source: "return 'zoom'", whole: true, expected: ["must return a table", "got string"], line: nil),
        HostileCase(
            name: "no style function", source: "return {\n  version = '1',\n}\n", whole: true,
            expected: ["style: missing; expected a function"], line: nil),
        HostileCase(
            name: "a bad parameter",
            source: "return {\n  params = {\n    scale = { default = 2, max = 1 },\n  },\n  style = function() return {} end,\n}\n",
            whole: true, expected: ["params.scale.default: expected a number ≤ 1, got 2"], line: 3),
        HostileCase(
            name: "a misspelt manifest key", source: "return {\n  stlye = function() return {} end,\n}\n", whole: true,
            expected: ["stlye: unknown key", "did you mean \"style\"?"], line: 2),
    ]

    @Test(arguments: loadCases)
    func aHostileFileFailsToLoadClearly(_ hostile: HostileCase) throws {
        let error = try #require(pluginError { _ = try plugin(hostile.text, file: "hostile.lua") })
        for text in hostile.expected {
            #expect(error.description.contains(text), "\(error.description)")
        }
        #expect(error.line == hostile.line, "\(error.description)")
        #expect(error.description.hasPrefix(hostile.line.map { "hostile.lua:\($0): " } ?? "hostile.lua: "), "\(error.description)")
    }

    @Test func aPluginCannotShadowABuiltin() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return { style = function() return {} end }".write(
            to: folder.appendingPathComponent("scrim.lua"), atomically: true, encoding: .utf8)
        try "return { style = function() return {} end }".write(
            to: folder.appendingPathComponent("mm.slide.lua"), atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        #expect(catalog.plugins.isEmpty)
        #expect(
            catalog.refused.map(\.description) == [
                "mm.slide.lua: the name \"mm.slide\" is already taken by a built-in styler; rename the file",
                "scrim.lua: the name \"scrim\" is already taken by a built-in styler; rename the file",
            ])
        #expect(catalog.registry.entry(named: "scrim")?.isBuiltin == true)
    }

    @Test func aNameThatDiffersFromTheFileIsRefused() throws {
        let error = pluginError { _ = try plugin("return {\n  name = 'scrim',\n  style = function() return {} end }", file: "mine.lua") }
        #expect(error?.description == "mine.lua:2: name: \"scrim\" differs from the file name \"mine\" (plugin names are file names)")
    }

    @Test func finalizersAreRefused() throws {
        // Lua runs __gc with hooks off, so a looping finalizer would escape the instruction limit.
        let s = try styler(
            """
            return { style = function(ctx)
              setmetatable({}, { __gc = function() while true do end end })
              return {}
            end }
            """)
        let error = pluginError { _ = try style(s) }
        #expect(error?.description.hasPrefix("test.lua:2: __gc metamethods are not available to plugins") == true)
    }

    @Test func limitsAreConfigurable() throws {
        let source = "return { style = function(ctx) for i = 1, 50000 do end return {} end }"
        #expect(try style(styler(source))[.pane].isEmpty)
        let tight = pluginError { _ = try style(styler(source, limits: Limits(instructions: 10_000))) }
        #expect(tight?.isLimitExceeded == true)
        #expect(tight?.message == "instruction limit exceeded: a call may run at most 10000 instructions")
        let small = pluginError {
            _ = try style(
                styler(
                    "return { style = function(ctx) local s = string.rep('x', 300000) return {} end }",
                    limits: Limits(memory: 256 << 10)))
        }
        #expect(small?.message == "memory limit exceeded: a plugin's state may use at most 256 KiB (262144 bytes)")
    }
}

/// Warning lines collected from a host (which calls its handler from the thread that steps it).
final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    func append(_ line: String) { lock.withLock { collected.append(line) } }
    var lines: [String] { lock.withLock { collected } }
}
