// Right to left: every rtl run is the mirror image of its ltr run, gestures mirror, stylers see the leading flag.

import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct RightToLeftTests {
    static let phone = Size(width: 320, height: 568)
    static let gestures = "\"openGestures\": [\"all\"], \"closeGestures\": [\"all\"]"

    /// The drawer container's timeline: programmatic moves, the bounce, taps, a bezel pan, a fling, a stretch past
    /// open, the full-close replacement and a width change, on the leading and the trailing drawer.
    static let drawerTimeline: [MirrorScenario.Step] = [
        .action(0.1, "\"action\": \"open\", \"direction\": \"leading\""),
        .action(0.8, "\"action\": \"close\""),
        .action(1.4, "\"action\": \"bounce\", \"direction\": \"trailing\""),
        .action(2.4, "\"action\": \"toggle\", \"direction\": \"trailing\""),
        .tap(3.0, (60, 300)),
        .pan(3.6, [(5, 300), (150, 300), (200, 302)], duration: 0.3),
        .pan(4.6, [(250, 300), (60, 300)], duration: 0.1),
        .pan(5.4, [(5, 300), (315, 300)], duration: 0.4),
        .tap(6.4, (300, 300)),
        .pan(7.0, [(315, 300), (150, 300)], duration: 0.25),
        .action(8.0, "\"action\": \"close\""),
        .action(8.6, "\"action\": \"open\", \"direction\": \"leading\""),
        .action(9.2, "\"action\": \"replaceCenter\", \"mode\": \"fullClose\""),
        .action(11.0, "\"action\": \"open\", \"direction\": \"leading\""),
        .action(11.6, "\"action\": \"setMaximumWidth\", \"direction\": \"leading\", \"width\": 200"),
    ]

    static let dynamicsTimeline: [MirrorScenario.Step] = [
        .action(0.1, "\"action\": \"setPaneState\", \"state\": \"open\", \"direction\": \"leading\""),
        .action(1.5, "\"action\": \"setPaneState\", \"state\": \"openWide\", \"direction\": \"leading\""),
        .action(3.0, "\"action\": \"setPaneState\", \"state\": \"closed\""),
        .action(4.5, "\"action\": \"bounce\", \"direction\": \"trailing\""),
        .track(6.0, [(0, 300, 300), (0.02, 280, 300), (0.04, 250, 300), (0.06, 190, 300)]),
        .tap(8.0, (10, 300)),
        .pan(9.5, [(20, 300), (120, 300)], duration: 0.5),
        .action(11.0, "\"action\": \"replacePane\""),
    ]

    static let sideMenuTimeline: [MirrorScenario.Step] = [
        .action(0.1, "\"action\": \"present\", \"direction\": \"leading\""),
        .tap(0.8, (300, 300)),
        .pan(1.6, [(5, 300), (120, 300)], duration: 0.3),
        .pan(2.6, [(200, 300), (60, 300)], duration: 0.2),
        .action(3.4, "\"action\": \"present\", \"direction\": \"trailing\""),
        .tap(4.2, (100, 300)),
        .pan(5.0, [(318, 300), (300, 300)], duration: 0.2),
    ]

    static let splitTimeline: [MirrorScenario.Step] = [
        .action(0.1, "\"action\": \"toggleMaster\""),
        .action(0.6, "\"action\": \"toggleMaster\""),
        .action(1.1, "\"action\": \"setSplitPosition\", \"position\": 400"),
        .action(1.6, "\"action\": \"setDividerStyle\", \"style\": \"paneSplitter\""),
        .track(2.1, [(0, 410, 300), (0.05, 430, 300), (0.1, 470, 300)]),
        .action(2.6, "\"action\": \"showMasterPopover\""),
        .action(2.9, "\"action\": \"toggleMasterBeforeDetail\""),
        .action(3.4, "\"action\": \"toggleOrientation\""),
        .action(3.9, "\"action\": \"toggleOrientation\""),
        .action(4.4, "\"action\": \"rotate\", \"orientation\": \"portrait\""),
        .action(5.0, "\"action\": \"showMasterPopover\""),
        .action(5.4, "\"action\": \"hideMasterPopover\""),
    ]

    /// Every container, and every built-in styler on the container of its family, on the leading and trailing side.
    static func scenarios() -> [MirrorScenario] {
        var cases: [MirrorScenario] = [
            MirrorScenario(
                "drawer push with a status bar", size: phone, type: "drawer",
                container: "\"leading\": {\"width\": 260}, \"trailing\": {\"width\": 200}, \"showsStatusBarBackgroundView\": true, "
                    + "\"shadowOffset\": [4, -3], \(gestures)",
                timeline: drawerTimeline),
            MirrorScenario(
                "drawer above content", size: phone, type: "drawer",
                container: "\"leading\": {}, \"trailing\": {\"width\": 200}, \"openMode\": \"above\", \(gestures)",
                timeline: drawerTimeline),
            MirrorScenario(
                "drawer with a scroll region and a pan policy", size: phone, type: "drawer",
                container: "\"leading\": {\"width\": 260}, \"trailing\": {}, \(gestures), \"panPolicy\": {\"lockAngle\": 30}, "
                    + "\"scrollRegions\": [{\"rect\": [40, 200, 240, 150], \"axis\": \"horizontal\", \"range\": [0, 300], \"offset\": 120}]",
                timeline: [
                    .pan(0.1, [(100, 250), (260, 252)], duration: 0.4), .pan(1.2, [(100, 250), (300, 254)], duration: 0.4),
                    .action(2.4, "\"action\": \"close\""), .pan(3.0, [(200, 250), (20, 250)], duration: 0.3),
                    .pan(4.0, [(5, 100), (60, 300)], duration: 0.3), .action(5.0, "\"action\": \"close\""),
                ]),
            MirrorScenario(
                "dynamics top", size: phone, type: "dynamics", container: "\"top\": {}",
                timeline: [.action(0.1, "\"action\": \"setPaneState\", \"state\": \"open\", \"direction\": \"top\""), .tap(2, (100, 400))]),
            MirrorScenario(
                "split with ms.fade on the master", size: Size(width: 1024, height: 768), type: "split",
                container: "\"minimumViewExtent\": 100", stylers: "\"leading\": [\"ms.fade\"], \"trailing\": [\"ms.scale\"]",
                timeline: splitTimeline),
            MirrorScenario(
                "split horizontal, master after detail", size: Size(width: 1024, height: 768), type: "split",
                container: "\"vertical\": false, \"masterBeforeDetail\": false, \"dividerStyle\": \"paneSplitter\"",
                timeline: splitTimeline),
        ]
        // The adaptive container through its three layouts: a drawer opened by an edge pan, widened to a pinned
        // sidebar and a split view (the divider moved), then narrowed back, the sidebar on the leading side.
        cases.append(
            MirrorScenario(
                "adaptive through its layouts", size: phone, type: "adaptive",
                container: "\"breakpoints\": [599, 839], \"leading\": {\"width\": 260}, \"dividerStyle\": \"paneSplitter\"",
                timeline: [
                    .pan(0.1, [(5, 300), (240, 300)], duration: 0.3), .action(0.9, "\"action\": \"resize\", \"size\": [700, 667]"),
                    .action(1.6, "\"action\": \"close\""), .action(2.1, "\"action\": \"resize\", \"size\": [1024, 667]"),
                    .action(2.8, "\"action\": \"setSplitPosition\", \"position\": 380"),
                    .action(3.3, "\"action\": \"resize\", \"size\": [375, 667]"),
                    .action(4.0, "\"action\": \"open\", \"direction\": \"leading\""),
                ]))
        for name in StylerRegistry.builtins.names {
            let stylers = "\"leading\": [\"\(name)\"], \"trailing\": [\"\(name)\"]"
            if name.hasPrefix("ms.") {
                cases.append(
                    MirrorScenario(
                        "dynamics \(name)", size: phone, type: "dynamics", container: "\"leading\": {}, \"trailing\": {\"width\": 200}",
                        stylers: stylers, timeline: dynamicsTimeline))
            } else if name.hasPrefix("sidemenu.") {
                cases.append(
                    MirrorScenario(
                        "sidemenu \(name)", size: phone, type: "sidemenu", container: "\"leading\": {}, \"trailing\": {\"width\": 180}",
                        stylers: stylers, timeline: sideMenuTimeline))
            } else {
                cases.append(
                    MirrorScenario(
                        "drawer \(name)", size: phone, type: "drawer",
                        container: "\"leading\": {\"width\": 260}, \"trailing\": {\"width\": 200}, \(gestures)",
                        stylers: stylers, timeline: drawerTimeline))
            }
        }
        return cases
    }

    static func run(_ text: String, _ label: String) throws -> [Frame] {
        try ScenarioLoader.load(text, file: "\(label).json").run()
    }

    @Test func everyRtlRunIsTheMirrorImageOfItsLtrRun() throws {
        let cases = Self.scenarios()
        // Every container with left and right drawers (a sheet slides from the bottom or top edge: nothing to mirror).
        #expect(Set(cases.map(\.type)) == Set(ContainerRegistry.builtins.filter { $0.posableGroups.contains(.left) }.map(\.kind.rawValue)))
        for c in cases {
            let ltr = try Self.run(c.text(.ltr), c.label), rtl = try Self.run(c.text(.rtl), c.label)
            #expect(ltr.count > 60, "\(c.label): \(ltr.count) frames")
            #expect(mirrorMismatches(ltr: ltr, rtl: rtl) == [], "\(c.label)")
            // Something moved, and an ltr run is not its own mirror image: the check can fail.
            #expect(ltr.contains { $0.nodes.map(\.corners) != ltr[0].nodes.map(\.corners) }, "\(c.label)")
            if c.type != "dynamics" || c.container.contains("leading") {
                #expect(!mirrorMismatches(ltr: ltr, rtl: ltr).isEmpty, "\(c.label)")
            }
        }
    }

    @Test func everyBuiltInStylerIsCovered() {
        let styled = Set(Self.scenarios().flatMap { c in StylerRegistry.builtins.names.filter { c.stylers.contains("\"\($0)\"") } })
        #expect(styled == Set(StylerRegistry.builtins.names))
    }

    @Test func theSameFramesAtEveryRateAndWithoutMirroringTouchesTwice() throws {
        // A pan delivered through `PaneHost.touch` is mirrored once, as a timeline pan is.
        var config = DrawerConfiguration(size: Self.phone, widths: [.right: 260])
        config.layoutDirection = .rtl
        config.openGestures = .all
        var host = PaneHost(container: DrawerContainer(config))
        #expect(host.container is MirroredContainer)
        var pose = Pose()
        host.container.pose(into: &pose)
        #expect(pose.subjects.map(\.direction) == [.right])
        host.touch(.began, Point(x: 318, y: 300), at: 0)
        host.touch(.moved, Point(x: 200, y: 300), at: 0.05)
        host.touch(.ended, Point(x: 100, y: 300), at: 0.1)
        let frames = try host.runUntilRest(limit: 600)
        let last = try #require(frames.last)
        #expect(last.state == .open && last.fractions[.right] == 0)
        #expect(last.node(.pane)?.frame.x == -260)
        let ended = frames.flatMap(\.events).first { $0.type == "panEnded" }
        #expect(ended?.value("velocity")?.hasPrefix("-") == true, "a leftward release has a negative velocity")
    }

    @Test func gesturesMirrorTheBezelAndTheOpeningDirection() throws {
        func run(_ layout: LayoutDirection, _ points: String) throws -> Frame? {
            let text = """
                {"size": [320, 568], "container": {"type": "drawer", "layoutDirection": "\(layout.rawValue)",
                 "leading": {"width": 260}, "openGestures": ["bezelPanningCenterView"]},
                 "timeline": [{"at": 0, "action": "pan", "points": \(points), "duration": 0.3}]}
                """
            return try ScenarioLoader.load(text, file: "bezel.json").run().last
        }
        // The leading drawer opens from the left bezel under ltr and from the right bezel under rtl, not the other.
        #expect(try run(.ltr, "[[5, 300], [250, 300]]")?.state == .open)
        #expect(try run(.ltr, "[[315, 300], [70, 300]]")?.state == .closed)
        #expect(try run(.rtl, "[[315, 300], [70, 300]]")?.state == .open)
        #expect(try run(.rtl, "[[5, 300], [250, 300]]")?.state == .closed)
        // Under rtl a rightward pan from the right bezel does not open the leading drawer.
        #expect(try run(.rtl, "[[315, 300], [319, 300]]")?.state == .closed)
    }

    @Test func theSplitMasterFollowsTheLeadingSide() throws {
        func master(_ layout: LayoutDirection, _ before: Bool) throws -> Node? {
            var config = SplitConfiguration(size: Size(width: 1024, height: 768))
            config.layoutDirection = layout
            config.masterBeforeDetail = before
            var host = PaneHost(container: SplitContainer(config))
            return try host.step().node(.master)
        }
        #expect(try master(.ltr, true)?.frame == Rect(x: 0, y: 0, width: 320, height: 768))
        #expect(try master(.rtl, true)?.frame == Rect(x: 704, y: 0, width: 320, height: 768))
        #expect(try master(.rtl, false)?.frame == Rect(x: 0, y: 0, width: 320, height: 768))
        var config = SplitConfiguration(size: Size(width: 1024, height: 768))
        config.layoutDirection = .rtl
        var pose = Pose()
        MirroredContainer(SplitContainer(config)).pose(into: &pose)
        #expect(pose.subjects.map(\.direction) == [.right])
    }

    /// Records what each styler call saw.
    struct Probe: Styler {
        let name = "probe"
        let seen: Box
        final class Box: @unchecked Sendable { var contexts: [(Direction, Bool, LayoutDirection)] = [] }
        func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
            seen.contexts.append((context.direction, context.leading, context.layoutDirection))
        }
    }

    @Test func stylersSeeThePhysicalDirectionAndTheLeadingFlag() throws {
        for layout in LayoutDirection.allCases {
            var config = DrawerConfiguration(size: Self.phone, widths: [.left: 200, .right: 200])
            config.layoutDirection = layout
            let box = Probe.Box()
            var host = PaneHost(container: DrawerContainer(config), stylers: [.left: [Probe(seen: box)], .right: [Probe(seen: box)]])
            host.schedule(.open(layout.leading), at: 0)
            host.schedule(.close(), at: 1)
            host.schedule(.open(layout.trailing), at: 2)
            _ = try host.runUntilRest()
            let leading = box.contexts.filter { $0.1 }, trailing = box.contexts.filter { !$0.1 }
            #expect(!leading.isEmpty && leading.allSatisfy { $0.0 == layout.leading && $0.2 == layout }, "\(layout)")
            #expect(!trailing.isEmpty && trailing.allSatisfy { $0.0 == layout.trailing }, "\(layout)")
        }
        #expect(StyleContext(direction: .top, closed: 1, reveal: 0, size: Self.phone).leading == false)
    }

    @Test func leadingAndTrailingResolveToSides() throws {
        func load(_ layout: String, _ container: String, _ rest: String = "") throws -> Scenario {
            try ScenarioLoader.load(
                "{\"size\": [320, 568], \"container\": {\"type\": \"drawer\", \"layoutDirection\": \"\(layout)\", \(container)}\(rest)}",
                file: "s.json")
        }
        let rtl = try load(
            "rtl", "\"leading\": {\"width\": 250}, \"left\": {}",
            ", \"stylers\": {\"leading\": [\"mm.slide\"]}, \"timeline\": [{\"at\": 0, \"action\": \"open\", \"direction\": \"trailing\"}]")
        #expect(rtl.layoutDirection == .rtl)
        guard let c = rtl.container.configuration(as: DrawerConfiguration.self) else { Issue.record("not a drawer"); return }
        #expect(c.widths == [.right: 250, .left: DrawerConfiguration.defaultWidth])
        #expect(rtl.stylers[.right]?.map(\.name) == ["mm.slide"] && rtl.stylers[.left] == nil)
        #expect(rtl.timeline.first?.action == .open(.left))
        let ltr = try load("ltr", "\"trailing\": {}")
        guard let d = ltr.container.configuration(as: DrawerConfiguration.self) else { Issue.record("not a drawer"); return }
        #expect(d.widths[.right] != nil && ltr.layoutDirection == .ltr)
        // Without the key a scenario is ltr.
        let plain = try ScenarioLoader.load("{\"size\": [320, 568], \"container\": {\"type\": \"split\"}}", file: "s.json")
        #expect(plain.layoutDirection == .ltr)
    }

    @Test func badLayoutInputIsReportedWhereTheFileWroteIt() throws {
        func issues(_ container: String, _ rest: String = "") -> [String] {
            do {
                _ = try ScenarioLoader.load(
                    "{\"size\": [320, 568], \"container\": {\"type\": \"drawer\", \(container)}\(rest)}", file: "bad.json")
                return []
            } catch {
                return error.issues.map(\.description)
            }
        }
        #expect(
            issues("\"layoutDirection\": \"arabic\", \"left\": {}") == [
                "container.layoutDirection: expected \"ltr\" or \"rtl\", got \"arabic\""
            ])
        #expect(
            issues("\"layoutDirection\": \"rtl\", \"leading\": {}, \"right\": {}")
                == ["container.leading: expected one declaration per side, got \"leading\" and \"right\", the same side in rtl"])
        #expect(
            issues("\"layoutDirection\": \"rtl\", \"leading\": {\"width\": -4}")
                == ["container.leading.width: expected a number > 0, got -4"])
        let missing = issues(
            "\"layoutDirection\": \"rtl\", \"leading\": {}",
            ", \"timeline\": [{\"at\": 0, \"action\": \"open\", \"direction\": \"trailing\"}]")
        #expect(
            missing.count == 1 && missing[0].hasPrefix("timeline[0].direction:")
                && missing[0].contains("\"trailing\" (the left side in rtl)"), "\(missing)")
        let adaptive = try ScenarioLoader.load(
            "{\"size\": [320, 568], \"container\": {\"type\": \"adaptive\", \"layoutDirection\": \"rtl\", \"leading\": {}}}", file: "a.json"
        )
        guard let a = adaptive.container.configuration(as: AdaptiveConfiguration.self) else { Issue.record("not adaptive"); return }
        #expect(a.layoutDirection == .rtl && a.side == .right, "the leading sidebar is on the right under rtl")
        let styler = issues("\"leading\": {}", ", \"stylers\": {\"leading\": [\"mm.nope\"]}")
        #expect(styler.count == 1 && styler[0].hasPrefix("stylers.leading[0]: unknown styler \"mm.nope\""), "\(styler)")
    }
}
