// A Lua transform from the steps the decoder (CLuaEdits) recorded: composed with Transform3D's own functions, the
// one place a transform is composed, so a Lua styler's transform is the Swift one to the bit.

import CLuaEdits
import PaneKit

extension Transform3D {
    /// The transform of the `count` steps from `steps` (a node's `ops`, or its keyed parts in the plugin guide's
    /// order), applied first to last to the identity.
    /// - Complexity: one product per step, no allocation.
    @inline(__always)
    init(steps: UnsafePointer<pk_step>, count: Int) {
        // Two products in turn, each written straight into the variable the next one reads, so no product is
        // copied; the identity is written out (Transform3D.identity's numbers) so no global is looked up.
        var a = Transform3D(diagonal: 1, 1, 1, m34: 0, m41: 0, m42: 0, m43: 0)
        var b = a
        var i = 0
        while i < count {
            b = a.concatenating(Transform3D(step: steps + i))
            i += 1
            guard i < count else {
                self = b
                return
            }
            a = b.concatenating(Transform3D(step: steps + i))
            i += 1
        }
        self = a
    }

    /// The transform of one decoded step (its defaults filled in by the decoder).
    @inline(__always)
    init(step: UnsafePointer<pk_step>) {
        let v = UnsafeRawPointer(step).advanced(by: MemoryLayout<pk_step>.offset(of: \.v)!)
            .assumingMemoryBound(to: Double.self)
        // Translations, scales and perspectives are the identity with their fields set, as Transform3D's
        // `translation`, `scale` and `perspective` make them, written out so the step is built in place.
        switch step.pointee.kind {
        case Int32(PK_STEP_TRANSLATE): self.init(diagonal: 1, 1, 1, m34: 0, m41: v[0], m42: v[1], m43: v[2])
        case Int32(PK_STEP_SCALE): self.init(diagonal: v[0], v[1], v[2], m34: 0, m41: 0, m42: 0, m43: 0)
        case Int32(PK_STEP_ROTATE): self = .rotation(angle: v[0], x: v[1], y: v[2], z: v[3])
        case Int32(PK_STEP_PERSPECTIVE): self.init(diagonal: 1, 1, 1, m34: v[0], m41: 0, m42: 0, m43: 0)
        default: self.init(matrix: v)
        }
    }

    /// The identity with m11, m22, m33, m34 and the translation set.
    @inline(__always)
    private init(diagonal m11: Double, _ m22: Double, _ m33: Double, m34: Double, m41: Double, m42: Double, m43: Double) {
        self.init(
            m11: m11, m12: 0, m13: 0, m14: 0, m21: 0, m22: m22, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: 1)
    }

    /// The matrix of the 16 numbers at `m`, m11 … m44.
    init(matrix m: UnsafePointer<Double>) {
        self.init(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
            m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }
}
