// The adaptive container: its three layouts, the breakpoints, resize transitions, the kept state, accessibility.

import Testing

@testable import PaneKit

@Suite struct AdaptiveContainerTests {
    static let height = 700.0

    /// Breakpoints 600 and 900, a 260 pt sidebar on `side`.
    static func configuration(width: Double, side: Direction = .left, divider: DividerStyle = .thin) -> AdaptiveConfiguration {
        var c = AdaptiveConfiguration(size: Size(width: width, height: height))
        c.narrowMax = 600
        c.mediumMax = 900
        c.side = side
        c.sidebarWidth = 260
        c.dividerStyle = divider
        return c
    }

    /// Runs `actions` until rest; the stylers record `ctx.layout` into `seen`.
    func run(
        _ configuration: AdaptiveConfiguration, _ actions: [(Double, Action)], reducedMotion: Bool = false,
        stylers: [any Styler] = []
    ) throws -> [Frame] {
        var host = PaneHost(
            container: AdaptiveContainer(configuration), fps: 60,
            stylers: stylers.isEmpty ? [:] : [StylerGroup(configuration.side): stylers],
            reducedMotion: reducedMotion)
        for (time, action) in actions { host.schedule(action, at: time) }
        return try host.runUntilRest(limit: 3000)
    }

    func reachable(_ frame: Frame) -> Set<Role> { Set(frame.nodes.filter(\.accessible).map(\.role)) }
    func focused(_ frame: Frame) -> [Role] { frame.nodes.filter(\.focus).map(\.role) }
    func visible(_ frame: Frame) -> Set<Role> { Set(frame.nodes.filter { !$0.style.hidden && $0.style.alpha > 0 }.map(\.role)) }

    // MARK: - Breakpoints

    @Test func eachBreakpointIsInclusiveOfItsUpperWidth() throws {
        // Exactly at narrowMax, one point more, exactly at mediumMax, one point more.
        for (width, expected) in [
            (600.0, AdaptiveLayout.drawer), (601, .sidebar), (900, .sidebar), (901, .split), (320, .drawer), (1366, .split),
        ] {
            let c = Self.configuration(width: width)
            #expect(c.layout(forWidth: width) == expected, "width \(width)")
            #expect(AdaptiveContainer(c).layout == expected, "width \(width)")
            // The layout shows in the frame's nodes and in the stylers' context.
            let probe = LayoutProbe()
            let frames = try run(c, [(0, .open(.left, animated: false))], stylers: [probe.styler])
            let last = try #require(frames.last)
            switch expected {
            case .drawer, .sidebar:
                #expect(Set(last.nodes.map(\.role)).isSuperset(of: [.pane, .drawerLeft]), "width \(width)")
                #expect(last.node(.master) == nil, "width \(width)")
            case .split:
                #expect(Set(last.nodes.map(\.role)).isSuperset(of: [.master, .divider, .detail]), "width \(width)")
                #expect(last.node(.pane) == nil, "width \(width)")
            }
            #expect(probe.layouts.value.last == expected, "width \(width): ctx.layout \(probe.layouts.value)")
            #expect(last.container == .adaptive)
        }
    }

    @Test func otherContainersReportTheirOwnLayout() throws {
        let probe = LayoutProbe()
        var drawer = PaneHost(
            container: DrawerContainer(DrawerConfiguration(size: Size(width: 1024, height: 768))), stylers: [.left: [probe.styler]])
        drawer.perform(.open(.left, animated: false))
        _ = try drawer.runUntilRest()
        #expect(probe.layouts.value.last == .drawer)
        let splitProbe = LayoutProbe()
        var split = PaneHost(
            container: SplitContainer(SplitConfiguration(size: Size(width: 1024, height: 768))), stylers: [.left: [splitProbe.styler]])
        _ = try split.step()
        #expect(splitProbe.layouts.value == [.split])
    }

    // MARK: - The three layouts

    @Test func theDrawerIsModalOverTheFullWidthPane() throws {
        let frames = try run(Self.configuration(width: 375), [(0, .open(.left)), (0.8, .close())])
        let open = try #require(frames.first { $0.state == .open })
        #expect(open.node(.drawerLeft)?.frame == Rect(x: 0, y: 0, width: 260, height: Self.height))
        #expect(open.node(.pane)?.frame == Rect(x: 0, y: 0, width: 375, height: Self.height))
        // Above the content by default, with MM's 0.5 scrim over the pane.
        #expect(open.node(.overlay)?.style.alpha == 0.5 && open.node(.overlay)?.style.hidden == false)
        #expect(reachable(open) == [.drawerLeft] && focused(open) == [.drawerLeft] && open.escape)
        let closed = try #require(frames.last)
        #expect(closed.state == .closed && reachable(closed) == [.pane] && focused(closed) == [.pane] && !closed.escape)
        #expect(closed.node(.drawerLeft)?.style.hidden == true)
    }

    @Test func thePinnedSidebarSitsBesideTheNarrowedPane() throws {
        for side in [Direction.left, .right] {
            let frames = try run(Self.configuration(width: 768, side: side), [(0, .open(side)), (0.8, .close())])
            let open = try #require(frames.first { $0.state == .open })
            let sidebarX = side == .left ? 0 : 768 - 260.0, paneX = side == .left ? 260 : 0.0
            #expect(open.node(.drawer(side))?.frame == Rect(x: sidebarX, y: 0, width: 260, height: Self.height), "\(side)")
            #expect(open.node(.pane)?.frame == Rect(x: paneX, y: 0, width: 768 - 260, height: Self.height), "\(side)")
            #expect(open.node(.overlay) == nil, "no scrim beside a pinned sidebar")
            // Not modal: both reachable, the content keeps focus, nothing to escape.
            #expect(reachable(open) == [.pane, .drawer(side)] && focused(open) == [.pane] && !open.escape, "\(side)")
            // Half way through the close the sidebar and the pane share the width with no gap and no overlap.
            let closing = frames.filter { $0.state == .closing }
            #expect(!closing.isEmpty)
            for frame in closing {
                let bar = try #require(frame.node(.drawer(side))).frame, pane = try #require(frame.node(.pane)).frame
                let (inner, outer) = side == .left ? (bar.maxX, pane.x) : (bar.x, pane.maxX)
                #expect(abs(inner - outer) < 1e-9, "\(side) frame \(frame.index)")
                #expect(abs(pane.width - (768 - max(0, side == .left ? bar.maxX : 768 - bar.x))) < 1e-9)
            }
            let closed = try #require(frames.last)
            #expect(closed.node(.pane)?.frame.width == 768 && reachable(closed) == [.pane] && !closed.escape, "\(side)")
            // A tap on the pane is the app's: the pinned sidebar does not close.
            let tapped = try run(
                Self.configuration(width: 768, side: side), [(0, .open(side, animated: false)), (0.1, .tap(Point(x: 384, y: 300)))])
            #expect(tapped.last?.state == .open)
            #expect(
                tapped.flatMap(\.events).contains(Event.actionIgnored(action: "tap", reason: "the pinned sidebar is not modal")))
        }
    }

    @Test func theSplitViewAlwaysShowsItsMaster() throws {
        let frames = try run(
            Self.configuration(width: 1024, divider: .paneSplitter),
            [(0, .close()), (0.1, .toggle(.left)), (0.2, .setSplitPosition(400))])
        let events = frames.flatMap(\.events)
        for kind in ["close", "toggle"] {
            #expect(events.contains(.actionIgnored(action: kind, reason: "the split view always shows the sidebar")))
        }
        let last = try #require(frames.last)
        #expect(last.node(.master)?.frame == Rect(x: 0, y: 0, width: 400, height: Self.height))
        #expect(last.node(.divider)?.frame == Rect(x: 400, y: 0, width: 25, height: Self.height))
        #expect(last.node(.detail)?.frame == Rect(x: 425, y: 0, width: 1024 - 425, height: Self.height))
        // The split's semantics: the detail focused, the master and the draggable divider reachable, no escape.
        #expect(reachable(last) == [.master, .divider, .detail] && focused(last) == [.detail] && !last.escape)
        #expect(frames.allSatisfy { reachable($0).contains(.master) && focused($0) == [.detail] })
    }

    // MARK: - Size changes

    @Test func aResizeAnimatesEveryNodeFromWhereItWas() throws {
        // Narrow and open, widened to the split view.
        let frames = try run(
            Self.configuration(width: 375), [(0, .open(.left, animated: false)), (0.5, .resize(Size(width: 1024, height: 700)))])
        let before = try #require(frames.last { $0.time < 0.5 - 1e-9 })
        let moving = frames.filter { $0.state == .resizing }
        let after = try #require(frames.last)
        #expect(after.time >= 0.5 + AdaptiveConfiguration.transitionDuration - 1e-9)
        #expect(abs(Double(moving.count) - 60 * AdaptiveConfiguration.transitionDuration) <= 1, "\(moving.count) frames")
        let first = try #require(moving.first)
        #expect(first.events.contains(Event.willResize(size: Size(width: 1024, height: 700))))
        #expect(first.events.contains(Event.layoutChanged(from: .drawer, to: .split)))
        #expect(first.size == Size(width: 1024, height: 700))
        #expect(
            frames.first { $0.time > 0.5 && $0.state != .resizing }?.events.contains(Event.didFinishAnimation(name: .resize))
                == true)
        // The sidebar becomes the master and the pane the detail: each starts where it was and moves steadily.
        for (old, new) in [(Role.drawerLeft, Role.master), (.pane, .detail)] {
            let start = try #require(before.node(old)).frame, end = try #require(after.node(new)).frame
            #expect(first.node(new)?.frame == start, "\(new.rawValue) starts where the \(old.rawValue) was")
            var last = start
            for frame in moving {
                let f = try #require(frame.node(new)).frame
                #expect(
                    (f.x - last.x) * (end.x - start.x) >= 0 && (f.width - last.width) * (end.width - start.width) >= 0,
                    "\(new.rawValue) frame \(frame.index)")
                last = f
            }
        }
        // The divider is new: it fades in. The scrim is the modal drawer's chrome (a styler's, not a node the
        // container shows): it goes with the drawer layout.
        let alphas = moving.compactMap { $0.node(.divider)?.style.alpha }
        #expect(alphas.count == moving.count && alphas.first == 0 && alphas == alphas.sorted())
        #expect(after.node(.divider)?.style.alpha == 1)
        #expect(moving.allSatisfy { $0.node(.overlay) == nil } && after.node(.overlay) == nil)
    }

    @Test func theSidebarStartsShownUnlessNarrow() throws {
        for (width, open) in [(375.0, false), (768, true), (1024, true)] {
            let frame = try #require(try run(Self.configuration(width: width), []).last)
            #expect(frame.state == (open ? .open : .closed) && frame.fractions.values.first?.closed == (open ? 0 : 1), "\(width)")
            #expect(visible(frame).contains(width > 900 ? .master : .drawerLeft) == open, "\(width)")
        }
        var hidden = Self.configuration(width: 768)
        hidden.showsSidebar = false
        #expect(try run(hidden, []).last?.node(.pane)?.frame.width == 768)
        // Started wide, the state is open: narrowing turns the master into the open drawer, which is modal.
        let narrowed = try #require(try run(Self.configuration(width: 1024), [(0.1, .resize(Size(width: 375, height: 700)))]).last)
        #expect(narrowed.state == .open && narrowed.escape && reachable(narrowed) == [.drawerLeft])
    }

    @Test func aNodeTheNewLayoutLacksFadesOutWhereItWas() throws {
        var c = Self.configuration(width: 1024)
        c.showsSidebar = false
        let frames = try run(c, [(0.1, .resize(Size(width: 375, height: 700)))])
        let moving = frames.filter { $0.state == .resizing }
        let dividers = moving.compactMap { $0.node(.divider) }
        #expect(dividers.count == moving.count && dividers.allSatisfy { $0.frame == Rect(x: 320, y: 0, width: 1, height: 700) })
        let alphas = dividers.map(\.style.alpha)
        #expect(alphas.first == 1 && alphas == alphas.sorted(by: >) && alphas.last! < 0.1)
        // The master slides out as the closed drawer it becomes, and is hidden once there.
        let bars = moving.map { $0.node(.drawerLeft)! }
        #expect(bars.allSatisfy { !$0.style.hidden } && bars.map(\.frame.x) == bars.map(\.frame.x).sorted(by: >))
        #expect(frames.last?.node(.drawerLeft)?.style.hidden == true && frames.last?.node(.divider) == nil)
        #expect(moving.allSatisfy { reachable($0) == [.pane] && !$0.escape })
    }

    @Test func aResizeWithinALayoutAnimatesToo() throws {
        let frames = try run(
            Self.configuration(width: 700), [(0, .open(.left, animated: false)), (0.2, .resize(Size(width: 800, height: 700)))])
        #expect(!frames.flatMap(\.events).contains { $0.type == "layoutChanged" })
        let widths = frames.filter { $0.state == .resizing }.map { $0.node(.pane)!.frame.width }
        #expect(widths.count > 5 && widths.first == 440 && widths == widths.sorted())
        #expect(frames.last?.node(.pane)?.frame.width == 540)
        // The same size is not a change.
        let same = try run(Self.configuration(width: 700), [(0, .resize(Size(width: 700, height: 700)))])
        #expect(same.flatMap(\.events).contains(Event.actionIgnored(action: "resize", reason: "the size is unchanged")))
    }

    @Test func theOpenStateIsKeptWhereItHasAMeaning() throws {
        let narrow = Size(width: 375, height: 700), medium = Size(width: 768, height: 700), wide = Size(width: 1024, height: 700)
        for open in [false, true] {
            let frames = try run(
                Self.configuration(width: 375),
                (open ? [(0, Action.open(.left, animated: false))] : [])
                    + [(0.2, .resize(medium)), (1, .resize(wide)), (2, .resize(medium)), (3, .resize(narrow))])
            func state(at time: Double) throws -> Frame { try #require(frames.last { $0.time <= time + 1e-9 }) }
            let expected: ContainerState = open ? .open : .closed
            for (time, layout) in [(0.9, "sidebar"), (2.9, "sidebar"), (3.9, "drawer")] {
                let frame = try state(at: time)
                #expect(
                    frame.state == expected && frame.fractions.values.first?.closed == (open ? 0 : 1), "\(layout) at \(time), open \(open)")
                #expect(visible(frame).contains(.drawerLeft) == open, "\(layout) at \(time), open \(open)")
            }
            // The split view shows its master whatever the drawer's state, which it keeps for the way back.
            let split = try state(at: 1.9)
            #expect(split.state == .open && visible(split).isSuperset(of: [.master, .detail]))
        }
        // A drawer caught opening by a resize lands open in the new layout.
        let caught = try run(Self.configuration(width: 375), [(0, .open(.left)), (0.05, .resize(medium))])
        #expect(caught.last?.state == .open && caught.last?.node(.pane)?.frame.x == 260)
    }

    @Test func rotationSwapsTheSidesAndPicksTheLayout() throws {
        var c = Self.configuration(width: 820)
        c.size = Size(width: 820, height: 1180)
        c.mediumMax = 1000
        var host = PaneHost(container: AdaptiveContainer(c), fps: 60)
        host.schedule(.rotate(.landscape), at: 0.1)
        host.schedule(.rotate(.landscape), at: 0.8)
        host.schedule(.rotate(.portrait), at: 1.0)
        let frames = try host.runUntilRest()
        #expect(frames.first { $0.time > 0.6 && $0.time < 0.8 }?.size == Size(width: 1180, height: 820))
        #expect(frames.first { $0.time > 0.6 && $0.time < 0.8 }?.node(.master) != nil)
        #expect(frames.flatMap(\.events).contains(Event.actionIgnored(action: "rotate", reason: "already in that orientation")))
        #expect(frames.last?.size == Size(width: 820, height: 1180) && frames.last?.node(.pane) != nil)
        let layouts = frames.flatMap(\.events).filter { $0.type == "layoutChanged" }.map { $0.value("to") ?? "" }
        #expect(layouts == ["split", "sidebar"])
    }

    @Test func reducedMotionJumpsAndFadesToTheSameEnd() throws {
        let actions: [(Double, Action)] = [
            (0, .open(.left)), (0.6, .resize(Size(width: 768, height: 700))), (1.4, .resize(Size(width: 1024, height: 700))),
            (2.2, .resize(Size(width: 375, height: 700))),
        ]
        let normal = try run(Self.configuration(width: 375), actions)
        let reduced = try run(Self.configuration(width: 375), actions, reducedMotion: true)
        #expect(!reduced.contains { $0.state == .resizing }, "the layout jumps")
        for (a, b) in zip(reduced, reduced.dropFirst()) {
            for node in b.nodes {
                guard let before = a.node(node.role), before.corners != node.corners, a.size == b.size else { continue }
                let hidden = { (f: Frame) in f.node(node.role).map { $0.style.hidden || $0.style.alpha == 0 } ?? true }
                #expect(hidden(a) || hidden(b), "\(node.role.rawValue) moves while visible between frames \(a.index) and \(b.index)")
            }
        }
        let end = try #require(reduced.last), normalEnd = try #require(normal.last)
        #expect(end.nodes == normalEnd.nodes && end.state == normalEnd.state && end.escape == normalEnd.escape)
    }

    @Test func touchesGoToTheModelOfTheLayout() throws {
        // Narrow: an edge pan opens the drawer and a tap on the pane closes it.
        let path = try #require(TouchPath(points: [Point(x: 5, y: 300), Point(x: 250, y: 300)], duration: 0.2))
        let narrow = try run(Self.configuration(width: 375), [(0, .gesture(path)), (1, .tap(Point(x: 330, y: 300)))])
        #expect(narrow.contains { $0.state == .dragging } && narrow.contains { $0.state == .open } && narrow.last?.state == .closed)
        // Wide: the pane splitter's divider drags.
        let drag = try #require(TouchPath(points: [Point(x: 332, y: 300), Point(x: 400, y: 300)], duration: 0.2))
        let wide = try run(Self.configuration(width: 1024, divider: .paneSplitter), [(0, .gesture(drag))])
        #expect(wide.contains { $0.state == .dragging } && (wide.last?.node(.master)?.frame.width ?? 0) > 380)
        // The bounce belongs to the drawer layout.
        let bounce = try run(Self.configuration(width: 768), [(0, .bounce(.left))])
        #expect(
            bounce.flatMap(\.events).contains(Event.actionIgnored(action: "bounce", reason: "only the drawer layout bounces")))
    }
}

/// A styler that records the layout its context reports on every call.
final class LayoutProbe: Sendable {
    let layouts = Recorder()
    var styler: ClosureStyler {
        let layouts = self.layouts
        return ClosureStyler(name: "probe") { ctx, _ in layouts.append(ctx.layout) }
    }

    final class Recorder: @unchecked Sendable {
        private(set) var value: [AdaptiveLayout] = []
        func append(_ layout: AdaptiveLayout) { value.append(layout) }
    }
}
