// The pager through every tool of the open core: scenario loading and its errors, JSON and SVG, `sample` and
// `plot` against the offset, `check`, `test --record` and `test`, `bake`, the studio's payload and the demo, with a
// Lua styler reading `ctx.offset`, `ctx.page` and `ctx.pages`.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitLua
@testable import PaneKitRender
@testable import PaneKitScenario
@testable import PaneKitStudio
@testable import panekit

@Suite struct PagerFamilyTests {
    /// A page styler: pages fade by their distance from the centre and sink by their index's parity.
    static let tilt = """
        return {
          version = "1.0.0",
          description = "Pages fade with their offset and turn a little",
          containers = { "pager" },
          tests = {
            { container = "pager", closed = 0, expect = { drawer = { alpha = 1 } } },
          },
          style = function(ctx)
            local o = ctx.offset
            return { page = { alpha = 1 - 0.5 * math.min(math.abs(o), 1), scale = 1 - 0.1 * math.abs(o) + ctx.page / ctx.pages / 100 } }
          end,
        }
        """

    static func scenario(_ layout: LayoutDirection = .ltr) -> String {
        """
        {"name": "pager", "size": [360, 640], "fps": 30,
         "container": {"type": "pager", "behavior": "swiper", "pages": ["home", "search", "profile", "settings"],
                       "initialPage": 1, "layoutDirection": "\(layout.rawValue)"},
         "stylers": {"pages": ["tilt"]},
         "timeline": [{"at": 0.1, "action": "pan", "points": [[\(layout == .rtl ? 60 : 300), 300], [\(layout == .rtl ? 200 : 160), 300]], "duration": 0.1},
                      {"at": 1.0, "action": "setPage", "page": 0, "animated": true}],
         "appearance": {"page": {"content": "list"}, "page.0": {"content": "player"}}}
        """
    }

    static func withPlugins<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-pager-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try tilt.write(toFile: folder + "/tilt.lua", atomically: true, encoding: .utf8)
        return try body(folder)
    }

    static func frames(_ layout: LayoutDirection, plugins folder: String) throws -> (Scenario, [Frame]) {
        let catalog = try PluginCatalog(folder: folder)
        let scenario = try ScenarioLoader.load(scenario(layout), file: "pager.json", registry: catalog.registry)
        return (scenario, try scenario.run(registry: catalog.registry, strict: true))
    }

    @Test func aScenarioRunsItsPagesEventsFieldsAndLooks() throws {
        try Self.withPlugins { folder in
            let (scenario, frames) = try Self.frames(.ltr, plugins: folder)
            let pager = try #require(scenario.container.configuration(as: PagerConfiguration.self))
            #expect(pager.pages == 4 && pager.names == ["home", "search", "profile", "settings"] && pager.behavior == .swiper)
            let events = frames.flatMap(\.events).compactMap { $0.as(PagerEvent.self) }
            #expect(events == [.pageWillChange(page: 2), .pageDidChange(page: 2), .pageWillChange(page: 0), .pageDidChange(page: 0)])
            #expect(frames.first?.page == 1 && frames.first?.pageOffset == 1 && frames.last?.page == 0)
            // The styler saw ctx.offset, ctx.page and ctx.pages: at rest the current page is opaque, its neighbours half.
            let first = try #require(frames.first)
            #expect(first.node(Role.page.member(1))?.style.alpha == 1 && first.node(Role.page.member(2))?.style.alpha == 0.5)
            // Appearance: the group's look is every page's, a page's own look wins.
            #expect(scenario.appearance[Role.page.member(0)]?.content == .player)
            #expect(scenario.appearance[Role.page.member(3)]?.content == .list)

            var writer: any FrameWriter = FrameJSON.Writer()
            var bytes: [UInt8] = []
            try writer.begin(FrameRun(title: scenario.name, fps: scenario.fps), into: &bytes)
            for frame in frames { try writer.write(frame, into: &bytes) }
            try writer.end(into: &bytes)
            let json = String(decoding: bytes, as: UTF8.self)
            #expect(json.contains("\"container\":\"pager\",\"state\":\"idle\",\"page\":1,\"offset\":1"))
            #expect(json.contains("\"type\":\"pageDidChange\",\"page\":\"2\"") || json.contains("\"type\":\"pageDidChange\",\"page\":2"))
            #expect(SVGRenderer().render(first).contains("page.2"))
        }
    }

    @Test func sampleCheckAndBakePoseAPageAtItsOffset() throws {
        try Self.withPlugins { folder in
            let styler = try LuaStyler(plugin: try PluginLoader.load(path: folder + "/tilt.lua"))
            let descriptor = try #require(ContainerRegistry.descriptor(named: "pager"))
            #expect(descriptor.poseAxis.range == -2...2)
            let (spec, _) = try #require(descriptor.posedSpec(size: Size(width: 360, height: 640), group: .pages, reveal: nil))
            // sample: the middle page alone at offsets −1, 0 and 0.5.
            let samples = try Sampler.sample(styler, container: spec, group: .pages, fractions: [-1, 0, 0.5])
            #expect(samples.map { $0.nodes.filter { $0.role.group == Role.page }.count } == [1, 1, 1])
            let alphas = samples.map { $0.nodes.first { $0.role == Role.page.member(2) }?.style.alpha }
            #expect(alphas == [0.5, 1, 0.75])
            // plot's channels against the offset: the built-in cube-out turns 90° per page.
            let cube = PageTransformerStyler(.cubeOut)
            let channels = try CurvePlot.channels(of: cube, container: spec, group: .pages, fractions: [-1, 0, 0.5, 1])
            #expect(
                channels.contains { $0.name.hasPrefix("rotate y") && $0.values.map { ($0 * 1e6).rounded() / 1e6 } == [-90, 0, 45, 90] })
            // check: every pose of the pager, no problem.
            #expect(PluginCheck.run(try PluginLoader.load(path: folder + "/tilt.lua")).isEmpty)
            // bake: one track for the pages, within the bound of the live styler.
            let origin = BakeOrigin(styler: "tilt", params: [:], container: PagerConfiguration.kind, size: spec.size)
            let (baked, difference) = try StylerBaker.bake(styler, name: "tilt-baked", origin: origin, container: spec, groups: [.pages])
            #expect(baked.tracks.map(\.group) == [.pages])
            #expect(difference.points <= BakeBound().points && difference.alpha <= BakeBound().alpha)
        }
    }

    @Test func testRecordsAndComparesGoldensOnThePager() throws {
        try Self.withPlugins { folder in
            let path = folder + "/tilt.lua"
            let recorded = try TestCommand.test(path, limits: Limits(), record: true)
            #expect(recorded.passed && recorded.recorded, "\(recorded.failures)")
            #expect(try String(contentsOfFile: folder + "/tilt.golden.json", encoding: .utf8).contains("page.2"))
            #expect(try TestCommand.test(path, limits: Limits(), record: false).passed)
            try Self.tilt.replacingOccurrences(of: "0.5 * math.min", with: "0.4 * math.min").write(
                toFile: path, atomically: true, encoding: .utf8)
            #expect(!(try TestCommand.test(path, limits: Limits(), record: false).passed))
        }
    }

    @Test func theStudioCarriesItAndTheDemoPlays() throws {
        try Self.withPlugins { folder in
            let catalog = try PluginCatalog(folder: folder)
            let (scenario, _) = try Self.frames(.ltr, plugins: folder)
            let input = StudioInput(
                runs: [StudioRun(name: "pager", scenario: scenario)], registry: catalog.registry,
                command: ["panekit", "studio", "pager.json"])
            let payload = StudioPayload.json(input, frames: try StudioPayload.frames(of: input), live: false)
            #expect(payload.contains("\"container\":\"pager\"") && payload.contains("\"page\":") && payload.contains("page.3"))
            let demo = DemoScenario.make(styler: StylerReference(name: "tilt"), container: scenario.container, group: .pages)
            let played = try demo.run(registry: catalog.registry, strict: true)
            #expect(played.flatMap(\.events).compactMap { $0.as(PagerEvent.self) }.contains(.pageDidChange(page: 2)))
            #expect(played.last?.page == 1)
        }
    }

    /// A grid's stage is its whole sheet, and its frames say where each cell is (the page clips each cell's nodes to
    /// it): a stage of one cell's size cut every other cell away.
    @Test func theStudioStageOfAGridIsTheWholeSheet() throws {
        let path = packageRoot.appendingPathComponent("Examples/pager-contact-sheet.json").path
        let scenario = try ScenarioLoader.load(String(contentsOfFile: path, encoding: .utf8), file: path, registry: .builtins)
        let input = StudioInput(runs: [StudioRun(name: "sheet", scenario: scenario)], registry: .builtins, command: ["panekit"])
        let frames = try StudioPayload.frames(of: input)
        let payload = StudioPayload.json(input, frames: [Array(frames[0].prefix(2))], live: false)
        let size = scenario.frameSize
        #expect(size.width > scenario.size.width && size.height > scenario.size.height)
        #expect(payload.contains("\"size\":[\(NumberFormat.string(size.width)),\(NumberFormat.string(size.height))],\"fps\""))
        #expect(payload.contains("\"cells\":[{\"label\":\"carousel.linear\",\"rect\":[64,88,300,360]}"))
    }

    @Test func rightToLeftIsTheMirrorImage() throws {
        try Self.withPlugins { folder in
            let ltr = try Self.frames(.ltr, plugins: folder).1, rtl = try Self.frames(.rtl, plugins: folder).1
            #expect(ltr.count > 10 && ltr.count == rtl.count)
            #expect(mirrorMismatches(ltr: ltr, rtl: rtl) == [])
            #expect(rtl.map(\.page) == ltr.map(\.page))
        }
    }

    @Test func itsProblemsAreReportedAtTheirKeys() {
        let bad = Self.scenario()
            .replacingOccurrences(
                of: "\"behavior\": \"swiper\"", with: "\"behavior\": \"viewpager\", \"wrap\": true, \"version\": 4, \"spacing\": -1")
        let error = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(bad, file: "pager.json") }
        let lines = error?.description.split(separator: "\n").map(String.init) ?? []
        #expect(
            lines.contains {
                $0.contains("container.wrap: viewpager does not wrap; the behaviors that do: icarousel, swiper, embla, reanimated-carousel")
            }, "\(lines)")
        #expect(lines.contains("pager.json: container.version: only reanimated-carousel takes a version, not viewpager"), "\(lines)")
        let page = Self.scenario().replacingOccurrences(of: "\"page\": 0,", with: "\"page\": 9,")
        let outside = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(page, file: "pager.json") }
        #expect(
            outside?.description.contains("timeline[1].page: expected a number in 0…3, a whole page index, got 9") == true,
            "\(String(describing: outside))")
        let pages = Self.scenario().replacingOccurrences(of: "[\"home\", \"search\", \"profile\", \"settings\"]", with: "0")
        let zero = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(pages, file: "pager.json") }
        #expect(
            zero?.description.contains("container.pages: expected a number in 1…1000000, whole (or an array of page names), got 0") == true,
            "\(String(describing: zero))")
        let behavior = Self.scenario().replacingOccurrences(of: "\"swiper\"", with: "\"viewpager3\"")
        let unknown = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(behavior, file: "pager.json") }
        #expect(
            unknown?.description.contains("container.behavior: expected one of viewpager, viewpager2, compose") == true,
            "\(String(describing: unknown))")
    }
}
