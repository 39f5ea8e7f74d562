// What new users tripped over (issue 21): the host's time origin, the release velocity over a 100 ms window, and a
// cancelled pan in every container that has one.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct TouchReleaseTests {
    static func drawerConfiguration() -> DrawerConfiguration {
        var c = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280, .right: 200])
        c.openGestures = .all
        c.closeGestures = .all
        return c
    }

    /// Schedules a pan through `xs` at `y`, one sample every `step` seconds from `start`; the last sample ends the
    /// pan, or cancels it with `cancel`.
    static func pan(
        _ host: inout PaneHost, _ xs: [Double], y: Double = 300, from start: Double, step: Double = 0.01, cancel: Bool = false
    ) {
        for (i, x) in xs.enumerated() {
            let last: TouchPhase = cancel ? .cancelled : .ended
            let phase: TouchPhase = i == 0 ? .began : (i == xs.count - 1 ? last : .moved)
            host.schedule(.pan(phase, Point(x: x, y: y)), at: start + Double(i) * step)
        }
    }

    /// The names of the frames' events, focus changes left out.
    static func names(_ frames: [Frame]) -> [String] { frames.flatMap(\.events).map(\.type).filter { $0 != "focusChanged" } }

    static func velocity(_ frames: [Frame]) -> Double? {
        for frame in frames {
            for event in frame.events {
                if case .panEnded(.pointsPerSecond(let v)) = event { return v }
            }
        }
        return nil
    }

    // MARK: - Time origin

    @Test func anActionBeforeTheFirstDisplayFrameStartsAtThatFramesTime() throws {
        var host = PaneHost(container: DrawerContainer(Self.drawerConfiguration()))
        host.perform(.open(.left))
        let first = try host.step(at: 1000.0)
        #expect(first.events.map(\.type) == ["willOpen"], "the open starts on the first frame, it is not over")
        #expect(first.fractions[.left] == 1, "frame one is still closed")
        let mid = try host.step(at: 1000.1)
        let closed = try #require(mid.fractions[.left])
        #expect(closed > 0 && closed < 1, "mid-way 0.1 s later: \(closed)")
        var frames = [first, mid]
        var t = 1000.1
        while !host.isAtRest {
            t += 1.0 / 60
            frames.append(try host.step(at: t))
        }
        #expect(Self.names(frames) == ["willOpen", "didOpen"])
        let opened = try #require(frames.firstIndex { $0.events.contains(.didOpen(direction: .left)) })
        // MM's open of 280 pt at 840 pt/s takes 1/3 s from t = 1000.
        #expect(abs(frames[opened].time - 1000 - 1.0 / 3) < 1.0 / 60 + 1e-9, "\(frames[opened].time)")
    }

    @Test func actionsBeforeTheFirstFrameKeepTheirOrderWithScheduledOnes() throws {
        var host = PaneHost(container: DrawerContainer(Self.drawerConfiguration()))
        host.schedule(.open(.right, animated: false), at: 0.5)
        host.perform(.close(animated: false))
        // The scheduled open (t = 0.5) comes before the performed close (delivered at the first frame, t = 2).
        let frame = try host.step(at: 2)
        #expect(frame.events.map(\.type) == ["willOpen", "didOpen", "willClose", "didClose"])
        #expect(frame.fractions[.right] == 1)
    }

    @Test func aFixedRateRunStillStartsAtZero() throws {
        var host = PaneHost(container: DrawerContainer(Self.drawerConfiguration()))
        host.perform(.open(.left))
        let frames = try host.runUntilRest(limit: 100)
        #expect(frames[0].events.map(\.type) == ["willOpen"])
        #expect(frames.count == 21, "1/3 s at 60 fps: frames 0 … 20")
    }

    // MARK: - Release velocity over a window

    @Test func aLiftThatRepeatsTheLastPointKeepsTheFlicksSpeed() throws {
        // 2000 pt/s at 120 Hz from x = 10, then the lift 8 ms after the last move, at the same point.
        var host = PaneHost(container: DrawerContainer(Self.drawerConfiguration()))
        let moves = (0...12).map { 10 + 2000 * Double($0) / 120 }
        for (i, x) in moves.enumerated() {
            host.schedule(.pan(i == 0 ? .began : .moved, Point(x: x, y: 300)), at: 0.1 + Double(i) / 120)
        }
        host.schedule(.pan(.ended, Point(x: moves.last!, y: 300)), at: 0.1 + 12.0 / 120 + 0.008)
        let frames = try host.runUntilRest(limit: 600)
        let v = try #require(Self.velocity(frames))
        // The least-squares slope of the window's samples: the 12 moves at 2000 pt/s and the still lift.
        #expect(v > 1500 && v < 2000, "the throw keeps most of its speed: \(v)")
        #expect(Self.names(frames).contains("didOpen"), "a throw past the threshold opens the drawer")
    }

    @Test func aFingerThatStoppedBeforeLiftingHasNoSpeed() throws {
        var host = PaneHost(container: DrawerContainer(Self.drawerConfiguration()))
        let moves = (0...12).map { 10 + 800 * Double($0) / 120 }  // 80 pt at 800 pt/s: short of half way
        for (i, x) in moves.enumerated() {
            host.schedule(.pan(i == 0 ? .began : .moved, Point(x: x, y: 300)), at: 0.1 + Double(i) / 120)
        }
        host.schedule(.pan(.ended, Point(x: moves.last!, y: 300)), at: 0.1 + 12.0 / 120 + 0.3)
        let frames = try host.runUntilRest(limit: 600)
        #expect(try #require(Self.velocity(frames)) == 0)
        #expect(Self.names(frames).contains("didClose"), "no throw: short of half way, the drawer closes")
    }

    @Test func aScenarioTrackFollowsTheSameRule() throws {
        // A recorded flick whose lift repeats the last point 8 ms later, and one that rests 0.3 s before lifting.
        func track(_ lift: Double) -> String {
            let moves = (0...12).map { "[\(Double($0) / 120), \(10 + 2000 * Double($0) / 120), 300]" }
            return moves.joined(separator: ", ") + ", [\(12.0 / 120 + lift), \(10 + 2000 * 12.0 / 120), 300]"
        }
        for (lift, expectation) in [(0.008, "flick"), (0.3, "rest")] {
            let text = """
                {"size": [375, 667], "container": {"type": "drawer", "left": {"width": 280},
                 "openGestures": ["all"], "closeGestures": ["all"]},
                 "timeline": [{"at": 0.1, "action": "pan", "track": [\(track(lift))]}]}
                """
            let frames = try ScenarioLoader.load(text, file: "t.json").run()
            let v = try #require(Self.velocity(frames))
            if expectation == "flick" { #expect(v > 1500 && v < 2000, "\(v)") } else { #expect(v == 0) }
        }
    }

    @Test func evenlySampledStraightPansKeepTheirVelocity() {
        var tracker = SampledVelocity(10, at: 0)
        for k in 1...50 { tracker.add(10 + 640 * Double(k) / 120, at: Double(k) / 120) }
        #expect(abs(tracker.rate - 640) < 1e-6)
        // A sample at the same time replaces the last one; a single recent sample has no speed.
        tracker.add(500, at: 50.0 / 120)
        #expect(tracker.value == 500 && abs(tracker.time - 50.0 / 120) < 1e-12)
        var lone = SampledVelocity(0, at: 0)
        lone.add(100, at: 1)
        #expect(lone.rate == 0)
    }

    /// A track at a constant speed releases at exactly that speed, wherever in the run it is and at any touch rate:
    /// the absolute times' rounding (`at + k / rate`) is not read as speed. 300 pt/s must not become
    /// 300.0000000000006, which crosses FloatingPanel's strict `> 300` switch (issue 36).
    @Test func aLinearTrackReleasesAtItsExactSlope() {
        for start in [0.0, 0.5, 1.3, 2.25, 1.0 / 3, 7.1, 33.3] {
            for (distance, duration) in [(30.0, 0.1), (-30, 0.1), (60, 0.2), (110, 0.1), (12.5, 0.1), (500, 0.1), (-550, 0.5)] {
                for rate in [60.0, 120, 240] {
                    // As TouchPath samples a polyline pan and the host times it.
                    let steps = Int((duration * rate).rounded(.up))
                    var tracker = SampledVelocity(500, at: start)
                    for k in 1...steps {
                        let offset = min(Double(k) / rate, duration)
                        tracker.add(500 + distance * (offset / duration), at: start + offset)
                    }
                    #expect(tracker.rate == distance / duration, "start \(start) \(distance) pt in \(duration) s at \(rate) Hz")
                }
            }
        }
        // A track that is not straight keeps its fitted slope.
        var bent = SampledVelocity(0, at: 0)
        for (t, v) in [(0.01, 3.0), (0.02, 7.0), (0.03, 9.0)] { bent.add(v, at: t) }
        #expect(abs(bent.rate - 310) < 1e-9)
    }

    // MARK: - Cancelled pans

    @Test func aCancelledDrawerPanSettlesWhereItBeganWithoutTheThrow() throws {
        // Closed: a fast pan towards open, cancelled, goes back closed (the finished pan would have opened).
        for cancel in [false, true] {
            var host = PaneHost(container: DrawerContainer(Self.drawerConfiguration()))
            Self.pan(&host, Array(stride(from: 10.0, through: 210, by: 20)), from: 0.1, cancel: cancel)
            let frames = try host.runUntilRest(limit: 600)
            if cancel {
                #expect(Self.names(frames).contains("panCancelled") && !Self.names(frames).contains("panEnded"))
                #expect(!Self.names(frames).contains("willOpen"))
                #expect(frames.last?.fractions[.left] == 1 && frames.last?.state == .closed)
            } else {
                #expect(frames.last?.state == .open)
            }
        }
        // Open: a fast pan towards closed, cancelled, opens again at the animation's own velocity, not the finger's.
        var d = DrawerContainer(Self.drawerConfiguration())
        var events: [Event] = []
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        events = []
        let xs = Array(stride(from: 300.0, through: 100, by: -20))
        for (i, x) in xs.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : (i == xs.count - 1 ? .cancelled : .moved)
            d.perform(.pan(phase, Point(x: x, y: 300)), at: 1 + Double(i) * 0.01, events: &events)
        }
        #expect(events.map(\.type) == ["panBegan", "panCancelled", "willOpen"])
        #expect(d.paneOffset == 100, "the cancelling sample does not move the pane")
        let release = 1 + Double(xs.count - 1) * 0.01
        var time = release
        while !d.isAtRest {
            time += 0.0001
            d.advance(to: time, events: &events)
        }
        // MM's default 840 pt/s ease-in-out over the 180 pt back: no fling.
        #expect(abs(time - release - 180.0 / 840) < 2e-4)
        #expect(d.openSide == .left && d.paneOffset == 280)
    }

    @Test func aCancelledPanThatCaughtASlidingPaneSettlesAtTheNearerEnd() throws {
        var c = Self.drawerConfiguration()
        c.interruptible = true
        // Caught early in an open (nearer closed): back to closed; caught late (nearer open): open.
        for (catchAt, expected) in [(0.05, ContainerState.closed), (0.28, .open)] {
            var host = PaneHost(container: DrawerContainer(c))
            host.schedule(.open(.left), at: 0)
            host.schedule(.pan(.began, Point(x: 360, y: 300)), at: catchAt)
            host.schedule(.pan(.moved, Point(x: 340, y: 300)), at: catchAt + 0.05)
            host.schedule(.pan(.cancelled, Point(x: 340, y: 300)), at: catchAt + 0.1)
            let frames = try host.runUntilRest(limit: 600)
            #expect(Self.names(frames).contains("caught") && Self.names(frames).contains("panCancelled"), "\(catchAt)")
            #expect(frames.last?.state == expected, "caught at \(catchAt)")
        }
    }

    @Test func aCancelledDismissPanLeavesTheMenuPresented() throws {
        var host = PaneHost(container: SideMenuContainer(SideMenuConfiguration(size: Size(width: 375, height: 667), widths: [.left: nil])))
        host.schedule(.present(.left, animated: false), at: 0)
        Self.pan(&host, Array(stride(from: 300.0, through: 0, by: -30)), from: 0.1, cancel: true)
        let frames = try host.runUntilRest(limit: 600)
        let events = frames.flatMap(\.events)
        #expect(events.contains(.panCancelled) && events.contains(.interactionCancelled))
        #expect(events.contains(.didPresent(direction: .left, completed: false)))
        #expect(frames.last?.state == .open && frames.last?.fractions[.left] == 0)
    }

    @Test func aCancelledDynamicsPanSettlesWhereItBegan() throws {
        var host = PaneHost(container: DynamicsContainer(DynamicsConfiguration(size: Size(width: 320, height: 568), widths: [.left: nil])))
        host.schedule(.setPaneState(.open, .left, animated: false), at: 0)
        // From open, a fast pan towards closed, cancelled: back to open, no throw towards closed.
        Self.pan(&host, Array(stride(from: 200.0, through: 40, by: -20)), from: 0.1, cancel: true)
        let frames = try host.runUntilRest(limit: 2000)
        let names = Self.names(frames)
        #expect(names.contains("panCancelled") && !names.contains("panEnded"))
        #expect(frames.last?.state == .open, "\(String(describing: frames.last?.state))")
        let least = frames.compactMap { $0.fractions[.left] }.max() ?? 0
        #expect(least < 1, "the pane never closed on the way back: \(least)")
        // From closed, a pan towards open, cancelled: closed again.
        var closedHost = PaneHost(
            container: DynamicsContainer(DynamicsConfiguration(size: Size(width: 320, height: 568), widths: [.left: nil])))
        Self.pan(&closedHost, Array(stride(from: 10.0, through: 250, by: 30)), from: 0.1, cancel: true)
        let back = try closedHost.runUntilRest(limit: 2000)
        #expect(Self.names(back).contains("panCancelled"))
        #expect(back.last?.state == .closed && back.last?.fractions[.left] == 1)
    }

    @Test func aCancelledSideMenuPanCancelsTheInteractiveTransition() throws {
        var host = PaneHost(container: SideMenuContainer(SideMenuConfiguration(size: Size(width: 375, height: 667), widths: [.left: nil])))
        // A fast present from the screen edge past half way, cancelled: the menu goes back to hidden.
        Self.pan(&host, Array(stride(from: 5.0, through: 305, by: 30)), from: 0.1, cancel: true)
        let frames = try host.runUntilRest(limit: 600)
        #expect(
            Self.names(frames) == ["willPresent", "interactionBegan", "panCancelled", "interactionCancelled", "didDismiss"],
            "\(Self.names(frames))")
        #expect(frames.flatMap(\.events).contains(.didDismiss(direction: .left, completed: false)))
        #expect(frames.last?.state == .closed && frames.last?.fractions[.left] == 1)
    }

    @Test func aCancelledDividerDragGoesBackToWhereItBegan() throws {
        var c = SplitConfiguration(size: Size(width: 1024, height: 748))
        c.dividerStyle = .paneSplitter
        var host = PaneHost(container: SplitContainer(c), fps: 60)
        Self.pan(&host, [332, 362, 392, 422], from: 0.1, cancel: true)
        let frames = try host.runUntilRest(limit: 600)
        let events = frames.flatMap(\.events)
        #expect(events.contains(.panCancelled))
        #expect(events.last == .didFinishAnimation(name: .splitPosition), "animated back")
        #expect(events.filter { $0.type == "willMoveSplitToPosition" }.last == .willMoveSplitToPosition(position: 320))
        let x = frames.map { $0.node(.divider)!.frame.x }
        #expect((x.max() ?? 0) > 360, "the drag moved it before the cancel: \(x)")
        #expect(x.last == 320)
    }

    @Test func aCancelledPanInEachAdaptiveLayout() throws {
        // Drawer layout: an edge pan opening the sidebar, cancelled, closes it.
        var narrow = AdaptiveConfiguration(size: Size(width: 375, height: 700))
        narrow.sidebarWidth = 260
        var host = PaneHost(container: AdaptiveContainer(narrow))
        Self.pan(&host, Array(stride(from: 5.0, through: 245, by: 30)), from: 0.1, cancel: true)
        let frames = try host.runUntilRest(limit: 600)
        #expect(Self.names(frames).contains("panCancelled"))
        #expect(frames.contains { ($0.fractions[.left] ?? 1) < 0.5 }, "the pan moved the sidebar")
        #expect(frames.last?.state == .closed && frames.last?.fractions[.left] == 1)
        // Split layout: a divider drag, cancelled, goes back.
        var wide = AdaptiveConfiguration(size: Size(width: 1024, height: 700))
        wide.dividerStyle = .paneSplitter
        var split = PaneHost(container: AdaptiveContainer(wide))
        let divider = try #require(try split.step().node(.divider)).frame
        Self.pan(&split, [divider.midX, divider.midX + 50, divider.midX + 80], from: 0.1, cancel: true)
        let moved = try split.runUntilRest(limit: 600)
        #expect(Self.names(moved).contains("panCancelled"))
        #expect(moved.last?.node(.divider)?.frame == divider)
    }

    @Test func aScenarioPanCanBeCancelled() throws {
        let text = """
            {"size": [375, 667], "container": {"type": "drawer", "left": {"width": 280},
             "openGestures": ["all"], "closeGestures": ["all"]},
             "timeline": [{"at": 0.1, "action": "pan", "points": [[10, 300], [250, 300]], "duration": 0.1, "cancelled": true}]}
            """
        let frames = try ScenarioLoader.load(text, file: "c.json").run()
        #expect(Self.names(frames).contains("panCancelled") && !Self.names(frames).contains("panEnded"))
        #expect(frames.last?.state == .closed)
        // A right-to-left run mirrors the cancelled pan too.
        let rtl = text.replacingOccurrences(of: "\"type\": \"drawer\",", with: "\"type\": \"drawer\", \"layoutDirection\": \"rtl\",")
            .replacingOccurrences(of: "[[10, 300], [250, 300]]", with: "[[365, 300], [125, 300]]")
        let mirrored = try ScenarioLoader.load(rtl, file: "r.json").run()
        #expect(Self.names(mirrored).contains("panCancelled") && mirrored.last?.state == .closed)
        // A wrong value is reported with its place.
        let bad = text.replacingOccurrences(of: "\"cancelled\": true", with: "\"cancelled\": 1")
        #expect(throws: (any Error).self) { try ScenarioLoader.load(bad, file: "b.json") }
        do { _ = try ScenarioLoader.load(bad, file: "b.json") } catch {
            #expect("\(error)".contains("timeline[0].cancelled") && "\(error)".contains("expected true or false"), "\(error)")
        }
    }
}
