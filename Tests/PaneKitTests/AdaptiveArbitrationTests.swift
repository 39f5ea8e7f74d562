// Gesture arbitration in the adaptive container: its drawer and sidebar layouts take `panPolicy` and
// `scrollRegions` and arbitrate exactly as the drawer container they are built on; the split layout does not.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct AdaptiveArbitrationTests {
    static let narrow = Size(width: 375, height: 667)

    func configuration(_ size: Size = narrow) -> AdaptiveConfiguration {
        var c = AdaptiveConfiguration(size: size)
        c.openGestures = .panningCenterView  // the drawer's pan begins where the region hands it over
        c.panPolicy = PanPolicy(lockAngle: 25)
        c.scrollRegions = [
            ScrollRegion(rect: Rect(x: 0, y: 200, width: 375, height: 200), axis: .horizontal, range: 0...600, offset: 120)
        ]
        return c
    }

    /// A pan through `xs` at `y`, one sample every 0.1 s; the last sample ends it.
    func pan(_ xs: [Double], y: Double = 300) -> Action {
        .gesture(TouchPath(times: xs.indices.map { Double($0) / 10 }, points: xs.map { Point(x: $0, y: y) })!)
    }

    func run(_ container: any Container, _ actions: [(Double, Action)]) throws -> [Frame] {
        var host = PaneHost(container: container, fps: 10)
        for (t, a) in actions { host.schedule(a, at: t) }
        return try host.runUntilRest(limit: 2000)
    }

    /// What arbitration decides, frame by frame: the closed fractions, the state and the events.
    func decisions(_ frames: [Frame]) -> [String] {
        frames.map { f in
            "\(f.fractions.values.map(\.closed)) \(f.state.rawValue) "
                + f.events.map { e in ([e.type] + e.fields.map { "\($0.key)=\($0.value)" }).joined(separator: " ") }.joined(
                    separator: "; ")
        }
    }

    @Test func theDrawerLayoutArbitratesAsTheDrawerContainer() throws {
        let c = configuration()
        let adaptive = AdaptiveContainer(c)
        #expect(adaptive.layout == .drawer)
        let drawer = DrawerContainer(c.drawerConfiguration(size: c.size))
        // From the edge, through the carousel: it scrolls 120 → 0, then the drawer takes the rest of the pan; a
        // steep pan later is locked out by the 25° angle; a pan back below the carousel closes it.
        let actions: [(Double, Action)] = [
            (0.05, pan([5, 65, 125, 275, 275])),
            (
                1.5,
                .gesture(TouchPath(times: [0, 0.1, 0.2], points: [Point(x: 300, y: 250), Point(x: 310, y: 330), Point(x: 320, y: 420)])!)
            ),
            (2.5, pan([300, 200, 100, 40], y: 550)),
        ]
        let viaAdaptive = try run(adaptive, actions), viaDrawer = try run(drawer, actions)
        #expect(decisions(viaAdaptive) == decisions(viaDrawer))
        let types = Set(viaAdaptive.flatMap { $0.events.map(\.type) })
        #expect(types.isSuperset(of: ["panArbitrated", "scrolled", "didOpen", "didClose"]), "\(types)")
    }

    @Test func theSplitLayoutDoesNotArbitrate() {
        let wide = AdaptiveContainer(configuration(Size(width: 1024, height: 768)))
        #expect(wide.layout == .split)
        #expect(wide.panArbitration() == nil)
        let medium = AdaptiveContainer(configuration(Size(width: 700, height: 1000)))
        #expect(medium.layout == .sidebar)
        #expect(medium.panArbitration() != nil)
    }

    @Test func scenarioKeysLoadForTheAdaptiveContainerOnly() throws {
        let text = """
            {"size": [375, 667], "container": {"type": "adaptive", "left": {"width": 260},
              "panPolicy": {"lockAngle": 25, "edgeWidth": 30},
              "scrollRegions": [{"rect": [0, 200, 375, 200], "range": [0, 600], "offset": 120}]}}
            """
        guard let c = (try ScenarioLoader.load(text, file: "a.json")).container.configuration(as: AdaptiveConfiguration.self) else {
            Issue.record("not adaptive")
            return
        }
        #expect(c.panPolicy == PanPolicy(edgeWidth: 30, lockAngle: 25))
        #expect(c.drawerConfiguration(size: c.size).resolvedEdgeWidth == 30)
        #expect(c.scrollRegions.count == 1)
        // Under rtl the regions are mirrored with the sidebar.
        var mirrored = c
        mirrored.swapHorizontalSides()
        #expect(mirrored.side == .right)
        #expect(mirrored.scrollRegions == c.scrollRegions.mirroredHorizontally(width: 375))
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(#"{"size": [1024, 768], "container": {"type": "split", "panPolicy": {}}}"#, file: "split.json")
        }
    }
}
