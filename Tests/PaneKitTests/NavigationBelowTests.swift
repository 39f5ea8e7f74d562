// The screen below the top one keeps its role when the top one's progress is 0 (a push's first frame, a back
// gesture held all the way): it is styled as the screen below with `next` 0, never as a top screen at rest.

import Testing

@testable import PaneKit

@Suite struct NavigationBelowTests {
    /// UIKit's modal card (docs/compat.md): on a push's first frame the page below is still in place, unscaled and
    /// square; a top screen at rest would sit 8 % down with 12-pt corners.
    @Test func aModalPushesFirstFrameLeavesThePageBelowInPlace() throws {
        var host = navigationHost(.uikit, screens: ["inbox"])
        host.perform(Action(NavigationAction.push("compose", modal: true)))
        let first = try host.step(at: 0)
        let below = try #require(first.node(Role.screen.member(named: "inbox")))
        #expect(first.y("inbox") == 0 && first.scale("inbox") == 1)
        #expect(below.style.cornerRadius == nil || below.style.cornerRadius == CornerRadius(0))
    }

    /// A back gesture dragged all the way (the top screen's progress is 0 while the finger is still down): the
    /// page below is Cupertino's page below at s = 0 (§1.2: in place, no barrier), not a top page at rest, which
    /// would carry the incoming page's edge shadow.
    @Test func aBackDraggedAllTheWayLeavesThePageBelowUnshadowed() throws {
        var host = navigationHost(.cupertino, screens: ["inbox", "thread"])
        let points = [Point(x: 5, y: 300), Point(x: 420, y: 300), Point(x: 420, y: 300)]
        let path = try #require(TouchPath(times: [0, 0.2, 0.4], points: points))
        host.schedule(Action.touch(.gesture(path)), at: 0)
        _ = try host.step(at: 0)
        let held = try host.step(at: 0.3)
        #expect(held.x("thread") == 1 && held.dim == 0)
        let below = try #require(held.node(Role.screen.member(named: "inbox")))
        #expect(below.style.shadow == nil, "\(String(describing: below.style.shadow))")
    }
}
