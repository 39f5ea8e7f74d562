// The DocC articles of PaneKitLua and PaneKitRender, used as they show it: a rename breaks this build, and a change
// of the behaviour they describe fails the asserts.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender
import XCTest

final class ArticleUsageTests: XCTestCase {
    let configuration = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])

    func openFrames(_ stylers: [any Styler] = [MMParallaxStyler(factor: 2)], fps: Double = 30) throws -> [Frame] {
        var host = TypedPaneHost(DrawerContainer(configuration), fps: fps, stylers: [.left: stylers])
        host.perform(.open(.left))
        return try host.runUntilRest()
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    // MARK: - PaneKitLua

    /// "Loading a plugin from the app bundle": a file by path and a text with a name, as stylers of a typed host.
    func testLoadingAPlugin() throws {
        let path = Fixtures.root.appendingPathComponent("Plugins/zoom-out.lua").path
        let plugin = try PluginLoader.load(path: path)
        XCTAssertEqual(plugin.name, "zoom-out")
        let zoomOut = try LuaStyler(plugin: plugin)
        let frames = try openFrames([MMParallaxStyler(factor: 2), zoomOut])
        XCTAssertFalse(frames.flatMap(\.events).contains { $0.type == "stylerFailed" })

        let fromText = try LuaPlugin(source: "return { style = function(ctx) return {} end }", path: "downloads/blank.lua")
        XCTAssertEqual(fromText.name, "blank")
    }

    /// "The sandbox and its limits": a forbidden library, and a call past its instruction budget.
    func testTheSandboxAndItsLimits() throws {
        XCTAssertTrue(Sandbox.forbidden.contains("io") && Sandbox.libraries.contains("panekit"))
        do {
            _ = try LuaPlugin(source: "local f = io.open('x')\nreturn { style = function(ctx) return {} end }", path: "io.lua")
            XCTFail("io is reachable")
        } catch {
            XCTAssertEqual(error.file, "io.lua")
            XCTAssertEqual(error.line, 1)
            XCTAssertFalse(error.isLimitExceeded)
        }
        // The same limits apply to loading: a top level that loops forever fails instead of hanging.
        do {
            _ = try LuaPlugin(source: "while true do end", path: "spin.lua", limits: Limits(instructions: 200_000, memory: 2 << 20))
            XCTFail("an endless top level loaded")
        } catch {
            XCTAssertTrue(error.isLimitExceeded, "\(error)")
        }
    }

    /// "Reacting to a plugin error": typed at load time, an event when lenient, a typed PluginError when strict.
    func testReactingToAPluginError() throws {
        do {
            _ = try LuaPlugin(source: "return {\n  style = 42,\n}\n", path: "broken.lua")
            XCTFail("a manifest without a style function loaded")
        } catch {
            XCTAssertTrue(error.location.hasPrefix("broken.lua:"), error.location)
            XCTAssertFalse(error.problems.isEmpty)
        }

        let source = "return {\n  style = function(ctx)\n    return { pane = { alpha = ctx.missing.value } }\n  end,\n}\n"
        let plugin = try LuaPlugin(source: source, path: "failing.lua")
        var lenient = TypedPaneHost(DrawerContainer(configuration), fps: 30, stylers: [.left: [try LuaStyler(plugin: plugin)]])
        let warnings = Lines()
        lenient.onWarning = { warnings.append($0) }
        lenient.perform(.open(.left))
        var failed: [String] = []
        for event in try lenient.runUntilRest().flatMap(\.events) {
            if case .stylerFailed(let styler, let direction, let error) = event, let plugin = error as? PluginError {
                failed.append("\(styler) \(direction) \(plugin.file):\(plugin.line ?? 0)")
                XCTAssertNotNil(plugin.traceback)
            }
        }
        XCTAssertEqual(failed, ["failing left failing.lua:3"])
        XCTAssertEqual(warnings.all.count, 1)

        var strict = TypedPaneHost(DrawerContainer(configuration), fps: 30, stylers: [.left: [try LuaStyler(plugin: plugin)]])
        strict.strict = true
        strict.perform(.open(.left))
        XCTAssertThrowsError(try strict.runUntilRest()) { error in
            let pluginError = (error as? HostError)?.pluginError
            XCTAssertEqual(pluginError?.file, "failing.lua")
            XCTAssertEqual(pluginError?.line, 3)
            XCTAssertNotNil(pluginError?.traceback)
        }
    }

    /// "Hot reload": a styler from a catalog follows a changed file once the reloader has checked it, and keeps the
    /// last good version when the new one fails.
    func testHotReload() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("fade.lua")
        func version(_ alpha: String) -> String {
            "return {\n  style = function(ctx)\n    return { pane = { alpha = \(alpha) } }\n  end,\n}\n"
        }
        try version("0.25").write(to: file, atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        let fade = try catalog.registry.make("fade")
        let reloader = Reloader(catalog: catalog)
        func paneAlpha() throws -> Double {
            var host = TypedPaneHost(DrawerContainer(configuration), fps: 30, stylers: [.left: [fade]])
            host.perform(.open(.left, animated: false))
            return try XCTUnwrap(try host.step().node(.pane)).style.alpha
        }
        XCTAssertEqual(try paneAlpha(), 0.25)

        try version("ctx.nothing").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(reloader.poll(now: 1).isEmpty)  // the debounce: acted on once the contents stay the same
        let failed = reloader.poll(now: 1.25)
        XCTAssertEqual(failed.map(\.kind), [.failed])
        XCTAssertNotNil(failed.first?.error)
        XCTAssertEqual(try paneAlpha(), 0.25)

        try version("0.75").write(to: file, atomically: true, encoding: .utf8)
        _ = reloader.poll(now: 2)
        XCTAssertEqual(reloader.poll(now: 2.25).map(\.kind), [.reloaded])
        XCTAssertEqual(try paneAlpha(), 0.75)
    }

    // MARK: - PaneKitRender

    /// "Rendering frames": terminal text with its caption, SVG, and JSON Lines with the schema's fields.
    func testRenderingFrames() throws {
        let frames = try openFrames()
        let picture = ASCIIRenderer(columns: 48, rows: 14).render(frames[5])
        XCTAssertEqual(picture.split(separator: "\n").count, 14)
        XCTAssertTrue(ASCIIRenderer.caption(frames[5]).contains("opening"))
        XCTAssertTrue(ASCIIRenderer(columns: 48, rows: 14, color: .ansi256).render(frames[5]).contains("\u{1b}["))
        let svg = SVGRenderer(labels: true, shadows: true).render(frames[5])
        XCTAssertTrue(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        let jsonLines = frames.map(FrameJSON.line).joined(separator: "\n") + "\n"
        XCTAssertEqual(jsonLines.split(separator: "\n").count, frames.count)
        XCTAssertTrue(jsonLines.hasPrefix("{\"frame\":0,"))
    }

    /// "Exporting a run": a contact sheet, an animated SVG, an asciicast, CSS keyframes and a page, Lottie, a plot.
    func testExportingARun() throws {
        let frames = try openFrames()
        let sheet = ContactSheet(columns: 6, tileWidth: 160, onionSkin: true).render(frames, title: "drawer: open")
        XCTAssertTrue(sheet.contains("drawer: open"))
        XCTAssertTrue(AnimatedSVG().render(frames, fps: 30, title: "drawer: open").contains("<animate"))
        let cast = Asciicast(renderer: ASCIIRenderer(columns: 60, rows: 18)).render(frames, title: "drawer: open")
        XCTAssertTrue(cast.hasPrefix("{\"version\":2,"))
        // One event per frame, and a last one that shows the cursor again.
        XCTAssertEqual(cast.split(separator: "\n").filter { $0.hasPrefix("[") }.count, frames.count + 1)
        let css = CSSKeyframes().render(frames, fps: 30, title: "drawer: open")
        XCTAssertTrue(css.contains("@keyframes \(CSSKeyframes.name(.drawerLeft))"))
        XCTAssertTrue(CSSKeyframes().page(frames, stylesheet: "drawer.css", title: "drawer: open").contains("drawer.css"))
        let lottie = LottieWriter().render(frames, fps: 30, title: "drawer: open")
        XCTAssertTrue(lottie.json.contains("\"nm\":\"drawer.left\""))
        let channels = try CurvePlot.channels(of: MMSwingingDoorStyler(), container: .drawer(configuration), group: .left)
        XCTAssertFalse(channels.isEmpty)
        XCTAssertTrue(CurvePlot().render(title: "mm.swinging-door", notes: [], channels: channels).contains("<svg"))
    }
}

/// Lines collected from a `@Sendable` callback.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
