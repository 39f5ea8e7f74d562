// The context is written lazily, so what a plugin writes into it must not outlive its call; and role order is
// defined once, in Swift's Role and in CLuaEdits' table, which this file ties together.

import CLuaEdits
import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitLua

@Suite struct ContextIsolationTests {
    /// A plugin that reads what it needs, then writes over every part of its context it can reach.
    static let vandal = """
        return { params = { scale = { default = 0.5, min = 0, max = 1 } },
          style = function(ctx)
            local seen = { ctx.closed, ctx.size.w, ctx.frames.pane.x, ctx.frames.pane.w, ctx.params.scale,
                           ctx.frames.drawer and ctx.frames.drawer.w or -1, ctx.state == "opening" and 1 or 0 }
            ctx.closed = 99; ctx.open = 99; ctx.state = "broken"; ctx.extra = 1
            ctx.size.w = 1; ctx.params.scale = 7; ctx.params.fresh = 3
            ctx.frames.pane.x = 500; ctx.frames.pane = { x = 1, y = 1, w = 1, h = 1 }; ctx.frames.drawer = nil
            rawset(ctx, "reveal", -5); rawset(ctx.frames, "master", {}); rawset(ctx.size, "h", 0)
            -- What was written is read back within the call.
            assert(ctx.closed == 99 and ctx.size.w == 1 and ctx.params.scale == 7 and ctx.reveal == -5)
            local stray = 0
            for _ in pairs(ctx.frames) do stray = stray + 1 end
            return { pane = { ops = { { "matrix", seen[1], seen[2], seen[3], seen[4], seen[5], seen[6], seen[7],
                                       stray, 0, 0, 1, 0, 0, 0, 0, 1 } } } }
          end }
        """

    /// The numbers the vandal read at the start of a call, and how many frames it saw at the end.
    func reading(_ styler: LuaStyler, closed: Double) throws -> [Double] {
        var context = StyleContext(direction: .left, closed: closed, reveal: 280, size: Size(width: 375, height: 667), state: .opening)
        context.frames[.pane] = Rect(x: 10, y: 0, width: 375, height: 667)
        context.frames[.drawerLeft] = Rect(x: 0, y: 0, width: 280, height: 667)
        var edits = StyleEdits()
        try styler.style(context, into: &edits)
        let m = try #require(edits[.pane].transform)
        return [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24]
    }

    @Test func whatAPluginWritesIntoItsContextDoesNotReachTheNextCall() throws {
        let styler = try styler(Self.vandal)
        for closed in [0.25, 0.25, 0.75, 0.75, 0.5] {
            #expect(try reading(styler, closed: closed) == [closed, 375, 10, 375, 0.5, 280, 1, 3])
        }
    }

    /// Frames that come and go between the calls of one styler: each call sees the nodes that exist then, and
    /// `ctx.frames.drawer` as this direction's drawer when it exists (C writes only the roles present now or on
    /// the last call, and every role after the tables are rebuilt).
    @Test func framesThatComeAndGoAreSeenAsTheyAreOnEachCall() throws {
        let styler = try styler(
            """
            return { style = function(ctx)
              local f = ctx.frames
              local function x(r) return r and r.x or -1 end
              local n = 0
              for _ in pairs(f) do n = n + 1 end
              return { pane = { ops = { { "matrix", x(f.pane), x(f.overlay), x(f.master), x(f.drawer), n,
                                         0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } } } }
            end }
            """)
        func seen(_ frames: [Role: Double]) throws -> [Double] {
            var context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 375, height: 667))
            for (role, x) in frames { context.frames[role] = Rect(x: x, y: 0, width: 100, height: 667) }
            var edits = StyleEdits()
            try styler.style(context, into: &edits)
            let m = try #require(edits[.pane].transform)
            return [m.m11, m.m12, m.m13, m.m14, m.m21]
        }
        let first: [Role: Double] = [.pane: 10, .drawerLeft: 0]
        #expect(try seen(first) == [10, -1, -1, 0, 3])  // pane, drawerLeft and drawer
        #expect(try seen([.pane: 10, .overlay: 5]) == [10, 5, -1, -1, 2])
        #expect(try seen([.pane: 11, .drawerLeft: 2, .master: 7]) == [11, -1, 7, 2, 4])
        #expect(try seen([.overlay: 3]) == [-1, 3, -1, -1, 1])
        #expect(try seen(first) == [10, -1, -1, 0, 3])
        #expect(try seen([:]) == [-1, -1, -1, -1, 0])
        #expect(try seen(first) == [10, -1, -1, 0, 3])
    }

    @Test func aContextTableReturnedAsAnEditIsReadAsThePluginSeesIt() throws {
        let s = try styler(
            "return { style = function(ctx) return { pane = { frame = ctx.frames.pane, anchor = { ctx.size.w / 750, 0 } } } end }")
        let edits = try style(s, closed: 0.5)
        #expect(edits[.pane].frame == PluginCheck.context(direction: .left, closed: 0.5).frames[.pane])
        #expect(edits[.pane].anchor == Point(x: 0.5, y: 0))
    }

    @Test func theContextHasExactlyTheFieldsItsMessageNames() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              local names = {}
              for name in pairs(ctx) do names[#names + 1] = name end
              table.sort(names)
              error("fields: " .. table.concat(names, ", "), 0)
            end }
            """)
        // On a drawer, the other families' fields are nil (a sheet's ctx.detent and ctx.position, a navigation
        // stack's, a pager's ctx.offset, ctx.page and ctx.pages), so pairs leaves them out; each family has its own.
        let navigation = Set(NavigationFields.all.map(\.name))
        let message = pluginError { _ = try style(s) }?.message ?? ""
        let pager = ["offset", "page", "pages"]
        let drawer = LuaContext.fieldNames.filter { $0 != "detent" && $0 != "position" && !navigation.contains($0) && !pager.contains($0) }
        #expect(message.hasPrefix("fields: " + drawer.joined(separator: ", ")), "\(message)")
        var sheet = PluginCheck.context(direction: .bottom, closed: 0.5)
        sheet.detent = "half"
        sheet.detents = [("half", 0.5)]
        sheet.position = 400
        var edits = StyleEdits()
        let all = pluginError { try s.style(sheet, into: &edits) }?.message ?? ""
        #expect(
            all.hasPrefix(
                "fields: " + LuaContext.fieldNames.filter { !navigation.contains($0) && !pager.contains($0) }.joined(separator: ", ")),
            "\(all)")
        var page = PluginCheck.context(direction: .right, closed: 0.5)
        (page.pageOffset, page.page, page.pageCount) = (0.5, 3, 10)
        let paged = pluginError { try s.style(page, into: &edits) }?.message ?? ""
        let pagerFields = LuaContext.fieldNames.filter { $0 != "detent" && $0 != "position" && !navigation.contains($0) }
        #expect(paged.hasPrefix("fields: " + pagerFields.joined(separator: ", ")), "\(paged)")
    }

    /// pairs on a context table hands out one iterator for every proxy, which reads the table it is given: the
    /// context's own fields for a context table, nothing for any other value.
    @Test func theContextsPairsIteratorReadsTheTableItIsGiven() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              local next1 = pairs(ctx)
              local next2 = pairs(ctx.size)
              local keys = {}
              for k, v in next1, ctx.size do keys[#keys + 1] = k .. "=" .. v end
              table.sort(keys)
              local none = next1({ a = 1 }, nil)
              error(table.concat(keys, ",") .. " same:" .. tostring(next1 == next2) .. " none:" .. tostring(none), 0)
            end }
            """)
        let message = pluginError { _ = try style(s) }?.message ?? ""
        let size = PluginCheck.context(direction: .left, closed: 0.5).size
        #expect(message == "h=\(Int(size.height)).0,w=\(Int(size.width)).0 same:true none:nil", "\(message)")
    }

    @Test func roleOrderIsTheSameInSwiftInCAndInLua() throws {
        // C is given the roles at set-up, from the one Swift table.
        let vocabulary = StylerContract.vocabulary
        for roles in [vocabulary.decoder.pointee.roles, vocabulary.bridge.pointee.roles] {
            for role in Role.allCases {
                #expect(String(cString: roles![role.index]!) == role.rawValue)
            }
        }
        #expect(Int(vocabulary.decoder.pointee.role_count) == Role.count)
        #expect(Int(vocabulary.bridge.pointee.role_count) == Role.count)
        // Lua sees every node under its JSON name, and each name it writes goes to that role.
        let s = try styler(
            """
            return { style = function(ctx)
              local names = { "pane", "drawer.left", "drawer.right", "drawer.top", "drawer.bottom", "overlay", "statusbar",
                              "master", "detail", "divider", "corner.leading", "corner.trailing", "popover",
                              "sheet", "grabber", "keyboard", "screen", "page" }
              local out = {}
              for i, name in ipairs(names) do
                local f = ctx.frames[name]
                out[name] = { alpha = f.x / 100 }
              end
              return out
            end }
            """)
        var context = StyleContext(direction: .right, closed: 0.5, reveal: 280, size: Size(width: 375, height: 667))
        for role in Role.allCases {
            context.frames[role] = Rect(x: Double(role.index), y: 0, width: 1, height: 1)
        }
        var edits = StyleEdits()
        try s.style(context, into: &edits)
        for role in Role.allCases {
            #expect(edits[role].alpha == Double(role.index) / 100, "\(role.rawValue)")
        }
    }
}
