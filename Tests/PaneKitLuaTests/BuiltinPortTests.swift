// Lua ports of mm.slide-and-scale and mm.swinging-door give the built-ins' corners within 1e-9.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct BuiltinPortTests {
    /// Past open (down to −0.5), the whole travel in steps of 0.05, and closed.
    static let fractions: [Double] = [-0.5, -0.25, -0.1] + (0...20).map { Double($0) / 20 }

    static let ports: [(fixture: String, builtin: String)] = [
        ("slide-and-scale.lua", "mm.slide-and-scale"), ("swinging-door.lua", "mm.swinging-door"),
    ]

    @Test(arguments: ports.map(\.fixture))
    func aPortGivesTheBuiltinsCorners(_ fixture: String) throws {
        let builtin = Self.ports.first { $0.fixture == fixture }!.builtin
        let port = try LuaStyler(plugin: PluginLoader.load(path: fixtures.appendingPathComponent(fixture).path))
        let original = try StylerRegistry.builtins.make(builtin)
        for direction in [Direction.left, .right] {
            for (width, size) in [(280.0, Size(width: 375, height: 667)), (200.0, Size(width: 320, height: 568))] {
                let container = ContainerSpec.drawer(DrawerConfiguration(size: size, widths: [.left: width, .right: width]))
                let expected = try Sampler.sample(original, container: container, group: StylerGroup(direction), fractions: Self.fractions)
                let actual = try Sampler.sample(port, container: container, group: StylerGroup(direction), fractions: Self.fractions)
                #expect(actual.count == expected.count)
                for (a, e) in zip(actual, expected) {
                    let label = "\(builtin) \(direction.rawValue) W=\(width) closed=\(a.closed)"
                    #expect(a.nodes.map(\.role) == e.nodes.map(\.role), "\(label)")
                    for (an, en) in zip(a.nodes, e.nodes) {
                        #expect(an.style.alpha == en.style.alpha, "\(label) \(an.role.rawValue) alpha")
                        #expect(an.style.anchor == en.style.anchor, "\(label) \(an.role.rawValue) anchor")
                        let ac = [an.corners.topLeft, an.corners.topRight, an.corners.bottomRight, an.corners.bottomLeft]
                        let ec = [en.corners.topLeft, en.corners.topRight, en.corners.bottomRight, en.corners.bottomLeft]
                        for (p, q) in zip(ac, ec) {
                            #expect(abs(p.x - q.x) <= 1e-9 && abs(p.y - q.y) <= 1e-9, "\(label) \(an.role.rawValue) \(p) vs \(q)")
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: ports.map(\.fixture))
    func aPortPassesTheCheck(_ fixture: String) throws {
        let port = try PluginLoader.load(path: fixtures.appendingPathComponent(fixture).path)
        #expect(PluginCheck.run(port).map(\.description) == [])
    }
}
