// Right to left in Lua: ctx.leading, and every gallery plugin's rtl run is the mirror image of its ltr run.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitScenario
@testable import PaneKitLua

@Suite struct RightToLeftPluginTests {
    @Test func ctxLeadingIsTrueForTheLeadingSideInBothLayouts() throws {
        let s = try styler("return { style = function(ctx) return { pane = { z = ctx.leading and 7 or 3 } } end }")
        for layout in LayoutDirection.allCases {
            for side in [Direction.left, .right] {
                var config = DrawerConfiguration(size: Size(width: 375, height: 667))
                config.layoutDirection = layout
                var host = PaneHost(container: DrawerContainer(config), stylers: [StylerGroup(side): [s]])
                host.perform(.open(side, animated: false))
                let z = try host.runUntilRest().last?.node(.pane)?.style.z
                #expect(z == (side == layout.leading ? 7 : 3), "\(layout) \(side)")
            }
        }
    }

    @Test func theStubsAndTheFieldListNameIt() throws {
        #expect(LuaContext.fieldNames.contains("leading"))
        #expect(LuaContext.fieldNames == LuaContext.fieldNames.sorted())
        let written = try String(contentsOf: packageRoot.appendingPathComponent("Plugins/panekit.d.lua"), encoding: .utf8)
        #expect(written.contains("---@field leading boolean") && LuaStubs.source.contains("---@field leading boolean"))
    }

    @Test func everyGalleryPluginMirrorsUnderRtl() throws {
        let catalog = try PluginCatalog(folder: packageRoot.appendingPathComponent("Plugins").path)
        #expect(catalog.plugins.count >= 8)
        // zoom is DESIGN §9's example kept as written: it shifts the pane to the right for either drawer.
        let asWritten: Set = ["zoom"]
        for plugin in catalog.plugins where !asWritten.contains(plugin.name) {
            let scenario = MirrorScenario(
                "plugin \(plugin.name)", size: Size(width: 320, height: 568), type: "drawer",
                container:
                    "\"leading\": {\"width\": 260}, \"trailing\": {\"width\": 200}, \"openGestures\": [\"all\"], \"closeGestures\": [\"all\"]",
                stylers: "\"leading\": [\"\(plugin.name)\"], \"trailing\": [\"\(plugin.name)\"]",
                timeline: [
                    .action(0.1, "\"action\": \"open\", \"direction\": \"leading\""),
                    .action(0.8, "\"action\": \"close\""),
                    .pan(1.4, [(5, 300), (150, 300), (310, 302)], duration: 0.4),
                    .tap(2.4, (300, 300)),
                    .action(3.0, "\"action\": \"toggle\", \"direction\": \"trailing\""),
                    .pan(3.8, [(60, 300), (250, 300)], duration: 0.2),
                ])
            func run(_ layout: LayoutDirection) throws -> [Frame] {
                try ScenarioLoader.load(scenario.text(layout), file: "\(plugin.name).json", registry: catalog.registry)
                    .run(registry: catalog.registry, strict: true)
            }
            let ltr = try run(.ltr), rtl = try run(.rtl)
            #expect(ltr.count > 60)
            #expect(mirrorMismatches(ltr: ltr, rtl: rtl) == [], "\(plugin.name)")
        }
    }
}
