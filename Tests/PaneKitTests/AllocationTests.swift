// The per-frame path with built-in stylers allocates nothing after warm-up (counted, not timed).

import CAllocationCounter
import Testing

@testable import PaneKit

@Suite struct AllocationTests {
    @Test func builtInFramePathAllocatesNothingAfterWarmUp() throws {
        guard pk_allocations_available() == 1 else { return }
        let config = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280, .right: 200])
        var host = PaneHost(
            container: DrawerContainer(config), fps: 60,
            stylers: [.left: [MMParallaxStyler(), MMStretchStyler()], .right: [MMSlideAndScaleStyler(), ScrimStyler()]])
        var frame = try host.step()
        // One cycle: open left, close, bounce right, open right, swinging close. Warm up with one, count the next.
        func cycle(_ host: inout PaneHost, _ frame: inout Frame) throws {
            for i in 0..<240 {
                switch i {
                case 0: host.perform(.open(.left))
                case 40: host.perform(.close())
                case 70: host.perform(.bounce(.right))
                case 130: host.perform(.open(.right))
                case 170: host.perform(.replaceCenter(.fullClose))
                default: break
                }
                try host.step(into: &frame)
            }
        }
        try cycle(&host, &frame)
        pk_allocations_begin()
        try cycle(&host, &frame)
        let allocations = pk_allocations_end()
        #expect(allocations == 0, "\(allocations) allocations in 240 frames")
        #expect(frame.state == .closed)

        // The counter itself works: an array that grows allocates.
        pk_allocations_begin()
        var grown: [Int] = []
        for i in 0..<100 { grown.append(i) }
        let counted = pk_allocations_end()
        #expect(counted > 0 && grown.count == 100)
    }
}
