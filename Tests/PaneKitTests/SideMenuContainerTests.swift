// The sidemenu container against reference/sidenavigation.md.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct SideMenuContainerTests {
    static let size = Size(width: 375, height: 667)

    func menu(_ widths: [Direction: Double?] = [.left: nil]) -> SideMenuContainer {
        SideMenuContainer(SideMenuConfiguration(size: Self.size, widths: widths))
    }

    @Test func presentTakesPointThreeSecondsOfEaseInEaseOut() {
        var m = menu()
        var events: [Event] = []
        m.perform(.present(nil), at: 0, events: &events)
        #expect(m.stateName == "opening")
        for t in [0.05, 0.1, 0.15, 0.2, 0.25] {
            m.advance(to: t, events: &events)
            #expect(abs(m.progress - TimingCurve.easeInEaseOut.value(at: t / 0.3)) < 1e-12, "t = \(t)")
        }
        m.advance(to: 0.3, events: &events)
        #expect(m.stateName == "open" && m.isPresented)
        #expect(events.map(\.type) == ["willPresent", "didPresent"])
        #expect(abs(m.menuWidth(.left) - 250) < 1e-12, "2/3 of 375")
        #expect(m.menuFrame(.left) == Rect(x: 0, y: 0, width: 250, height: 667))
        let right = menu([.right: nil])
        #expect(right.menuFrame(.right) == Rect(x: 125, y: 0, width: 250, height: 667), "W/3 for a right menu")
    }

    @Test func scrimAndMenuFollowTheProgress() throws {
        var host = PaneHost(container: menu(), fps: 60)
        host.perform(.present(nil))
        let frames = try host.runUntilRest()
        let last = frames.last!
        #expect(last.node(.overlay)!.style.alpha == 0.5 && !last.node(.overlay)!.style.hidden)
        #expect(last.node(.drawerLeft)!.corners.topLeft.x == 0)
        let first = frames.first!
        #expect(first.node(.drawerLeft)!.corners.topLeft.x == -250, "the menu starts fully off-screen")
        #expect(first.node(.pane)!.frame.x == 0 && last.node(.pane)!.frame.x == 0, "the content never moves")
        #expect(frames.count == 19, "0.3 s at 60 fps: frames 0…18")
    }

    @Test func tapOnTheScrimDismisses() {
        var m = menu()
        var events: [Event] = []
        m.perform(.present(nil, animated: false), at: 0, events: &events)
        #expect(m.isPresented)
        m.perform(.tap(Point(x: 100, y: 300)), at: 1, events: &events)
        #expect(events.last?.value("reason") == "the tap is on the menu")
        m.perform(.tap(Point(x: 300, y: 300)), at: 1, events: &events)
        #expect(m.stateName == "closing")
        m.advance(to: 1.3, events: &events)
        #expect(m.stateName == "closed" && m.presentedSide == nil)
        #expect(events.last?.type == "didDismiss")
    }

    @Test func edgePanPastTheThresholdFinishes() {
        var m = menu()
        var events: [Event] = []
        m.perform(.pan(.began, Point(x: 5, y: 300)), at: 0, events: &events)
        m.perform(.pan(.moved, Point(x: 80, y: 300)), at: 0.1, events: &events)
        // τ = 75 / 375 = 0.2: progress is the curve at 0.2.
        #expect(abs(m.progress - TimingCurve.easeInEaseOut.value(at: 0.2)) < 1e-12)
        m.perform(.pan(.ended, Point(x: 155, y: 300)), at: 0.2, events: &events)
        // τ = 0.4 > 0.2: finishes over the remaining 0.6 × 0.3 = 0.18 s.
        #expect(m.stateName == "opening")
        m.advance(to: 0.2 + 0.18 - 1e-6, events: &events)
        #expect(m.stateName == "opening")
        m.advance(to: 0.38, events: &events)
        #expect(m.stateName == "open")
        #expect(events.map(\.type) == ["willPresent", "interactionBegan", "interactionFinished", "didPresent"])
    }

    @Test func shortPanCancels() {
        var m = menu()
        var events: [Event] = []
        m.perform(.pan(.began, Point(x: 5, y: 300)), at: 0, events: &events)
        m.perform(.pan(.ended, Point(x: 50, y: 300)), at: 0.1, events: &events)
        // τ = 0.12 ≤ 0.2: cancels back over 0.12 × 0.3 = 0.036 s.
        #expect(m.stateName == "closing")
        m.advance(to: 0.136, events: &events)
        #expect(m.stateName == "closed" && m.presentedSide == nil)
        #expect(events.last?.value("completed") == "false")
        var away = menu()
        away.perform(.pan(.began, Point(x: 200, y: 300)), at: 0, events: &events)
        #expect(events.last?.value("reason") == "a present pan starts at a menu's screen edge")
    }

    @Test func panOnTheOpenMenuDismisses() {
        var m = menu()
        var events: [Event] = []
        m.perform(.present(nil, animated: false), at: 0, events: &events)
        m.perform(.pan(.began, Point(x: 200, y: 300)), at: 1, events: &events)
        m.perform(.pan(.moved, Point(x: 100, y: 300)), at: 1.1, events: &events)
        #expect(abs(m.progress - (1 - TimingCurve.easeInEaseOut.value(at: 100.0 / 375))) < 1e-12)
        m.perform(.pan(.ended, Point(x: 50, y: 300)), at: 1.2, events: &events)
        m.advance(to: 2, events: &events)
        #expect(m.stateName == "closed")
    }

    @Test func twoMenusNeedADirection() throws {
        var m = menu([.left: nil, .right: 200])
        var events: [Event] = []
        m.perform(.present(nil), at: 0, events: &events)
        #expect(events.last?.type == "actionIgnored")
        m.perform(.present(.right), at: 0, events: &events)
        #expect(m.presentedSide == .right && m.menuWidth(.right) == 200)
    }

    @Test func scenarioRunsAPresentAndDismiss() throws {
        let text = """
            {"size": [375, 667], "container": {"type": "sidemenu", "left": {}},
             "stylers": {"left": ["sidemenu.view-slide-out"]},
             "timeline": [{"at": 0, "action": "present"}, {"at": 0.5, "action": "dismiss"}]}
            """
        let scenario = try ScenarioLoader.load(text, file: "menu.json")
        let frames = try scenario.run()
        #expect(frames.last!.state == .closed)
        let open = frames.first { $0.time == 0.4 }!
        #expect(open.node(.pane)!.corners.topLeft.x == 250, "view-slide-out moves the content by the menu width")
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(
                #"{"size": [375, 667], "container": {"type": "sidemenu", "left": {}}, "timeline": [{"at": 0, "action": "open"}]}"#,
                file: "x.json")
        }
    }
}
