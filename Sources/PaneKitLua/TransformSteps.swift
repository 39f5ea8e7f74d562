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
        var t = Transform3D.identity
        for i in 0..<count { t = t.concatenating(Transform3D(step: steps + i)) }
        self = t
    }

    /// The transform of one decoded step (its defaults filled in by the decoder).
    init(step: UnsafePointer<pk_step>) {
        let v = UnsafeRawPointer(step).advanced(by: MemoryLayout<pk_step>.offset(of: \.v)!)
            .assumingMemoryBound(to: Double.self)
        switch step.pointee.kind {
        case Int32(PK_STEP_TRANSLATE): self = .translation(x: v[0], y: v[1], z: v[2])
        case Int32(PK_STEP_SCALE): self = .scale(x: v[0], y: v[1], z: v[2])
        case Int32(PK_STEP_ROTATE): self = .rotation(angle: v[0], x: v[1], y: v[2], z: v[3])
        case Int32(PK_STEP_PERSPECTIVE): self = .perspective(v[0])
        default: self.init(matrix: v)
        }
    }

    /// The matrix of the 16 numbers at `m`, m11 … m44.
    init(matrix m: UnsafePointer<Double>) {
        self.init(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
            m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }
}
