// Accessibility output: reachable nodes, focus, escape and focusChanged in every state of every container.

import Testing

@testable import PaneKit

@Suite struct AccessibilityTests {
    static let phone = Size(width: 320, height: 568)

    /// The reachable roles of a frame, and the focused one.
    func reachable(_ frame: Frame) -> Set<Role> { Set(frame.nodes.filter(\.accessible).map(\.role)) }
    func focused(_ frame: Frame) -> [Role] { frame.nodes.filter(\.focus).map(\.role) }

    /// Runs `actions` (each at its time) until rest and returns every frame.
    func run(_ container: any Container, _ actions: [(Double, Action)]) throws -> [Frame] {
        var host = PaneHost(container: container, fps: 60)
        for (time, action) in actions { host.schedule(action, at: time) }
        return try host.runUntilRest(limit: 2000)
    }

    /// Checks the frames of one open-and-close run of a drawer-like container: the pane alone while closed, the
    /// drawer alone (modal, focused, escapable) while it shows, and focus changes exactly at the two edges.
    func checkModalDrawer(_ label: String, _ frames: [Frame], drawer: Role, paneReachableWhenOpen: Bool = false) {
        var changes: [String] = []
        for frame in frames {
            let shows = frame.nodes.contains { $0.role == drawer && !$0.style.hidden } && frame.state != .closed
            let open = shows && frame.fractions.values.contains { $0.closed < 1 }
            if open {
                var expected: Set<Role> = [drawer]
                if paneReachableWhenOpen { expected.insert(.pane) }
                #expect(reachable(frame) == expected, "\(label) frame \(frame.index) \(frame.state)")
                #expect(focused(frame) == [drawer], "\(label) frame \(frame.index)")
                #expect(frame.escape, "\(label) frame \(frame.index)")
            } else {
                #expect(reachable(frame) == [.pane], "\(label) frame \(frame.index) \(frame.state)")
                #expect(focused(frame) == [.pane], "\(label) frame \(frame.index)")
                #expect(!frame.escape, "\(label) frame \(frame.index)")
            }
            for event in frame.events where event.name == Accessibility.focusChangedEvent {
                changes.append(event.value("role") ?? "?")
            }
        }
        #expect(changes == [drawer.rawValue, "pane"], "\(label): \(changes)")
        #expect(frames.first.map(reachable) == [.pane], "\(label) starts closed")
    }

    @Test func drawerPushAndAboveBothSides() throws {
        for mode in DrawerOpenMode.allCases {
            for side in [Direction.left, .right] {
                var c = DrawerConfiguration(size: Self.phone)
                c.openMode = mode
                c.showsStatusBarBackgroundView = true
                let frames = try run(DrawerContainer(c), [(0, .open(side)), (0.6, .close())])
                #expect(frames.contains { $0.state == .opening } && frames.contains { $0.state == .open })
                #expect(frames.contains { $0.state == .closing })
                checkModalDrawer("drawer \(mode) \(side)", frames, drawer: .drawer(side))
                // The scrim, the status bar and the drawer not shown are never reachable.
                for frame in frames {
                    #expect(!frame.nodes.contains { [.overlay, .statusbar, .drawer(side.opposite)].contains($0.role) && $0.accessible })
                }
            }
        }
    }

    @Test func drawerPushWithFullCenterInteractionKeepsThePaneReachable() throws {
        var c = DrawerConfiguration(size: Self.phone)
        c.centerHiddenInteractionMode = .full
        let frames = try run(DrawerContainer(c), [(0, .open(.left)), (0.6, .close())])
        checkModalDrawer("drawer full", frames, drawer: .drawerLeft, paneReachableWhenOpen: true)
    }

    @Test func drawerDragAndBounce() throws {
        // A drag that reveals the drawer makes it modal at once; the bounce preview leaves focus on the pane.
        var config = DrawerConfiguration(size: Self.phone)
        config.openGestures = .all
        var host = PaneHost(container: DrawerContainer(config), fps: 60)
        host.schedule(.pan(.began, Point(x: 10, y: 300)), at: 0)
        host.schedule(.pan(.moved, Point(x: 60, y: 300)), at: 0.05)
        host.schedule(.pan(.moved, Point(x: 120, y: 300)), at: 0.1)
        var dragging: Frame?
        for _ in 0..<8 {
            let f = try host.step()
            if f.state == .dragging, f.fractions[.left]! < 1 { dragging = f }
        }
        let drag = try #require(dragging)
        #expect(reachable(drag) == [.drawerLeft] && focused(drag) == [.drawerLeft] && drag.escape)

        let bounce = try run(DrawerContainer(DrawerConfiguration(size: Self.phone)), [(0, .bounce(.left))])
        #expect(bounce.contains { $0.state == .bouncing })
        for frame in bounce {
            #expect(reachable(frame) == [.pane] && focused(frame) == [.pane] && !frame.escape, "bounce \(frame.index)")
            #expect(!frame.events.contains { $0.name == Accessibility.focusChangedEvent })
        }
    }

    @Test func sideMenuBothSides() throws {
        for side in [Direction.left, .right] {
            let c = SideMenuConfiguration(size: Self.phone, widths: [.left: nil, .right: nil])
            let frames = try run(SideMenuContainer(c), [(0, .present(side)), (0.6, .dismiss())])
            #expect(frames.contains { $0.state == .open })
            checkModalDrawer("sidemenu \(side)", frames, drawer: .drawer(side))
        }
    }

    @Test func dynamicsOpenOpenWideAndBounce() throws {
        for side in Direction.allCases {
            for state in [PaneState.open, .openWide] {
                let c = DynamicsConfiguration(size: Self.phone, widths: [side: nil])
                let frames = try run(
                    DynamicsContainer(c), [(0, .setPaneState(state, side)), (2, .setPaneState(.closed, side))])
                #expect(frames.contains { $0.state.rawValue == state.rawValue }, "dynamics \(side) \(state)")
                checkModalDrawer("dynamics \(side) \(state)", frames, drawer: .drawer(side))
            }
        }
        let bounce = try run(DynamicsContainer(DynamicsConfiguration(size: Self.phone, widths: [.left: nil])), [(0, .bounce(.left))])
        #expect(bounce.contains { $0.state == .bouncing })
        for frame in bounce { #expect(reachable(frame) == [.pane] && focused(frame) == [.pane] && !frame.escape) }
    }

    @Test func splitShownHiddenAndPopover() throws {
        for style in DividerStyle.allCases {
            var c = SplitConfiguration(size: Size(width: 1024, height: 768))
            c.dividerStyle = style
            let frames = try run(SplitContainer(c), [(0, .toggleMaster), (0.5, .toggleMaster)])
            let divider: Set<Role> = style == .paneSplitter ? [.divider] : []
            #expect(reachable(frames[0]) == Set([.master, .detail]).union(divider), "\(style) shown")
            let hidden = try #require(frames.first { $0.state == .closed })
            #expect(reachable(hidden) == [.detail], "\(style) hidden")
            for frame in frames {
                #expect(focused(frame) == [.detail] && !frame.escape, "\(style) frame \(frame.index)")
                #expect(!frame.events.contains { $0.name == Accessibility.focusChangedEvent })
                let shown = frame.fractions.values[0].closed < 1
                #expect(reachable(frame).contains(.master) == shown, "\(style) frame \(frame.index)")
            }
        }
        // Portrait hides the master; its popover is modal, focused and escapable, and focus returns after it.
        let portrait = SplitConfiguration(size: Size(width: 768, height: 1004))
        let frames = try run(SplitContainer(portrait), [(0.1, .showMasterPopover), (0.5, .hideMasterPopover)])
        let popover = try #require(frames.first { $0.state == .popover })
        #expect(reachable(popover) == [.popover] && focused(popover) == [.popover] && popover.escape)
        #expect(reachable(frames.last!) == [.detail] && !frames.last!.escape)
        let changes = frames.flatMap(\.events).filter { $0.name == Accessibility.focusChangedEvent }.compactMap { $0.value("role") }
        #expect(changes == ["popover", "detail"], "\(changes)")
    }

    @Test func aNodeAStylerHidesIsNotReachable() throws {
        let hide = ClosureStyler(name: "hide") { ctx, edits in edits[ctx.drawer].hidden = true }
        var host = PaneHost(container: DrawerContainer(DrawerConfiguration(size: Self.phone)), fps: 60, stylers: [.left: [hide]])
        host.perform(.open(.left, animated: false))
        let frame = try host.step()
        #expect(frame.fractions[.left] == 0)
        #expect(frame.nodes.allSatisfy { !$0.accessible && !$0.focus })
        #expect(frame.escape)
    }
}
