// What new styler authors trip over: a misspelt ctx field names the nearest one, an edit key from CSS, UIKit or
// Compose names the edit it means, and CSS colour names are colours.

import CLuaEdits
import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

@Suite struct ContextDidYouMeanTests {
    /// The message of the error `expression` raises when the style function reads it.
    private func message(reading expression: String, params: String = "") throws -> String? {
        let s = try styler(
            "return { \(params) style = function(ctx)\n  local v = \(expression)\n  return {}\nend }", file: "typo.lua")
        return pluginError { _ = try style(s) }.map { "\($0.file):\($0.line ?? 0): \($0.message)" }
    }

    @Test func aMisspeltFieldNamesTheNearestOne() throws {
        let fields = LuaContext.fieldNames.joined(separator: ", ")
        #expect(try message(reading: "ctx.opne") == "typo.lua:2: ctx.opne: no such field; did you mean ctx.open? (ctx has: \(fields))")
        #expect(try message(reading: "ctx.reducedmotion")?.contains("did you mean ctx.reducedMotion?") == true)
        #expect(try message(reading: "ctx.diretcion")?.contains("did you mean ctx.direction?") == true)
        // Nothing near: the message is the one it always was.
        #expect(try message(reading: "ctx.xyzzy") == "typo.lua:2: ctx.xyzzy: no such field (ctx has: \(fields))")
    }

    @Test func sizeParamsAndFramesNameTheirNearestField() throws {
        #expect(
            try message(reading: "ctx.size.ww")?.hasSuffix("ctx.size.ww: no such field; did you mean ctx.size.w? (ctx.size has: w, h)")
                == true)
        let params = "params = { scale = { default = 0.5 } },"
        #expect(
            try message(reading: "ctx.params.scael", params: params)
                == "typo.lua:2: ctx.params.scael: no such field; did you mean ctx.params.scale? (ctx.params has: scale)")
        #expect(try message(reading: "ctx.params.scale", params: params) == nil)
        let frames = try message(reading: "ctx.frames.panne")
        #expect(
            frames?.hasPrefix(
                "typo.lua:2: ctx.frames.panne: no such field; did you mean ctx.frames.pane? (ctx.frames has: drawer, pane, drawer.left,")
                == true, "\(frames ?? "")")
        #expect(
            try message(reading: "ctx.frames.pane.ww")
                == "typo.lua:2: ctx.frames.pane.ww: no such field; did you mean ctx.frames.pane.w? (ctx.frames.pane has: x, y, w, h)")
    }

    @Test func documentedFieldsAndMissingNodesStillRead() throws {
        // A role the container has no node of is nil; the frames, the size and the params read as before.
        let s = try styler(
            """
            return { params = { lag = { default = 0.25 } }, style = function(ctx)
              assert(ctx.frames.master == nil and ctx.frames["corner.leading"] == nil and ctx.frames.popover == nil)
              assert(ctx.frames.drawer.w == 280 and ctx.frames["drawer.left"].h == 667 and ctx.frames.pane.x == 140)
              assert(ctx.size.w == 375 and ctx.params.lag == 0.25 and ctx.leading == true and ctx.velocity == 0)
              local n = 0
              for k in pairs(ctx.frames) do n = n + 1 end
              assert(n == 4, n)
              return { pane = { frame = ctx.frames.pane } }
            end }
            """)
        #expect(try style(s, closed: 0.5)[.pane].frame == Rect(x: 140, y: 0, width: 375, height: 667))
        #expect(PluginCheck.run(try plugin("return { style = function(ctx) local f = ctx.frames.master return {} end }")).isEmpty)
    }
}

@Suite struct EditHabitTests {
    /// The problems of a result whose pane edit has `key = value`.
    private func problems(_ key: String, _ value: String = "1") throws -> [String] {
        let s = try styler("return { style = function(ctx) return { pane = { [\"\(key)\"] = \(value) } } end }")
        return pluginError { _ = try style(s) }?.problems ?? []
    }

    private static let keys =
        "alpha, anchor, color, cornerRadius, frame, hidden, ops, perspective, rotate, scale, shadow, transform, translate, z"

    @Test(arguments: [
        ("opacity", "alpha"), ("Opacity", "alpha"), ("rotation", "rotate"), ("rotationZ", "rotate"), ("rotateY", "rotate"),
        ("translation", "translate"), ("translationX", "translate"), ("translateX", "translate"), ("offset", "translate"),
        ("scaleX", "scale"), ("scaleY", "scale"), ("transform-origin", "anchor"), ("transformOrigin", "anchor"),
        ("anchorPoint", "anchor"), ("pivotX", "anchor"), ("zIndex", "z"), ("z-index", "z"), ("zPosition", "z"),
        ("visible", "hidden"), ("isHidden", "hidden"), ("visibility", "hidden"), ("backgroundColor", "color"),
        ("background-color", "color"), ("background", "color"), ("boxShadow", "shadow"), ("shadowRadius", "shadow"),
        ("elevation", "shadow"), ("matrix3d", "transform"), ("m34", "perspective"), ("borderRadius", "cornerRadius"),
        ("border-radius", "cornerRadius"), ("radius", "cornerRadius"),
    ])
    func aHabitNamesTheEditItMeans(habit: String, key: String) throws {
        #expect(try problems(habit) == ["pane.\(habit): unknown key; edits are \(Self.keys); did you mean \"\(key)\"?"])
    }

    @Test func cornerRadiusIsAnEdit() throws {
        #expect(try problems("cornerRadius") == [])
        #expect(try problems("cornerradius") == ["pane.cornerradius: unknown key; edits are \(Self.keys); did you mean \"cornerRadius\"?"])
    }

    @Test func misspellingsKeepTheirNearestKey() throws {
        #expect(try problems("alpah") == ["pane.alpah: unknown key; edits are \(Self.keys); did you mean \"alpha\"?"])
        #expect(try problems("Scale") == ["pane.Scale: unknown key; edits are \(Self.keys); did you mean \"scale\"?"])
    }

    @Test func anOperationFromCSSNamesTheOperation() throws {
        let s = try styler(
            "return { style = function(ctx) return { pane = { ops = { { \"rotateZ\", 1 }, { \"translateX\", 4, 0 } } } } end }")
        let found = pluginError { _ = try style(s) }?.problems ?? []
        #expect(
            found.contains(
                "pane.ops[1][1]: expected one of translate, scale, rotate, perspective, matrix, got \"rotateZ\"; did you mean \"rotate\"?"),
            "\(found)")
        #expect(
            found.contains(
                "pane.ops[2][1]: expected one of translate, scale, rotate, perspective, matrix, got \"translateX\"; did you mean \"translate\"?"
            ), "\(found)")
    }
}

@Suite struct ColorNameTests {
    @Test func theDecoderReadsColorsTable() {
        // One table: the decoder is given Color.cssNames at set-up (it binary-searches it, so it must be sorted).
        let v = StylerContract.decoderVocabulary.pointee
        let c = (0..<Int(v.color_count)).map { (String(cString: v.color_names[$0]!), v.color_values[$0]) }
        #expect(c.count == 149)
        #expect(c.map(\.0) == Color.cssNames.map(\.name))
        #expect(c.map(\.1) == Color.cssNames.map(\.rgba))
        #expect(c.map(\.0) == c.map(\.0).sorted())
    }

    @Test func colorParsesNamesInAnyCaseAndWritesHex() {
        #expect(Color(css: "black")?.hex == "#000000")
        #expect(Color(css: "RebeccaPurple")?.hex == "#663399")
        #expect(Color(css: "transparent")?.hex == "#00000000")
        #expect(Color(css: "grey")?.hex == "#808080" && Color(css: "green")?.hex == "#008000")
        #expect(Color(css: "#fA0")?.hex == "#ffaa00")
        #expect(Color(css: "blak") == nil && Color(css: "") == nil && Color(hex: "black") == nil)
    }

    @Test func aLuaEditTakesANamedColour() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              return { overlay = { color = "Black" }, pane = { shadow = { radius = 4, opacity = 1, color = "rebeccapurple" } },
                       ["drawer.left"] = { shadow = { 2, 0.5, "transparent" } } }
            end }
            """)
        let edits = try style(s)
        #expect(edits[.overlay].color?.hex == "#000000")
        #expect(edits[.pane].shadow?.color.hex == "#663399")
        #expect(edits[.drawerLeft].shadow?.color.hex == "#00000000")
        let bad = try styler("return { style = function(ctx) return { overlay = { color = \"blak\" } } end }")
        #expect(
            pluginError { _ = try style(bad) }?.problems == [
                "overlay.color: expected a colour such as \"#000000\" or \"#00000080\", got \"blak\""
            ])
    }

    @Test func aColourParameterTakesANameAndTheStylerReadsHex() throws {
        let source = """
            return { params = { tint = { default = "navy" } }, style = function(ctx)
              return { overlay = { color = ctx.params.tint } }
            end }
            """
        let p = try plugin(source)
        #expect(p.manifest.params.first?.kind == .color)
        #expect(try style(LuaStyler(plugin: p))[.overlay].color?.hex == "#000080")
        let tinted = try LuaStyler(plugin: p, params: Parameters(specs: p.manifest.params, overrides: ["tint": .string("Transparent")]))
        #expect(try style(tinted)[.overlay].color?.hex == "#00000000")
        #expect(try p.manifest.params[0].parse("white") == .color(.white))
    }
}
