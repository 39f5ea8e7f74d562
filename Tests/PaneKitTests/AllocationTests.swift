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
            stylers: [
                StylerGroup(layout.leading): [MMParallaxStyler(), MMStretchStyler()],
                StylerGroup(layout.trailing): [MMSlideAndScaleStyler(), ScrimStyler()],
            ])
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

    @Test(.enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"))
    func builtInFramePathAllocatesNothingAfterWarmUp() throws {
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

    /// A sheet resting at its detent, styled every frame: the host fills `detent`, `detents` and `position` of
    /// the context from the container without allocating (the detents are resolved once, not per frame).
    @Test(.enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"))
    func aSheetsFramePathAllocatesNothingAfterWarmUp() throws {
        let sheet = try SheetContainer(SheetConfiguration(size: Size(width: 375, height: 812), behavior: .floatingpanel))
        var host = PaneHost(container: sheet, fps: 60, stylers: [.bottom: [SheetFloatingStyler(), SheetScrimStyler()]])
        var frame = try host.step()
        for _ in 0..<60 { try host.step(into: &frame) }
        pk_allocations_begin()
        for _ in 0..<120 { try host.step(into: &frame) }
        let allocations = pk_allocations_end()
        #expect(allocations == 0, "\(allocations) allocations in 120 frames")
        #expect(frame.detent != nil)
    }

    /// Events are typed values: a pan's release velocity is formatted only when a writer writes it, so a drawer
    /// pan (with its `panBegan`, `panEnded(velocity:)`, `willOpen` and `didOpen` events) allocates nothing either,
    /// mirrored or not.
    @Test(
        .enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"),
        arguments: [LayoutDirection.ltr, .rtl])
    func aPanAndItsEventsAllocateNothingAfterWarmUp(_ layout: LayoutDirection) throws {
        var config = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280, .right: 200])
        config.layoutDirection = layout
        config.openGestures = .all
        var host = PaneHost(container: DrawerContainer(config), fps: 60, stylers: [.left: [MMParallaxStyler()]])
        var frame = try host.step()
        var seen: [String] = []
        func cycle(_ host: inout PaneHost, _ frame: inout Frame, _ seen: inout [String]) throws {
            let edge = layout == .ltr ? 5.0 : 370.0, step = layout == .ltr ? 30.0 : -30.0
            for i in 0..<120 {
                switch i {
                case 0: host.perform(.pan(.began, Point(x: edge, y: 300)))
                case 1...6: host.perform(.pan(.moved, Point(x: edge + step * Double(i), y: 300)))
                case 7: host.perform(.pan(.ended, Point(x: edge + step * 7, y: 300)))
                case 60: host.perform(.close(animated: false))
                default: break
                }
                try host.step(into: &frame)
                for e in 0..<frame.events.count { seen.append(frame.events[e].type) }
            }
        }
        try cycle(&host, &frame, &seen)
        #expect(seen.contains("panEnded") && seen.contains("didOpen"), "the pan did not open the drawer: \(seen)")
        seen.reserveCapacity(seen.count * 3)
        pk_allocations_begin()
        try cycle(&host, &frame, &seen)
        let allocations = pk_allocations_end()
        #expect(allocations == 0, "\(allocations) allocations in 120 frames")
    }

    @Test(.enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"))
    func rightToLeftFramePathAllocatesNothingAfterWarmUp() throws {
        let (allocations, state) = try secondCycleAllocations(.rtl)
        #expect(allocations == 0, "\(allocations) allocations in 240 frames")
        #expect(state == .closed)
    }
}
