// A plugin's error carries a public reason an app can switch on: a syntax error, a runtime error, a bad manifest,
// a bad result, a limit. Only the public API is imported, as an app would.

import PaneKit
import PaneKitLua
import Testing

@Suite struct PluginErrorReasonTests {
    /// The reason `LuaPlugin(source:path:)` fails with, or nil when the plugin loads.
    func loadReason(_ source: String, file: String = "p.lua") -> PluginError.Reason? {
        do {
            _ = try LuaPlugin(source: source, path: "/virtual/" + file)
            return nil
        } catch {
            return error.reason
        }
    }

    /// The plugin error that stops a strict run of `source` on an opening left drawer.
    func styleError(_ source: String) throws -> PluginError? {
        let styler = try LuaStyler(plugin: LuaPlugin(source: source, path: "/virtual/p.lua"))
        let config = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])
        var host = PaneHost(container: DrawerContainer(config), stylers: [.left: [styler]])
        host.strict = true
        host.perform(.open(.left))
        do {
            _ = try host.runUntilRest()
            return nil
        } catch let error as HostError {
            #expect(error.reason == .stylerFailed)
            return error.pluginError
        }
    }

    @Test func loadingTellsSyntaxFromManifestAndName() {
        #expect(loadReason("return { style = function(ctx) return {} end }") == nil)
        #expect(loadReason("return { style = function(ctx) return {} end") == .syntax)
        #expect(loadReason("return { style = 3 }") == .manifest)
        #expect(loadReason("error('no')") == .runtime)
        #expect(loadReason("return { style = function(ctx) return {} end }", file: "p.txt") == .name)
    }

    @Test func manifestBoundsArePrintedWithEveryDigitTheyNeed() {
        let source = "return { params = { k = { default = 1, min = 2, max = 1e-7 } }, style = function(ctx) return {} end }"
        #expect(throws: PluginError.self) { _ = try LuaPlugin(source: source, path: "/virtual/p.lua") }
        do {
            _ = try LuaPlugin(source: source, path: "/virtual/p.lua")
        } catch {
            // Rounded to six decimals, the bound read "above max 0".
            #expect(error.description.contains("min 2 is above max 1e-07"), "\(error)")
        }
    }

    @Test func stylingTellsARuntimeErrorFromABadResultAndALimit() throws {
        let runtime = try #require(try styleError("return { style = function(ctx) error('boom') end }"))
        #expect(runtime.reason == .runtime)
        #expect(runtime.description == "p.lua:1: boom")
        #expect(!runtime.isLimitExceeded)

        let result = try #require(try styleError("return { style = function(ctx) return { pane = { alpha = 'x' } } end }"))
        #expect(result.reason == .result)

        let loop = try #require(try styleError("return { style = function(ctx) while true do end end }"))
        #expect(loop.reason == .instructionLimit)
        #expect(loop.isLimitExceeded)
    }

    @Test func aReasonSwitchesWithADefaultAndHasAName() {
        func advice(_ reason: PluginError.Reason) -> String {
            switch reason {
            case .syntax, .runtime: "fix the code"
            case .instructionLimit, .timeLimit, .memoryLimit: "make it cheaper"
            default: "see the message"
            }
        }
        #expect(advice(.syntax) == "fix the code")
        #expect(advice(.memoryLimit) == "make it cheaper")
        #expect(advice(.manifest) == "see the message")
        #expect(PluginError.Reason.instructionLimit.description == "instructionLimit")
    }
}
