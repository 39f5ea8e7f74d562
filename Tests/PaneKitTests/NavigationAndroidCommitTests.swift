// Android's system predictive back after the release: the shell's cross-activity commit timeline (reference/
// navigation.md §4.3, DefaultCrossActivityBackAnimation), not the gesture's geometry carried on.

import Testing

@testable import PaneKit

@Suite struct NavigationAndroidCommitTests {
    /// Released at p' = BACK_GESTURE(progress) = 0.5 on 412 dp (the closing window 391.4 dp wide at x = 16.6, the
    /// entering one at x = −85.7), then committed. Over linear time t of 450 ms, e = EMPHASIZED(t): the closing
    /// window grows to full size while moving right by its left + 96 dp, at alpha max(1 − 5t, 0); the entering
    /// one grows to the full window; the scrim falls as 0.2·(1 − t). Numbers computed from those formulas.
    @Test func theCommitFollowsTheShellsTimeline() throws {
        var host = navigationHost(.android, width: 412, screens: ["inbox", "thread"])
        let raw = NavigationEasing.backGesture.inverse(0.5)
        let track = try #require(BackGesture(times: [0.01, 1], progress: [raw, raw], commit: true))
        host.perform(Action(NavigationAction.back(track)))
        _ = try host.step(at: 0)
        // ms after the release: closing left, width, alpha; entering left, width; scrim.
        let expected: [(ms: Double, closing: [Double], entering: [Double], scrim: Double)] = [
            (0, [16.6, 391.4, 1], [-85.7, 391.4], 0.2),
            (45, [25.5740, 393.3257, 0.5], [-77.6888, 393.3257], 0.18),
            (90, [77.6271, 404.4954, 0], [-31.2206, 404.4954], 0.16),
            (225, [107.8588, 410.9826, 0], [-4.2325, 410.9826], 0.1),
            (300, [110.9712, 411.6505, 0], [-1.4540, 411.6505], 0.0667),
        ]
        for row in expected {
            let frame = try host.step(at: 1 + row.ms / 1000)
            let top = try #require(frame.node(Role.screen.member(named: "thread")))
            let below = try #require(frame.node(Role.screen.member(named: "inbox")))
            let closing = [top.corners.topLeft.x, top.corners.topRight.x - top.corners.topLeft.x, top.style.alpha]
            let entering = [below.corners.topLeft.x, below.corners.topRight.x - below.corners.topLeft.x]
            for (name, (a, b)) in zip(["left", "width", "alpha"], zip(closing, row.closing)) {
                #expect(abs(a - b) < 0.01, "\(row.ms) ms: closing \(name) \(a), reference \(b)")
            }
            for (name, (a, b)) in zip(["left", "width"], zip(entering, row.entering)) {
                #expect(abs(a - b) < 0.01, "\(row.ms) ms: entering \(name) \(a), reference \(b)")
            }
            #expect(abs(frame.dim - row.scrim) < 1e-3, "\(row.ms) ms: scrim \(frame.dim), reference \(row.scrim)")
            #expect(top.style.cornerRadius == CornerRadius(28) && below.style.cornerRadius == CornerRadius(28))
        }
        let popped = try host.events(from: 1.31, to: 1.5).first { $0.event == .didPop(screen: "thread") }?.time
        #expect(popped.map { abs($0 - 1.45) < 0.0015 } == true)
    }
}
