// The sheet's per-frame path (advance, pose with dimming) allocates nothing after warm-up (counted, not timed);
// the actions that start a settle are outside the count (they run once per transition, not per frame).

import CAllocationCounter
import Testing

@testable import PaneKit

@Suite(.serialized) struct SheetAllocationTests {
    @Test(
        .enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"),
        arguments: SheetBehavior.allCases)
    func framesAllocateNothingAfterWarmUp(behavior: SheetBehavior) throws {
        var c = SheetConfiguration(size: Size(width: 375, height: 812), behavior: behavior)
        c.safeArea = SafeAreaInsets(top: 47, bottom: 34)
        c.contentHeight = 700
        c.hideable = true
        if behavior.takesCustomDetents { c.detents = [.fraction(name: "low", 0.3), .fraction(name: "full", 0.9)] }
        var sheet = try SheetContainer(c)
        let largest = sheet.geometry.detents.last!.name, smallest = sheet.geometry.detents[0].name
        var pose = Pose()
        var events: [Event] = []
        events.reserveCapacity(16)
        var allocations: Int64 = 0
        func cycle(from start: Double, counting: Bool) {
            for i in 0..<180 {
                let t = start + Double(i) / 60
                if i == 0 { sheet.perform(.setDetent(largest), at: t, events: &events) }
                if i == 90 { sheet.perform(.setDetent(smallest), at: t, events: &events) }
                if counting { pk_allocations_begin() }
                sheet.advance(to: t, events: &events)
                pose.reset()
                sheet.pose(into: &pose)
                if counting { allocations += pk_allocations_end() }
                while !events.isEmpty { events.removeLast() }  // removeAll(keepingCapacity:) allocates unoptimised
            }
        }
        cycle(from: 0, counting: false)
        cycle(from: 3, counting: true)
        #expect(allocations == 0, "\(behavior): \(allocations) allocations in 180 frames")
    }
}
