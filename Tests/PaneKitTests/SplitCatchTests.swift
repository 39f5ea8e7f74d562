// An interruptible split container: a divider drag that begins while a split position change animates catches
// the divider where it is on screen (a `caught` event) and follows the finger from there.

import Foundation
import Testing

@testable import PaneKit

@Suite struct SplitCatchTests {
    func host(interruptible: Bool) -> PaneHost {
        var c = SplitConfiguration(size: Size(width: 1024, height: 748))
        c.dividerStyle = .paneSplitter
        c.interruptible = interruptible
        var host = PaneHost(container: SplitContainer(c), fps: 20)
        host.schedule(.setSplitPosition(500), at: 0)  // MG's 0.2 s ease-in-out from 320
        return host
    }

    /// The divider's x on each frame, and the frames, to rest.
    func run(_ host: inout PaneHost) throws -> (x: [Double], frames: [Frame]) {
        let frames = try host.runUntilRest(limit: 100)
        return (frames.map { $0.node(.divider)!.frame.x }, frames)
    }

    @Test func aDragCatchesTheMovingDivider() throws {
        var probe = host(interruptible: true)
        let (free, _) = try run(&probe)
        let mid = free[2]  // t = 0.1, half way through the move
        #expect(mid > 320 && mid < 500, "\(free)")
        var caught = host(interruptible: true)
        let grip = Point(x: mid + 12, y: 300)
        caught.schedule(.pan(.began, grip), at: 0.1)
        caught.schedule(.pan(.moved, Point(x: grip.x + 40, y: 300)), at: 0.15)
        caught.schedule(.pan(.ended, Point(x: grip.x + 40, y: 300)), at: 0.2)
        let (x, frames) = try run(&caught)
        // Caught where it was on screen, then moved by the finger's 40 pt, and left there.
        #expect(x[0...2] == free[0...2])
        #expect(frames[2].events.contains(.caught(direction: .left)))
        #expect(frames[2].state == .dragging)
        #expect(abs(x[3] - (mid + 40)) < 1e-9)
        #expect(abs(x.last! - (mid + 40)) < 1e-9)
        #expect(!frames.dropFirst(2).contains { $0.events.contains(.didFinishAnimation(name: .splitPosition)) })
    }

    @Test func withoutInterruptibleTheDragIsRefusedAndTheMoveFinishes() throws {
        var probe = host(interruptible: false)
        let (free, _) = try run(&probe)
        var refused = host(interruptible: false)
        refused.schedule(.pan(.began, Point(x: free[2] + 12, y: 300)), at: 0.1)
        let (x, frames) = try run(&refused)
        #expect(x == free)
        #expect(frames[2].events.contains { $0.type == "actionIgnored" && $0.value("reason") == "the divider cannot be dragged there" })
        #expect(x.last == 500)
    }
}
