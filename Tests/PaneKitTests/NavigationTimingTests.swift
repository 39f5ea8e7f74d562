// The navigation stack's pushes and pops, number for number against reference/navigation.md's derived samples
// (derive/navigation.out): Cupertino's page positions, react-navigation's spring, the curves each platform uses.

import Testing

@testable import PaneKit

@Suite struct NavigationTimingTests {
    /// Cupertino's push (§1.2, derived): the incoming page's left edge and the page below at 50 … 400 ms.
    @Test func cupertinoPushMatchesTheDerivedSamples() throws {
        var host = navigationHost(.cupertino)
        host.perform(Action(NavigationAction.push("thread")))
        _ = try host.step(at: 0)
        let times = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4]
        let frames = try host.frames(at: times)
        #expect(frames.map { r3($0.x("thread")) } == [0.762, 0.454, 0.240, 0.120, 0.058, 0.027, 0.006])
        #expect(frames.map { r3($0.x("inbox")) } == [-0.087, -0.171, -0.240, -0.283, -0.307, -0.319, -0.329])
        // The barrier: 0x18 black on Curves.ease of the route's linear animation.
        #expect(abs(frames[2].dim - 24.0 / 255 * NavigationEasing.ease.value(0.3)) < 1e-9)
        // At 500 ms the push rests: didPush, and only the top screen is posed.
        let end = try host.step(at: 0.5)
        #expect(end.navigationEvents == [.didPush(screen: "thread")])
        #expect(end.node(Role.screen.member(named: "inbox")) == nil && end.stack == ["inbox", "thread"])
    }

    /// react-navigation's TransitionIOSSpec run critically damped (§2.4): progress 0.232 … 0.994 at 50 … 400 ms,
    /// resting by the 10-pt/10-pt/s test at 479 ms on W = 390 and 538 ms on W = 1024.
    @Test func reactNavigationIOSSpringMatchesTheDerivedSamples() throws {
        for width in [390.0, 1024.0] {
            var host = navigationHost(.reactNavigation, width: width)
            host.perform(Action(NavigationAction.push("thread")))
            _ = try host.step(at: 0)
            let frames = try host.frames(at: [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4])
            #expect(frames.map { r3(1 - $0.x("thread")!) } == [0.232, 0.545, 0.758, 0.879, 0.942, 0.973, 0.994], "W \(width)")
            let rest = try host.events(from: 0.401, to: 0.6).first { $0.event == .didPush(screen: "thread") }?.time
            #expect(rest.map { Int(($0 * 1000).rounded()) } == (width == 390 ? 479 : 538), "W \(width)")
        }
    }

    /// The curves the platforms use, against the reference's derived samples.
    @Test func theCurvesMatchTheReference() {
        let emphasized = [0.10: 0.093, 1.0 / 6: 0.400, 0.25: 0.773, 0.30: 0.840, 0.50: 0.951, 0.75: 0.991]
        for (t, v) in emphasized { #expect(r3(NavigationEasing.emphasized.value(t)) == v, "emphasized at \(t)") }
        let back = [0.10: 0.372, 0.20: 0.609, 0.30: 0.744, 0.50: 0.895, 0.70: 0.968, 0.90: 0.997]
        for (t, v) in back { #expect(r3(NavigationEasing.backGesture.value(t)) == v, "BACK_GESTURE at \(t)") }
        let zoom = [0.05: 0.102, 0.1: 0.228, 0.25: 0.627, 0.4: 0.872, 0.6: 0.969]
        for (t, v) in zoom { #expect(r3(NavigationEasing.flutterZoom.value(t)) == v, "Flutter's Z at \(t)") }
        let out = [0.1: 0.261, 0.2: 0.513, 0.3: 0.720, 0.4: 0.850]
        for (t, v) in out { #expect(r3(NavigationEasing.linearToEaseOut.value(t)) == v, "linearToEaseOut at \(t)") }
        // The inverse react-navigation 8's timeline() uses.
        #expect(abs(NavigationEasing.emphasized.inverse(0.773) - 0.25) < 1e-3)
    }

    /// Each preset's durations (§1.2, §1.4, §2.4, §4): the pushed screen rests when its spec ends.
    @Test func everyPresetRestsWhenItsSpecEnds() throws {
        let cases: [(NavigationBehavior, String, Int, Double)] = [
            (.cupertino, "page", 7, 0.5), (.flutter, "zoom", 7, 0.3), (.flutter, "fadeForwards", 7, 0.8),
            (.flutter, "fadeUpwards", 7, 0.3), (.flutter, "openUpwards", 7, 0.3), (.material, "sharedAxisX", 7, 0.45),
            (.material, "fade", 7, 0.4), (.android, "activity", 7, 0.45), (.compose, "fade", 7, 0.7), (.uikit, "push", 7, 0.5),
            (.reactNavigation, "fadeFromBottomAndroid", 7, 0.35), (.reactNavigation, "revealFromBottomAndroid", 8, 0.425),
            (.reactNavigation, "scaleFromCenterAndroid", 7, 0.4), (.reactNavigation, "fadeFromRightAndroid", 8, 0.45),
            (.reactNavigation, "fadeFromRightAndroid", 7, 0.35), (.reactNavigation, "bottomSheetAndroid", 8, 0.4),
            (.reactNavigation, "bottomSheetAndroid", 7, 0.25),
        ]
        for (behavior, preset, version, duration) in cases {
            var host = navigationHost(behavior, preset: preset, version: version)
            host.perform(Action(NavigationAction.push("thread")))
            _ = try host.step(at: 0)
            let pushed = try host.events(from: 0.001, to: duration + 0.01).first { $0.event == .didPush(screen: "thread") }?.time
            #expect(pushed.map { abs($0 - duration) < 0.0015 } == true, "\(behavior) \(preset) v\(version): \(String(describing: pushed))")
        }
    }

    /// react-navigation 7 and 8 differ where the reference says: the pop of fadeFromBottomAndroid is 150 ms linear
    /// in 7 and 250 ms accelerate⁴ in 8; slideFromRightIOS dims the screen below by 0.07 or 0.1.
    @Test func reactNavigationVersionsDiffer() throws {
        for (version, duration) in [(7, 0.15), (8, 0.25)] {
            var host = navigationHost(.reactNavigation, preset: "fadeFromBottomAndroid", version: version, screens: ["a", "b"])
            host.perform(Action(NavigationAction.pop()))
            _ = try host.step(at: 0)
            let popped = try host.events(from: 0.001, to: 0.3).first { $0.event == .didPop(screen: "b") }?.time
            #expect(popped.map { abs($0 - duration) < 0.0015 } == true, "v\(version)")
        }
        for (version, dim) in [(7, 0.07), (8, 0.1)] {
            var host = navigationHost(.reactNavigation, version: version, screens: ["a", "b"])
            host.perform(Action(NavigationAction.pop()))
            _ = try host.step(at: 0)
            let f = try host.step(at: 0.1)
            let n = 1 - f.x("b")!
            #expect(abs(f.dim - dim * n) < 1e-9, "v\(version)")
            #expect(abs(f.x("a")! - -0.3 * n) < 1e-9)
        }
    }

    /// The events of a push and a pop, and what a stack refuses.
    @Test func pushAndPopReportTheirEventsAndTheStack() throws {
        var host = navigationHost(.cupertino)
        host.perform(Action(NavigationAction.push("thread")))
        let first = try host.step(at: 0)
        #expect(first.navigationEvents == [.willPush(screen: "thread")])
        #expect(first.node(Role.screen.member(named: "thread"))?.focus == true, "focus moves to the pushed screen at once")
        _ = try host.step(at: 0.6)
        host.perform(Action(NavigationAction.pop()))
        let popping = try host.step(at: 0.7)
        #expect(popping.navigationEvents == [.willPop(screen: "thread")] && popping.stack == ["inbox", "thread"])
        #expect(popping.node(Role.screen.member(named: "inbox"))?.focus == true && !popping.escape)
        let popped = try host.step(at: 1.3)
        #expect(popped.navigationEvents == [.didPop(screen: "thread")] && popped.stack == ["inbox"])
        host.perform(Action(NavigationAction.pop()))
        let refused = try host.step(at: 1.4)
        #expect(refused.events.contains(.actionIgnored(action: "pop", reason: "the root screen cannot be popped")))
        host.perform(Action(NavigationAction.push("inbox")))
        #expect(try host.step(at: 1.5).events.contains(.actionIgnored(action: "push", reason: "the screen inbox is already in the stack")))
    }

    /// Only the visible screens are posed: a 500-deep stack poses what a 2-deep one does.
    @Test func aDeepStackPosesOnlyTheVisibleScreens() throws {
        var host = navigationHost(.cupertino, screens: (0..<500).map { "s\($0)" })
        host.perform(Action(NavigationAction.push("top")))
        let f = try host.step(at: 0.1)
        #expect(f.nodes.map(\.role.rawValue) == ["screen.s499", "overlay", "screen.top"])
        #expect(f.stack?.count == 501)
    }

    /// A modal push with the behavior's modal preset: a Cupertino fullscreen dialog rises and leaves the page
    /// below in place; react-navigation's modal presentation keeps the card below visible, scaled back.
    @Test func modalPushesRiseFromTheBottom() throws {
        var host = navigationHost(.cupertino)
        host.perform(Action(NavigationAction.push("compose", modal: true)))
        _ = try host.step(at: 0)
        let f = try host.step(at: 0.1)
        #expect(r3(f.y("compose")) == r3(1 - NavigationEasing.linearToEaseOut.value(0.2)) && f.x("inbox") == 0)
        var rn = navigationHost(.reactNavigation, width: 390)
        rn.perform(Action(NavigationAction.push("compose", modal: true)))
        _ = try rn.step(at: 0)
        let rest = try rn.step(at: 1)
        // RN7: the card rests 10 pt from the top; the root card below at scale 1 − 20/W, dimmed 0.3.
        #expect(rest.node(Role.screen.member(named: "compose"))?.style.transform.m42 == 10)
        #expect(abs(rest.scale("inbox")! - (1 - 20 / 390.0)) < 1e-9 && abs(rest.dim - 0.3) < 1e-9)
    }
}
