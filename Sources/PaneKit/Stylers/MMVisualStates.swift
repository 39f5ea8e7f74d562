// MMDrawerController's visual-state blocks (reference/mmdrawer.md §8) as stylers, for any direction.
//
// p is MM's percentVisible, 1 − closed. Formulas are written for the left drawer and mirrored for the others:
// along the drawer's axis, `direction.sign` is +1 for left and top, −1 for right and bottom.

import Foundation

extension Transform3D {
    /// A translation of `amount` along the axis of `direction` (x for left and right, y for top and bottom).
    static func translation(_ amount: Double, along direction: Direction) -> Transform3D {
        direction.isHorizontal ? .translation(x: amount, y: 0) : .translation(x: 0, y: amount)
    }

    /// A scale of `factor` along the axis of `direction` only.
    static func scale(_ factor: Double, along direction: Direction) -> Transform3D {
        direction.isHorizontal ? .scale(x: factor, y: 1) : .scale(x: 1, y: factor)
    }

    /// This transform followed by the translation that makes a Core Animation formula land on the same screen
    /// place under PaneKit's anchor rule: Core Animation keeps the layer's position when the anchor moves,
    /// PaneKit keeps the frame, so the difference is (0.5 − anchor) × size.
    func compensatingAnchor(_ anchor: Point, size: Size) -> Transform3D {
        translatedBy(x: (0.5 - anchor.x) * size.width, y: (0.5 - anchor.y) * size.height)
    }
}

/// MM's overshoot transform for p ≥ 1: translate by W(p − 1)/2 towards the pane, then scale by p along the axis.
/// At p = 1 it is the identity.
func mmStretchTransform(p: Double, reveal: Double, direction: Direction) -> Transform3D {
    Transform3D.translation(direction.sign * reveal * (p - 1) / 2, along: direction)
        .concatenating(.scale(p, along: direction))
}

/// `mm.stretch`: MMDrawerController's default overshoot of the drawer past its maximum width.
///
/// The original writes nothing below p = 1, so a stretched drawer keeps its last transform until the next
/// reset; this styler writes the identity there (see docs/compat.md).
package struct MMStretchStyler: Styler {
    package let name = "mm.stretch"
    /// The stretch styler; it has no parameters.
    package init() {}

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let p = context.open
        guard p > 1 else { return }
        // In place: `edits[role].transform = …` copies the whole edit out and back.
        edits.withEdit(of: context.drawer) {
            $0.transform = mmStretchTransform(p: p, reveal: context.reveal, direction: context.direction)
        }
    }
}

/// `mm.parallax` (and `mm.slide`, which is factor 1): the drawer trails the pane by 1/factor of the distance.
public struct MMParallaxStyler: Styler {
    public let name: String
    /// How many times faster the pane moves than the drawer (1 slides them together).
    public let factor: Double

    /// The `factor` parameter of `mm.parallax` (at least 1, 2 by default).
    package static let factor = ParamKey.number("factor", 2, min: 1, doc: "how many times slower the drawer moves than the pane")

    /// A parallax of `factor` (at least 1) registered as `name`.
    public init(factor: Double = 2, name: String = "mm.parallax") {
        self.factor = factor
        self.name = name
    }

    /// - Complexity: per frame, no allocation.
    public func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let p = context.open, w = context.reveal, direction = context.direction
        let transform: Transform3D
        if p > 1 {
            transform = mmStretchTransform(p: p, reveal: w, direction: direction)
        } else {
            let d = max(w, p * w)  // D = max(W, visible width)
            transform = .translation(-direction.sign * d * (1 - p) / factor, along: direction)
        }
        edits.withEdit(of: context.drawer) { $0.transform = transform }  // in place, as `MMStretchStyler`'s
    }
}

/// `mm.slide-and-scale`: the drawer grows from 0.9 and slides 50 pt into place while fading in.
/// There is no special case past open, as in the original (alpha is clamped to 0…1, as UIKit does).
package struct MMSlideAndScaleStyler: Styler {
    package let name = "mm.slide-and-scale"
    /// The slide-and-scale styler; it has no parameters.
    package init() {}

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let p = context.open, direction = context.direction
        let s = 0.9 + 0.1 * p
        let transform = Transform3D.scale(s).concatenating(.translation(direction.sign * 50 * (1 - p), along: direction))
        edits.withEdit(of: context.drawer) {  // in place, as `MMStretchStyler`'s
            $0.transform = transform
            $0.alpha = min(max(p, 0), 1)
        }
    }
}

/// `mm.swinging-door`: the drawer swings open like a door hinged on its edge next to the pane,
/// with perspective m34 = −1/1000.
public struct MMSwingingDoorStyler: Styler {
    public let name = "mm.swinging-door"
    /// The swinging-door styler; it has no parameters.
    public init() {}

    /// The hinge: the drawer's edge next to the pane.
    static func anchor(for direction: Direction) -> Point {
        switch direction {
        case .left: Point(x: 1, y: 0.5)
        case .right: Point(x: 0, y: 0.5)
        case .top: Point(x: 0.5, y: 1)
        case .bottom: Point(x: 0.5, y: 0)
        }
    }

    /// - Complexity: per frame, no allocation.
    public func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let p = context.open, w = context.reveal, direction = context.direction
        let anchor = Self.anchor(for: direction)
        let d = max(w, p * w)
        let transform: Transform3D
        if p > 1 {
            transform = Transform3D.translation(direction.sign * d / 2, along: direction)
                .concatenating(.scale(p, along: direction))
        } else {
            let offset = direction.sign * (-d / 2 + d * p)
            // Left: θ = −π/2 + pπ/2 about y; right the opposite. Top and bottom turn about x the same way,
            // so the far edge always tilts away from the viewer.
            let rotation: Transform3D
            switch direction {
            case .left: rotation = .rotation(angle: -Double.pi / 2 + p * Double.pi / 2, x: 0, y: 1, z: 0)
            case .right: rotation = .rotation(angle: Double.pi / 2 - p * Double.pi / 2, x: 0, y: 1, z: 0)
            case .top: rotation = .rotation(angle: Double.pi / 2 - p * Double.pi / 2, x: 1, y: 0, z: 0)
            case .bottom: rotation = .rotation(angle: -Double.pi / 2 + p * Double.pi / 2, x: 1, y: 0, z: 0)
            }
            transform = rotation.concatenating(.perspective(-1.0 / 1000)).concatenating(.translation(offset, along: direction))
        }
        let size = context.frame(of: context.drawer)?.size ?? Size(width: w, height: w)
        edits[context.drawer].anchor = anchor
        edits[context.drawer].transform = transform.compensatingAnchor(anchor, size: size)
    }
}
