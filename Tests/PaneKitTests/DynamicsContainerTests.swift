// The dynamics container against the reference numbers of reference/msdynamics.md §10 (320 × 568, defaults).

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct DynamicsContainerTests {
    func container(_ widths: [Direction: Double?] = [.left: nil], _ change: (inout DynamicsConfiguration) -> Void = { _ in })
        -> DynamicsContainer
    {
        var c = DynamicsConfiguration(size: Size(width: 320, height: 568), widths: widths)
        change(&c)
        return DynamicsContainer(c)
    }

    /// Runs until rest, recording the time and the extreme position reached.
    func run(_ d: inout DynamicsContainer, from start: Double, limit: Double = 5) -> (time: Double, maxAbs: Double, maxAt: Double) {
        var events: [Event] = []
        return run(&d, from: start, limit: limit, events: &events)
    }

    func run(_ d: inout DynamicsContainer, from start: Double, limit: Double = 5, events: inout [Event])
        -> (time: Double, maxAbs: Double, maxAt: Double)
    {
        var t = start, maxAbs = 0.0, maxAt = 0.0
        while !d.isAtRest && t < start + limit {
            t += DynamicsConfiguration.step
            d.advance(to: t, events: &events)
            if abs(d.position) > maxAbs {
                maxAbs = abs(d.position)
                maxAt = t - start
            }
        }
        return (t - start, maxAbs, maxAt)
    }

    @Test func openingFallsTheRevealWidthUnderGravity() {
        var d = container()
        var events: [Event] = []
        d.perform(.setPaneState(.open, nil), at: 0, events: &events)
        #expect(d.stateName == "opening")
        let r = run(&d, from: 0, events: &events)
        // 268 pt (from 0 to the wall at R + 1) at 2000 pt/s²: √(2 · 268 / 2000) = 0.518 s.
        #expect(abs(r.time - 0.518) < 0.004, "took \(r.time)")
        #expect(d.paneState == .open && d.position == 267 && d.closedFraction == 0)
        #expect(events.map(\.type) == ["mayUpdatePaneState", "didUpdatePaneState"])
        d.perform(.setPaneState(.closed, nil), at: 1, events: &events)
        let back = run(&d, from: 1)
        #expect(abs(back.time - 0.518) < 0.004)
        #expect(d.paneState == .closed && d.currentDirection == nil && d.position == 0)
    }

    @Test func bounceMatchesTheReference() {
        var d = container()
        var events: [Event] = []
        d.perform(.bounce(.left), at: 0, events: &events)
        #expect(abs(d.velocity - 330.1) < 0.1, "launch: 60 × 5.50176 pt/s")
        #expect(d.stateName == "bouncing")
        let r = run(&d, from: 0, events: &events)
        #expect(abs(r.maxAbs - 27.24) < 0.05, "apex \(r.maxAbs)")
        #expect(abs(r.maxAt - 0.165) < 0.003, "apex at \(r.maxAt)")
        #expect(d.paneState == .closed && d.position == 0 && d.currentDirection == nil)
        #expect(events.last?.type == "didBounce")
    }

    @Test func firstBounceReboundsAtHalfTheImpact() {
        var d = container()
        var events: [Event] = []
        d.perform(.bounce(.left), at: 0, events: &events)
        var t = 0.0, previous = d.velocity
        while t < 1 {
            t += DynamicsConfiguration.step
            d.advance(to: t, events: &events)
            if previous < -300 && d.velocity > 0 {
                // Impact about 336 pt/s, rebound e = 0.5 of it.
                #expect(abs(-previous - 336.1) < 4, "impact \(-previous)")
                #expect(abs(d.velocity - 0.5 * -previous) < 4, "rebound \(d.velocity)")
                return
            }
            previous = d.velocity
        }
        Issue.record("no rebound within 1 s")
    }

    @Test func closedFractionFollowsTheReference() {
        var d = container([.right: nil])
        d.setStaticPose(.right, closed: 0.25)
        #expect(abs(d.position - -200.25) < 1e-9)
        #expect(abs(d.closedFraction - 0.25) < 1e-12)
        var left = container()
        left.setStaticPose(.left, closed: 1)
        #expect(left.closedFraction == 1)
    }

    @Test func replacementSlidesOffThenComesBack() {
        var d = container()
        var events: [Event] = []
        d.perform(.setPaneState(.open, nil, animated: false), at: 0, events: &events)
        events.removeAll()
        d.perform(.replacePane(), at: 0, events: &events)
        var t = 0.0
        var swappedAt: Double?
        while !d.isAtRest && t < 3 {
            t += DynamicsConfiguration.step
            d.advance(to: t, events: &events)
            if swappedAt == nil, events.contains(where: { $0.type == "paneReplaced" }) { swappedAt = t }
        }
        // Open (267) to open wide (340): 73 pt from rest, √(2 · 73 / 2000) = 0.270 s.
        #expect(abs((swappedAt ?? 0) - 0.270) < 0.004, "swapped at \(swappedAt ?? -1)")
        // Then back from 340 to the wall at −1: 341 pt, 0.584 s.
        #expect(abs(t - 0.270 - 0.584) < 0.008, "total \(t)")
        #expect(d.paneState == .closed && d.paneGeneration == 1)
        #expect(events.contains { $0.type == "didUpdatePaneState" && $0.value("state") == "openWide" })
    }

    @Test func throwOpensWithAPush() {
        var d = container()
        var events: [Event] = []
        d.perform(.pan(.began, Point(x: 10, y: 300)), at: 0, events: &events)
        for (i, x) in [20.0, 30, 40, 50].enumerated() {
            d.perform(.pan(.moved, Point(x: x, y: 300)), at: 0.01 * Double(i + 1), events: &events)
        }
        #expect(d.currentDirection == .left && d.position == 40)
        d.perform(.pan(.ended, Point(x: 60, y: 300)), at: 0.05, events: &events)
        // 10 pt per event > 5: thrown open with push 50, dv = 50 × 5.50176 = 275.1 pt/s.
        #expect(abs(d.velocity - 275.088) < 0.01)
        _ = run(&d, from: 0.05)
        #expect(d.paneState == .open)
    }

    @Test func slowPanSettlesToTheNearestState() {
        var d = container()
        var events: [Event] = []
        d.perform(.pan(.began, Point(x: 10, y: 300)), at: 0, events: &events)
        for i in 1...40 { d.perform(.pan(.moved, Point(x: 10 + Double(i) * 4, y: 300)), at: 0.01 * Double(i), events: &events) }
        d.perform(.pan(.ended, Point(x: 170, y: 300)), at: 0.5, events: &events)
        #expect(d.position == 160)
        _ = run(&d, from: 0.5)
        #expect(d.paneState == .open, "160 is nearer 267 than 0")
    }

    @Test func panClampsAtTheRevealAndCannotSwingToTheOtherSide() {
        var d = container([.left: nil, .right: nil])
        var events: [Event] = []
        d.perform(.pan(.began, Point(x: 100, y: 300)), at: 0, events: &events)
        d.perform(.pan(.moved, Point(x: 500, y: 300)), at: 0.1, events: &events)
        #expect(d.position == 267)
        d.perform(.pan(.moved, Point(x: 100, y: 300)), at: 0.2, events: &events)
        #expect(d.position == 0 && d.currentDirection == nil)
        d.perform(.pan(.moved, Point(x: 50, y: 300)), at: 0.3, events: &events)
        #expect(d.position == 0, "the pan keeps its first direction")
    }

    @Test func tapClosesAnOpenPane() {
        var d = container()
        var events: [Event] = []
        d.perform(.tap(Point(x: 300, y: 300)), at: 0, events: &events)
        #expect(events.last?.value("reason") == "the pane is closed")
        d.perform(.setPaneState(.open, .left, animated: false), at: 0, events: &events)
        d.perform(.tap(Point(x: 300, y: 300)), at: 1, events: &events)
        #expect(d.stateName == "closing")
    }

    @Test func verticalDrawersAndOpenWideDownwards() {
        var d = container([.bottom: nil])
        var events: [Event] = []
        d.perform(.setPaneState(.openWide, .bottom, animated: false), at: 0, events: &events)
        #expect(d.position == -(568 + 20), "MS 1.x pushes a bottom pane down; the pane goes up (compat)")
        var pose = Pose()
        d.pose(into: &pose)
        #expect(pose.nodes.last!.frame.y == -588)
    }

    @Test func scenarioValidation() throws {
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(#"{"size": [320, 568], "container": {"type": "dynamics", "left": {}, "top": {}}}"#, file: "x.json")
        }
        let text = """
            {"size": [320, 568], "container": {"type": "dynamics", "left": {}, "right": {"width": 200}},
             "stylers": {"left": ["ms.parallax", "ms.fade"]},
             "timeline": [{"at": 0, "action": "setPaneState", "state": "open", "direction": "left"},
                          {"at": 1, "action": "setPaneState", "state": "closed"},
                          {"at": 2, "action": "bounce", "direction": "right"}]}
            """
        let frames = try ScenarioLoader.load(text, file: "dyn.json").run()
        #expect(frames.last!.state == .closed)
        #expect(frames.contains { $0.state == .bouncing })
    }
}
