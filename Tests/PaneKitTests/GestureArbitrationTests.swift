// Gesture arbitration (DESIGN §12): scrolling regions that take a pan until their edge, the pan policy's
// thresholds, the panArbitrated events, and a recorded gesture replayed from a scenario file.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct GestureArbitrationTests {
    static let size = Size(width: 375, height: 667)

    func drawer(_ change: (inout DrawerConfiguration) -> Void = { _ in }) -> DrawerContainer {
        var c = DrawerConfiguration(size: Self.size, widths: [.left: 280])
        c.openGestures = .panningCenterView
        c.closeGestures = .all
        change(&c)
        return DrawerContainer(c)
    }

    /// A pan through `xs` at y (or through `points`), one sample every `step` s from `at`; the last sample ends it.
    func pan(_ xs: [Double], y: Double = 300, at: Double = 0.05, step: Double = 0.1) -> Action {
        let times = xs.indices.map { Double($0) * step }
        return .gesture(TouchPath(times: times, points: xs.map { Point(x: $0, y: y) })!)
    }

    /// Runs `container` at 10 fps with `actions` to rest.
    func run(_ container: any Container, _ actions: [(Double, Action)]) throws -> (frames: [Frame], host: PaneHost) {
        var host = PaneHost(container: container, fps: 10)
        for (t, a) in actions { host.schedule(a, at: t) }
        let frames = try host.runUntilRest(limit: 2000)
        return (frames, host)
    }

    func events(_ frames: [Frame], _ type: String) -> [[String]] {
        frames.flatMap { f in f.events.filter { $0.type == type }.map { e in e.fields.map { "\($0.key)=\($0.value)" } } }
    }

    func names(_ frames: [Frame]) -> [String] { frames.flatMap { $0.events.map(\.type) } }

    func carousel(offset: Double = 120, range: ClosedRange<Double> = 0...600) -> ScrollRegion {
        ScrollRegion(rect: Rect(x: 0, y: 200, width: 375, height: 200), axis: .horizontal, range: range, offset: offset)
    }

    // MARK: - Scroll regions

    @Test func regionTakesThePanUntilItsEdgeThenTheDrawerTakesOver() throws {
        let d = drawer { $0.scrollRegions = [carousel()] }
        // Samples at 0.05 … 0.45: the finger moves 60, 60, 150 pt right, then lifts where it is.
        let (frames, host) = try run(d, [(0.05, pan([60, 120, 180, 330, 330]))])
        let left = frames.map { $0.fractions.values.first { $0.0 == .left }!.1 }
        // The region scrolls 120 → 60 → 0 while the pane stays closed.
        #expect(left[1...3] == [1, 1, 1])
        #expect(events(frames, "scrolled") == [["region=0", "offset=60"], ["region=0", "offset=0"]])
        // Then the 150 pt past the region's edge move the pane from where the region stopped: x = 150.
        #expect(abs(left[4] - (1 - 150.0 / 280)) < 1e-12)
        #expect(frames[4].state == .dragging)
        #expect(
            events(frames, "panArbitrated") == [["winner=scrollRegion", "region=0"], ["winner=drawer", "region=0"]])
        // Released still at 150 ≥ 140: opens.
        #expect(frames.last!.state == .open)
        #expect(host.scrollOffsets == [0])
        // The drawer's pan began only at the hand-over, after the region's events.
        let order = names(frames).filter { ["panArbitrated", "panBegan", "scrolled"].contains($0) }
        #expect(order == ["panArbitrated", "scrolled", "scrolled", "panArbitrated", "panBegan"])
    }

    @Test func regionKeepsItsOffsetAcrossPans() throws {
        let d = drawer { $0.scrollRegions = [carousel(offset: 0, range: 0...100)] }
        // Left 40, then left 40 again: 0 → 40 → 80; a third pan right 100 brings it to 0 and opens 20 pt.
        let (frames, host) = try run(
            d,
            [
                (0.05, pan([300, 260, 260])), (0.5, pan([300, 260, 260])), (1.0, pan([100, 200, 200])),
            ])
        #expect(events(frames, "scrolled").map(\.last!) == ["offset=40", "offset=80", "offset=0"])
        #expect(host.scrollOffsets == [0])
        // The last pan reached the drawer with 20 pt: short of half, it closes again.
        #expect(names(frames).filter { $0 == "panBegan" }.count == 1)
        #expect(frames.last!.state == .closed)
    }

    @Test(arguments: [false, true])
    func panPastARegionsEdgeTowardsNoDrawer(fails: Bool) throws {
        // Left drawer only: a leftward pan fills the region to 100, then heads for the missing right drawer.
        let d = drawer {
            $0.scrollRegions = [carousel(offset: 50, range: 0...100)]
            $0.panPolicy.failsWithoutDrawer = fails
        }
        let (frames, host) = try run(d, [(0.05, pan([300, 200, 200]))])
        #expect(host.scrollOffsets == [100])
        let won = events(frames, "panArbitrated")
        if fails {
            // The region keeps the pan: the drawer never sees it.
            #expect(won == [["winner=scrollRegion", "region=0"]])
            #expect(!names(frames).contains("panBegan"))
        } else {
            // MM's pan takes it and clamps at closed: nothing moves.
            #expect(won == [["winner=scrollRegion", "region=0"], ["winner=drawer", "region=0"]])
            #expect(names(frames).contains("panBegan"))
        }
        #expect(frames.allSatisfy { $0.fractions.values.first!.1 == 1 })
    }

    @Test func aPanAcrossARegionsAxisIsNotTheRegions() throws {
        // A vertical pan that starts in the horizontal carousel: with the originals' lock (90°) the drawer takes it;
        // with a 30° lock nobody does.
        let points = [Point(x: 100, y: 250), Point(x: 110, y: 390)]
        let steep = Action.gesture(TouchPath(times: [0, 0.1], points: points)!)
        let open = try run(drawer { $0.scrollRegions = [carousel()] }, [(0.05, steep)])
        #expect(events(open.frames, "panArbitrated") == [["winner=drawer"]])
        #expect(open.host.scrollOffsets == [120])
        let locked = try run(
            drawer {
                $0.scrollRegions = [carousel()]
                $0.panPolicy.lockAngle = 30
            }, [(0.05, steep)])
        #expect(events(locked.frames, "panArbitrated") == [["winner=none", "reason=angle"]])
        #expect(!names(locked.frames).contains("panBegan"))
    }

    @Test func aVerticalRegionTakesVerticalPans() throws {
        // A list (vertical) in a dynamics pane with a left drawer: a vertical pan scrolls it and never reaches the
        // drawer, whose axis differs; a horizontal pan in it goes to the drawer.
        var c = DynamicsConfiguration(size: Self.size)
        c.scrollRegions = [ScrollRegion(rect: Rect(x: 0, y: 0, width: 375, height: 667), axis: .vertical, range: 0...1000, offset: 500)]
        let vertical = Action.gesture(
            TouchPath(times: [0, 0.1, 0.2], points: [Point(x: 100, y: 400), Point(x: 102, y: 100), Point(x: 102, y: 100)])!)
        let (frames, host) = try run(DynamicsContainer(c), [(0.05, vertical), (0.5, pan([40, 200, 200]))])
        #expect(host.scrollOffsets == [800])
        #expect(events(frames, "panArbitrated") == [["winner=scrollRegion", "region=0"], ["winner=drawer"]])
        #expect(frames.last!.state == .open)
    }

    // MARK: - The pan policy

    @Test func defaultsAreTheOriginalsNumbers() {
        var d = DrawerConfiguration(size: Self.size)
        #expect(d.resolvedEdgeWidth == 20)
        #expect(d.resolvedVelocityThreshold == 200)
        #expect(d.resolvedDistanceThreshold == 0.5)
        d.openMode = .above
        #expect(d.resolvedVelocityThreshold == 500)
        let m = DynamicsConfiguration(size: Self.size)
        #expect(m.resolvedVelocityThreshold == 5)
        #expect(m.resolvedEdgeWidth == 24)
        let s = SideMenuConfiguration(size: Self.size)
        #expect(s.resolvedEdgeWidth == 20)
        #expect(s.resolvedDistanceThreshold == 0.2)
        // An empty policy and no regions: no arbitration, so pans reach the containers untouched.
        #expect(DrawerContainer(d).panArbitration() == nil)
        #expect(DynamicsContainer(m).panArbitration() == nil)
        #expect(SideMenuContainer(s).panArbitration() == nil)
        // A policy's resolved lock and failure match the originals when unset.
        let mm = DrawerContainer(DrawerConfiguration(size: Self.size)).withPolicy(PanPolicy(edgeWidth: 30))
        #expect(mm?.lockAngle == 90)
        #expect(mm?.failsWithoutDrawer == false)
        var ms = DynamicsConfiguration(size: Self.size)
        ms.panPolicy.edgeWidth = 30
        #expect(DynamicsContainer(ms).panArbitration()?.failsWithoutDrawer == true)
    }

    @Test(arguments: [nil, 1000.0])
    func drawerVelocityThreshold(threshold: Double?) throws {
        // 500 pt/s at the release, 100 pt open (short of half): MM's 200 pt/s opens it; 1000 pt/s lets the distance decide.
        let track = Action.gesture(TouchPath(times: [0, 0.1, 0.2, 0.2], points: [10, 60, 110, 110].map { Point(x: $0, y: 300) })!)
        let (frames, _) = try run(drawer { $0.panPolicy.velocityThreshold = threshold }, [(0.05, track)])
        #expect(frames.last!.state == (threshold == nil ? .open : .closed))
    }

    @Test(arguments: [nil, 0.3])
    func drawerDistanceThreshold(fraction: Double?) throws {
        // A slow pan (50 pt/s) released 100 pt open: under half of 280 closes, over 0.3 × 280 = 84 opens.
        let (frames, _) = try run(drawer { $0.panPolicy.distanceThreshold = fraction }, [(0.05, pan([10, 60, 110, 110], step: 1))])
        #expect(frames.last!.state == (fraction == nil ? .closed : .open))
    }

    @Test(arguments: [nil, 40.0])
    func drawerEdgeWidth(edge: Double?) throws {
        // A bezel pan from x = 30: outside MM's 20 pt bezel, inside a 40 pt one.
        let d = drawer {
            $0.openGestures = .bezelPanningCenterView
            $0.panPolicy.edgeWidth = edge
        }
        let (frames, _) = try run(d, [(0.05, pan([30, 200, 250, 250]))])
        #expect(frames.last!.state == (edge == nil ? .closed : .open))
        #expect(names(frames).contains("actionIgnored") == (edge == nil))
    }

    @Test(arguments: [false, true])
    func drawerFailsWithoutADrawer(fails: Bool) throws {
        // Left drawer only, closed: a leftward pan heads for no drawer.
        let (frames, _) = try run(drawer { $0.panPolicy.failsWithoutDrawer = fails }, [(0.05, pan([300, 200, 100, 100]))])
        #expect(events(frames, "panArbitrated") == [fails ? ["winner=none", "reason=noDrawer"] : ["winner=drawer"]])
        #expect(names(frames).contains("panBegan") == !fails)
        #expect(frames.allSatisfy { $0.fractions.values.first!.1 == 1 })
    }

    @Test(arguments: [nil, 45.0])
    func lockAngle(angle: Double?) throws {
        // A pan at about 34° from horizontal: within a 45° lock it opens the drawer; the originals take it as well.
        let points = [Point(x: 20, y: 200), Point(x: 170, y: 300), Point(x: 170, y: 300)]
        let slanted = Action.gesture(TouchPath(times: [0, 0.5, 0.5], points: points)!)
        let (frames, _) = try run(drawer { $0.panPolicy.lockAngle = angle }, [(0.05, slanted)])
        #expect(events(frames, "panArbitrated") == (angle == nil ? [] : [["winner=drawer"]]))
        #expect(frames.last!.state == .open)
        // At 30° the same pan is too steep: the content keeps it.
        let (steep, _) = try run(drawer { $0.panPolicy.lockAngle = 30 }, [(0.05, slanted)])
        #expect(events(steep, "panArbitrated") == [["winner=none", "reason=angle"]])
        #expect(steep.last!.state == .closed)
    }

    @Test func aPanThatNeverMovesWinsNothing() throws {
        let still = Action.gesture(TouchPath(times: [0, 0.1], points: [Point(x: 50, y: 300), Point(x: 50, y: 300)])!)
        let (frames, _) = try run(drawer { $0.panPolicy.lockAngle = 30 }, [(0.05, still)])
        #expect(events(frames, "panArbitrated") == [["winner=none", "reason=noMovement"]])
    }

    @Test(arguments: [nil, 300.0])
    func sideMenuVelocityThreshold(threshold: Double?) throws {
        // An edge pan of 50 pt (0.13 of the width, under SideNavigation's 0.2) at 500 pt/s.
        var c = SideMenuConfiguration(size: Self.size)
        c.panPolicy.velocityThreshold = threshold
        // The release comes with the last move's timestamp, so the menu keeps the finger's speed.
        let flick = Action.gesture(TouchPath(times: [0, 0.05, 0.1, 0.1], points: [5, 30, 55, 55].map { Point(x: $0, y: 300) })!)
        let (frames, _) = try run(SideMenuContainer(c), [(0.05, flick)])
        #expect(names(frames).contains(threshold == nil ? "interactionCancelled" : "interactionFinished"))
    }

    @Test(arguments: [nil, 0.1])
    func sideMenuDistanceThreshold(fraction: Double?) throws {
        var c = SideMenuConfiguration(size: Self.size)
        c.panPolicy.distanceThreshold = fraction
        let (frames, _) = try run(SideMenuContainer(c), [(0.05, pan([5, 30, 55, 55], step: 1))])
        #expect(names(frames).contains(fraction == nil ? "interactionCancelled" : "interactionFinished"))
    }

    /// A slow reveal of the dynamics drawer: 3 pt per touch event to 94 pt, then held.
    func dynamicsReveal() -> Action {
        var xs = Array(stride(from: 40.0, through: 130, by: 3))
        xs.append(xs.last!)
        return pan(xs, step: 0.02)
    }

    @Test(arguments: [nil, 0.3])
    func dynamicsDistanceThreshold(fraction: Double?) throws {
        // 90 pt of 267 revealed: the nearest state is closed; past 0.3 × 267 = 80 it opens.
        var c = DynamicsConfiguration(size: Self.size)
        c.panPolicy.distanceThreshold = fraction
        let (frames, _) = try run(DynamicsContainer(c), [(0.05, dynamicsReveal())])
        #expect(frames.last!.state == (fraction == nil ? .closed : .open))
    }

    @Test(arguments: [nil, 2.0])
    func dynamicsVelocityThreshold(threshold: Double?) throws {
        // 3 pt per event: under MS's 5 it settles by distance (closed); over a threshold of 2 it is thrown open.
        var c = DynamicsConfiguration(size: Self.size)
        c.panPolicy.velocityThreshold = threshold
        let (frames, _) = try run(DynamicsContainer(c), [(0.05, dynamicsReveal())])
        #expect(frames.last!.state == (threshold == nil ? .closed : .open))
    }

    @Test(arguments: [10.0, 100.0])
    func dynamicsScreenEdgePan(start: Double) throws {
        var c = DynamicsConfiguration(size: Self.size)
        c.paneDragRequiresScreenEdgePan = true
        let (frames, _) = try run(DynamicsContainer(c), [(0.05, pan([start, start + 200, start + 200]))])
        let ignored = frames.flatMap(\.events).first { $0.type == "actionIgnored" }
        if start < 24 {
            #expect(frames.last!.state == .open)
            #expect(ignored == nil)
        } else {
            #expect(frames.last!.state == .closed)
            #expect(ignored?.fields.last?.value == "the pane drag requires a screen-edge pan")
        }
    }

    // MARK: - Recording and replay

    @Test func aRecordedGestureReplaysToIdenticalFrames() throws {
        // A live run: touches at their own (uneven) timestamps, frames at 60 Hz, through a carousel.
        var c = DrawerConfiguration(size: Self.size, widths: [.left: 280])
        c.openGestures = .panningCenterView
        c.scrollRegions = [carousel()]
        c.panPolicy.lockAngle = 40
        var live = PaneHost(container: DrawerContainer(c), fps: 60)
        var samples: [(t: Double, p: Point)] = []
        for k in 0..<40 {
            let t = 0.1 + Double(k) * 0.0093 + (k % 3 == 0 ? 0.0011 : 0)
            samples.append((t, Point(x: 50 + Double(k * k) * 0.21, y: 300 + Double(k % 5) * 0.1)))
        }
        var recorded: [Frame] = []
        var next = 0
        for i in 0..<90 {
            let t = Double(i) / 60
            while next < samples.count, samples[next].t <= t {
                let phase: TouchPhase = next == 0 ? .began : (next == samples.count - 1 ? .ended : .moved)
                live.touch(phase, samples[next].p, at: samples[next].t)
                next += 1
            }
            recorded.append(try live.step(at: t))
        }
        #expect(names(recorded).contains("panBegan"))
        #expect(names(recorded).contains("scrolled"))

        // The same gesture written as a scenario's `pan` with its track replays to the same frames.
        let track = samples.map { "[\($0.t), \($0.p.x), \($0.p.y)]" }.joined(separator: ", ")
        let text = """
            {"size": [375, 667], "fps": 60, "duration": \(89.0 / 60),
             "container": {"type": "drawer", "left": {"width": 280}, "openGestures": ["panningCenterView"],
                           "panPolicy": {"lockAngle": 40},
                           "scrollRegions": [{"rect": [0, 200, 375, 200], "axis": "horizontal", "range": [0, 600], "offset": 120}]},
             "timeline": [{"at": 0, "action": "pan", "track": [\(track)]}]}
            """
        let scenario = try ScenarioLoader.load(text, file: "replay.json")
        var host = try scenario.makeHost()
        var replayed: [Frame] = []
        for _ in 0..<90 { replayed.append(try host.step()) }
        #expect(replayed.count == recorded.count)
        for (a, b) in zip(recorded, replayed) { #expect(a == b, "frame \(a.index)") }
    }

    // MARK: - Scenario keys

    @Test func scenarioKeysLoadIntoTheConfiguration() throws {
        let text = """
            {"size": [375, 667], "container": {"type": "drawer", "left": {},
              "panPolicy": {"edgeWidth": 32, "lockAngle": 25, "velocityThreshold": 350, "distanceThreshold": 0.4,
                            "failsWithoutDrawer": true},
              "scrollRegions": [{"rect": [0, 100, 375, 80], "range": [-20, 300], "offset": 10},
                                {"rect": [0, 300, 375, 300], "axis": "vertical", "range": [0, 900]}]}}
            """
        guard let c = (try ScenarioLoader.load(text, file: "s.json")).container.configuration(as: DrawerConfiguration.self) else {
            Issue.record("not a drawer")
            return
        }
        #expect(
            c.panPolicy == PanPolicy(edgeWidth: 32, lockAngle: 25, velocityThreshold: 350, distanceThreshold: 0.4, failsWithoutDrawer: true)
        )
        #expect(c.resolvedEdgeWidth == 32)
        #expect(
            c.scrollRegions == [
                ScrollRegion(rect: Rect(x: 0, y: 100, width: 375, height: 80), axis: .horizontal, range: -20...300, offset: 10),
                ScrollRegion(rect: Rect(x: 0, y: 300, width: 375, height: 300), axis: .vertical, range: 0...900, offset: 0),
            ])
        let ms = try ScenarioLoader.load(
            #"{"size": [320, 568], "container": {"type": "dynamics", "left": {}, "paneDragRequiresScreenEdgePan": true}}"#, file: "m.json")
        guard let m = ms.container.configuration(as: DynamicsConfiguration.self) else {
            Issue.record("not dynamics")
            return
        }
        #expect(m.paneDragRequiresScreenEdgePan)
    }

    @Test func badKeysAreReportedWithTheirPlace() {
        let text = """
            {"size": [375, 667], "container": {"type": "drawer", "left": {}, "bezelPanningCenterViewRange": 10,
              "panPolicy": {"edgeWidth": 32, "lockAngel": 25, "distanceThreshold": 2},
              "scrollRegions": [{"rect": [0, 100, 0, 80], "axis": "diagonal", "range": [300, 0]},
                                {"range": [0, 10], "offset": 20}]}}
            """
        do {
            _ = try ScenarioLoader.load(text, file: "bad.json")
            Issue.record("loaded")
        } catch {
            let lines = error.description.split(separator: "\n").map(String.init)
            #expect(
                lines.contains(
                    "bad.json: container.panPolicy.lockAngel: unknown key; allowed: edgeWidth, lockAngle, velocityThreshold, distanceThreshold, failsWithoutDrawer; did you mean \"lockAngle\"?"
                ))
            #expect(
                lines.contains(
                    "bad.json: container.panPolicy.edgeWidth: expected one of container.bezelPanningCenterViewRange and container.panPolicy.edgeWidth, got both"
                ))
            #expect(lines.contains("bad.json: container.panPolicy.distanceThreshold: expected a number in 0…1, got 2"))
            #expect(lines.contains("bad.json: container.scrollRegions[0].rect: expected a width and height > 0, got 0 × 80"))
            #expect(
                lines.contains {
                    $0.hasPrefix("bad.json: container.scrollRegions[0].axis: expected one of horizontal, vertical, got \"diagonal\"")
                })
            #expect(lines.contains("bad.json: container.scrollRegions[0].range: expected min ≤ max, got [300, 0]"))
            #expect(lines.contains("bad.json: container.scrollRegions[1].rect: missing; expected [x, y, w, h]"))
            #expect(lines.contains("bad.json: container.scrollRegions[1].offset: expected a number in 0…10, got 20"))
            #expect(lines.count == 8)
        }
        // The split container has no drawer pan: its reader does not know the keys.
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(#"{"size": [1024, 768], "container": {"type": "split", "scrollRegions": []}}"#, file: "split.json")
        }
    }
}

extension DrawerContainer {
    /// This container's arbitration under `policy`.
    func withPolicy(_ policy: PanPolicy) -> PanArbitration? {
        var c = configuration
        c.panPolicy = policy
        return DrawerContainer(c).panArbitration()
    }
}
