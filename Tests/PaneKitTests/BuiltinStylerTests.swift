// Every built-in styler: projected drawer corners at closed fractions 1, 0.5, 0 and −0.1, left and right,
// against values computed by hand from reference/mmdrawer.md §8 (container 320 × 568, drawer width 280).

import Foundation
import Testing

@testable import PaneKit

@Suite struct BuiltinStylerTests {
    static let size = Size(width: 320, height: 568)
    static let width = 280.0

    /// The drawer's corners at each fraction, posed by the drawer container and styled by `name` alone.
    func drawer(_ name: String, _ direction: Direction, _ closed: Double) throws -> Node {
        let styler = try StylerRegistry.builtins.make(name)
        let config = DrawerConfiguration(size: Self.size, widths: [direction: Self.width])
        let samples = try Sampler.sample(styler, container: .drawer(config), group: StylerGroup(direction), fractions: [closed])
        return samples[0].nodes.first { $0.role == .drawer(direction) }!
    }

    /// (styler, direction, closed, left x of the top edge, right x of the top edge, top y of the far edge, alpha)
    static let cases: [(String, Direction, Double, Double, Double, Double, Double)] = [
        // slide: tx = −D(1 − p) (left), +D(1 − p) (right); past open the stretch: span [1.4, 309.4] at p = 1.1.
        ("mm.slide", .left, 1, -280, 0, 0, 1), ("mm.slide", .left, 0.5, -140, 140, 0, 1),
        ("mm.slide", .left, 0, 0, 280, 0, 1), ("mm.slide", .left, -0.1, 1.4, 309.4, 0, 1),
        ("mm.slide", .right, 1, 320, 600, 0, 1), ("mm.slide", .right, 0.5, 180, 460, 0, 1),
        ("mm.slide", .right, 0, 40, 320, 0, 1), ("mm.slide", .right, -0.1, 10.6, 318.6, 0, 1),
        // parallax, factor 2: tx = −D(1 − p)/2.
        ("mm.parallax", .left, 1, -140, 140, 0, 1), ("mm.parallax", .left, 0.5, -70, 210, 0, 1),
        ("mm.parallax", .left, 0, 0, 280, 0, 1), ("mm.parallax", .left, -0.1, 1.4, 309.4, 0, 1),
        ("mm.parallax", .right, 1, 180, 460, 0, 1), ("mm.parallax", .right, 0.5, 110, 390, 0, 1),
        ("mm.parallax", .right, 0, 40, 320, 0, 1), ("mm.parallax", .right, -0.1, 10.6, 318.6, 0, 1),
        // slide-and-scale: scale 0.9 + 0.1p about the centre (140 or 180, 284), then ±50(1 − p); alpha p.
        ("mm.slide-and-scale", .left, 1, 64, 316, 28.4, 0), ("mm.slide-and-scale", .left, 0.5, 32, 298, 14.2, 0.5),
        ("mm.slide-and-scale", .left, 0, 0, 280, 0, 1), ("mm.slide-and-scale", .left, -0.1, -6.4, 276.4, -2.84, 1),
        ("mm.slide-and-scale", .right, 1, 4, 256, 28.4, 0), ("mm.slide-and-scale", .right, 0.5, 22, 288, 14.2, 0.5),
        ("mm.slide-and-scale", .right, 0, 40, 320, 0, 1), ("mm.slide-and-scale", .right, -0.1, 43.6, 326.4, -2.84, 1),
        // swinging door: hinge at W·p (left) or V − W·p (right); far edge = hinge + u cos θ / (1 + u sin θ / 1000).
        // At p = 0.5: 140 − 197.9899/1.1979899 = −25.268421; the far edge's top y = 284 − 284/1.1979899 = 46.936232.
        ("mm.swinging-door", .left, 1, 0, 0, 62.125, 1), ("mm.swinging-door", .left, 0.5, -25.268421, 140, 46.936232, 1),
        ("mm.swinging-door", .left, 0, 0, 280, 0, 1), ("mm.swinging-door", .left, -0.1, 1.4, 309.4, 0, 1),
        ("mm.swinging-door", .right, 1, 320, 320, 62.125, 1), ("mm.swinging-door", .right, 0.5, 180, 345.268421, 46.936232, 1),
        ("mm.swinging-door", .right, 0, 40, 320, 0, 1), ("mm.swinging-door", .right, -0.1, 10.6, 318.6, 0, 1),
        // stretch: nothing until past open.
        ("mm.stretch", .left, 1, 0, 280, 0, 1), ("mm.stretch", .left, 0.5, 0, 280, 0, 1),
        ("mm.stretch", .left, 0, 0, 280, 0, 1), ("mm.stretch", .left, -0.1, 1.4, 309.4, 0, 1),
        ("mm.stretch", .right, 1, 40, 320, 0, 1), ("mm.stretch", .right, 0.5, 40, 320, 0, 1),
        ("mm.stretch", .right, 0, 40, 320, 0, 1), ("mm.stretch", .right, -0.1, 10.6, 318.6, 0, 1),
    ]

    @Test func drawerCornersMatchTheReferenceFormulas() throws {
        for (name, direction, closed, left, right, top, alpha) in Self.cases {
            let node = try drawer(name, direction, closed)
            let corners = node.corners
            let label = "\(name) \(direction) closed \(closed)"
            #expect(abs(corners.topLeft.x - left) < 1e-6, "\(label): top-left x \(corners.topLeft.x), expected \(left)")
            #expect(abs(corners.topRight.x - right) < 1e-6, "\(label): top-right x \(corners.topRight.x), expected \(right)")
            let topY = direction == .left ? corners.topLeft.y : corners.topRight.y
            #expect(abs(topY - top) < 1e-6, "\(label): top y \(topY), expected \(top)")
            #expect(abs(node.style.alpha - alpha) < 1e-12, "\(label): alpha \(node.style.alpha), expected \(alpha)")
        }
    }

    @Test func swingingDoorHingesOnThePaneEdge() throws {
        for closed in [1.0, 0.75, 0.5, 0.25, 0] {
            let p = 1 - closed
            let left = try drawer("mm.swinging-door", .left, closed)
            #expect(left.style.anchor == Point(x: 1, y: 0.5))
            #expect(abs(left.corners.topRight.x - Self.width * p) < 1e-9, "left hinge at closed \(closed)")
            let right = try drawer("mm.swinging-door", .right, closed)
            #expect(right.style.anchor == Point(x: 0, y: 0.5))
            #expect(abs(right.corners.topLeft.x - (Self.size.width - Self.width * p)) < 1e-9, "right hinge at closed \(closed)")
        }
    }

    @Test func scrimDimsTheOverlayByHalfTheOpenFraction() throws {
        let config = DrawerConfiguration(size: Self.size, widths: [.left: Self.width])
        for (closed, alpha) in [(1.0, 0.0), (0.5, 0.25), (0, 0.5), (-0.1, 0.5)] {
            let samples = try Sampler.sample(ScrimStyler(), container: .drawer(config), group: .left, fractions: [closed])
            let overlay = samples[0].nodes.first { $0.role == .overlay }!
            #expect(!overlay.style.hidden)
            #expect(abs(overlay.style.alpha - alpha) < 1e-12, "closed \(closed)")
            #expect(overlay.style.color == .black)
        }
    }

    @Test func parallaxFactorIsAParameter() throws {
        let styler = try StylerRegistry.builtins.make("mm.parallax", params: ["factor": .number(4)])
        let config = DrawerConfiguration(size: Self.size, widths: [.left: Self.width])
        let node = try Sampler.sample(styler, container: .drawer(config), group: .left, fractions: [1])[0]
            .nodes.first { $0.role == .drawerLeft }!
        #expect(node.corners.topLeft.x == -70)
        #expect(throws: RegistryError.self) { try StylerRegistry.builtins.make("mm.parallax", params: ["factor": .number(0.5)]) }
        #expect(throws: RegistryError.self) { try StylerRegistry.builtins.make("mm.parallax", params: ["facter": .number(2)]) }
        #expect(throws: RegistryError.self) { try StylerRegistry.builtins.make("mm.paralax") }
    }
}
