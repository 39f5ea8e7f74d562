// Leaf calls: a style function without loops runs without the per-instruction count hook, and the budget still
// holds for everything it reaches (a helper, a metamethod, a coroutine, the sandbox's library).

import Foundation
import PaneKit
@testable import PaneKitLua
import PaneKitTestSupport
import Testing

@Suite struct LeafCallTests {
    /// A plugin whose style function has `body`, after `prelude` at the top of the file.
    static func source(_ body: String, prelude: String = "") -> String {
        prelude + "\nreturn {\n  style = function(ctx)\n" + body + "\n  end,\n}\n"
    }

    @Test(arguments: [
        ("return { pane = { alpha = ctx.open } }", true),
        ("local o = ctx.open\n    return { pane = { translate = { o * ctx.reveal * 0.2, 0, 0 }, scale = 1 - 0.25 * o } }", true),
        ("if ctx.open > 0.5 then return { pane = { alpha = 1 } } else return { pane = { alpha = 0 } } end", true),
        ("return { pane = { alpha = math.min(ctx.open, 1) } }", true),
        ("local a = 0\n    for i = 1, 3 do a = a + i end\n    return { pane = { alpha = a / 6 } }", false),
        ("local a = 0\n    for _, v in ipairs({ 1, 2 }) do a = a + v end\n    return { pane = { alpha = a / 3 } }", false),
        ("local i = 0\n    while i < 2 do i = i + 1 end\n    return { pane = { alpha = 1 } }", false),
        ("local i = 0\n    repeat i = i + 1 until i > 2\n    return { pane = { alpha = 1 } }", false),
        ("local i = 0\n    ::again::\n    i = i + 1\n    if i < 3 then goto again end\n    return { pane = { alpha = 1 } }", false),
    ])
    func aFunctionWithoutLoopsIsALeaf(body: String, leaf: Bool) throws {
        let styler = try styler(Self.source(body))
        #expect(styler.runsAsLeaf == leaf)
        _ = try style(styler)
    }

    @Test func aStyleFunctionLongerThanOneTickIsNotALeaf() throws {
        let sum = (1...600).map { _ in "ctx.open" }.joined(separator: " + ")
        let long = try styler(Self.source("return { pane = { alpha = (\(sum)) / 600 } }"))
        #expect(!long.runsAsLeaf)
        #expect(try style(long)[.pane].alpha == 0.5)
        let short = try styler(Self.source("return { pane = { alpha = (ctx.open + ctx.open) / 2 } }"))
        #expect(short.runsAsLeaf)
    }

    /// Everything a leaf can reach that runs Lua code is counted again: each case must end at the limit, at the
    /// line of its loop.
    @Test(arguments: [
        (prelude: "local function spin()\n  while true do end\nend", body: "    return spin()", line: 2),
        (prelude: "local function spin()\n  while true do end\nend", body: "    local x = spin()\n    return {}", line: 2),
        (prelude: "local t = setmetatable({}, { __index = function()\n  while true do end\nend })", body: "    return t.x", line: 2),
        (prelude: "local t = setmetatable({}, { __add = function()\n  while true do end\nend })", body: "    return t + 1", line: 2),
        (prelude: "", body: "    return pcall(function() while true do end end)", line: 4),
        (prelude: "", body: "    local co = coroutine.wrap(function() while true do end end)\n    return co()", line: 4),
        (prelude: "", body: "    return string.gsub('aaa', 'a', function() while true do end end)", line: 4),
        (prelude: "", body: "    return table.sort({ 3, 2, 1 }, function(a, b) while true do end end)", line: 4),
    ])
    func whatALeafReachesIsCounted(prelude: String, body: String, line: Int) throws {
        let text = Self.source(body, prelude: prelude)
        let styler = try styler(text)
        #expect(styler.runsAsLeaf)
        // Bounded: were the count not to come back, the loop would never end.
        let ended = withTimeLimit(seconds: 60) { pluginError { _ = try style(styler) } }
        #expect(ended != nil, "the call did not end within 60 s: the count hook did not come back")
        let error = ended ?? nil
        #expect(error?.message.contains("instruction limit exceeded") == true, "\(String(describing: error))")
        #expect(error?.line == line)
    }

    /// The sandbox's library charges its own work: a leaf that copies without limit ends at the limit.
    @Test func aLeafThatCopiesEndsAtTheLimit() throws {
        let styler = try styler(
            Self.source("    local s = string.rep('x', 1e6)\n    local t = s:rep(7)\n    return {}"),
            limits: Limits(instructions: 10_000, memory: 64 << 20))
        #expect(styler.runsAsLeaf)
        let error = pluginError { _ = try style(styler) }
        #expect(error?.message.contains("instruction limit exceeded") == true, "\(String(describing: error))")
    }

    /// The count hook comes back after a call that reached a helper: a later call of a looping helper from
    /// the same leaf still ends, and a leaf's calls give the same results, call after call.
    @Test func callAfterCallALeafGivesTheSameResults() throws {
        let body = "local o = ctx.open\n    return { pane = { translate = { o * ctx.reveal * 0.2, 0, 0 }, scale = 1 - 0.25 * o } }"
        let styler = try styler(Self.source(body))
        #expect(styler.runsAsLeaf)
        let first = try style(styler, closed: 0.25)
        for _ in 0..<100 { _ = try style(styler, closed: 0.75) }
        #expect(try style(styler, closed: 0.25)[.pane] == first[.pane])
    }
}
