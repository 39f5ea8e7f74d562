// Hot reload: a good version, a broken one (the good one stays), a fixed one (swapped in).

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct ReloadTests {
    static func version(_ alpha: String) -> String {
        "return {\n  style = function(ctx)\n    return { pane = { alpha = \(alpha) } }\n  end,\n}\n"
    }

    @Test func goodThenBrokenThenFixed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fade.lua")
        try Self.version("0.25").write(to: file, atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        let reloader = Reloader(catalog: catalog, debounce: 0.2)
        let styler = try catalog.registry.make("fade")
        #expect(try style(styler)[.pane].alpha == 0.25)
        #expect(reloader.poll(now: 0).isEmpty)

        // Broken: a runtime error at the check's fractions. The good version stays.
        try Self.version("ctx.nothing").write(to: file, atomically: true, encoding: .utf8)
        #expect(reloader.poll(now: 1).isEmpty)  // first sight: wait for the debounce
        #expect(reloader.poll(now: 1.1).isEmpty)
        let failed = reloader.poll(now: 1.25)
        #expect(failed.map(\.kind) == [.failed])
        #expect(failed.first?.error?.description.hasPrefix("fade.lua:3: ctx.nothing: no such field") == true)
        #expect(failed.first?.description.contains("keeping the last good one") == true)
        #expect(try style(styler)[.pane].alpha == 0.25)
        #expect(try style(catalog.registry.make("fade"))[.pane].alpha == 0.25)

        // Broken differently: a syntax error.
        try "return {".write(to: file, atomically: true, encoding: .utf8)
        _ = reloader.poll(now: 2)
        #expect(reloader.poll(now: 2.5).first?.error?.description.hasPrefix("fade.lua:1:") == true)
        #expect(try style(styler)[.pane].alpha == 0.25)

        // Fixed: swapped in, and the styler made before takes it at its next call.
        try Self.version("0.75").write(to: file, atomically: true, encoding: .utf8)
        _ = reloader.poll(now: 3)
        #expect(reloader.poll(now: 3.3).map(\.kind) == [.reloaded])
        #expect(try style(styler)[.pane].alpha == 0.75)
        #expect(try style(catalog.registry.make("fade"))[.pane].alpha == 0.75)
        #expect(reloader.poll(now: 4).isEmpty)
    }

    @Test func aDoubleWriteLoadsOnce() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fade.lua")
        try Self.version("0.25").write(to: file, atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        let reloader = Reloader(catalog: catalog, debounce: 0.2)
        try "".write(to: file, atomically: true, encoding: .utf8)  // an editor truncates…
        #expect(reloader.poll(now: 0).isEmpty)
        try Self.version("0.5").write(to: file, atomically: true, encoding: .utf8)  // …then writes
        #expect(reloader.poll(now: 0.1).isEmpty)
        #expect(reloader.poll(now: 0.2).isEmpty)
        #expect(reloader.poll(now: 0.35).map(\.kind) == [.reloaded])
    }

    @Test func aPluginThatFailedToLoadCanBeFixedAndANewFileIsAdded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fade.lua")
        try "return 1".write(to: file, atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        #expect(catalog.failures.count == 1)
        let styler = try catalog.registry.make("fade")
        #expect(pluginError { _ = try style(styler) }?.message.contains("must return a table") == true)
        let reloader = Reloader(catalog: catalog, debounce: 0)
        try Self.version("0.5").write(to: file, atomically: true, encoding: .utf8)
        try Self.version("0.125").write(to: folder.appendingPathComponent("dim.lua"), atomically: true, encoding: .utf8)
        #expect(reloader.poll(now: 0).map(\.kind) == [.added, .reloaded])
        #expect(try style(styler)[.pane].alpha == 0.5)
        #expect(try style(catalog.registry.make("dim"))[.pane].alpha == 0.125)
    }
}
