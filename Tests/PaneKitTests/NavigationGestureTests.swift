// The navigation stack's back gestures: each platform's hit region, activation and release rule on a grid of
// positions × velocities, the motion after the release, Android's progress formula, its smoothing spring and the
// cross-activity geometry, predictive back's commit and cancel, and the right-to-left mirror image.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit

@Suite struct NavigationGestureTests {
    /// Flutter's rule (CR:747-760): a fling of ≥ 1 width/s decides by its sign, else the page pops at or past half.
    @Test func flutterReleaseRuleOnAGrid() {
        let velocities = [-2.0, -1.0, -0.5, 0, 0.5, 1.0, 2.0]
        // Rows: how far the page was dragged (fraction of the width); columns: the velocities above.
        let expected: [(dragged: Double, pops: [Bool])] = [
            (0.2, [false, false, false, false, false, true, true]),
            (0.4, [false, false, false, false, false, true, true]),
            (0.5, [false, false, true, true, true, true, true]),
            (0.6, [false, false, true, true, true, true, true]),
            (0.8, [false, false, true, true, true, true, true]),
        ]
        for row in expected {
            for (v, pops) in zip(velocities, row.pops) {
                #expect(NavigationGestureRule.flutterPops(value: 1 - row.dragged, velocity: v) == pops, "dragged \(row.dragged), v \(v)")
            }
        }
    }

    /// react-navigation's rule (Card.tsx): closes when (t + 0.3·v) passes half the width; on W = 390 a release at
    /// 40 % needs more than 130 pt/s.
    @Test func reactNavigationReleaseRuleOnAGrid() {
        let velocities = [-500.0, 0, 100, 130, 131, 500]
        let expected: [(t: Double, closes: [Bool])] = [
            (39, [false, false, false, false, false, false]),
            (117, [false, false, false, false, false, true]),
            (156, [false, false, false, false, true, true]),
            (195, [false, false, true, true, true, true]),
            (234, [false, true, true, true, true, true]),
        ]
        for row in expected {
            for (v, closes) in zip(velocities, row.closes) {
                #expect(
                    NavigationGestureRule.reactNavigationCloses(translation: row.t, velocity: v, distance: 390) == closes,
                    "t \(row.t), v \(v)")
            }
        }
        #expect(!NavigationGestureRule.reactNavigationCloses(translation: 0, velocity: 0, distance: 0))
    }

    /// A pan from Cupertino's edge strip: the page follows the finger linearly (the curves are off under the
    /// gesture); a fast release pops after Flutter's fixed 350 ms, a slow short one comes back (popCancelled).
    @Test func cupertinoPanFollowsTheFingerAndReleasesIn350Milliseconds() throws {
        var host = navigationHost(.cupertino, screens: ["inbox", "thread"])
        let path = try #require(TouchPath(points: [Point(x: 5, y: 300), Point(x: 305, y: 300)], duration: 0.3))
        host.schedule(Action.touch(.gesture(path)), at: 0)
        let began = try host.step(at: 0)
        #expect(began.navigationEvents == [.willPop(screen: "thread")] && began.state == .dragging)
        let mid = try host.step(at: 0.15)
        #expect(abs(mid.x("thread")! - 0.375) < 1e-9, "150 pt of 400 after half the pan")
        #expect(abs(mid.x("inbox")! - -(1 - 0.375) / 3) < 1e-9, "the page below, linear under the gesture")
        let events = try host.events(from: 0.301, to: 0.7)
        #expect(events.map(\.event) == [.didPop(screen: "thread")])
        #expect(abs(events[0].time - 0.65) < 0.0015, "350 ms after the release at 0.3 s")

        var slow = navigationHost(.cupertino, screens: ["inbox", "thread"])
        let short = try #require(TouchPath(points: [Point(x: 5, y: 300), Point(x: 85, y: 300)], duration: 1))
        slow.schedule(Action.touch(.gesture(short)), at: 0)
        _ = try slow.step(at: 0)
        #expect(try slow.events(from: 0.5, to: 1.5).map(\.event) == [.popCancelled(screen: "thread")])
    }

    /// Flutter's strip is max(20, the leading safe inset); react-navigation's is 50 pt, active after 5 pt.
    @Test func hitRegionsAndActivation() throws {
        func pops(_ behavior: NavigationBehavior, from: Point, to: Point, safeLeft: Double = 0) throws -> Bool {
            var c = NavigationConfiguration(size: Size(width: 400, height: 600), behavior: behavior, screens: ["a", "b"])
            c.safeArea = SafeAreaInsets(top: 0, bottom: 0, left: safeLeft, right: 0)
            var host = PaneHost(container: NavigationContainer(c), fps: 60)
            let path = try #require(TouchPath(points: [from, to], duration: 0.2))
            host.schedule(Action.touch(.gesture(path)), at: 0)
            return try host.events(from: 0, to: 1.5).contains { $0.event == .didPop(screen: "b") }
        }
        #expect(try pops(.cupertino, from: Point(x: 19, y: 300), to: Point(x: 350, y: 300)))
        #expect(try !pops(.cupertino, from: Point(x: 30, y: 300), to: Point(x: 350, y: 300)))
        #expect(try pops(.cupertino, from: Point(x: 30, y: 300), to: Point(x: 350, y: 300), safeLeft: 40))
        #expect(try pops(.reactNavigation, from: Point(x: 45, y: 300), to: Point(x: 350, y: 300)))
        #expect(try !pops(.reactNavigation, from: Point(x: 55, y: 300), to: Point(x: 350, y: 300)))
        // Fails after 20 pt across before the 5 pt along that activates it.
        #expect(try !pops(.reactNavigation, from: Point(x: 45, y: 300), to: Point(x: 49, y: 330)))
        #expect(try !pops(.material, from: Point(x: 5, y: 300), to: Point(x: 350, y: 300)))
    }

    /// Android's TouchTracker progress (§4.3, derived): linear on a 412-dp screen, bent past 412 dp on a wider one.
    @Test func androidProgressFormula() {
        let narrow = [100.0: 0.243, 200: 0.485, 412: 1.000]
        for (dx, p) in narrow { #expect(r3(NavigationGestureRule.systemProgress(dx: dx, width: 412)) == p, "W 412, dx \(dx)") }
        let wide = [100.0: 0.204, 200: 0.408, 412: 0.842, 600: 0.938, 800: 1.000]
        for (dx, p) in wide { #expect(r3(NavigationGestureRule.systemProgress(dx: dx, width: 800)) == p, "W 800, dx \(dx)") }
    }

    /// A predictive back on Android: the track's progress is smoothed by the 1500/ζ 1 spring; at p' = 0.5 and 1
    /// the cross-activity windows are where the reference puts them on a 412-dp screen.
    @Test func androidPredictiveBackSpringAndCrossActivityGeometry() throws {
        // A step to 1 at once: the spring's critically damped response 1 − e^(−ωt)(1 + ωt), ω = √1500.
        var host = navigationHost(.android, width: 412, screens: ["inbox", "thread"])
        let step = try #require(BackGesture(times: [0.000001, 1], progress: [1, 1], commit: false))
        host.perform(Action(NavigationAction.back(step)))
        _ = try host.step(at: 0)
        let f = try host.step(at: 0.05)
        let w = 1500.0.squareRoot(), t = 0.05
        let expected = 1 - Foundation.exp(-w * t) * (1 + w * t)
        let closing = try #require(f.node(Role.screen.member(named: "thread")))
        let e = NavigationEasing.backGesture.value(expected)
        #expect(abs(closing.style.transform.m11 - (1 - 0.1 * e)) < 0.002, "scale from the smoothed progress")

        for (eased, closingLeft, closingWidth, enteringLeft) in [(0.5, 16.6, 391.4, -85.7), (1.0, 33.2, 370.8, -75.4)] {
            let raw = NavigationEasing.backGesture.inverse(eased)
            var host = navigationHost(.android, width: 412, screens: ["inbox", "thread"])
            let hold = try #require(BackGesture(times: [0.01, 2], progress: [raw, raw], commit: false))
            host.perform(Action(NavigationAction.back(hold)))
            _ = try host.step(at: 0)
            let frame = try host.step(at: 1)
            let top = try #require(frame.node(Role.screen.member(named: "thread"))),
                below = try #require(frame.node(Role.screen.member(named: "inbox")))
            #expect(r1(top.corners.topLeft.x) == closingLeft && r1(top.corners.topRight.x - top.corners.topLeft.x) == closingWidth)
            #expect(r1(below.corners.topLeft.x) == enteringLeft)
            #expect(abs(frame.dim - 0.2) < 1e-9 && top.style.cornerRadius == CornerRadius(28))
        }
    }

    /// Commit and cancel: Android's 450-ms EMPHASIZED commit then didPop; Flutter's predictive back commits in
    /// ⌊lerp(0, 800, v)⌋ ms and cancels in min(⌊lerp(800, 0, v)⌋, 300) ms.
    @Test func predictiveBackCommitAndCancelTimelines() throws {
        func end(_ behavior: NavigationBehavior, preset: String? = nil, commit: Bool) throws -> (NavigationEvent, Double)? {
            var host = navigationHost(behavior, preset: preset, screens: ["inbox", "thread"])
            let track = try #require(BackGesture(times: [0.01, 1], progress: [0.5, 0.5], commit: commit))
            host.perform(Action(NavigationAction.back(track)))
            _ = try host.step(at: 0)
            return try host.events(from: 0.5, to: 2.5).first.map { ($0.event, $0.time - 1) }
        }
        let android = try #require(try end(.android, commit: true))
        #expect(android.0 == .didPop(screen: "thread") && abs(android.1 - 0.45) < 0.0015)
        let flutter = try #require(try end(.flutter, preset: "predictiveBack", commit: true))
        #expect(flutter.0 == .didPop(screen: "thread") && abs(flutter.1 - 0.4) < 0.0015, "\(flutter)")
        let cancelled = try #require(try end(.flutter, preset: "predictiveBack", commit: false))
        #expect(cancelled.0 == .popCancelled(screen: "thread") && abs(cancelled.1 - 0.3) < 0.0015, "\(cancelled)")
        let compose = try #require(try end(.compose, commit: false))
        #expect(compose.0 == .popCancelled(screen: "thread") && abs(compose.1 - 0.35) < 0.0015, "\(compose)")
    }

    /// Right to left is the mirror image of left to right: the back edge and the gesture flip with it.
    @Test func rightToLeftIsTheMirrorImage() throws {
        for behavior in NavigationBehavior.allCases {
            func run(_ layout: LayoutDirection) throws -> [Frame] {
                var host = navigationHost(behavior, screens: ["inbox"], layout: layout)
                host.schedule(Action(NavigationAction.push("thread")), at: 0)
                let x0 = layout == .rtl ? 395.0 : 5, x1 = layout == .rtl ? 100.0 : 300
                let path = try #require(TouchPath(points: [Point(x: x0, y: 300), Point(x: x1, y: 300)], duration: 0.3))
                host.schedule(Action.touch(.gesture(path)), at: 1.2)
                let back = try #require(BackGesture(times: [0.1, 0.4], progress: [0.3, 0.6], commit: true))
                host.schedule(Action(NavigationAction.push("reply")), at: 2.5)
                host.schedule(Action(NavigationAction.back(back, edge: layout == .rtl ? .right : .left)), at: 3.5)
                return try (0..<300).map { try host.step(at: Double($0) / 60) }
            }
            let ltr = try run(.ltr), rtl = try run(.rtl)
            #expect(mirrorMismatches(ltr: ltr, rtl: rtl) == [], "\(behavior)")
            #expect(ltr.flatMap(\.navigationEvents) == rtl.flatMap(\.navigationEvents), "\(behavior)")
            #expect(ltr.flatMap(\.navigationEvents).contains(.didPop(screen: "thread")) || behavior == .material, "\(behavior)")
        }
    }
}

/// `value` rounded to 1 decimal.
func r1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
