// Lua stylers in scenarios: mixed with built-ins on one direction, and a hostile one in a render.

import Foundation
import PaneKit
import PaneKitScenario
@testable import PaneKitLua
import Testing

@Suite struct ScenarioTests {
    /// A catalog of inline plugins written to a temporary folder.
    static func catalog(_ plugins: [String: String]) throws -> (PluginCatalog, URL) {
        let folder = try temporaryFolder()
        for (name, source) in plugins {
            try source.write(to: folder.appendingPathComponent(name + ".lua"), atomically: true, encoding: .utf8)
        }
        return (try PluginCatalog(folder: folder.path), folder)
    }

    @Test func builtinAndLuaStylersMixOnOneDirection() throws {
        let (catalog, folder) = try Self.catalog([
            "nudge": """
            return { params = { dy = { default = 10 } },
              style = function(ctx) return { drawer = { translate = { 0, ctx.params.dy }, alpha = 0.5 } } end }
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = """
            { "size": [375, 667], "fps": 30, "container": { "type": "drawer", "left": { "width": 280 } },
              "stylers": { "left": ["mm.parallax", { "name": "nudge", "params": { "dy": 7 } }, "scrim"] },
              "timeline": [{ "at": 0, "action": "open", "direction": "left" }] }
            """
        let scenario = try ScenarioLoader.load(json, file: "mixed.json", registry: catalog.registry)
        let frames = try scenario.run(registry: catalog.registry)
        #expect(frames.allSatisfy { $0.events.allSatisfy { $0.name != .stylerFailed } })
        let parallax = MMParallaxStyler(factor: 2)
        var checked = 0
        for frame in frames {
            guard let closed = frame.fractions[.left], closed < 1, let drawer = frame.node(.drawerLeft) else { continue }
            var edits = StyleEdits()
            try parallax.style(StyleContext(direction: .left, closed: closed, reveal: 280, size: frame.size), into: &edits)
            let expected = (edits[.drawerLeft].transform ?? .identity).concatenating(.translation(x: 0, y: 7))
            #expect(drawer.style.transform == expected, "frame \(frame.index)")
            #expect(drawer.style.alpha == 0.5)
            #expect(frame.node(.overlay)?.style.hidden == false)
            checked += 1
        }
        #expect(checked > 5)
    }

    @Test func aHostileStylerLeavesTheRunFinishedWithAWarning() throws {
        let (catalog, folder) = try Self.catalog([
            "hostile": "return {\n  style = function(ctx)\n    while true do end\n  end,\n}\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = """
            { "size": [375, 667], "fps": 30, "container": { "type": "drawer", "left": { "width": 280 } },
              "stylers": { "left": ["hostile", "mm.slide-and-scale"] },
              "timeline": [{ "at": 0, "action": "open", "direction": "left" }, { "at": 0.5, "action": "close" }] }
            """
        let scenario = try ScenarioLoader.load(json, file: "hostile.json", registry: catalog.registry)
        let warnings = Warnings()
        let frames = try scenario.run(registry: catalog.registry) { warnings.append($0) }
        #expect(frames.last?.state == .closed)
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.contains("styler hostile failed") == true)
        #expect(warnings.lines.first?.contains("hostile.lua:3: instruction limit exceeded") == true)
        #expect(frames.flatMap(\.events).filter { $0.type == "stylerFailed" }.count == 1)
        #expect(throws: HostError.self) { _ = try scenario.run(registry: catalog.registry, strict: true) }
    }

    @Test func everyGalleryPluginPassesTheCheckAndAppearsInAnExample() throws {
        let catalog = try PluginCatalog(folder: packageRoot.appendingPathComponent("Plugins").path)
        #expect(catalog.failures.isEmpty && catalog.refused.isEmpty)
        #expect(catalog.plugins.count >= 8)
        let examples = try FileManager.default.contentsOfDirectory(
            at: packageRoot.appendingPathComponent("Examples"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "json" }
        var used: Set<String> = []
        for url in examples {
            let scenario = try ScenarioLoader.load(
                String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent,
                registry: catalog.registry)
            for references in scenario.stylers.values { used.formUnion(references.map(\.name)) }
            let frames = try scenario.run(registry: catalog.registry, strict: true)
            #expect(!frames.isEmpty, "\(url.lastPathComponent)")
        }
        for plugin in catalog.plugins {
            #expect(PluginCheck.run(plugin).map(\.description) == [], "\(plugin.name)")
            #expect(used.contains(plugin.name), "\(plugin.name) is in no example")
            #expect(!plugin.manifest.description.isEmpty && plugin.manifest.params.allSatisfy { !$0.doc.isEmpty })
        }
    }

    @Test func theStarterPluginPassesTheCheck() throws {
        let starter = try plugin(PluginTemplate.source(name: "wobble"), file: "wobble.lua")
        #expect(PluginCheck.run(starter).map(\.description) == [])
        #expect(starter.manifest.params.map(\.name) == ["fade", "lag"])
    }
}
