// The public API used exactly as the README and the DocC articles show it, so a rename breaks this build (and a
// change of behaviour they describe fails the asserts).

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import PaneKitRender
import XCTest

final class PublicAPIUsageTests: XCTestCase {
    /// README, "Embedding in your app": a closure styler, a built-in, a Lua plugin from text, a scheduled run.
    func testTheReadmeEmbeddingExample() throws {
        let tilt = ClosureStyler(name: "demo.tilt") { context, edits in
            let open = min(max(context.open, 0), 1)
            edits[.pane].transform = Transform3D.scale(1 - 0.1 * open)
                .concatenating(.rotation(angle: -0.05 * open, x: 0, y: 0, z: 1))
            edits[context.drawer].alpha = 0.4 + 0.6 * open
        }
        var stylers: [any Styler] = [MMParallaxStyler(factor: 2), tilt]
        let edgeShadow = """
            return {
              description = "a shadow along the drawer's edge that deepens as it opens",
              params = { depth = { default = 12, min = 0, max = 40, doc = "shadow radius when fully open" } },
              style = function(ctx)
                local open = panekit.clamp(ctx.open, 0, 1)
                return { drawer = { shadow = { radius = ctx.params.depth * open, opacity = 0.6 * open } } }
              end,
            }
            """
        let plugin = try LuaPlugin(source: edgeShadow, path: "edge-shadow.lua")
        stylers.append(try LuaStyler(plugin: plugin))

        let container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280]))
        var host = TypedPaneHost(container, fps: 12, stylers: [.left: stylers])
        host.schedule(.open(.left), at: 0)
        host.schedule(.close(), at: 0.8)
        host.schedule(.bounce(.left), at: 1.4)
        let renderer = ASCIIRenderer(columns: 48, rows: 14)
        let frames = try host.runUntilRest()
        XCTAssertGreaterThan(frames.count, 12)
        for frame in frames {
            XCTAssertFalse(ASCIIRenderer.caption(frame).isEmpty)
            XCTAssertEqual(renderer.render(frame).split(separator: "\n").count, 14)
        }
        let open = try XCTUnwrap(frames.first { $0.fractions[.left] == 0 })
        XCTAssertEqual(try XCTUnwrap(open.node(.drawerLeft)).style.shadow?.radius, 12)
        XCTAssertEqual(try XCTUnwrap(open.node(.drawerLeft)).style.alpha, 1, accuracy: 1e-9)
        XCTAssertEqual(frames.last?.fractions[.left], 1)
    }

    /// README and "Embedding in an app": a driver stepping at display timestamps and forwarding touches.
    func testTheDisplayLinkDriver() throws {
        final class DrawerDriver {
            var host: TypedPaneHost<DrawerContainer>
            var applied: [Role: Node] = [:]
            init(host: TypedPaneHost<DrawerContainer>) { self.host = host }

            func tick(timestamp: Double) {
                guard let frame = try? host.step(at: timestamp) else { return }
                for node in frame.nodes { applied[node.role] = node }
            }

            func touch(_ phase: TouchPhase, x: Double, y: Double, timestamp: Double) {
                host.touch(phase, Point(x: x, y: y), at: timestamp)
            }

            func open() { host.perform(DrawerAction.open(.left).timed(.spring(.swiftUI(response: 0.5, dampingFraction: 0.825)))) }
        }
        let configuration = DrawerConfiguration(size: Size(width: 390, height: 844), widths: [.left: 280])
        let driver = DrawerDriver(
            host: TypedPaneHost(
                DrawerContainer(configuration), fps: 60,
                stylers: [.left: [MMParallaxStyler(factor: 2), ScrimStyler(color: .black, maxAlpha: 0.5)]]))
        driver.tick(timestamp: 100)
        driver.open()
        // Irregular timestamps, as a display link that drops frames gives them.
        var paneX: [Double] = []
        for t in [100.016, 100.05, 100.2, 100.21, 100.6, 101.5, 103] {
            driver.tick(timestamp: t)
            paneX.append(try XCTUnwrap(driver.applied[.pane]).frame.x)
        }
        XCTAssertTrue(driver.host.isAtRest)
        XCTAssertTrue(paneX.contains { $0 > 1 && $0 < 279 }, "no frame on the way: \(paneX)")
        XCTAssertEqual(paneX.last ?? 0, 280, accuracy: 1e-6)
        _ = driver.touch  // the touch path is exercised by the gesture tests; here it must only compile
    }

    /// "Embedding in an app", Send actions: a typed host takes its container's actions and returns the container.
    func testSendingTypedActions() throws {
        let configuration = DrawerConfiguration(size: Size(width: 390, height: 844), widths: [.left: 280])
        var host = TypedPaneHost(
            DrawerContainer(configuration), fps: 60,
            stylers: [.left: [MMParallaxStyler(factor: 2), ScrimStyler(color: .black, maxAlpha: 0.5)]])
        host.perform(.open(.left))
        let frames = try host.runUntilRest()
        XCTAssertEqual(host.container.openSide, .left)
        XCTAssertEqual(frames.last?.fractions[.left], 0)
        host.perform(DrawerAction.close().timed(.spring(.swiftUI(response: 0.5, dampingFraction: 0.825))))
        _ = try host.runUntilRest()
        XCTAssertNil(host.container.openSide)

        // A host from a scenario is untyped; wrapped once its container type is known, it runs the same frames.
        let scenario = try ScenarioLoader.load(
            #"{"size": [390, 844], "container": {"type": "drawer", "left": {"width": 280}}, "timeline": []}"#,
            file: "inline.json")
        var wrapped = try XCTUnwrap(TypedPaneHost<DrawerContainer>(try scenario.makeHost()))
        XCTAssertNil(TypedPaneHost<SplitContainer>(try scenario.makeHost()))
        wrapped.perform(.toggle(.left))
        XCTAssertEqual(try wrapped.runUntilRest().last?.fractions[.left], 0)
    }

    /// "Gestures": the masks allow a pan from the bezel, and the pan opens the drawer.
    func testTheGesturesArticle() throws {
        var configuration = DrawerConfiguration(size: Size(width: 390, height: 844), widths: [.left: 280])
        configuration.openGestures = [.bezelPanningCenterView, .panningCenterView]
        configuration.closeGestures = [.panningCenterView, .tapCenterView, .panningDrawerView]
        var host = PaneHost(container: DrawerContainer(configuration), fps: 60)
        _ = try host.step(at: 10)
        for (i, x) in [5.0, 60, 140, 220, 260].enumerated() {
            host.touch(i == 0 ? .began : i == 4 ? .ended : .moved, Point(x: x, y: 400), at: 10 + 0.016 * Double(i + 1))
        }
        var frames: [Frame] = []
        var t = 10.0
        repeat {
            t += 1.0 / 60
            frames.append(try host.step(at: t))
        } while !host.isAtRest && t < 15
        XCTAssertEqual(frames.last?.fractions[.left], 0, "the pan did not open the drawer")
        XCTAssertFalse(frames.flatMap(\.events).contains { $0.type == "actionIgnored" })
    }

    /// "Embedding in an app": a node applied to a layer-like value, with the anchor set before the position.
    func testApplyingANodeToALayer() throws {
        struct Layer {
            var isHidden = false, opacity: Float = 1, zPosition = 0.0
            var anchorPoint = (x: 0.5, y: 0.5), bounds = Rect.zero, position = Point.zero
            var transform = Transform3D.identity, shadowOpacity: Float = 0, shadowRadius = 0.0
        }
        func apply(_ node: Node, to layer: inout Layer) {
            let s = node.style, f = node.frame
            layer.isHidden = s.hidden
            layer.opacity = Float(s.alpha)
            layer.zPosition = Double(s.z)
            layer.anchorPoint = (s.anchor.x, s.anchor.y)
            layer.bounds = Rect(x: 0, y: 0, width: f.width, height: f.height)
            layer.position = Point(x: f.x + s.anchor.x * f.width, y: f.y + s.anchor.y * f.height)
            let m = s.transform
            layer.transform = Transform3D(
                m11: m.m11, m12: m.m12, m13: m.m13, m14: m.m14, m21: m.m21, m22: m.m22, m23: m.m23, m24: m.m24,
                m31: m.m31, m32: m.m32, m33: m.m33, m34: m.m34, m41: m.m41, m42: m.m42, m43: m.m43, m44: m.m44)
            layer.shadowOpacity = Float(s.shadow?.opacity ?? 0)
            if let shadow = s.shadow { layer.shadowRadius = shadow.radius }
        }
        let container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280]))
        var host = PaneHost(container: container, fps: 30, stylers: [.left: [MMSwingingDoorStyler()]])
        host.perform(.open(.left))
        let frames = try host.runUntilRest()
        let middle = frames[frames.count / 2]
        var layer = Layer()
        let drawer = try XCTUnwrap(middle.node(.drawerLeft))
        apply(drawer, to: &layer)
        XCTAssertEqual(layer.position.x, drawer.pivot.x)
        XCTAssertEqual(layer.transform, drawer.style.transform)
    }

    /// "Embedding in an app": a plugin loaded by path, and a baked styler read from its file.
    func testAPluginFromAFileAndABakedStyler() throws {
        let path = Fixtures.root.appendingPathComponent("Plugins/zoom-out.lua").path
        let plugin = try PluginLoader.load(path: path)
        let zoomOut = try LuaStyler(plugin: plugin)
        let container = DrawerContainer(DrawerConfiguration(size: Size(width: 390, height: 844), widths: [.left: 280]))
        var live = PaneHost(container: container, fps: 60, stylers: [.left: [zoomOut]])
        live.perform(.open(.left))
        let liveFrames = try live.runUntilRest()

        let baked = try StylerBaker.bake(
            zoomOut, name: "zoom-out",
            origin: BakeOrigin(styler: "zoom-out", params: [:], container: .drawer, size: container.size),
            container: .drawer(container.configuration), groups: [.left])
        let text = BakeFile.text(baked.styler, bound: BakeBound(), difference: baked.difference)
        let zoomOutBaked = try BakeFile.read(text, file: "zoom-out.bake.json", name: "zoom-out")
        var host = PaneHost(container: container, fps: 60, stylers: [.left: [zoomOutBaked]])
        host.perform(.open(.left))
        let frames = try host.runUntilRest()
        XCTAssertEqual(frames.count, liveFrames.count)
        XCTAssertTrue(frames.allSatisfy { $0.events.allSatisfy { $0.type != "stylerFailed" } })
    }

    /// "Embedding in an app", React to events: a failing styler shows as an event with its details.
    func testReadingEvents() throws {
        let failing = ClosureStyler(name: "demo.failing") { _, _ in throw StylerError(styler: "demo.failing", message: "no") }
        let container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280]))
        var host = PaneHost(container: container, fps: 30, stylers: [.left: [failing]])
        host.perform(.open(.left))
        var failures: [String] = [], opened: [Direction] = [], ignored: [String] = [], focus: [Role?] = []
        host.perform(.bounce(.left))
        for frame in try host.runUntilRest() {
            for event in frame.events {
                if case .didOpen(let direction)? = event.as(DrawerEvent.self) { opened.append(direction) }
                switch event {
                case .stylerFailed(let styler, let group, let error):
                    failures.append("\(styler) \(group): \(error)")
                    XCTAssertEqual((error as? StylerError)?.message, "no")
                case .actionIgnored(let action, _, _):
                    ignored.append(action)
                    XCTAssertEqual(event.type, "actionIgnored")
                case .focusChanged(let role):
                    focus.append(role)
                default:
                    break
                }
            }
        }
        XCTAssertEqual(failures, ["demo.failing left: \(StylerError(styler: "demo.failing", message: "no"))"])
        XCTAssertEqual(opened, [.left])
        XCTAssertEqual(ignored, ["bounce"])
        XCTAssertEqual(focus, [.drawerLeft])
    }

    /// PaneKitRender's overview: the three ways to put a frame out.
    func testTheRenderOverview() throws {
        let container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280]))
        var host = PaneHost(container: container, fps: 30, stylers: [.left: [MMParallaxStyler(factor: 2)]])
        host.perform(.open(.left))
        let frames = try host.runUntilRest()
        XCTAssertTrue(ASCIIRenderer(columns: 48, rows: 14).render(frames[5]).contains("|"))
        XCTAssertTrue(SVGRenderer().render(frames[5]).contains("<svg"))
        let lines = frames.map(FrameJSON.line).joined(separator: "\n")
        XCTAssertEqual(lines.split(separator: "\n").count, frames.count)
    }

    /// "Writing a styler": a styler type whose parameter is a typed key, registered and made with an override, and
    /// the per-role tables it reads and writes.
    func testAStylerWithATypedParameter() throws {
        var registry = StylerRegistry()
        try registry.register(Fold.entry)
        let plain = try XCTUnwrap(registry.make("demo.fold") as? Fold)
        let deeper = try XCTUnwrap(registry.make("demo.fold", params: ["depth": .number(1.2)]) as? Fold)
        XCTAssertEqual(plain.depth, 0.6)
        XCTAssertEqual(deeper.depth, 1.2)
        XCTAssertEqual(try Parameters(specs: Fold.entry.params)[Fold.depth], 0.6)
        XCTAssertEqual(try Parameters(specs: [MMParallaxStyler.factor.spec])[MMParallaxStyler.factor], 2)

        var context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 375, height: 667))
        context.frames[.drawerLeft] = Rect(x: 0, y: 0, width: 280, height: 667)
        var edits = StyleEdits()
        try deeper.style(context, into: &edits)
        XCTAssertEqual(edits[.drawerLeft].anchor, Point(x: 1, y: 0.5))
        XCTAssertEqual(Role.allCases.filter { !edits[$0].isEmpty }, [.drawerLeft])
    }
}

/// The styler type of "Writing a styler".
private struct Fold: Styler {
    let name = "demo.fold"
    var depth: Double  // radians at fully closed

    func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let open = min(max(context.open, 0), 1)
        edits[context.drawer].transform = Transform3D.perspective(-1 / 800)
            .concatenating(.rotation(angle: depth * (1 - open), x: 0, y: 1, z: 0))
        edits[context.drawer].anchor = Point(x: context.direction == .left ? 1 : 0, y: 0.5)
    }
}

extension Fold {
    static let depth = ParamKey.number("depth", 0.6, min: 0, max: 1.5, doc: "the fold at fully closed, in radians")
    static let entry = StylerEntry(
        name: "demo.fold", description: "The drawer folds open on the pane's edge", params: [depth.spec]
    ) { parameters in Fold(depth: parameters[depth]) }
}
