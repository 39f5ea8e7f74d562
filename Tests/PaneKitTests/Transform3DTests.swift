// Transform3D against matrices and projections computed by hand.

import Foundation
import Testing

@testable import PaneKit

@Suite struct Transform3DTests {
    func expectClose(_ a: Transform3D, _ b: [Double], _ tolerance: Double = 1e-12, sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, (x, y)) in zip(a.values, b).enumerated() {
            #expect(abs(x - y) <= tolerance, "element \(i): \(x) vs \(y)", sourceLocation: sourceLocation)
        }
    }

    @Test func identityAndBasicMatrices() {
        expectClose(.identity, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        expectClose(.translation(x: 3, y: -4, z: 5), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, -4, 5, 1])
        expectClose(.scale(x: 2, y: 3, z: 4), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        expectClose(.perspective(-0.001), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.001, 0, 0, 0, 1])
    }

    @Test func rotationsFollowCoreAnimation() {
        // CATransform3DMakeRotation(θ, 0, 0, 1): m11 = cos, m12 = sin, m21 = −sin, m22 = cos.
        let z = Transform3D.rotation(angle: .pi / 6, x: 0, y: 0, z: 1)
        expectClose(z, [cos(.pi / 6), 0.5, 0, 0, -0.5, cos(.pi / 6), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        // About y: m11 = cos, m13 = −sin, m31 = sin, m33 = cos.
        let y = Transform3D.rotation(angle: .pi / 2, x: 0, y: 2, z: 0)
        expectClose(y, [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])
        // About x: m22 = cos, m23 = sin, m32 = −sin, m33 = cos.
        let x = Transform3D.rotation(angle: .pi / 2, x: 1, y: 0, z: 0)
        expectClose(x, [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1])
        #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0) == .identity)
    }

    @Test func concatenationAppliesTheFirstOperandFirst() {
        // Scale by 2, then translate by 10: (1, 0) → (2, 0) → (12, 0). The other order gives (22, 0).
        let st = Transform3D.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
        expectClose(st, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1])
        #expect(st.project(x: 1, y: 0) == Point(x: 12, y: 0))
        let ts = Transform3D.translation(x: 10, y: 0).concatenating(.scale(x: 2, y: 2))
        #expect(ts.project(x: 1, y: 0) == Point(x: 22, y: 0))
        // A general product, element by element: A × B for two arbitrary matrices.
        let a = Transform3D((1...16).map(Double.init))!
        let b = Transform3D((1...16).map { Double(17 - $0) })!
        expectClose(
            a.concatenating(b),
            [
                80, 70, 60, 50, 240, 214, 188, 162, 400, 358, 316, 274, 560, 502, 444, 386,
            ])
    }

    @Test func rotatedAndPerspectiveProjectedCorner() {
        // A 200 × 100 node at (50, 20), hinged on its right edge (anchor 1, 0.5), turned 60° about y with
        // m34 = −1/500. Its top-left corner is u = −200, v = −50 from the pivot (250, 70).
        var node = Node(role: .drawerLeft, frame: Rect(x: 50, y: 20, width: 200, height: 100))
        node.style.anchor = Point(x: 1, y: 0.5)
        let angle = Double.pi / 3
        node.style.transform = Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0).concatenating(.perspective(-1.0 / 500))
        // By hand: x' = u cos θ, z' = −u sin θ, w = 1 + z' m34 = 1 + u sin θ / 500.
        let u = -200.0, v = -50.0
        let w = 1 + u * sin(angle) / 500
        let expectedX = 250 + u * cos(angle) / w
        let expectedY = 70 + v / w
        let corner = node.corners.topLeft
        #expect(abs(corner.x - expectedX) < 1e-9)
        #expect(abs(corner.y - expectedY) < 1e-9)
        // Numerically: w = 0.6535898, x = 250 − 153.0012 = 96.99875, y = 70 − 76.5 = −6.50…
        #expect(abs(corner.x - 96.99875) < 1e-4)
        #expect(abs(corner.y - (-6.5)) < 1e-2)
        // The hinge edge does not move.
        #expect(abs(node.corners.topRight.x - 250) < 1e-9 && abs(node.corners.topRight.y - 20) < 1e-9)
    }

    @Test func anchorIsATransformOrigin() {
        // Scaling by 0.5 about the top-left keeps that corner; about the centre it shrinks towards the middle.
        var node = Node(role: .pane, frame: Rect(x: 10, y: 10, width: 100, height: 40))
        node.style.transform = .scale(0.5)
        #expect(node.corners.topLeft == Point(x: 35, y: 20))
        node.style.anchor = .zero
        #expect(node.corners.topLeft == Point(x: 10, y: 10))
        #expect(node.corners.bottomRight == Point(x: 60, y: 30))
    }
}
