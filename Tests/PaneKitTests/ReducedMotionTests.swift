// Reduced motion: transitions cross-fade in at most 0.2 s, nothing moves while visible, end states are unchanged.

import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct ReducedMotionTests {
    static let phone = Size(width: 320, height: 568)

    /// One case: a container, its stylers and a timeline.
    struct Case {
        var label: String
        var container: any Container
        var stylers: [StylerGroup: [any Styler]] = [:]
        var timeline: [(Double, Action)]
    }

    static func cases() throws -> [Case] {
        var cases: [Case] = []
        for mode in DrawerOpenMode.allCases {
            var c = DrawerConfiguration(size: phone)
            c.openMode = mode
            c.showsStatusBarBackgroundView = true
            cases.append(
                Case(
                    label: "drawer \(mode)", container: DrawerContainer(c),
                    timeline: [(0.1, .open(.left)), (0.8, .close()), (1.5, .toggle(.right)), (2.2, .replaceCenter(.fullClose))]))
        }
        cases.append(
            Case(
                label: "sidemenu", container: SideMenuContainer(SideMenuConfiguration(size: phone, widths: [.left: nil, .right: 200])),
                timeline: [(0.1, .present(.left)), (0.8, .dismiss()), (1.5, .present(.right)), (2.2, .dismiss())]))
        cases.append(
            Case(
                label: "dynamics", container: DynamicsContainer(DynamicsConfiguration(size: phone, widths: [.left: nil, .top: nil])),
                timeline: [
                    (0.1, .setPaneState(.open, .left)), (2, .setPaneState(.openWide, .left)), (4, .setPaneState(.closed, nil)),
                    (6, .setPaneState(.open, .top)), (8, .replacePane()),
                ]))
        cases.append(
            Case(
                label: "split", container: SplitContainer(SplitConfiguration(size: Size(width: 1024, height: 768))),
                timeline: [
                    (0.1, .toggleMaster), (0.8, .toggleMaster), (1.5, .setSplitPosition(400)), (2.2, .toggleMasterBeforeDetail),
                    (2.9, .rotate(.portrait)), (3.6, .showMasterPopover),
                ]))
        // Every built-in styler, on the container it belongs to.
        for name in StylerRegistry.builtins.names {
            let styler = try StylerRegistry.builtins.make(name)
            let container: any Container
            var timeline: [(Double, Action)]
            if name.hasPrefix("ms.") {
                container = DynamicsContainer(DynamicsConfiguration(size: phone, widths: [.left: nil]))
                timeline = [(0.1, .setPaneState(.open, .left)), (2, .setPaneState(.closed, .left))]
            } else if name.hasPrefix("sidemenu.") {
                container = SideMenuContainer(SideMenuConfiguration(size: phone))
                timeline = [(0.1, .present(.left)), (1, .dismiss())]
            } else {
                container = DrawerContainer(DrawerConfiguration(size: phone))
                timeline = [(0.1, .open(.left)), (1, .close())]
            }
            cases.append(Case(label: "styler \(name)", container: container, stylers: [.left: [styler]], timeline: timeline))
        }
        return cases
    }

    func run(_ c: Case, reduced: Bool, fps: Double = 60) throws -> [Frame] {
        var host = PaneHost(container: c.container, fps: fps, stylers: c.stylers, reducedMotion: reduced)
        for (time, action) in c.timeline { host.schedule(action, at: time) }
        return try host.runUntilRest(limit: 5000)
    }

    /// Whether a node is invisible on a frame.
    func invisible(_ role: Role, _ frame: Frame) -> Bool {
        guard let node = frame.node(role) else { return true }
        return node.style.hidden || node.style.alpha == 0
    }

    @Test func nothingMovesWhileVisibleAndEndStatesAreEqual() throws {
        for c in try Self.cases() {
            for fps in [30.0, 60] {
                let label = "\(c.label) at \(fps) fps"
                let normal = try run(c, reduced: false, fps: fps)
                let reduced = try run(c, reduced: true, fps: fps)
                // No travel, rotation or scale while a node can be seen.
                for (a, b) in zip(reduced, reduced.dropFirst()) {
                    for node in b.nodes {
                        guard let before = a.node(node.role),
                            before.corners != node.corners || before.style.transform != node.style.transform
                        else { continue }
                        #expect(
                            invisible(node.role, a) || invisible(node.role, b),
                            "\(label): \(node.role.rawValue) moves while visible between frames \(a.index) and \(b.index)")
                    }
                }
                // The end state is the normal run's.
                let end = try #require(reduced.last), normalEnd = try #require(normal.last)
                #expect(end.nodes == normalEnd.nodes, "\(label): end nodes")
                #expect(end.fractions == normalEnd.fractions && end.state == normalEnd.state, "\(label): end state")
                #expect(end.escape == normalEnd.escape, "\(label): end escape")
            }
        }
    }

    @Test func programmaticTransitionsFadeWithinATwoTenthsSecond() throws {
        // A programmatic transition jumps, so the fade alone is left: 0.1 s out and 0.1 s in.
        for (label, container, action) in [
            ("drawer", DrawerContainer(DrawerConfiguration(size: Self.phone)) as any Container, Action.open(.left)),
            ("sidemenu", SideMenuContainer(SideMenuConfiguration(size: Self.phone)), .present(.left)),
            ("dynamics", DynamicsContainer(DynamicsConfiguration(size: Self.phone)), .setPaneState(.open, .left)),
        ] {
            var host = PaneHost(container: container, fps: 60, reducedMotion: true)
            host.schedule(action.timed(.spring(.swiftUI())), at: 0.5)
            let frames = try host.runUntilRest()
            let last = try #require(frames.last)
            #expect(last.time <= 0.5 + 0.2 + 1e-9, "\(label): the fade ends at \(last.time)")
            let changing = frames.filter { $0.time > 0.5 && $0.time < 0.7 - 1e-9 }
            #expect(changing.contains { $0.nodes.contains { $0.style.alpha > 0 && $0.style.alpha < 1 } }, "\(label) fades")
            // Half way, every node that changes is fully transparent.
            let middle = try #require(frames.first { abs($0.time - 0.6) < 1e-9 })
            #expect(middle.nodes.contains { $0.style.alpha == 0 }, "\(label)")
        }
    }

    @Test func theBounceIsANoOpWithAnEvent() throws {
        for container in [
            DrawerContainer(DrawerConfiguration(size: Self.phone)) as any Container,
            DynamicsContainer(DynamicsConfiguration(size: Self.phone)),
        ] {
            var host = PaneHost(container: container, fps: 60, reducedMotion: true)
            host.schedule(.bounce(.left), at: 0)
            let frames = try host.runUntilRest()
            #expect(frames.count == 1)
            #expect(frames[0].events == [Event.actionIgnored(action: "bounce", reason: "reduced motion")])
            #expect(frames[0].state == .closed)
        }
    }

    @Test func aDragFollowsTheFingerAndTheReleaseFades() throws {
        var config = DrawerConfiguration(size: Self.phone)
        config.openGestures = .all
        var host = PaneHost(container: DrawerContainer(config), fps: 60, reducedMotion: true)
        let path = try #require(TouchPath(points: [Point(x: 10, y: 300), Point(x: 200, y: 300)], duration: 0.2))
        host.schedule(.gesture(path), at: 0)
        let frames = try host.runUntilRest()
        let dragging = frames.filter { $0.state == .dragging }
        #expect(Set(dragging.map { $0.node(.pane)!.frame.x }).count > 3, "the pane follows the finger")
        #expect(frames.last!.state == .open && frames.last!.node(.pane)!.style.alpha == 1)
    }

    @Test func stylersReadTheFlag() throws {
        for reduced in [false, true] {
            let probe = ClosureStyler(name: "probe") { ctx, edits in edits[.pane].z = ctx.reducedMotion ? 7 : 3 }
            var host = PaneHost(
                container: DrawerContainer(DrawerConfiguration(size: Self.phone)), stylers: [.left: [probe]], reducedMotion: reduced)
            host.perform(.open(.left, animated: false))
            _ = try host.runUntilRest()
            let frame = try host.step()
            #expect(frame.node(.pane)!.style.z == (reduced ? 7 : 3))
        }
    }

    @Test func scenarioKey() throws {
        let text = """
            {"size": [320, 568], "reducedMotion": true, "container": {"type": "drawer", "left": {}},
             "timeline": [{"at": 0, "action": "bounce", "direction": "left"}]}
            """
        let scenario = try ScenarioLoader.load(text, file: "rm.json")
        #expect(scenario.reducedMotion)
        var host = try scenario.makeHost()
        #expect(host.reducedMotion)
        #expect(try host.step().events.first?.value("reason") == "reduced motion")
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(#"{"size": [320, 568], "reducedMotion": 1, "container": {"type": "drawer"}}"#, file: "bad.json")
        }
        do {
            _ = try ScenarioLoader.load(#"{"size": [320, 568], "reducedMotion": "yes", "container": {"type": "drawer"}}"#, file: "bad.json")
        } catch {
            #expect("\(error)".contains("reducedMotion") && "\(error)".contains("expected true or false"))
        }
    }
}
