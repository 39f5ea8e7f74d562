// ctx.detent, ctx.detents and ctx.position: a Lua styler reads the sheet's detents and top edge, and on a drawer
// sees nil, an empty table and nil without an error.

import Foundation
import PaneKit
@testable import PaneKitLua
import PaneKitScenario
import Testing

@Suite struct LuaSheetContextTests {
    /// Writes what it reads into edits: the pane's alpha is ctx.detents.half (1 without), its z counts the detents
    /// (plus 10 when ctx.detent is a string), its translation is ctx.position (-1 without); the sheet hides at
    /// "full". Then it writes into its context, which the next call must not see.
    static let plugin = """
        return { style = function(ctx)
          local count = 0
          for name, closed in pairs(ctx.detents) do
            assert(type(name) == "string" and type(closed) == "number")
            count = count + 1
          end
          local edits = {
            pane = { alpha = ctx.detents.half or 1, z = count + (type(ctx.detent) == "string" and 10 or 0),
                     translate = { 0, ctx.position or -1 } },
            drawer = { hidden = ctx.detent == "full" },
          }
          ctx.detents.half = 99
          ctx.detents.extra = 5
          ctx.detent = "full"
          ctx.position = 12345
          return edits
        end }
        """

    static func run(_ json: String) throws -> [Frame] {
        let (catalog, folder) = try ScenarioTests.catalog(["sheetctx": plugin])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioLoader.load(json, file: "sheetctx.json", registry: catalog.registry)
        let frames = try scenario.run(registry: catalog.registry)
        #expect(frames.allSatisfy { $0.events.allSatisfy { $0.name != .stylerFailed } })
        return frames
    }

    @Test func aSheetPluginReadsItsDetentsAndPosition() throws {
        // Examples/sheet-floatingpanel.json with this plugin as the sheet's styler.
        let url = packageRoot.appendingPathComponent("Examples/sheet-floatingpanel.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["stylers"] = ["bottom": ["sheetctx"]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let frames = try Self.run(json)
        // It starts at rest on its initial detent, half: the closed fraction there is ctx.detents.half.
        let first = try #require(frames.first)
        #expect(first.detent == "half")
        let half = try #require(first.fractions[.bottom])
        #expect(half > 0 && half < 1)
        var sawFull = false
        for frame in frames {
            let pane = try #require(frame.node(.pane))
            let sheet = try #require(frame.node(.sheet))
            #expect(pane.style.alpha == half, "frame \(frame.index)")
            #expect(pane.style.z == 14, "tip, half, full, hidden and a detent: frame \(frame.index)")
            #expect(pane.style.transform.m42 == sheet.frame.y, "the sheet's top: frame \(frame.index)")
            #expect(sheet.style.hidden == (frame.detent == "full"), "frame \(frame.index)")
            sawFull = sawFull || frame.detent == "full"
        }
        #expect(sawFull)
        // The top moves: the position is read on every frame, not once.
        #expect(Set(frames.compactMap { $0.node(.pane)?.style.transform.m42 }).count > 10)
    }

    @Test func onADrawerTheyAreNilAndEmpty() throws {
        let frames = try Self.run(
            """
            { "size": [375, 667], "fps": 30, "container": { "type": "drawer", "left": { "width": 280 } },
              "stylers": { "left": ["sheetctx"] },
              "timeline": [{ "at": 0, "action": "open", "direction": "left" }] }
            """)
        #expect(frames.count > 5)
        for frame in frames {
            let pane = try #require(frame.node(.pane))
            #expect(pane.style.alpha == 1 && pane.style.z == 0 && pane.style.transform.m42 == -1, "frame \(frame.index)")
            #expect(frame.node(.drawerLeft)?.style.hidden == false)
        }
    }

    @Test func theValuesFollowTheContextFromCallToCall() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              local z = ctx.detent == "full" and 2 or ctx.detent == "half" and 1 or 0
              return { pane = { z = z, alpha = ctx.detents.a or 0.5, translate = { 0, ctx.position or -1 } } }
            end }
            """)
        let calls: [(String?, [(name: String, closed: Double)], Double?, (Int, Double, Double))] = [
            ("half", [("a", 0.25)], 10, (1, 0.25, 10)),
            ("full", [("a", 0.75)], nil, (2, 0.75, -1)),
            (nil, [], 3, (0, 0.5, 3)),
            ("half", [("b", 0.1), ("a", 0.3)], 3, (1, 0.3, 3)),
            ("half", [("b", 0.1)], 3, (1, 0.5, 3)),
        ]
        for (i, call) in calls.enumerated() {
            var context = PluginCheck.context(direction: .bottom, closed: 0.5)
            context.detent = call.0
            context.detents = call.1
            context.position = call.2
            var edits = StyleEdits()
            try s.style(context, into: &edits)
            #expect(edits[.pane].z == call.3.0 && edits[.pane].alpha == call.3.1, "call \(i)")
            #expect(edits[.pane].transform?.m42 == call.3.2, "call \(i)")
        }
    }

    @Test func aMisspeltDetentNamesTheNearestField() throws {
        let s = try styler("return { style = function(ctx) return { pane = { alpha = ctx.detnet } } end }")
        let error = pluginError { _ = try style(s) }
        #expect(error?.message.contains("ctx.detnet: no such field; did you mean ctx.detent?") == true, "\(String(describing: error))")
    }

    @Test func theStubsNameThem() throws {
        for field in ["detent string?", "detents table<string, number>", "position number?"] {
            #expect(LuaStubs.source.contains("---@field \(field)"))
        }
        #expect(LuaContext.fieldNames.contains("detents"))
    }
}
