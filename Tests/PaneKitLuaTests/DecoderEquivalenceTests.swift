// The one decoder (CLuaEdits) against the reference decoder of the tests: the same verdict, the same edits to the
// bit and the same messages, on hand-written results, on the gallery's results, and on thousands of random ones.

import CLuaEdits
import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitLua

/// Both decoders' readings of one result.
struct Readings {
    var edits: StyleEdits
    var problems: [String]
    var reference: StyleEdits
    var referenceProblems: [String]
}

/// Decodes the value on top of `lua`'s stack with the C decoder and with the reference.
func readBoth(_ lua: LuaState, buffers: EditBuffers, drawer: Role = .drawerLeft) -> Readings {
    var edits = StyleEdits()
    let problems = lua.decodeEdits(at: -1, drawer: drawer, buffers: buffers, into: &edits)
    var reference = StyleEdits()
    let referenceProblems = ReferenceDecoder(lua).decode(at: -1, drawer: drawer, into: &reference)
    return Readings(edits: edits, problems: problems, reference: reference, referenceProblems: referenceProblems)
}

/// Whether two readings agree: the same problems, and for a valid result the same edits.
func agree(_ r: Readings) -> Bool {
    guard r.problems == r.referenceProblems else { return false }
    guard r.problems.isEmpty else { return true }
    return Role.allCases.allSatisfy { r.edits[$0] == r.reference[$0] } && r.edits.touched == r.reference.touched
}

@Suite struct DecoderEquivalenceTests {
    /// Valid results, covering every key and form.
    static let results = [
        "{ pane = { translate = {10, 20} }, drawer = { alpha = 0.5 } }",
        "{ pane = { translate = {1, 2, 3}, scale = 0.9, rotate = 0.3, perspective = -0.002 } }",
        "{ pane = { scale = {0.5, 2}, rotate = { x = 0.1, y = -0.2, z = 0.3 } } }",
        "{ ['drawer.right'] = { scale = {1, 2, 3}, anchor = {1, 0.5}, z = 3, hidden = false } }",
        "{ drawer = { ops = { {'translate', 5, 6}, {'scale', 0.8}, {'rotate', 0.5, 0, 1, 0}, {'perspective', -0.001}, {'scale', 1, 2} } } }",
        "{ drawer = { ops = { {'rotate', 1.2}, {'translate', 1, 2, 3}, {'matrix', 1,0,0,0, 0,1,0,0, 0,0,1,0, 5,6,7,1} } } }",
        "{ drawer = { ops = {} }, pane = { alpha = 3 }, overlay = { alpha = -1, hidden = true } }",
        "{ master = { transform = {2,0,0,0, 0,2,0,0, 0,0,1,0, 10,10,0,1} }, detail = { z = -4 } }",
        "{ pane = { shadow = { radius = 4, opacity = 0.5 } }, overlay = { color = '#102030' } }",
        "{ pane = { shadow = { radius = 8, opacity = 2, offset = {1, -3}, color = '#00000080' } } }",
        "{ pane = { shadow = { 4, 0.5, '#fff' } } }",
        "{ drawer = { frame = {0, 0, 10, 10}, color = '#fA0' }, detail = { frame = { x = 1, y = 2, w = 3, h = 4 } } }",
        "{ overlay = { color = '#+12345' } }",
        "{ overlay = { color = 'Black' }, pane = { shadow = { radius = 1, opacity = 1, color = 'rebeccapurple' } } }",
        "{ pane = { cornerRadius = 12 }, drawer = { cornerRadius = {0, 20, 20, 0} } }",
        "{}",
    ]

    /// Invalid results: both decoders must give the same messages.
    static let invalid = [
        "{ pane = { shadow = { radius = 4 } } }",
        "{ pane = { cornerRadius = -3 }, drawer = { cornerRadius = {1, -2, 'x'} } }",
        "{ pane = { shadow = { radius = -1, opacity = 1 } } }",
        "{ pane = { shadow = { radius = 1, [1] = 2, opacity = 1 } } }",
        "{ overlay = { color = 'blak' } }",
        "{ overlay = { color = '#12345' } }",
        "{ drawer = { frame = {0, 0, -10, 10.5} } }",
        "{ drawer = { frame = { x = 0, y = 0, w = 10 } } }",
        "{ pane = { translate = {1} } }",
        "{ pane = { translate = {1, 0/0} } }",
        "{ pane = { scale = 1/0 } }",
        "{ pane = { alpha = 'high' } }",
        "{ pane = { z = 1.5 } }",
        "{ pane = { z = 0.0000125 } }",
        "{ drawer = { alpha = 1 }, ['drawer.left'] = { alpha = 1 } }",
        "{ paine = { alpha = 1 } }",
        "{ pane = { alpah = 1, [3] = 1, [true] = 2 } }",
        "{ pane = { ops = { {'spin', 1}, {'rotate', 1, 2}, 7, x = 1 } } }",
        "{ pane = { ops = { {'translate', 1, 2} }, scale = 2 } }",
        "{ pane = { transform = {1, 2, 3} } }",
        "{ pane = { transform = {1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1}, scale = 2 } }",
        "{ pane = { rotate = { w = 1 } } }",
        "{ pane = { translate = { x = 1, y = 2 } } }",
        "{ pane = { ops = { [2] = {'scale', 1} } } }",
        "{ [1] = { alpha = 1 }, [1.5] = {}, pane = 3 }",
        "{ [string.rep('p', 300)] = {}, pane = { [string.rep('q', 400) .. '\\1'] = 1 } }",
        "7",
        "nil",
    ]

    @Test(arguments: results + invalid)
    func bothDecodersAgree(_ source: String) throws {
        let lua = try LuaState()
        try lua.run("return " + source, chunk: "=result.lua")
        let r = readBoth(lua, buffers: EditBuffers())
        #expect(agree(r), "\(source)\n  C: \(r.problems)\n  reference: \(r.referenceProblems)")
        #expect(r.problems.isEmpty == Self.results.contains(source))
    }

    @Test func galleryResultsAgreeAcrossFractionsAndDirections() throws {
        let catalog = try PluginCatalog(folder: packageRoot.appendingPathComponent("Plugins").path)
        #expect(catalog.plugins.count >= 8)
        let buffers = EditBuffers()
        for plugin in catalog.plugins {
            let lua = try LuaState()
            let params = plugin.manifest.params.map { "\($0.name) = \(Self.lua($0.defaultValue))" }.joined(separator: ", ")
            for direction in plugin.manifest.directions {
                for step in 0...24 {
                    let closed = -0.1 + 1.2 * Double(step) / 24
                    let drawer = Role.drawer(direction)
                    let call = """
                        local plugin = (function() \(plugin.source) end)()
                        return plugin.style({ closed = \(closed), open = \(1 - closed), direction = "\(direction.rawValue)",
                          reveal = 280, size = { w = 375, h = 667 }, time = 0, velocity = 0, reducedMotion = false,
                          state = "opening", container = "drawer", params = { \(params) },
                          frames = { pane = { x = 0, y = 0, w = 375, h = 667 }, ["\(drawer.rawValue)"] = { x = 0, y = 0, w = 280, h = 667 },
                                     drawer = { x = 0, y = 0, w = 280, h = 667 } } })
                        """
                    try lua.run(call, chunk: "=" + plugin.file)
                    let r = readBoth(lua, buffers: buffers, drawer: drawer)
                    #expect(r.problems.isEmpty, "\(plugin.name): \(r.problems)")
                    #expect(agree(r), "\(plugin.name) \(direction) closed \(closed)")
                    lua.settop(0)
                }
            }
        }
    }

    static func lua(_ value: ParamValue) -> String {
        switch value {
        case .number(let n): "\(n)"
        case .bool(let b): "\(b)"
        case .color(let c): "\"\(c.hex)\""
        case .string(let s): "\"\(s)\""
        }
    }
}
