// A baked styler plays back with no allocation per frame (counted, not timed).

import CAllocationCounter
import Testing

@testable import PaneKit

@Suite struct BakedStylerAllocationTests {
    @Test(.enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"))
    func playbackAllocatesNothingAfterWarmUp() throws {
        let size = Size(width: 375, height: 667)
        let spec = ContainerSpec.drawer(DrawerConfiguration(size: size, widths: [.left: 280]))
        let door = try StylerRegistry.builtins.make("mm.swinging-door")
        let origin = BakeOrigin(styler: "mm.swinging-door", params: [:], container: .drawer, size: size)
        let (baked, _) = try StylerBaker.bake(door, name: "door.bake.json", origin: origin, container: spec, groups: [.left])
        var host = PaneHost(container: spec.makeContainer(), fps: 60, stylers: [.left: [baked]])
        host.strict = true
        var frame = try host.step()
        func cycle(_ host: inout PaneHost, _ frame: inout Frame) throws {
            for i in 0..<120 {
                if i == 0 { host.perform(.open(.left)) }
                if i == 60 { host.perform(.close()) }
                try host.step(into: &frame)
            }
        }
        try cycle(&host, &frame)
        pk_allocations_begin()
        try cycle(&host, &frame)
        let allocations = pk_allocations_end()
        #expect(allocations == 0, "\(allocations) allocations in 120 frames")
        #expect(frame.nodes.contains { $0.role == .drawerLeft && !$0.style.transform.isIdentity } || frame.state == .closed)
    }
}
