// The C fast path and the Swift decoder read every result the same way, to the bit.

import CLuaEdits
import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitLua

@Suite struct FastDecoderTests {
    /// Results that both decoders accept, covering every key and form the fast path reads.
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
        "{ drawer = { frame = {0, 0, 10, 10}, color = '#fA0' }, detail = { frame = { x = 1, y = 2, w = 3, h = 4 } } }",
        "{}",
    ]

    /// Results the fast path leaves to the Swift decoder (it must give up, not guess).
    static let declined = [
        "{ pane = { shadow = { 4, 0.5 } } }",
        "{ pane = { shadow = { radius = 4 } } }",
        "{ pane = { shadow = { radius = -1, opacity = 1 } } }",
        "{ overlay = { color = 'black' } }",
        "{ overlay = { color = '#12345' } }",
        "{ drawer = { frame = {0, 0, -10, 10} } }",
        "{ drawer = { frame = { x = 0, y = 0, w = 10 } } }",
        "{ pane = { translate = {1} } }",
        "{ pane = { translate = {1, 0/0} } }",
        "{ pane = { scale = 1/0 } }",
        "{ pane = { alpha = 'high' } }",
        "{ pane = { z = 1.5 } }",
        "{ drawer = { alpha = 1 }, ['drawer.left'] = { alpha = 1 } }",
        "{ paine = { alpha = 1 } }",
        "{ pane = { ops = { {'spin', 1} } } }",
        "{ pane = { ops = { {'translate', 1, 2} }, scale = 2 } }",
        "{ pane = { transform = {1, 2, 3} } }",
        "{ pane = { rotate = { w = 1 } } }",
        "{ pane = { translate = { x = 1, y = 2 } } }",
        "{ pane = { ops = { [2] = {'scale', 1} } } }",
        "{ [1] = { alpha = 1 } }",
        "7",
    ]

    func decodeBoth(_ source: String) throws -> (fast: StyleEdits?, slow: StyleEdits, problems: [String]) {
        let lua = try LuaState()
        try lua.run("return " + source, chunk: "=result.lua")
        let buffer = UnsafeMutablePointer<pk_edits>.allocate(capacity: 1)
        defer { buffer.deallocate() }
        var fast = StyleEdits()
        let took = lua.decodeEdits(at: -1, drawer: .drawerLeft, buffer: buffer, into: &fast)
        var slow = StyleEdits()
        let problems = EditDecoder(lua).decode(at: -1, drawer: .drawerLeft, into: &slow)
        return (took ? fast : nil, slow, problems)
    }

    @Test(arguments: results)
    func bothDecodersAgree(_ source: String) throws {
        let (fast, slow, problems) = try decodeBoth(source)
        #expect(problems.isEmpty, "\(problems)")
        let read = try #require(fast, "the fast path declined \(source)")
        for role in Role.allCases {
            #expect(read[role] == slow[role], "\(role.rawValue) in \(source)")
        }
        #expect(read.touched == slow.touched)
    }

    @Test(arguments: declined)
    func fastPathDeclinesWhatOnlySwiftReads(_ source: String) throws {
        let (fast, _, _) = try decodeBoth(source)
        #expect(fast == nil, "the fast path accepted \(source)")
    }

    @Test func galleryResultsAgreeAcrossFractionsAndDirections() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Plugins").path
        let catalog = try PluginCatalog(folder: folder)
        #expect(catalog.plugins.count >= 8)
        for plugin in catalog.plugins {
            let fast = try LuaStyler(plugin: plugin)
            let slow = try LuaStyler(plugin: plugin)
            slow.decodeInSwiftOnly()
            for direction in plugin.manifest.directions {
                for step in 0...24 {
                    let closed = -0.1 + 1.2 * Double(step) / 24
                    var context = StyleContext(direction: direction, closed: closed, reveal: 280, size: Size(width: 375, height: 667))
                    context.frames[Role.pane.index] = Rect(x: 0, y: 0, width: 375, height: 667)
                    context.frames[Role.drawer(direction).index] = Rect(x: 0, y: 0, width: 280, height: 667)
                    var a = StyleEdits(), b = StyleEdits()
                    try fast.style(context, into: &a)
                    try slow.style(context, into: &b)
                    for role in Role.allCases {
                        #expect(a[role] == b[role], "\(plugin.name) \(direction) closed \(closed): \(role.rawValue)")
                    }
                }
            }
        }
    }
}
