// The drawer container's pan and tap against reference/mmdrawer.md §4–5 and the fork's §11.

import Foundation
import Testing

@testable import PaneKit

@Suite struct DrawerGestureTests {
    func container(_ change: (inout DrawerConfiguration) -> Void = { _ in }) -> DrawerContainer {
        var c = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280, .right: 200])
        c.openGestures = .all
        c.closeGestures = .all
        change(&c)
        return DrawerContainer(c)
    }

    /// Drags through `xs` at y 300, one sample every `step` seconds from `start`, and returns the events.
    @discardableResult
    func drag(_ d: inout DrawerContainer, _ xs: [Double], from start: Double = 0, step: Double = 0.01) -> [Event] {
        var events: [Event] = []
        for (i, x) in xs.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : (i == xs.count - 1 ? .ended : .moved)
            d.perform(.pan(phase, Point(x: x, y: 300)), at: start + Double(i) * step, events: &events)
        }
        return events
    }

    func settle(_ d: inout DrawerContainer, from t: Double) -> Double {
        var events: [Event] = []
        var time = t
        while !d.isAtRest {
            time += 0.0001
            d.advance(to: time, events: &events)
        }
        return time - t
    }

    @Test func slowDragPastHalfOpensAtTheDefaultVelocity() {
        var d = container()
        // 10 pt every 0.1 s: 100 pt/s, under the 200 pt/s threshold; released at x = 150 ≥ 140.
        var events: [Event] = []
        for (i, x) in stride(from: 10.0, through: 160, by: 10).enumerated() {
            let phase: TouchPhase = i == 0 ? .began : (x == 160 ? .ended : .moved)
            d.perform(.pan(phase, Point(x: x, y: 300)), at: Double(i) * 0.1, events: &events)
            if phase == .moved { #expect(d.stateName == "dragging") }
        }
        #expect(d.paneOffset == 150)
        #expect(d.stateName == "opening")
        // The default ease-in-out at 840 pt/s: 130 pt take 0.1548 s.
        #expect(abs(settle(&d, from: 1.5) - 130.0 / 840) < 2e-4)
        #expect(d.openSide == .left)
    }

    @Test func slowDragShortOfHalfCloses() {
        var d = container()
        var events: [Event] = []
        for (i, x) in stride(from: 10.0, through: 110, by: 10).enumerated() {
            let phase: TouchPhase = i == 0 ? .began : (x == 110 ? .ended : .moved)
            d.perform(.pan(phase, Point(x: x, y: 300)), at: Double(i) * 0.1, events: &events)
        }
        #expect(d.paneOffset == 100 && d.stateName == "closing")
        _ = settle(&d, from: 1)
        #expect(d.openSide == nil && d.paneOffset == 0)
    }

    @Test func aFlickOpensAtItsOwnSpeedWithEaseOut() {
        var d = container()
        // 250 pt/s for 0.1 s, then 750 pt/s for the last 0.1 s: the release velocity is the least-squares fit of the
        // last 100 ms of samples, all at 750 pt/s; the open moves at max(750, 400) pt/s along ease-out.
        drag(&d, Array(stride(from: 10, through: 35, by: 2.5)) + Array(stride(from: 42.5, through: 110, by: 7.5)))
        #expect(d.paneOffset == 100)
        // 180 pt at 750 pt/s = 0.24 s.
        #expect(abs(settle(&d, from: 0.2) - 0.24) < 2e-4)
        var d2 = container()
        let slow = Array(stride(from: 10, through: 112.5, by: 2.5))  // released at 250 pt/s
        drag(&d2, slow)
        #expect(d2.paneOffset == 102)
        #expect(abs(settle(&d2, from: Double(slow.count - 1) * 0.01) - 178.0 / 400) < 2e-4, "a slow flick moves at 400 pt/s")
    }

    @Test func aFlickTowardsClosedCloses() {
        var d = container()
        var events: [Event] = []
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        drag(&d, [300, 290, 280, 270], from: 1)
        #expect(d.stateName == "closing")
        // 1000 pt/s: 250 pt at 1000 pt/s along ease-out.
        #expect(abs(settle(&d, from: 1.03) - 0.25) < 2e-4)
    }

    @Test func dragStretchesPastTheMaximumWidth() {
        var d = container()
        var events: [Event] = []
        d.perform(.pan(.began, Point(x: 10, y: 300)), at: 0, events: &events)
        d.perform(.pan(.moved, Point(x: 410, y: 300)), at: 0.5, events: &events)
        #expect(d.paneOffset == 292, "raw 400 → 292 at width 375")
        var pose = Pose()
        d.pose(into: &pose)
        #expect(abs(pose.closed(.left) - (1 - 292.0 / 280)) < 1e-12)
        #expect(pose.subject(.left)!.styled)
    }

    @Test func draggingThroughZeroSwitchesSides() {
        var d = container()
        var events: [Event] = []
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        d.perform(.pan(.began, Point(x: 300, y: 300)), at: 1, events: &events)
        d.perform(.pan(.moved, Point(x: 20, y: 300)), at: 2, events: &events)
        #expect(d.openSide == nil && d.presentedSide == nil && d.paneOffset == 0)
        d.perform(.pan(.moved, Point(x: -50, y: 300)), at: 3, events: &events)
        #expect(d.openSide == .right && d.presentedSide == .right && d.paneOffset == -70)
    }

    @Test func masksDecideWhetherAPanStarts() {
        var none = container { $0.openGestures = [] }
        #expect(drag(&none, [10, 100, 200]).contains { $0.value("reason") == "the gesture masks do not allow this pan" })
        #expect(none.paneOffset == 0)

        var bezel = container { $0.openGestures = [.bezelPanningCenterView] }
        drag(&bezel, [100, 200, 250])
        #expect(bezel.paneOffset == 0, "outside the 20 pt bezel")
        drag(&bezel, [19, 200, 250], from: 1)
        #expect(bezel.paneOffset == 231, "inside the bezel")
    }

    @Test func aPanDuringAnAnimationIsIgnoredButTheNextOneWorks() {
        var d = container()
        var events: [Event] = []
        d.perform(.open(.left), at: 0, events: &events)
        let ignored = drag(&d, [300, 200, 100], from: 0.1)
        #expect(ignored.contains { $0.value("reason") == "a drawer animation is running" })
        d.advance(to: 1, events: &events)
        #expect(d.openSide == .left)
        drag(&d, [300, 250, 100], from: 2, step: 0.1)
        #expect(d.stateName == "closing", "MM would have disabled its pan recognizer for good")
    }

    @Test func programmaticActionsWaitForTheFinger() {
        var d = container()
        var events: [Event] = []
        d.perform(.pan(.began, Point(x: 10, y: 300)), at: 0, events: &events)
        d.perform(.open(.right), at: 0.1, events: &events)
        #expect(events.last?.value("reason") == "a pan is in progress")
    }

    @Test func tapClosesAnOpenDrawerOnTheContent() {
        var d = container()
        var events: [Event] = []
        d.perform(.tap(Point(x: 300, y: 300)), at: 0, events: &events)
        #expect(events.last?.value("reason") == "no drawer is open")
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        d.perform(.tap(Point(x: 100, y: 300)), at: 1, events: &events)
        #expect(events.last?.value("reason") == "the gesture masks do not allow this tap", "a tap on the drawer")
        d.perform(.tap(Point(x: 300, y: 300)), at: 1, events: &events)
        #expect(d.stateName == "closing")
        var masked = container { $0.closeGestures = [.panningCenterView] }
        masked.perform(.open(.left, animated: false), at: 0, events: &events)
        masked.perform(.tap(Point(x: 300, y: 300)), at: 1, events: &events)
        #expect(masked.openSide == .left)
    }

    @Test func aboveContentPanMovesTheDrawerWithoutStretch() {
        var d = container { $0.openMode = .above }
        drag(&d, [10, 50, 100, 200, 500], step: 0.1)
        #expect(d.paneOffset == 280, "clamped at the drawer width, no stretch")
        var pose = Pose()
        d.pose(into: &pose)
        #expect(pose.nodes.first { $0.role == .pane }!.frame.x == 0)
        // Released at 3000 pt/s: opens, in a fixed 0.25 s.
        #expect(abs(settle(&d, from: 0.4) - 0.25) < 2e-4)
        #expect(d.openSide == .left)

        var slow = container { $0.openMode = .above }
        drag(&slow, [10, 50, 100, 120, 130], step: 0.1)
        #expect(slow.stateName == "closing", "released at 120 < 140 with 100 pt/s")
        var events: [Event] = []
        var open = container { $0.openMode = .above }
        open.perform(.open(.left, animated: false), at: 0, events: &events)
        open.perform(.tap(Point(x: 100, y: 300)), at: 1, events: &events)
        #expect(events.last?.value("reason") == "the tap is on the drawer")
        open.perform(.tap(Point(x: 300, y: 300)), at: 1, events: &events)
        #expect(open.stateName == "closing")
    }
}
