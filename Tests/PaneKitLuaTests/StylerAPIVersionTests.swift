// The styler API version and the `panekit` range a plugin declares: accepted, refused with both versions named.

import PaneKitLua
import Testing

@Suite struct StylerAPIVersionTests {
    private func plugin(range: String, version: String = "2.3.0") -> String {
        """
        return {
          version = "\(version)",
          panekit = "\(range)",
          style = function(ctx) return { pane = { alpha = 1 - ctx.open } } end,
        }
        """
    }

    @Test(arguments: [">=1.0", "^1.0", "~1.3", "1.x", "1", ">=1.0 <2", ">=1.0, <2.0.0", "*", "1.3.0", ">0.9", "<=1.3.0"])
    func acceptedRanges(range: String) throws {
        let loaded = try LuaPlugin(source: plugin(range: range), path: "wobble.lua")
        #expect(loaded.manifest.panekit?.text == range)
        #expect(StylerAPI.version == SemanticVersion(1, 3, 0))
    }

    @Test(arguments: [">=2.0", "^2", ">1.3.0", "<1", "1.4.x", "~1.2", "1.2.0"])
    func refusedRangesNameBothVersionsAndTheRange(range: String) throws {
        do {
            _ = try LuaPlugin(source: plugin(range: range), path: "wobble.lua")
            Issue.record("\(range) was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("wobble.lua:3:"), "\(text)")
            #expect(text.contains("wobble 2.3.0"), "the plugin's version: \(text)")
            #expect(text.contains("\"\(range)\""), "the range: \(text)")
            #expect(text.contains("styler API \(StylerAPI.version)"), "this PaneKit's API version: \(text)")
        }
    }

    @Test(arguments: ["", "abc", ">=1.0.0.0", ">>1", "1..2", "=>1"])
    func aRangeThatDoesNotReadIsAManifestError(range: String) throws {
        do {
            _ = try LuaPlugin(source: plugin(range: range), path: "wobble.lua")
            Issue.record("\(range) was accepted")
        } catch {
            #expect("\(error)".contains("panekit: expected a version range"), "\(error)")
        }
    }

    @Test func aPluginWithoutARangeLoadsAndVersionsOrder() throws {
        let loaded = try LuaPlugin(source: "return { style = function(ctx) return {} end }", path: "plain.lua")
        #expect(loaded.manifest.panekit == nil)
        #expect(SemanticVersion("v1.2") == SemanticVersion(1, 2, 0))
        #expect(SemanticVersion("1.10.0")! > SemanticVersion("1.9.3")!)
        #expect(SemanticVersion("1.2.3.4") == nil)
        #expect(try VersionRange("^0.2").contains(SemanticVersion(0, 2, 9)))
        #expect(try !VersionRange("^0.2").contains(SemanticVersion(0, 3, 0)))
    }
}
