// A page's transform the way Android's View has it (translation, scale, rotations about a pivot, a camera distance,
// alpha), which the Android transformers write (reference/pagers.md §1.8, §1.9, §6.1), turned into PaneKit's edits.

import Foundation

/// A page's View properties in a horizontal pager's terms (a vertical pager swaps the axes: translationX moves the
/// page along y, rotationY turns it about x).
package struct PageView: Sendable {
    /// Translation along the pager's axis, in points (`translationX`).
    package var translationX = 0.0
    /// Scale along and across the axis (`scaleX`, `scaleY`).
    package var scaleX = 1.0, scaleY = 1.0
    /// Rotations in degrees: about the screen normal (`rotation`, clockwise), about the cross axis (`rotationY`) and
    /// about the axis (`rotationX`).
    package var rotation = 0.0, rotationX = 0.0, rotationY = 0.0
    /// The pivot as a fraction of the page (Android's pivot over the page's size); nil: the centre, as a View.
    package var pivot: Point?
    /// The camera's distance for the 3-D rotations, in points (View's default 8 inches at 160 dpi, 1280 dp; chosen,
    /// docs/compat.md).
    package var cameraDistance = PageView.defaultCameraDistance
    /// Alpha, and `View.INVISIBLE`.
    package var alpha = 1.0, hidden = false
    /// Drawing order (translationZ's effect): nil leaves the pager's order.
    package var z: Int?

    /// View's default camera distance: `8 × densityDpi` pixels = 1280 dp.
    package static let defaultCameraDistance = 1280.0

    /// Writes the view's properties as the edits of the styled page: scale, rotations, the camera's perspective and
    /// the translation, about the pivot (PaneKit's anchor keeps the frame, as a View's pivot does).
    /// - Complexity: per call, no allocation.
    package func write(_ context: StyleContext, into edits: inout StyleEdits) {
        let vertical = !context.direction.isHorizontal
        let deg = Double.pi / 180
        var t = Transform3D.scale(x: vertical ? scaleY : scaleX, y: vertical ? scaleX : scaleY)
        let threeD = rotationX != 0 || rotationY != 0
        if rotationX != 0 { t = t.concatenating(.rotation(angle: rotationX * deg, x: vertical ? 0 : 1, y: vertical ? 1 : 0, z: 0)) }
        if rotationY != 0 {
            t = t.concatenating(.rotation(angle: (vertical ? -rotationY : rotationY) * deg, x: vertical ? 1 : 0, y: vertical ? 0 : 1, z: 0))
        }
        if rotation != 0 { t = t.concatenating(.rotation(angle: rotation * deg, x: 0, y: 0, z: 1)) }
        if threeD { t = t.concatenating(.perspective(-1 / cameraDistance)) }
        if translationX != 0 { t = t.concatenating(vertical ? .translation(x: 0, y: translationX) : .translation(x: translationX, y: 0)) }
        let page = context.subject
        edits[page].transform = context.mirroredForLayout(t)
        if let pivot { edits[page].anchor = context.mirroredForLayout(vertical ? Point(x: pivot.y, y: pivot.x) : pivot) }
        edits[page].alpha = min(max(alpha, 0), 1)
        if hidden { edits[page].hidden = true }
        if let z { edits[page].z = z }
    }
}

extension StyleContext {
    /// The styled page's length along the pager's axis and across it (a View's width and height in a horizontal
    /// pager's terms).
    var pageLengths: (along: Double, across: Double) {
        let size = frame(of: subject)?.size ?? self.size
        return direction.isHorizontal ? (size.width, size.height) : (size.height, size.width)
    }

    /// A transform written for a left-to-right pager, seen in the layout: under right-to-left its mirror image
    /// (x ↦ −x on both sides), as the mirrored container's next page lies to the left.
    func mirroredForLayout(_ t: Transform3D) -> Transform3D {
        guard layoutDirection == .rtl else { return t }
        var m = t
        (m.m12, m.m13, m.m14, m.m21, m.m31, m.m41) = (-t.m12, -t.m13, -t.m14, -t.m21, -t.m31, -t.m41)
        return m
    }

    /// An anchor written for a left-to-right pager, seen in the layout (x ↦ 1 − x under right-to-left).
    func mirroredForLayout(_ anchor: Point) -> Point {
        layoutDirection == .rtl ? Point(x: 1 - anchor.x, y: anchor.y) : anchor
    }

    /// The styled page's offset in pages (0 outside a pager).
    var offsetInPages: Double { pageOffset ?? 0 }
}
