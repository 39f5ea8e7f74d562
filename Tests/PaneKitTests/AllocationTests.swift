// The per-frame path with built-in stylers allocates nothing after warm-up (counted, not timed).

import CAllocationCounter
import Testing

@testable import PaneKit

@Suite struct AllocationTests {
    /// The allocations of the second of two identical cycles (open the leading drawer, close, bounce the trailing
    /// one, open it, swinging close), and the last frame's state.
    func secondCycleAllocations(_ layout: LayoutDirection) throws -> (count: Int64, state: ContainerState) {
        var config = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [layout.leading: 280, layout.trailing: 200])
        config.layoutDirection = layout
        var host = PaneHost(
            container: DrawerContainer(config), fps: 60,
            stylers: [layout.leading: [MMParallaxStyler(), MMStretchStyler()], layout.trailing: [MMSlideAndScaleStyler(), ScrimStyler()]])
        var frame = try host.step()
        func cycle(_ host: inout PaneHost, _ frame: inout Frame) throws {
            for i in 0..<240 {
                switch i {
                case 0: host.perform(.open(layout.leading))
                case 40: host.perform(.close())
                case 70: host.perform(.bounce(layout.trailing))
                case 130: host.perform(.open(layout.trailing))
                case 170: host.perform(.replaceCenter(.fullClose))
                default: break
                }
                try host.step(into: &frame)
            }
        }
        try cycle(&host, &frame)
        pk_allocations_begin()
        try cycle(&host, &frame)
        return (pk_allocations_end(), frame.state)
    }

    @Test func builtInFramePathAllocatesNothingAfterWarmUp() throws {
        guard pk_allocations_available() == 1 else { return }
        let (allocations, state) = try secondCycleAllocations(.ltr)
        #expect(allocations == 0, "\(allocations) allocations in 240 frames")
        #expect(state == .closed)

        // The counter itself works: an array that grows allocates.
        pk_allocations_begin()
        var grown: [Int] = []
        for i in 0..<100 { grown.append(i) }
        let counted = pk_allocations_end()
        #expect(counted > 0 && grown.count == 100)
    }

    @Test func rightToLeftFramePathAllocatesNothingAfterWarmUp() throws {
        guard pk_allocations_available() == 1 else { return }
        let (allocations, state) = try secondCycleAllocations(.rtl)
        #expect(allocations == 0, "\(allocations) allocations in 240 frames")
        #expect(state == .closed)
    }
}
