// A container made here, outside the package's sources, and registered through `ContainerRegistry` alone: the
// scenario reader takes its keys and actions, a run renders it, `sample` poses it, the studio's payload carries it,
// and the demo plays it. Proof that the descriptor is all a container needs.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitScenario
import PaneKitStudio
import Testing

/// A shutter: one left drawer that a `slam` action opens over `duration` seconds, linearly; `close` closes it.
struct ShutterConfiguration: ContainerConfiguration {
    static let kind = ContainerKind("shutter")
    var size: Size
    var width = 200.0
    var duration = 0.5
    var layoutDirection = LayoutDirection.ltr
    var directions: [Direction] { [.left] }
    func makeContainer() -> any StaticPosing { ShutterContainer(configuration: self) }
    mutating func swapHorizontalSides() {}
}

struct ShutterContainer: StaticPosing {
    let configuration: ShutterConfiguration
    var open = 0.0, from = 0.0, target = 0.0, start = 0.0, now = 0.0

    var kind: ContainerKind { ShutterConfiguration.kind }
    var size: Size { configuration.size }
    var directions: [Direction] { [.left] }
    var isAtRest: Bool { open == target }
    var state: ContainerState { isAtRest ? (open == 1 ? .open : .closed) : (target == 1 ? .opening : .closing) }

    mutating func advance(to time: Double, events: inout [Event]) {
        now = time
        guard !isAtRest else { return }
        let t = min(max((time - start) / configuration.duration, 0), 1)
        open = t >= 1 ? target : from + (target - from) * t
    }

    mutating func perform(_ action: Action, at time: Double, events: inout [Event]) {
        switch action.untimed.action.as(DrawerAction.self) {
        case .open?: move(to: 1, at: time)
        case .close?: move(to: 0, at: time)
        default: events.append(.actionIgnored(action: action.name, reason: "a shutter only opens and closes"))
        }
    }

    private mutating func move(to value: Double, at time: Double) {
        (from, target, start) = (open, value, time)
    }

    func pose(into pose: inout Pose) {
        let shift = open * configuration.width
        pose.nodes.append(Node(role: .drawer(.left), frame: Rect(x: 0, y: 0, width: configuration.width, height: size.height)))
        pose.nodes.append(Node(role: .pane, frame: Rect(x: shift, y: 0, width: size.width, height: size.height)))
        pose.subjects.append(.drawer(.left, closed: 1 - open, reveal: configuration.width, styled: open > 0 || !isAtRest))
    }

    func defaultStylers(for group: StylerGroup) -> [any Styler] { [] }

    mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        open = 1 - closed
        target = open
    }
}

/// The shutter's descriptor: its keys (`width`, `duration`), its action (`slam`, spelled as the core's `open`
/// with only a direction) and its demo.
struct ShutterDescriptor: ContainerDescriptor {
    let keys = ["type", "width", "duration"]

    func configuration(reading r: any ScenarioReading, size: Size) -> ShutterConfiguration? {
        var c = ShutterConfiguration(size: size)
        c.width = r.positive("width") ?? c.width
        c.duration = r.number("duration", "in 0.1…5") { (0.1...5).contains($0) } ?? c.duration
        return c
    }

    var actions: [ActionSyntax] { [.open, .close] }

    func demo(of c: ShutterConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let basic = [DemoSegment("open", at: 0, .open(group.direction ?? .left)), DemoSegment("close", at: 1, .close())]
        return ContainerDemo(container: ContainerSpec(c), basic: basic, extra: [], full: full)
    }

    func posing(size: Size, group: StylerGroup, reveal: Double?, behavior: String?) -> (
        configuration: ShutterConfiguration, reveal: Double
    )? {
        var c = ShutterConfiguration(size: size)
        c.width = reveal ?? c.width
        return (c, c.width)
    }
}

@Suite struct ContainerRegistryTests {
    static let scenario = """
        {"name": "shutter", "size": [320, 240], "fps": 10, "container": {"type": "shutter", "width": 160, "duration": 0.3},
         "stylers": {"left": ["mm.slide"]},
         "timeline": [{"at": 0, "action": "open", "direction": "left"}, {"at": 0.5, "action": "close"}]}
        """

    @Test func aRegisteredContainerLoadsRendersSamplesAndReachesTheStudio() throws {
        try ContainerRegistry.withAdded(ShutterDescriptor()) {
            #expect(ContainerKind(rawValue: "shutter") == ShutterConfiguration.kind)
            #expect(ContainerKind.allCases.last == ShutterConfiguration.kind)

            // Scenario loading: the descriptor's keys and actions.
            let scenario = try ScenarioLoader.load(Self.scenario, file: "shutter.json")
            let configuration = try #require(scenario.container.configuration(as: ShutterConfiguration.self))
            #expect(configuration.width == 160 && configuration.duration == 0.3)
            #expect(scenario.container.typeName == "shutter" && scenario.container.directions == [.left])

            // Render: the run's frames through a writer, as `panekit render --format json` writes them.
            let frames = try scenario.run()
            #expect(frames.count > 5)
            #expect(frames.contains { $0.state == .open } && frames.last?.state == .closed)
            var writer: any FrameWriter = FrameJSON.Writer()  // as `render` holds the table's writer
            var bytes: [UInt8] = []
            try writer.begin(FrameRun(title: scenario.name, fps: scenario.fps), into: &bytes)
            for frame in frames { try writer.write(frame, into: &bytes) }
            try writer.end(into: &bytes)
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == frames.count)
            #expect(lines.allSatisfy { $0.contains("\"container\":\"shutter\"") })

            // Sample: the styler posed on the container at closed fractions.
            let samples = try Sampler.sample(
                try StylerRegistry.builtins.make("mm.slide"), container: scenario.container, group: .left, fractions: [1, 0.5, 0])
            #expect(samples.count == 3)

            // The studio's payload.
            let input = StudioInput(
                runs: [StudioRun(name: "shutter", scenario: scenario)], registry: .builtins, command: ["panekit", "studio", "shutter.json"])
            let payload = StudioPayload.json(input, frames: try StudioPayload.frames(of: input), live: false)
            #expect(payload.contains("\"container\":\"shutter\""))

            // The demo `panekit play STYLER --container shutter` runs.
            let demo = DemoScenario.make(styler: StylerReference(name: "mm.slide"), container: scenario.container, group: .left)
            #expect(demo.name == "mm.slide on the left drawer of a shutter container: open, close")
            #expect(try demo.run().contains { $0.state == .open })
        }
    }

    @Test func itsProblemsAreReportedAsTheBuiltInsAre() throws {
        try ContainerRegistry.withAdded(ShutterDescriptor()) {
            let text = Self.scenario.replacingOccurrences(of: "\"duration\": 0.3", with: "\"duration\": 9, \"depth\": 1")
                .replacingOccurrences(of: "\"action\": \"close\"", with: "\"action\": \"toggle\"")
            do {
                _ = try ScenarioLoader.load(text, file: "shutter.json")
                Issue.record("the broken scenario loaded")
            } catch let error as ScenarioError {
                #expect(
                    error.description == """
                        shutter.json: container.depth: unknown key; allowed: type, width, duration
                        shutter.json: container.duration: expected a number in 0.1…5, got 9
                        shutter.json: timeline[1].action: expected one of close, open, pan, tap, got "toggle"
                        """)
            }
        }
    }

    @Test func withoutItTheContainerIsUnknownAndTheBuiltInsCannotBeReplaced() {
        #expect(ContainerKind(rawValue: "shutter") == nil)
        #expect(ContainerRegistry.names == ["drawer", "dynamics", "split", "sidemenu", "adaptive", "sheet"])
        #expect(!ContainerRegistry.register(DrawerDescriptor()))
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(Self.scenario, file: "shutter.json") }
    }
}
