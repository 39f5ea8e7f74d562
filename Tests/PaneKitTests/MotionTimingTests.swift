// Timed transitions: springs agree at every frame rate and at irregular frame times, velocity reaches stylers,
// interruption keeps position and velocity continuous, and a flick keeps its speed however touches meet frames.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit

@Suite struct MotionTimingTests {
    /// The least-squares slope of `values` over `times`.
    static func slope(_ times: [Double], _ values: [Double]) -> Double {
        let n = Double(times.count)
        let mt = times.reduce(0, +) / n, mv = values.reduce(0, +) / n
        let stv = zip(times, values).map { ($0 - mt) * ($1 - mv) }.reduce(0, +)
        return stv / times.map { ($0 - mt) * ($0 - mt) }.reduce(0, +)
    }

    static let size = Size(width: 375, height: 667)
    static let spring = Spring.swiftUI(response: 0.45, dampingFraction: 0.6)

    /// One timed transition per container, with the direction whose fraction it moves.
    static let transitions: [(String, ContainerSpec, Action, Direction)] = [
        ("drawer open", .drawer(DrawerConfiguration(size: size)), Action.open(.left).timed(.spring(spring)), .left),
        (
            "dynamics open", .dynamics(DynamicsConfiguration(size: size, widths: [.left: nil])),
            Action.setPaneState(.open, .left).timed(.spring(spring)), .left
        ),
        (
            "split hide master", .split(SplitConfiguration(size: Size(width: 1024, height: 768))),
            Action.toggleMaster.timed(.spring(spring)), .left
        ),
        ("sidemenu present", .sidemenu(SideMenuConfiguration(size: size)), Action.present(.left).timed(.spring(spring)), .left),
        (
            "drawer open, bezier", .drawer(DrawerConfiguration(size: size)),
            Action.open(.left).timed(.curve(TimingCurve(x1: 0.2, y1: 0.9, x2: 0.3, y2: 1))), .left
        ),
    ]

    func frames(_ spec: ContainerSpec, _ action: Action, times: [Double]) throws -> [Frame] {
        var scenario = Scenario(
            name: "t", size: spec.resized(to: Self.size).directions.isEmpty ? Self.size : Self.size, container: spec,
            timeline: [TimedAction(at: 0.05, action)])
        scenario.frameTimes = times
        return try scenario.run()
    }

    @Test(arguments: transitions)
    func sameMotionAtEveryFrameRate(_ label: String, _ spec: ContainerSpec, _ action: Action, _ direction: Direction) throws {
        let end = 1.5
        let at30 = try frames(spec, action, times: (0...45).map { Double($0) / 30 })
        let at60 = try frames(spec, action, times: (0...90).map { Double($0) / 60 })
        let at120 = try frames(spec, action, times: (0...180).map { Double($0) / 120 })
        // Irregular: a seeded jitter, dropped frames, and every 30 fps time among them.
        var generator = SplitMix64(seed: 7)
        var irregular = Set((0...45).map { Double($0) / 30 })
        var t = 0.0
        while t < end {
            t += 0.002 + 0.03 * generator.unit()
            irregular.insert(t)
        }
        let jittered = try frames(spec, action, times: irregular.sorted().filter { $0 <= end })
        let moving = at30.filter { $0.fractions[direction].map { $0 > 0.001 && $0 < 0.999 } ?? false }
        #expect(moving.count > 3, "\(label): the transition moves")
        for frame in at30 {
            for (rate, others) in [("60", at60), ("120", at120), ("irregular", jittered)] {
                guard let other = others.first(where: { abs($0.time - frame.time) < 1e-12 }) else {
                    Issue.record("\(label): no \(rate) frame at \(frame.time)")
                    continue
                }
                let a = frame.fractions[direction] ?? .nan, b = other.fractions[direction] ?? .nan
                #expect(abs(a - b) <= 1e-9, "\(label) at \(frame.time): 30 fps \(a), \(rate) \(b)")
                for (n, m) in zip(frame.nodes, other.nodes) {
                    #expect(
                        n.role == m.role && abs(n.frame.x - m.frame.x) <= 1e-9 && abs(n.frame.width - m.frame.width) <= 1e-9,
                        "\(label) at \(frame.time): \(n.role) at 30 fps and \(rate)")
                }
            }
        }
    }

    @Test func springDrawerFollowsTheClosedForm() throws {
        let times = stride(from: 0.0, through: 1.2, by: 0.0137).map { $0 }
        let run = try frames(.drawer(DrawerConfiguration(size: Self.size)), Action.open(.left).timed(.spring(Self.spring)), times: times)
        for frame in run {
            let expected = frame.time < 0.05 ? 1 : 1 - Self.spring.value(at: frame.time - 0.05)
            let settled = frame.time - 0.05 >= Self.spring.settlingDuration
            #expect(abs((frame.fractions[.left] ?? .nan) - (settled ? 0 : expected)) <= 1e-9, "at \(frame.time)")
        }
        #expect(run.last?.state == .open)
    }

    @Test func stylersReadTheVelocity() throws {
        // The styler writes what it reads into the overlay's frame: x = closed, y = velocity.
        let probe = ClosureStyler(name: "probe") { ctx, edits in
            edits[.overlay] = NodeEdit(frame: Rect(x: ctx.closed, y: ctx.velocity, width: 1, height: 1))
        }
        var host = PaneHost(container: DrawerContainer(DrawerConfiguration(size: Self.size)), fps: 240, stylers: [.left: [probe]])
        host.perform(.open(.left))
        var previous: (t: Double, closed: Double, velocity: Double)?
        var sawMotion = false
        for _ in 0..<120 {
            let frame = try host.step()
            guard let overlay = frame.nodes.first(where: { $0.role == .overlay }) else { continue }
            if let p = previous, p.closed > 0, p.closed < 1 {
                // The mean of the two velocities explains the step (trapezoid rule, an ease-in-out's smooth acceleration).
                let explained = (p.velocity + overlay.frame.y) / 2 * (frame.time - p.t)
                #expect(abs(overlay.frame.x - p.closed - explained) < 2e-3, "at \(frame.time)")
                sawMotion = sawMotion || abs(overlay.frame.y) > 1
            }
            previous = (frame.time, overlay.frame.x, overlay.frame.y)
        }
        #expect(sawMotion)
    }

    // MARK: - Interruption

    /// A drawer with a spring timing, interruptible or not.
    func host(interruptible: Bool, fps: Double = 120) -> PaneHost {
        var c = DrawerConfiguration(size: Self.size, widths: [.left: 280])
        c.interruptible = interruptible
        c.timing = .spring(Self.spring)
        c.openGestures = .all
        c.closeGestures = .all
        return PaneHost(container: DrawerContainer(c), fps: fps)
    }

    func state(_ host: PaneHost) -> (closed: Double, velocity: Double) {
        var pose = Pose()
        host.container.pose(into: &pose)
        return (pose.closed(.left), pose.subject(.left)!.velocity)
    }

    @Test func theOriginalsRefuseByDefault() throws {
        var host = host(interruptible: false)
        host.perform(.open(.left))
        for _ in 0..<12 { _ = try host.step() }
        host.perform(.close())
        let frame = try host.step()
        #expect(frame.events.contains { $0.type == "actionIgnored" && $0.value("action") == "close" })
    }

    @Test func reversingAnOpenMidwayKeepsPositionAndVelocity() throws {
        var plain = host(interruptible: true), reversed = host(interruptible: true)
        plain.perform(.open(.left))
        reversed.perform(.open(.left))
        for _ in 0..<12 {
            _ = try plain.step()
            _ = try reversed.step()
        }
        reversed.perform(.close())
        let a = try plain.step(), b = try reversed.step()
        #expect(!b.events.contains { $0.type == "actionIgnored" })
        #expect(a.time == b.time)
        let sa = state(plain), sb = state(reversed)
        #expect(sa.closed > 0.05 && sa.closed < 0.95 && sa.velocity < -1, "midway and opening")
        #expect(abs(sa.closed - sb.closed) <= 1e-9 && abs(sa.velocity - sb.velocity) <= 1e-9)
        // Then it turns back without a jump and comes to rest closed.
        var last = sb
        var frames = 0
        while !reversed.isAtRest && frames < 600 {
            _ = try reversed.step()
            let s = state(reversed)
            #expect(abs(s.closed - last.closed) <= max(abs(s.velocity), abs(last.velocity)) / 120 + 0.01)
            last = s
            frames += 1
        }
        #expect(reversed.isAtRest && last.closed == 1)
    }

    @Test(arguments: [("spring", Timing?.some(.spring(spring))), ("ease-in-out", nil)])
    func aSideMenuTurnsAroundWithoutAJump(_ label: String, _ timing: Timing?) throws {
        func make() -> PaneHost {
            var c = SideMenuConfiguration(size: Self.size)
            c.interruptible = true
            c.timing = timing
            return PaneHost(container: SideMenuContainer(c), fps: 120)
        }
        func state(_ host: PaneHost) -> (closed: Double, velocity: Double) {
            var pose = Pose()
            host.container.pose(into: &pose)
            return (pose.closed(.left), pose.subject(.left)!.velocity)
        }
        var plain = make(), turned = make()
        plain.perform(.present(.left))
        turned.perform(.present(.left))
        for _ in 0..<15 {
            _ = try plain.step()
            _ = try turned.step()
        }
        turned.perform(.dismiss())
        _ = try plain.step()
        let frame = try turned.step()
        #expect(!frame.events.contains { $0.type == "actionIgnored" }, "\(label)")
        let a = state(plain), b = state(turned)
        #expect(a.closed > 0.05 && a.closed < 0.95 && a.velocity < -0.5, "\(label): midway and opening")
        #expect(abs(a.closed - b.closed) <= 1e-9 && abs(a.velocity - b.velocity) <= 1e-6, "\(label): \(a) → \(b)")
        while !turned.isAtRest { _ = try turned.step() }
        #expect(state(turned).closed == 1 && turned.container.stateName == "closed")
        // Without interruptible the dismiss is refused, as SideNavigation does.
        var strict = PaneHost(container: SideMenuContainer(SideMenuConfiguration(size: Self.size)), fps: 120)
        strict.perform(.present(.left))
        for _ in 0..<15 { _ = try strict.step() }
        strict.perform(.dismiss())
        #expect(try strict.step().events.contains { $0.type == "actionIgnored" })
    }

    @Test(arguments: [("spring", Timing?.some(.spring(spring))), ("ease-in-out", nil)])
    func aPanCatchesAPresentingSideMenuAndAFlickSendsItBack(_ label: String, _ timing: Timing?) throws {
        func make(interruptible: Bool) -> PaneHost {
            var c = SideMenuConfiguration(size: Self.size)
            c.interruptible = interruptible
            c.timing = timing
            return PaneHost(container: SideMenuContainer(c), fps: 120)
        }
        func closed(_ host: PaneHost) -> (closed: Double, velocity: Double) {
            var pose = Pose()
            host.container.pose(into: &pose)
            return (pose.closed(.left), pose.subject(.left)!.velocity)
        }
        var plain = make(interruptible: true), caught = make(interruptible: true)
        plain.perform(.present(.left))
        caught.perform(.present(.left))
        for _ in 0..<12 {
            _ = try plain.step()
            _ = try caught.step()
        }
        let t0 = caught.time
        caught.schedule(.pan(.began, Point(x: 150, y: 300)), at: t0)
        _ = try plain.step()
        let frame = try caught.step()
        #expect(frame.events.contains { $0.type == "caught" }, "\(label)")
        let held = closed(caught)
        #expect(abs(closed(plain).closed - held.closed) <= 1e-9, "\(label): caught where it was")
        #expect(held.closed > 0.05 && held.closed < 0.95, "\(label): midway")
        #expect(caught.container.stateName == "dragging")
        // The finger moves 1 pt: the menu follows it one to one over the container width.
        caught.schedule(.pan(.moved, Point(x: 151, y: 300)), at: t0 + 1.0 / 240)
        _ = try caught.step()
        #expect(abs(closed(caught).closed - (held.closed - 1 / Self.size.width)) <= 1e-9, "\(label): follows the finger")
        // A flick back towards closed at 1500 pt/s: the menu leaves with the finger's speed and dismisses.
        for k in 2...8 {
            caught.schedule(.pan(.moved, Point(x: 151 - 1500 * Double(k - 1) / 240, y: 300)), at: t0 + Double(k) / 240)
        }
        caught.schedule(.pan(.ended, Point(x: 151 - 1500 * 7.0 / 240, y: 300)), at: t0 + 8.0 / 240)
        var before = closed(caught)
        var released = false
        while !released {
            let f = try caught.step()
            if f.events.contains(where: { $0.type == "interactionFinished" }) { released = true } else { before = closed(caught) }
        }
        // The velocity is the least-squares slope of the pan's samples within 100 ms: on the frame before the
        // release (t0 + 3/120 at 120 fps), the samples up to it.
        let times = (0...6).map { Double($0) / 240 }
        let xs = [150.0, 151] + (2...6).map { 151 - 1500 * Double($0 - 1) / 240 }
        let fitted = -Self.slope(times, xs)
        #expect(fitted > 1000 && fitted < 1500, "\(label): the window's slope \(fitted)")
        #expect(abs(before.velocity - fitted / Self.size.width) <= 1e-6, "\(label): the menu followed the finger's speed")
        let after = closed(caught)
        #expect(abs(after.velocity - before.velocity) < 0.5, "\(label): velocity \(before.velocity) → \(after.velocity)")
        while !caught.isAtRest { _ = try caught.step() }
        #expect(closed(caught).closed == 1 && caught.container.stateName == "closed", "\(label)")
        // Without interruptible a pan during a transition is refused, as SideNavigation does.
        var strict = make(interruptible: false)
        strict.perform(.present(.left))
        for _ in 0..<12 { _ = try strict.step() }
        strict.schedule(.pan(.began, Point(x: 150, y: 300)), at: strict.time)
        #expect(try strict.step().events.contains { $0.type == "actionIgnored" })
    }

    @Test(arguments: [("spring", Timing?.some(.spring(spring))), ("ease-in-out", nil)])
    func aSplitToggleTurnsAroundWithoutAJump(_ label: String, _ timing: Timing?) throws {
        func make() -> PaneHost {
            var c = SplitConfiguration(size: Size(width: 1024, height: 768))
            c.interruptible = true
            return PaneHost(container: SplitContainer(c), fps: 120)
        }
        func state(_ host: PaneHost) -> (closed: Double, velocity: Double, masterX: Double) {
            var pose = Pose()
            host.container.pose(into: &pose)
            return (
                pose.closed(.left), pose.subject(.left)!.velocity,
                pose.nodes.first { $0.role == .master }!.frame.x
            )
        }
        let toggle = timing.map { Action.toggleMaster.timed($0) } ?? .toggleMaster
        var plain = make(), turned = make()
        plain.perform(toggle)
        turned.perform(toggle)
        for _ in 0..<10 {
            _ = try plain.step()
            _ = try turned.step()
        }
        turned.perform(toggle)
        _ = try plain.step()
        _ = try turned.step()
        let a = state(plain), b = state(turned)
        #expect(a.closed > 0.05 && a.closed < 0.95 && a.velocity > 0.5, "\(label): midway and hiding")
        #expect(abs(a.closed - b.closed) <= 1e-9 && abs(a.masterX - b.masterX) <= 1e-9, "\(label): \(a) → \(b)")
        #expect(abs(a.velocity - b.velocity) <= 1e-6, "\(label): velocity \(a.velocity) → \(b.velocity)")
        while !turned.isAtRest { _ = try turned.step() }
        #expect(state(turned).closed == 0)
    }

    @Test func aPanCatchesTheDrawerWhereItIsAndAFlickHandsOverItsSpeed() throws {
        var plain = host(interruptible: true), caught = host(interruptible: true)
        plain.perform(.open(.left))
        caught.perform(.open(.left))
        for _ in 0..<10 {
            _ = try plain.step()
            _ = try caught.step()
        }
        let t0 = caught.time
        caught.schedule(.pan(.began, Point(x: 200, y: 300)), at: t0)
        _ = try plain.step()
        let frame = try caught.step()
        #expect(frame.events.contains { $0.type == "caught" })
        #expect(abs(state(plain).closed - state(caught).closed) <= 1e-9, "caught where it was")
        #expect(caught.container.stateName == "dragging")
        // A flick to the left at 1500 pt/s, touches at 240 Hz, released with its last move's timestamp.
        for k in 1...8 {
            caught.schedule(.pan(.moved, Point(x: 200 - 1500 * Double(k) / 240, y: 300)), at: t0 + Double(k) / 240)
        }
        caught.schedule(.pan(.ended, Point(x: 200 - 1500 * 8.0 / 240, y: 300)), at: t0 + 8.0 / 240)
        var released: Frame?
        var before = state(caught)
        while released == nil {
            let f = try caught.step()
            if f.events.contains(where: { $0.type == "panEnded" }) { released = f } else { before = state(caught) }
        }
        let velocity = Double(released!.events.first { $0.type == "panEnded" }!.value("velocity")!)!
        #expect(abs(velocity - -1500) < 1e-6, "the finger's speed")
        // MM floors the pane offset to whole points, so one sample apart the pane's speed is within 1 pt per sample.
        #expect(abs(before.velocity - 1500.0 / 280) <= 240.0 / 280 + 1e-9, "the pane followed the finger")
        // The spring leaves with the finger's velocity: the first frame after release continues the motion.
        let after = state(caught)
        #expect(abs(after.velocity - before.velocity) < 0.5, "velocity \(before.velocity) → \(after.velocity)")
        while !caught.isAtRest { _ = try caught.step() }
        #expect(state(caught).closed == 1)
    }

    @Test(arguments: [30.0, 60, 24])
    func aFlickWithSeveralMovesPerFrameKeepsItsVelocity(_ fps: Double) throws {
        var c = DrawerConfiguration(size: Self.size, widths: [.left: 280])
        c.openGestures = .all
        var host = PaneHost(container: DrawerContainer(c), fps: fps)
        _ = try host.step()
        let t0 = host.time
        host.schedule(.pan(.began, Point(x: 100, y: 300)), at: t0)
        for k in 1...12 { host.schedule(.pan(.moved, Point(x: 100 + 900 * Double(k) / 480, y: 300)), at: t0 + Double(k) / 480) }
        host.schedule(.pan(.ended, Point(x: 100 + 900 * 12.0 / 480, y: 300)), at: t0 + 12.0 / 480)
        var velocity: Double?
        for _ in 0..<10 {
            let frame = try host.step()
            if let e = frame.events.first(where: { $0.type == "panEnded" }) { velocity = Double(e.value("velocity")!) }
        }
        #expect(velocity.map { abs($0 - 900) < 1e-6 } == true, "fps \(fps): \(String(describing: velocity))")
    }

    @Test func movesPerformedSeveralPerFrameKeepTheirSpeed() throws {
        // Without timestamps, moves delivered at frame times: the speed over the frame, never dt = 0.
        var c = DrawerConfiguration(size: Self.size, widths: [.left: 280])
        c.openGestures = .all
        var host = PaneHost(container: DrawerContainer(c), fps: 30)
        host.perform(.pan(.began, Point(x: 100, y: 300)))
        _ = try host.step()
        var x = 100.0
        var velocity: Double?
        for frame in 1...3 {
            for _ in 0..<4 {
                x += 5
                host.perform(.pan(.moved, Point(x: x, y: 300)))
            }
            if frame == 3 { host.perform(.pan(.ended, Point(x: x, y: 300))) }
            let f = try host.step()
            if let e = f.events.first(where: { $0.type == "panEnded" }) { velocity = Double(e.value("velocity")!) }
        }
        #expect(velocity.map { abs($0 - 600) < 1e-6 } == true, "20 pt per 1/30 s: \(String(describing: velocity))")
        // And with touch timestamps, the touches' own speed.
        var timed = PaneHost(container: DrawerContainer(c), fps: 30)
        _ = try timed.step()
        timed.touch(.began, Point(x: 100, y: 300), at: 1.0 / 30)
        for k in 1...6 { timed.touch(.moved, Point(x: 100 + 3 * Double(k), y: 300), at: 1.0 / 30 + Double(k) / 240) }
        timed.touch(.ended, Point(x: 118, y: 300), at: 1.0 / 30 + 6.0 / 240)
        velocity = nil
        for _ in 0..<4 {
            let f = try timed.step()
            if let e = f.events.first(where: { $0.type == "panEnded" }) { velocity = Double(e.value("velocity")!) }
        }
        #expect(velocity.map { abs($0 - 720) < 1e-6 } == true, "3 pt per 1/240 s: \(String(describing: velocity))")
    }

    @Test func stepAtRefusesTimeGoingBack() throws {
        var host = host(interruptible: false)
        _ = try host.step(at: 0.5)
        #expect(throws: HostError.self) { _ = try host.step(at: 0.4) }
        #expect(throws: HostError.self) { _ = try host.step(at: .nan) }
        let error = #expect(throws: HostError.self) { _ = try host.step(at: .nan) }
        #expect(error?.description == "frame times must be finite and never decrease: got nan after 0.5")
        _ = try host.step(at: 0.5)
    }
}
