// iCarousel's eleven types as page stylers (`carousel.*`, reference/pagers.md §4.3): each item's transform from its
// offset o, with iCarousel's option defaults, its perspective (m34 = −1/500), its fades and its depth sort. The
// pager slides each page by its offset; a carousel type replaces that slide with the item's own place.

import Foundation

/// One iCarousel type.
package struct CarouselStyler: Styler {
    /// iCarousel's types (iCh:68-82), custom apart.
    package enum Kind: String, CaseIterable, Sendable {
        case linear = "carousel.linear", rotary = "carousel.rotary", invertedRotary = "carousel.inverted-rotary"
        case cylinder = "carousel.cylinder", invertedCylinder = "carousel.inverted-cylinder", wheel = "carousel.wheel"
        case invertedWheel = "carousel.inverted-wheel", coverFlow = "carousel.cover-flow", coverFlow2 = "carousel.cover-flow-2"
        case timeMachine = "carousel.time-machine", invertedTimeMachine = "carousel.inverted-time-machine"

        /// The `spacing` option's default: 0.25 for the cover flows, else 1.
        var spacing: Double { self == .coverFlow || self == .coverFlow2 ? 0.25 : 1 }
        /// The `tilt` option's default: 0.9 for the cover flows, 0.3 for the time machines.
        var tilt: Double { self == .coverFlow || self == .coverFlow2 ? 0.9 : 0.3 }
        /// Whether the type arranges its items on a circle (`count`, `radius`, `arc`).
        var circular: Bool {
            switch self {
            case .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel: true
            default: false
            }
        }
        /// Whether the type reverses its radius and angle.
        var inverted: Bool {
            switch self {
            case .invertedRotary, .invertedCylinder, .invertedWheel, .invertedTimeMachine: true
            default: false
            }
        }
    }

    /// iCarousel's perspective, m34 = −1/500.
    package static let perspective = -1.0 / 500

    /// The type.
    package let kind: Kind
    /// The `spacing`, `tilt` and `arc` options.
    package let spacing: Double, tilt: Double, arc: Double
    /// Its name.
    package var name: String { kind.rawValue }

    /// The type `kind` with iCarousel's defaults unless given.
    package init(_ kind: Kind, spacing: Double? = nil, tilt: Double? = nil, arc: Double = 2 * Double.pi) {
        self.kind = kind
        self.spacing = spacing ?? kind.spacing
        self.tilt = tilt ?? kind.tilt
        self.arc = arc
    }

    /// The number of items on the circle (iC:1024-1055): min(30, max(12, ceil(view/(spacing·item))·π)) truncated,
    /// then no more than the items.
    package func count(view: Double, item: Double, items: Int) -> Double {
        let raw = min(30, max(12, (view / (spacing * item)).rounded(.up) * Double.pi)).rounded(.towardZero)
        return min(raw, Double(max(items, 1)))
    }

    /// The item's transform at offset `o` (before the pager's slide is cancelled), for an item `w` long, in a view
    /// `view` long, of `items` items.
    /// - Complexity: O(1), no allocation.
    package func transform(o: Double, w: Double, view: Double, items: Int) -> Transform3D {
        let s = spacing, sign: Double = kind.inverted ? -1 : 1
        switch kind {
        case .linear:
            return .translation(x: o * w * s, y: 0)
        case .rotary, .invertedRotary:
            let count = count(view: view, item: w, items: items)
            let r = max(w * s / 2, w * s / 2 / tan(arc / 2 / count)) * sign
            let angle = o / count * arc * sign
            return .translation(x: r * sin(angle), y: 0, z: r * cos(angle) - r)
        case .cylinder, .invertedCylinder:
            let count = count(view: view, item: w, items: items)
            let r = max(0.01, w * s / 2 / tan(arc / 2 / count)) * sign
            let angle = o / count * arc * sign
            return Transform3D.translation(x: 0, y: 0, z: r + 0.01)
                .concatenating(.rotation(angle: angle, x: 0, y: 1, z: 0))
                .concatenating(.translation(x: 0, y: 0, z: -r))
        case .wheel, .invertedWheel:
            let count = count(view: view, item: w, items: items)
            let r = w * s * count / arc * sign
            let step = arc / count * sign
            return Transform3D.translation(x: 0, y: -r, z: o * 0.01)
                .concatenating(.rotation(angle: step * o, x: 0, y: 0, z: 1))
                .concatenating(.translation(x: 0, y: r))
        case .coverFlow, .coverFlow2:
            // cover-flow-2 differs only while a finger drags (its toggle); at rest and settling it is cover-flow.
            let c = min(max(o, -1), 1)
            let x = (c * 0.5 * tilt + o * s) * w, z = abs(c) * -w * 0.5
            return Transform3D.rotation(angle: -c * Double.pi / 2 * tilt, x: 0, y: 1, z: 0)
                .concatenating(.translation(x: x, y: 0, z: z))
        case .timeMachine, .invertedTimeMachine:
            let t = tilt * sign, oo = o * sign
            return .translation(x: oo * w * t, y: 0, z: oo * w * s)
        }
    }

    /// The item's alpha (iC:440-497): the time machine fades items past 0 (fadeMax 0, fadeRange 1); its inverse
    /// items before 0; the others stay opaque.
    package func alpha(o: Double) -> Double {
        let excess: Double
        switch kind {
        case .timeMachine: excess = max(o, 0)
        case .invertedTimeMachine: excess = max(-o, 0)
        default: return 1
        }
        return 1 - min(excess, 1)
    }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let o = context.offsetInPages, vertical = !context.direction.isHorizontal
        let (w, _) = context.pageLengths
        let view = vertical ? context.size.height : context.size.width
        var t = transform(o: o, w: w, view: view, items: context.pageCount ?? 1)
        if vertical { t = Self.swapAxes(t) }
        // Depth sort (iC:697-736): by the transform's z, ties to the item nearer the current one.
        let depth = t.m13 + t.m23 + t.m33 + t.m43
        let slide = o * context.reveal
        t = t.concatenating(.perspective(Self.perspective))
            .concatenating(vertical ? .translation(x: 0, y: -slide) : .translation(x: -slide, y: 0))
        let page = context.subject
        edits[page].transform = context.mirroredForLayout(t)
        edits[page].alpha = alpha(o: o)
        edits[page].z = Int((depth * 16).rounded(.down)) * 64 - min(Int(abs(o) * 4), 63)
    }

    /// A horizontal carousel's transform turned for a vertical one (x and y swap).
    static func swapAxes(_ t: Transform3D) -> Transform3D {
        Transform3D(
            m11: t.m22, m12: t.m21, m13: t.m23, m14: t.m24, m21: t.m12, m22: t.m11, m23: t.m13, m24: t.m14,
            m31: t.m32, m32: t.m31, m33: t.m33, m34: t.m34, m41: t.m42, m42: t.m41, m43: t.m43, m44: t.m44)
    }
}
