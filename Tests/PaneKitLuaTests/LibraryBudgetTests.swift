// Work inside C library functions is charged to the instruction budget: each probe that used to hang the host
// ends with the ordinary limit error at its line. Every probe runs on its own thread with a deadline, so a
// regression fails the test instead of hanging the suite.

import Foundation
import PaneKit
@testable import PaneKitLua
import PaneKitTestSupport
import Testing

@Suite struct LibraryBudgetTests {
    static let probes: [HostileCase] = [
        HostileCase(
            name: "table.move over the whole integer range", source: "    table.move({}, 1, math.maxinteger - 1, 1, {})",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "exponential backtracking",
            source: "    string.find(('a'):rep(40), ('a?'):rep(40) .. ('a'):rep(40) .. 'b')",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "quadratic gmatch", source: "    for w in ('a'):rep(2e5):gmatch('a-b') do end",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "quartic gsub", source: "    local s = ('a'):rep(4000)\n    s:gsub('(.-)(.-)(.-)(.-)x', '%1')",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "plain find of a long needle",
            source: "    local s, n = ('a'):rep(4e6), ('a'):rep(1999) .. 'b'\n    for i = 1, 50 do s:find(n, 1, true) end",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "a message handler that loops", source: "    xpcall(error, function() while true do end end)",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "a message handler that loops after the limit",
            source: "    xpcall(function() while true do end end, function() while true do end end)",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "an error object whose __tostring loops",
            source: "    error(setmetatable({}, { __tostring = function() while true do end end }))",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "string.rep of an empty string", source: "    for i = 1, 1e6 do string.rep('', math.maxinteger) end",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "table.insert with a huge __len",
            source: "    local t = setmetatable({}, { __len = function() return math.maxinteger - 1 end })\n    table.insert(t, 1, 0)",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "table.remove with a huge __len",
            source: "    local t = setmetatable({}, { __len = function() return math.maxinteger - 1 end })\n    table.remove(t, 1)",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "table.concat over a huge range",
            source: "    table.concat(setmetatable({}, { __index = function() return '' end }), '', 1, 1e15)",
            expected: ["instruction limit exceeded"], line: 3),
        HostileCase(
            name: "repeated scans of a long string",
            source: "    local s = ('a'):rep(2e6)\n    for i = 1, 1e6 do s:upper() utf8.len(s) tonumber(s) end",
            expected: ["instruction limit exceeded"], line: 4),
        // 20,000 coroutines of about 900 instructions each: the main loop alone runs about 120,000, and each body
        // ends before its own first count tick, so only the charge at creation makes the call run out.
        HostileCase(
            name: "fresh coroutines",
            source:
                "    local function f() local x = 0 for i = 1, 300 do x = x + i end end\n    for i = 1, 2e4 do coroutine.resume(coroutine.create(f)) end",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "fresh wrapped coroutines",
            source: "    local function f() local x = 0 for i = 1, 300 do x = x + i end end\n    for i = 1, 2e4 do coroutine.wrap(f)() end",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "arithmetic on a long numeric string",
            source: "    local s = ('1'):rep(3 << 20)\n    for i = 1, 1e6 do local x = s + 0 end",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "a library function coercing a long string",
            source: "    local s = ('1'):rep(3 << 20)\n    for i = 1, 1e6 do math.abs(s) end",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "a pattern search from a long numeric string",
            source: "    local s = (' '):rep(3 << 20) .. '1'\n    for i = 1, 1e6 do string.find('a', 'a', s) end",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "string.format with a precision on a long string",
            source: "    local s = ('x'):rep(3 << 20)\n    for i = 1, 1e6 do string.format('%.1s', s) end",
            expected: ["instruction limit exceeded"], line: 4),
        HostileCase(
            name: "a __call chain made after setmetatable",
            source: "    local t, mt = {}, {}\n    setmetatable(t, mt)\n    mt.__call = t\n    t()",
            expected: ["stack overflow: a plugin's Lua stack may hold at most 20480 values"], line: 6),
        HostileCase(
            name: "a caught __call chain made after setmetatable, repeated",
            source: "    local t, mt = {}, {}\n    setmetatable(t, mt)\n    mt.__call = t\n    while true do pcall(t) end",
            expected: ["stack overflow: a plugin's Lua stack may hold at most 20480 values"], line: 6),
        HostileCase(
            name: "rehashing a table with a long array part",
            source:
                "    local t = {}\n    for i = 1, 250000 do t[i] = true end\n    t.a = 1\n    for k = 1, 1e6 do t[-k] = 1 t[-k] = nil end",
            expected: ["instruction limit exceeded"], line: 6),
        HostileCase(
            name: "repeated long copies", source: "    local s = ('a'):rep(2e6)\n    for i = 1, 1e6 do local t = s .. s end",
            expected: ["instruction limit exceeded"], line: 4),
    ]

    @Test(arguments: probes)
    func aProbeInStyleEndsAtTheBudget(_ probe: HostileCase) throws {
        let outcome = try #require(
            finishes(within: 20) { () throws -> PluginError? in
                let s = try styler(probe.text, file: "hostile.lua")
                return pluginError { _ = try style(s) }
            }, "\(probe.name) did not finish")
        let error = try #require(try outcome.get())
        for text in probe.expected { #expect(error.description.contains(text), "\(error.description)") }
        #expect(error.description.hasPrefix("hostile.lua:\(probe.line ?? 0): "), "\(error.description)")
    }

    @Test(arguments: probes)
    func aProbeAtLoadEndsAtTheBudget(_ probe: HostileCase) throws {
        // The same body at the top level of the file, one line higher than in style.
        let text = "local ctx = {}\n" + probe.source + "\nreturn { style = function() return {} end }\n"
        let outcome = try #require(
            finishes(within: 20) { () throws -> PluginError? in pluginError { _ = try plugin(text, file: "hostile.lua") } },
            "\(probe.name) did not finish")
        let error = try #require(try outcome.get())
        #expect(error.isLimitExceeded, "\(error.description)")
        #expect(error.description.hasPrefix("hostile.lua:\((probe.line ?? 0) - 1): "), "\(error.description)")
    }

    @Test func ordinaryUseStaysCheap() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              local side = ('drawer.left'):match('^drawer%.(%a+)$')
              local t = {}
              for i = 1, 300 do t[i] = (i * 7919) % 301 end
              table.sort(t)
              local dashed = ('a.b.c'):gsub('%.', '-')
              assert(side == 'left' and t[1] <= t[2] and t[299] <= t[300] and dashed == 'a-b-c')
              return { pane = { alpha = 0.5 } }
            end }
            """, limits: Limits(instructions: 20_000))
        #expect(try style(s)[.pane].alpha == 0.5)
    }

    @Test func longStringsStoredOrJoinedAreNotChargedAsNumbers() throws {
        // Only a string given where a number is expected is charged for its conversion: a value stored by
        // table.insert, a separator, a string argument of select are not converted.
        let s = try styler(
            """
            local s = ('x'):rep(256 << 10)
            return { style = function(ctx)
              local t = {}
              for i = 1, 200 do table.insert(t, i, s) end
              local n = select('#', s, s, s) + #string.rep('a', 2, s)
              return { pane = { alpha = n > 0 and 0.5 or 0 } }
            end }
            """, limits: Limits(instructions: 200_000))
        #expect(try style(s)[.pane].alpha == 0.5)
    }

    @Test func aCaughtLimitErrorStillFailsTheCall() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              local ok = pcall(string.rep, 'x', 1)
              pcall(table.move, {}, 1, math.maxinteger - 1, 1, {})
              return {}
            end }
            """)
        let error = try #require(pluginError { _ = try style(s) })
        #expect(error.isLimitExceeded)
    }
}

/// Runs `body` on a thread of its own (PaneKitTestSupport's withTimeLimit); nil when it has not returned within
/// `seconds`, so a hang fails the test instead of the suite.
func finishes<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
    withTimeLimit(seconds: seconds) { Result { try body() } }
}

@Suite struct PluginTextTests {
    @Test func aHugeRoleNameIsCheapAndCut() throws {
        let outcome = try #require(
            finishes(within: 10) { () throws -> PluginError? in
                let s = try styler("return { style = function(ctx) return { [string.rep('x', 3e6)] = {} } end }")
                return pluginError { _ = try style(s) }
            }, "validating a 3 MB key did not finish")
        let error = try #require(try outcome.get())
        #expect(error.description.contains("xxx…: unknown role"), "\(error.description.prefix(400))")
        #expect(error.description.utf8.count < 2 * PluginText.limit)
    }

    @Test func aHugeErrorMessageIsCut() throws {
        let s = try styler("return { style = function(ctx) error(string.rep('y', 1e6)) end }")
        let error = try #require(pluginError { _ = try style(s) })
        #expect(error.message.utf8.count <= PluginText.limit + 3)
        #expect(error.message.hasSuffix("…"))
    }

    @Test func controlCharactersAreEscaped() throws {
        let s = try styler(
            """
            return {
              description = "clears\\27[2J the screen\\7",
              style = function(ctx) error("\\27]0;pwned\\7 boom") end,
            }
            """)
        let error = try #require(pluginError { _ = try style(s) })
        #expect(error.message == "\\27]0;pwned\\7 boom")
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
        let loaded = try plugin("return { description = 'a\\27[31mred\\nline', style = function() return {} end }")
        #expect(loaded.manifest.description == "a\\27[31mred\\10line")
    }

    @Test func excerptsCutAtACharacter() {
        #expect(PluginText.excerpt(String(repeating: "é", count: 200), limit: 5) == "éé…")
        #expect(PluginText.excerpt("short") == "short")
        #expect(PluginText.lines("a\nb\u{1B}c") == "a\nb\\27c")
    }
}

extension PluginTextTests {
    @Test func aChoiceWithAControlCharacterIsRefused() {
        let error = pluginError {
            _ = try plugin(
                "return { params = { mode = { default = 'a', choices = { 'a', 'b\\27[2J' } } }, style = function() return {} end }")
        }
        #expect(error?.message == "params.mode.choices[2]: expected printable text, got \"b\\27[2J\"", "\(String(describing: error))")
    }
}
