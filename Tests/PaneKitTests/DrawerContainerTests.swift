// The drawer container against reference/mmdrawer.md: durations, bounce, stretch, replacement, widths, modes.

import Foundation
import Testing

@testable import PaneKit

@Suite struct DrawerContainerTests {
    func container(
        width: Double = 375, left: Double? = 280, right: Double? = 280, _ change: (inout DrawerConfiguration) -> Void = { _ in }
    ) -> DrawerContainer {
        var widths: [Direction: Double] = [:]
        widths[.left] = left
        widths[.right] = right
        var c = DrawerConfiguration(size: Size(width: width, height: 667), widths: widths)
        change(&c)
        return DrawerContainer(c)
    }

    /// The time at which the container comes to rest after `action` at 0, found by stepping 0.1 ms at a time.
    func restTime(_ d: inout DrawerContainer, after action: Action, from start: Double = 0) -> Double {
        var events: [Event] = []
        d.perform(any: action, at: start, events: &events)
        var t = start
        while !d.isAtRest {
            t += 0.0001
            d.advance(to: t, events: &events)
        }
        return t - start
    }

    @Test func durationRule() {
        #expect(abs(DrawerConfiguration.duration(distance: 280, velocity: 840) - 1.0 / 3) < 1e-12)
        #expect(DrawerConfiguration.duration(distance: 125.9, velocity: 840) == 0.15)
        #expect(DrawerConfiguration.duration(distance: 10, velocity: 840) == 0.15)
        #expect(abs(DrawerConfiguration.duration(distance: 200, velocity: 840) - 0.238095) < 1e-6)
        #expect(DrawerConfiguration.duration(distance: 280, velocity: 840, animated: false) == 0)
    }

    @Test func openingTakesDistanceOverVelocity() {
        var d = container()
        #expect(abs(restTime(&d, after: .open(.left)) - 0.3333) < 2e-4)
        #expect(d.openSide == .left && d.paneOffset == 280)
        var short = container(left: 100)
        #expect(abs(restTime(&short, after: .open(.left)) - 0.15) < 2e-4)
        var right = container(right: 200)
        #expect(abs(restTime(&right, after: .open(.right)) - 0.2381) < 2e-4)
        #expect(right.paneOffset == -200)
    }

    @Test func openFollowsEaseInEaseOut() {
        var d = container()
        var events: [Event] = []
        d.perform(.open(.left), at: 0, events: &events)
        for t in [0.05, 0.1, 1.0 / 6, 0.25, 0.3] {
            d.advance(to: t, events: &events)
            let expected = 280 * TimingCurve.easeInEaseOut.value(at: t * 3)
            #expect(abs(d.paneOffset - expected) < 1e-9, "t = \(t)")
        }
    }

    @Test(arguments: [(320.0, 0.63095), (375.0, 0.69643)])
    func fullCloseReplacementTotals(width: Double, total: Double) {
        var d = container(width: width)
        var events: [Event] = []
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        #expect(d.openSide == .left)
        events.removeAll()
        let t = restTime(&d, after: .replaceCenter(.fullClose))
        #expect(abs(t - total) < 2e-4, "took \(t)")
        #expect(d.openSide == nil && d.paneOffset == 0 && d.paneGeneration == 1)
    }

    @Test func fullCloseSlidesOffSwapsPausesAndComesBack() {
        var d = container(width: 320)
        var events: [Event] = []
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        events.removeAll()
        d.perform(.replaceCenter(.fullClose), at: 0, events: &events)
        d.advance(to: 0.15, events: &events)
        #expect(d.paneOffset == 320)
        #expect(events.map(\.type) == ["willClose", "paneReplaced"])
        d.advance(to: 0.2, events: &events)
        #expect(d.paneOffset == 320, "the 0.10 s pause holds the pane off-screen")
        var pose = Pose()
        d.pose(into: &pose)
        #expect(pose.nodes.first { $0.role == .drawerLeft }!.frame.width == 320, "the drawer grows to the container")
        #expect(pose.closed(.left) == 0)
        d.advance(to: 0.25 + 0.190476, events: &events)
        #expect(abs(d.paneOffset - 160) < 1e-3, "half-way back at the middle of phase 2")
        #expect(d.isAnimating)
        var ignored: [Event] = []
        d.perform(.close(), at: 0.3, events: &ignored)
        #expect(ignored.map(\.type) == ["actionIgnored"])
    }

    @Test func replaceWithCloseSwapsThenCloses() {
        var d = container()
        var events: [Event] = []
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        events.removeAll()
        let t = restTime(&d, after: .replaceCenter(.close))
        #expect(abs(t - 0.3333) < 2e-4)
        #expect(d.paneGeneration == 1 && d.openSide == nil)
        var closed = container()
        _ = restTime(&closed, after: .replaceCenter(.fullClose))
        #expect(closed.paneGeneration == 1, "a closed container swaps at once")
    }

    @Test func bouncePreviewKeyframes() {
        for (side, distance) in [(Direction.left, 50.0), (.right, 50), (.left, 30)] {
            var d = container()
            var events: [Event] = []
            d.perform(.bounce(side, distance: distance == 50 ? nil : distance), at: 1, events: &events)
            #expect(d.stateName == "bouncing")
            func offset(at t: Double) -> Double {
                d.advance(to: 1 + t, events: &events)
                return side.sign * d.paneOffset
            }
            let key = 0.8 / 31
            #expect(abs(offset(at: 7 * key) - distance) < 1e-9)
            #expect(abs(offset(at: 0.19) - distance) < 1e-9, "the peak holds from 0.181 to 0.206 s")
            #expect(abs(offset(at: 8 * key) - distance) < 1e-9)
            #expect(abs(offset(at: 15 * key)) < 1e-9)
            #expect(abs(offset(at: 20 * key) - distance / 2) < 1e-9)
            #expect(abs(offset(at: 0.516) - distance / 2) < 0.05 * distance)
            #expect(abs(offset(at: 28 * key) - distance / 4) < 1e-9)
            #expect(abs(offset(at: 0.7226) - distance / 4) < 0.01 * distance)
            #expect(abs(offset(at: 0.8)) < 1e-9)
            #expect(d.isAtRest && d.openSide == nil && d.presentedSide == nil)
            #expect(events.last?.type == "didBounce")
        }
    }

    @Test func bounceNeedsAClosedDrawer() {
        var d = container(right: nil)
        var events: [Event] = []
        d.perform(.bounce(.right), at: 0, events: &events)
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        d.perform(.bounce(.left), at: 0, events: &events)
        #expect(events.filter { $0.type == "actionIgnored" }.count == 2)
    }

    @Test func stretchNumbers() {
        let c320 = DrawerConfiguration(size: Size(width: 320, height: 568))
        for (raw, x) in [(300.0, 283.0), (320, 284), (400, 285), (600, 286), (5000, 286), (281, 281), (282, 282)] {
            #expect(c320.constrainedPaneX(raw: raw, containerWidth: 320) == x, "320: raw \(raw)")
        }
        let c375 = DrawerConfiguration(size: Size(width: 375, height: 667))
        for (raw, x) in [(290.0, 287.0), (300, 288), (400, 292), (600, 294)] {
            #expect(c375.constrainedPaneX(raw: raw, containerWidth: 375) == x, "375: raw \(raw)")
            #expect(c375.constrainedPaneX(raw: -raw, containerWidth: 375) == -x, "375: raw \(-raw)")
        }
        var stiff = c375
        stiff.stretch = false
        #expect(stiff.constrainedPaneX(raw: 400, containerWidth: 375) == 280)
        let oneSided = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])
        #expect(oneSided.constrainedPaneX(raw: -50, containerWidth: 375) == 0, "no right drawer: clamps at 0")
        #expect(c375.constrainedPaneX(raw: 100.7, containerWidth: 375) == 100, "floored to whole points")
    }

    @Test func reentryIsRefused() {
        var d = container()
        var events: [Event] = []
        d.perform(.open(.left), at: 0, events: &events)
        d.perform(.open(.right), at: 0.1, events: &events)
        d.perform(.close(), at: 0.2, events: &events)
        #expect(events.filter { $0.type == "actionIgnored" }.count == 2)
        d.advance(to: 0.4, events: &events)
        #expect(d.openSide == .left)
        events.removeAll()
        d.perform(.toggle(.right), at: 0.5, events: &events)
        #expect(events.map(\.type) == ["actionIgnored"], "toggling the other side while one is open does nothing")
        d.perform(.toggle(.left), at: 0.5, events: &events)
        #expect(d.stateName == "closing")
    }

    @Test func openingAMissingDrawerDoesNotLock() {
        var d = container(right: nil)
        var events: [Event] = []
        d.perform(.open(.right), at: 0, events: &events)
        #expect(events.map(\.type) == ["actionIgnored"])
        #expect(!d.isAnimating)
        d.perform(.open(.left), at: 0, events: &events)
        #expect(d.stateName == "opening")
    }

    @Test func closingWhileClosedStillTakesTheMinimumDuration() {
        var d = container()
        #expect(abs(restTime(&d, after: .close()) - 0.15) < 2e-4)
    }

    @Test func maximumWidthChanges() {
        var d = container()
        var events: [Event] = []
        d.perform(.setMaximumWidth(.left, width: 200, animated: true), at: 0, events: &events)
        #expect(d.maximumWidth(.left) == 200 && d.isAtRest, "closed: immediate")
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        #expect(d.paneOffset == 200)
        let t = restTime(&d, after: .setMaximumWidth(.left, width: 320, animated: true), from: 1)
        #expect(abs(t - 0.15) < 2e-4, "120 pt at 840 pt/s is under the 0.15 s minimum")
        #expect(d.paneOffset == 320)
        let t2 = restTime(&d, after: .setMaximumWidth(.left, width: 40, animated: true), from: 2)
        #expect(abs(t2 - 280.0 / 840) < 2e-4)
        var pose = Pose()
        d.pose(into: &pose)
        #expect(pose.nodes.first { $0.role == .drawerLeft }!.frame.width == 40)
        #expect(pose.closed(.left) == 0)
    }

    @Test func aboveContentModeSlidesTheDrawerOverAStillPane() {
        var d = container { $0.openMode = .above }
        var events: [Event] = []
        d.perform(.open(.left), at: 0, events: &events)
        d.advance(to: 1.0 / 6, events: &events)
        var pose = Pose()
        d.pose(into: &pose)
        let roles = pose.nodes.map(\.role)
        #expect(roles == [.pane, .overlay, .drawerRight, .drawerLeft], "the drawer is above the pane and overlay")
        #expect(pose.nodes[0].frame.x == 0)
        let drawer = pose.nodes.first { $0.role == .drawerLeft }!
        #expect(abs(drawer.frame.x - (-140)) < 1e-9, "half-way: x = −W + 140")
        #expect(d.chromeStylers(for: .left).map(\.name) == ["scrim"])
        #expect(d.defaultStylers(for: .left).isEmpty)
    }

    @Test func statusBarBackgroundShiftsTheContent() {
        var d = container { $0.showsStatusBarBackgroundView = true }
        var events: [Event] = []
        d.perform(.open(.left, animated: false), at: 0, events: &events)
        var pose = Pose()
        d.pose(into: &pose)
        let bar = pose.nodes.last!
        #expect(bar.role == .statusbar && bar.frame == Rect(x: 0, y: 0, width: 375, height: 20))
        #expect(pose.nodes.first { $0.role == .pane }!.frame == Rect(x: 280, y: 20, width: 375, height: 647))
        #expect(pose.nodes.first { $0.role == .drawerLeft }!.frame == Rect(x: 0, y: 20, width: 280, height: 647))
    }

    @Test func paneCastsMMsShadow() {
        var pose = Pose()
        container().pose(into: &pose)
        let shadow = pose.nodes.first { $0.role == .pane }!.style.shadow
        #expect(shadow == Shadow(radius: 10, opacity: 0.8, offset: Point(x: 0, y: -3), color: .black))
        var plain = Pose()
        container { $0.showsShadow = false }.pose(into: &plain)
        #expect(plain.nodes.first { $0.role == .pane }!.style.shadow == nil)
    }

    @Test func snapshotAndRestore() throws {
        var d = container(right: 200)
        var events: [Event] = []
        d.perform(.setMaximumWidth(.left, width: 240, animated: false), at: 0, events: &events)
        d.perform(.open(.right, animated: false), at: 0, events: &events)
        let json = d.snapshot().json()
        #expect(json == #"{"leftWidth":240,"openMode":"push","openSide":"right","rightWidth":200}"#)
        let restored = DrawerContainer(container(right: 200).configuration, restoring: try DrawerSnapshot.from(json: json))
        #expect(restored.openSide == .right && restored.paneOffset == -200 && restored.maximumWidth(.left) == 240)
        #expect(throws: ContainerError.self) { try DrawerSnapshot.from(json: #"{"openMode":"sideways"}"#) }
        #expect(throws: ContainerError.self) { try DrawerSnapshot.from(json: #"{"openMode":"push","leftWidth":-3}"#) }
        #expect(throws: ContainerError.self) { try DrawerSnapshot.from(json: "[]") }
    }
}
