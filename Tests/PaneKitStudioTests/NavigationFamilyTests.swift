// The navigation stack through every tool of the open core: a Lua styler written for `navigation` runs under the
// back gesture and predictive back with no extra code; scenario loading and its errors; JSON, SVG and ASCII; `sample`,
// `check`, `test --record` and `test`; `bake`; the studio's payload and the demo.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitLua
@testable import PaneKitRender
@testable import PaneKitScenario
@testable import PaneKitStudio
@testable import panekit

@Suite struct NavigationFamilyTests {
    /// A Lua styler for navigation stacks: the screen slides in from its edge by its progress, the one below moves
    /// back a third of the way by the next one's, and fades a little.
    static let slide = """
        return {
          version = "1.0.0",
          description = "Screens slide in from their edge; the one below moves back a third",
          containers = { "navigation" },
          tests = {
            { container = "navigation", closed = 0, expect = { drawer = { alpha = 1 } } },
          },
          style = function(ctx)
            local k = -panekit.sign(ctx.direction)
            return {
              drawer = {
                translate = { k * ctx.size.w * ((1 - ctx.progress) - ctx.next / 3), 0 },
                alpha = 1 - 0.2 * ctx.next,
              },
            }
          end,
        }
        """

    static func scenario(_ behavior: String, _ timeline: String, layout: String = "ltr") -> String {
        """
        {"name": "nav", "size": [400, 300], "fps": 20,
         "container": {"type": "navigation", "behavior": "\(behavior)", "screens": ["inbox", "thread"], "layoutDirection": "\(layout)"},
         "stylers": {"screens": ["slide"]},
         "timeline": [\(timeline)]}
        """
    }

    /// A folder holding `slide.lua` (and `files`), removed after `body`.
    static func withPlugins<T>(_ files: [String: String] = [:], _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-nav-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files.merging(["slide.lua": slide], uniquingKeysWith: { a, _ in a }) {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return try body(folder)
    }

    static func run(_ text: String, plugins folder: String) throws -> (Scenario, [Frame]) {
        let catalog = try PluginCatalog(folder: folder)
        let scenario = try ScenarioLoader.load(text, file: "nav.json", registry: catalog.registry)
        return (scenario, try scenario.run(registry: catalog.registry, strict: true))
    }

    /// The Lua styler follows the finger under `pan` and the smoothed track under `back`, with no code for either.
    @Test func aLuaStylerIsInteractiveUnderPanAndBack() throws {
        try Self.withPlugins { folder in
            let pan = #"{"at": 0, "action": "pan", "points": [[5, 150], [205, 150]], "duration": 0.4}"#
            let (_, frames) = try Self.run(Self.scenario("cupertino", pan), plugins: folder)
            // Half-way through the pan the finger is 100 pt in: the screen is 100 pt off, the one below back.
            let mid = try #require(frames.first { $0.time == 0.2 })
            #expect(abs(mid.node(Role.screen.member(named: "thread"))!.style.transform.m41 - 100) < 1e-6)
            #expect(abs(mid.node(Role.screen.member(named: "inbox"))!.style.transform.m41 - -400 * 0.75 / 3) < 1e-6)
            #expect(abs(mid.node(Role.screen.member(named: "inbox"))!.style.alpha - 0.85) < 1e-6)

            let back = #"{"at": 0, "action": "back", "track": [[0.2, 0.3], [0.6, 0.6]], "commit": false}"#
            let (_, held) = try Self.run(Self.scenario("android", back), plugins: folder)
            // While the track runs (0.6 s) the screen follows its smoothed progress: never past the track's 0.6.
            let moving = held.filter { $0.time < 0.6 }
            #expect(moving.count == 12, "\(moving.map(\.time)) \(held.map(\.time)) \(held.filter { $0.time < 0.6 }.count)")
            for frame in moving {
                let x = frame.node(Role.screen.member(named: "thread"))!.style.transform.m41
                #expect(x >= 0 && x <= 240, "t \(frame.time): \(x)")
            }
            #expect(
                held.flatMap(\.events).compactMap { $0.as(NavigationEvent.self) } == [
                    .willPop(screen: "thread"), .popCancelled(screen: "thread"),
                ])
        }
    }

    /// JSON, SVG and ASCII of one navigation scenario: the frame's `"stack"`, the events, the screens by name.
    @Test func everyFormatCarriesTheStack() throws {
        try Self.withPlugins { folder in
            let timeline = #"{"at": 0, "action": "push", "screen": "reply"}, {"at": 0.8, "action": "pop"}"#
            let (scenario, frames) = try Self.run(Self.scenario("react-navigation", timeline), plugins: folder)
            var writer: any FrameWriter = FrameJSON.Writer()
            var bytes: [UInt8] = []
            try writer.begin(FrameRun(title: scenario.name, fps: scenario.fps), into: &bytes)
            for frame in frames { try writer.write(frame, into: &bytes) }
            try writer.end(into: &bytes)
            let json = String(decoding: bytes, as: UTF8.self)
            #expect(
                json.contains("\"stack\":[\"inbox\",\"thread\",\"reply\"]") && json.contains("{\"type\":\"didPop\",\"screen\":\"reply\"}"))
            let svg = SVGRenderer().render(frames[3])
            #expect(svg.contains("screen.reply") && svg.contains("screen.thread"))
            let ascii = ASCIIRenderer().render(frames[3])
            #expect(!ascii.isEmpty)
        }
    }

    /// A scenario's mistakes, each with its place.
    @Test func itsProblemsAreReported() {
        let text = Self.scenario(
            "webkit", #"{"at": 0, "action": "push"}, {"at": 1, "action": "back", "track": [], "commit": true, "edge": "top"}"#
        )
        .replacingOccurrences(of: "\"screens\": [\"inbox\", \"thread\"]", with: "\"screens\": [\"inbox\", \"inbox\"], \"depth\": 2")
        let error = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(text, file: "nav.json") }
        let lines = error?.description.split(separator: "\n").map(String.init) ?? []
        #expect(lines.contains("nav.json: container.depth: unknown key; allowed: type, behavior, preset, version, screens"), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("nav.json: container.behavior: expected one of uikit, cupertino, flutter, react-navigation") },
            "\(lines)")
    }

    @Test func presetsAreCheckedAgainstTheBehavior() {
        let text = Self.scenario("flutter", #"{"at": 0, "action": "push", "screen": "x", "preset": "slideFromRightIOS"}"#)
        let error = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(text, file: "nav.json") }
        #expect(
            error?.description.contains("timeline[0].preset: expected one of zoom, fadeForwards, fadeUpwards, openUpwards, predictiveBack")
                == true, "\(String(describing: error))")
    }

    /// `sample`, `check`, `test --record` and `test`, `bake`, the studio and the demo.
    @Test func everyToolPosesTheStack() throws {
        try Self.withPlugins { folder in
            let plugin = try PluginLoader.load(path: folder + "/slide.lua")
            let styler = try LuaStyler(plugin: plugin)
            let descriptor = try #require(ContainerRegistry.descriptor(named: "navigation"))
            let (spec, _) = try #require(descriptor.posedSpec(size: Size(width: 400, height: 300), group: .screens, reveal: nil))
            let samples = try Sampler.sample(styler, container: spec, group: .screens, fractions: [1, 0.5, 0])
            let half = try #require(samples[1].nodes.first { $0.role == Role.screen.member(named: "detail") })
            #expect(half.style.transform.m41 == 200, "the top screen half-way in")
            #expect(samples[1].nodes.first { $0.role == Role.screen.member(named: "inbox") }?.style.alpha == 0.9)

            #expect(PluginCheck.run(plugin).isEmpty)
            let recorded = try TestCommand.test(folder + "/slide.lua", limits: Limits(), record: true)
            #expect(recorded.passed && recorded.recorded)
            #expect(try TestCommand.test(folder + "/slide.lua", limits: Limits(), record: false).passed)

            let origin = BakeOrigin(styler: "slide", params: [:], container: .navigation, size: spec.size)
            let (baked, difference) = try StylerBaker.bake(styler, name: "slide-baked", origin: origin, container: spec, groups: [.screens])
            // Two tracks: the moving screen, and the screen below it (member 1), both keyed by the moving screen.
            #expect(baked.tracks.map(\.group) == [.screens, .screens] && baked.tracks.map(\.member) == [0, 1])
            #expect(difference.points <= BakeBound().points)

            let catalog = try PluginCatalog(folder: folder)
            let (scenario, _) = try Self.run(Self.scenario("uikit", #"{"at": 0, "action": "pop"}"#), plugins: folder)
            let input = StudioInput(
                runs: [StudioRun(name: "nav", scenario: scenario)], registry: catalog.registry, command: ["panekit", "studio"])
            let payload = StudioPayload.json(input, frames: try StudioPayload.frames(of: input), live: false)
            #expect(payload.contains("\"container\":\"navigation\"") && payload.contains("\"stack\":"))
            let demo = DemoScenario.make(styler: StylerReference(name: "slide"), container: scenario.container, group: .screens)
            let played = try demo.run(registry: catalog.registry, strict: true)
            #expect(played.flatMap(\.events).compactMap { $0.as(NavigationEvent.self) }.contains(.didPush(screen: "detail")))
        }
    }
}

/// `--behaviors` on a navigation stack: one scenario under each platform, and a behavior the stack does not have.
@Suite struct NavigationBehaviorsTests {
    @Test func theCompareExampleRunsUnderEachBehavior() throws {
        let path = packageRoot.appendingPathComponent("Examples/navigation-compare.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var pops: [String: Double] = [:]
        for behavior in ["uikit", "cupertino", "react-navigation", "android"] {
            let scenario = try ScenarioLoader.load(text, file: "navigation-compare.json", behaviorNamed: behavior)
            #expect(scenario.container.configuration(as: NavigationConfiguration.self)?.behavior.rawValue == behavior)
            let frames = try scenario.run()
            pops[behavior] = frames.first { $0.events.contains { $0.as(NavigationEvent.self) == .didPop(screen: "thread") } }?.time
        }
        // One swipe, four platforms' rules: each pops, each in its own time.
        #expect(pops.count == 4 && pops.values.allSatisfy { $0 > 1.2 }, "\(pops)")
        #expect(Set(pops.values).count > 1, "\(pops)")
        let error = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(text, file: "navigation-compare.json", behaviorNamed: "vaul")
        }
        #expect(error?.description.contains("container.behavior: --behaviors: expected a behavior of the navigation container") == true)
    }
}
