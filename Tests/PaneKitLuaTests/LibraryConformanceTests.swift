// The sandbox's budgeted library functions give exactly what Lua's own give, results and errors alike.

import CLua
import Foundation
import Testing

@testable import PaneKitLua

@Suite struct LibraryConformanceTests {
    /// Calls whose results (or error messages) both libraries must agree on.
    static let calls = [
        #"("drawer.left"):match("^drawer%.(%a+)$")"#, #"("hello world"):find("o w")"#, #"("hello"):find("l", 1, true)"#,
        #"("hello"):find("")"#, #"("hello"):find("", 10)"#, #"("hello"):find("", 6)"#, #"("hello"):find("l", -2)"#,
        #"("a+b"):find("+", 1, true)"#, #"("a.b"):find(".", 2)"#, #"("key = value"):match("(%w+)%s*=%s*(%w+)")"#,
        #"("  trim  "):match("^%s*(.-)%s*$")"#, #"("x"):match("()x()")"#, #"("THE (quick) fox"):find("%((%a+)%)")"#,
        #"("f(a(b)c)d"):match("%b()")"#, #"("THE (quick) fox"):gsub("%f[%a]%a+", "W")"#, #"("abc"):gsub("", "-")"#,
        #"("abc"):gsub("%w", "%0%0")"#, #"("hello world"):gsub("(%w+)", "<%1>")"#, #"("abc"):gsub("b*", "X")"#,
        #"("hello"):gsub("l", { l = "L" })"#, #"("hello"):gsub("l+", function(s) return #s end)"#,
        #"("a,b,,c"):gsub(",", ";", 2)"#, #"("abc"):gsub("^a", "A")"#, #"("abcabc"):gsub("(a)(b)", "%2%1")"#,
        #"("x=1, y=2"):gsub("(%w+)=(%w+)", "%2=%1")"#, #"("abba"):match("(a)(b)%2%1")"#, #"("[x]"):match("[%[](.)[%]]")"#,
        #"("a-b"):match("[a%-]+")"#, #"("A1b2"):gsub("[^%d]", "")"#, #"("a1-z"):match("[a-z]+")"#,
        #"("aaa"):match("a-b")"#, #"("aaab"):match("a-b")"#, #"("aaa"):match("^a?a?a$")"#, #"("$x"):match("$x")"#,
        #"("x$"):match("x$")"#, #"("end"):match("d$")"#, #"("  x"):find("%S")"#, #"("\0a\0"):find("a\0")"#,
        #"("\0a\0"):match(".%z?")"#, #"("%"):find("%%")"#, #"("a"):find("%")"#, #"("a"):find("[a")"#,
        #"("a"):find("(a")"#, #"("a"):find("a)")"#, #"("a"):find("%1")"#, #"("abc"):find("()%1")"#, #"("a\0b"):find("%z")"#,
        #"("a\0b"):gsub("%Z", "x")"#, #"("a\0b"):match("[%z]")"#, #"("a"):find("%b")"#, #"("a"):find("%fa")"#,
        #"("a"):gsub("a", "%2")"#, #"("a"):gsub("a", "%x")"#, #"("a"):gsub("(a)", "%1%1")"#, #"("a"):gsub("a", true)"#,
        #"("a"):gsub("a", function() return {} end)"#, #"("a"):gsub("a", function() return false end)"#,
        #"("a"):gsub("()", "%1")"#, #"("abc"):gsub(".", { a = 1, b = true })"#, #"string.rep("(", 40) .. "a""#,
        #"("hello"):match(".-(l+)(.*)")"#, #"("hello"):find("l+", 1)"#, #"("hello"):match("h", 2)"#,
        #"("AbC"):gsub("%u", "_")"#, #"("a.b.c"):gsub("%.", "/")"#, #"("tab\there"):match("%c")"#,
        #"("x1y22z333"):gsub("%d+", function(d) return "<" .. d .. ">" end)"#, #"("ab"):match("^(a)(b)()$")"#,
        #"("hello"):find("l", 0)"#, #"("hello"):find("l", -100)"#, #"("hello"):gsub("l", "%%")"#,
        #"table.concat({1, 2, 3}, ",")"#, #"table.concat({1, 2, 3}, ",", 2)"#, #"table.concat({}, "x")"#,
        #"table.concat({1, {}})"#, #"table.concat({1, 2}, nil, 1, 2)"#,
        #"(function() local t = {1, 2, 3} table.insert(t, 2, 9) return table.concat(t, ",") end)()"#,
        #"(function() local t = {1, 2} table.insert(t, 9) return table.concat(t, ",") end)()"#,
        #"table.insert({}, 5, 1)"#, #"table.insert({})"#, #"table.insert({}, 1, 2, 3)"#, #"table.insert(nil, 1)"#,
        #"(function() local t = {1, 2, 3} return table.remove(t), table.concat(t, ",") end)()"#,
        #"(function() local t = {1, 2, 3} return table.remove(t, 1), table.concat(t, ",") end)()"#,
        #"table.remove({})"#, #"table.remove({}, 0)"#, #"table.remove({1}, 7)"#, #"table.unpack({1, 2, 3})"#,
        #"table.unpack({1, 2, 3}, 2)"#, #"table.unpack({}, 1, 3)"#, #"table.unpack({1, 2}, 3, 1)"#,
        #"table.concat(table.move({1, 2, 3}, 1, 3, 2), ",")"#, #"table.concat(table.move({1, 2, 3}, 1, 3, 1, {}), ",")"#,
        #"table.move({}, 1, 2)"#, #"(function() local t = {5, 2, 8, 1} table.sort(t) return table.concat(t, ",") end)()"#,
        #"(function() local t = {5, 2, 8} table.sort(t, function(a, b) return a > b end) return table.concat(t, ",") end)()"#,
        #"table.sort({3, 1}, 1)"#, #"string.byte("abc", 1, -1)"#, #"string.byte("abc", 10)"#, #"("abc"):byte(-1)"#,
        #"string.byte("abc", 0, 2)"#, #"string.rep("ab", 3, ",")"#, #"string.rep("", 5)"#, #"string.rep("x", 0)"#,
        #"string.rep("x", -1)"#, #"string.rep("", 3, ",")"#, #"string.rep()"#, #"("x"):rep("y")"#,
        #"tonumber("10", 16)"#, #"tonumber("z", 36)"#, #"tonumber("0x10")"#, #"tonumber(" 12 ")"#, #"tonumber()"#,
        #"tonumber("1", 99)"#, #"tonumber(1, 10)"#, #"utf8.len("h\u{E9}llo")"#, #"utf8.len("\xff")"#,
        #"utf8.codepoint("h\u{E9}llo", 1, -1)"#, #"utf8.offset("h\u{E9}llo", 3)"#, #"utf8.len("abc", 5)"#,
        #"xpcall(error, function(m) return "h:" .. m end, "boom")"#, #"xpcall(function(a, b) return a + b end, print, 1, 2)"#,
        #"xpcall(error)"#, #"string.upper("abc")"#, #"string.lower("ABC")"#, #"string.reverse("abc")"#,
        #"string.unpack("i4", string.pack("i4", 7))"#, #"string.packsize("i4i8")"#,
        // Errors raised inside wrapped functions: the caller's place and the function's own name, as Lua has them.
        #"string.pack("i17")"#, #"string.rep()"#, #"("x"):rep()"#, #"table.concat({{}})"#, #"table.sort({3, 1, 2}, 3)"#,
        #"table.insert(nil, 1)"#, #"table.move({}, -1, math.maxinteger, 2)"#, #"table.move({}, 1, 2, math.maxinteger)"#,
        #"setmetatable({}, 2)"#, #"setmetatable(1, {})"#, #"math.abs()"#, #"math.floor("x")"#, #"("x"):sub("y")"#,
        #"select("z")"#, #"string.format("%d", "1.5")"#, #""10" + 1"#, #""0x10" * "2""#, #"-"2""#, #""a" + 1"#,
        #"pcall(string.pack, "i17")"#, #"pcall(table.insert, nil, 1)"#, #"pcall(table.sort, {3, 1, 2}, 3)"#,
        #"pcall(setmetatable, 1, 2)"#, #"pcall(string.rep)"#, #"pcall(math.abs)"#, #"pcall(table.concat, {{}})"#,
        #"pcall(utf8.len, "abc", 9)"#, #"pcall(coroutine.wrap, 1)"#, #"pcall(coroutine.create)"#,
    ]

    /// The same gmatch loops, collected into one string.
    static let loops = [
        #"("one two  three"):gmatch("%a+")"#, #"("k=v, a=b"):gmatch("(%w+)=(%w+)")"#, #"("abc"):gmatch("")"#,
        #"("abc"):gmatch("b*")"#, #"("^a^a"):gmatch("^a")"#, #"("hello"):gmatch("l", 4)"#, #"("x"):gmatch("()")"#,
        #"utf8.codes("h\u{E9}llo")"#,
    ]

    static var script: String {
        let each = calls.map { "  function() return \($0) end," }.joined(separator: "\n")
        let loop = loops.map {
            "  function() local r = {} for a, b in \($0) do r[#r + 1] = tostring(a) .. '|' .. tostring(b) end return table.concat(r, ',') end,"
        }
        .joined(separator: "\n")
        return """
            local out = {}
            for i, f in ipairs({
            \(each)
            \(loop)
            }) do
              local r = table.pack(pcall(f))
              for k = 1, r.n do r[k] = type(r[k]) == 'string' and ('%q'):format(r[k]) or tostring(r[k]) end
              out[#out + 1] = i .. ': ' .. table.concat(r, ' ', 1, r.n)
            end
            return table.concat(out, '\\n')
            """
    }

    @Test func theBudgetedLibraryAgreesWithLuas() throws {
        let L = try #require(luaL_newstate())
        defer { lua_close(L) }
        luaL_openlibs(L)
        #expect(luaL_loadbufferx(L, Self.script, Self.script.utf8.count, "=conformance", "t") == LUA_OK)
        #expect(lua_pcallk(L, 0, 1, 0, 0, nil) == LUA_OK)
        let reference = String(cString: clua_tostring(L, -1))

        let sandbox = try LuaState()
        try sandbox.run(Self.script, chunk: "=conformance")
        let budgeted = sandbox.string(at: -1)
        let a = reference.split(separator: "\n"), b = budgeted.split(separator: "\n")
        #expect(a.count == Self.calls.count + Self.loops.count)
        for (x, y) in zip(a, b) where x != y {
            Issue.record("Lua: \(x)\nPaneKit: \(y)")
        }
    }
}
