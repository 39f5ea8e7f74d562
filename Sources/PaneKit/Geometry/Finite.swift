// Finiteness of the values a frame carries: no output can write NaN or an infinity, so none may reach a frame.

/// x × 0 is 0 for every finite x and NaN otherwise, so one sum tests several numbers without overflow.
/// Fixed arities: a variadic or an array would allocate on the per-frame path.
/// - Complexity: O(1), no allocation.
@inline(__always)
func allFinite(_ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0) -> Bool {
    a * 0 + b * 0 + c * 0 + d * 0 == 0
}

extension Point {
    var isFinite: Bool { allFinite(x, y) }
}

extension Rect {
    var isFinite: Bool { allFinite(origin.x, origin.y, size.width, size.height) }
}

extension Color {
    var isFinite: Bool { allFinite(red, green, blue, alpha) }
}

extension Shadow {
    var isFinite: Bool { allFinite(radius, opacity, offset.x, offset.y) && color.isFinite }
}

extension Transform3D {
    var isFinite: Bool {
        allFinite(m11, m12, m13, m14) && allFinite(m21, m22, m23, m24) && allFinite(m31, m32, m33, m34)
            && allFinite(m41, m42, m43, m44)
    }

    /// The name of the first non-finite field (`m41`), for messages.
    var firstNonFiniteField: String {
        let k = values.firstIndex { !$0.isFinite } ?? 0
        return "m\(k / 4 + 1)\(k % 4 + 1)"
    }
}

extension Node {
    /// The first property of the node at `node` that is NaN or infinite (`frame`, `transform.m41`, …), or nil when
    /// all are finite. Read through the pointer, in place: a `Node` is large, and a copy of it costs more than the
    /// test.
    /// - Complexity: O(1), no allocation unless one is found.
    static func firstNonFinite(at node: UnsafePointer<Node>) -> String? {
        if !node.pointee.frame.isFinite { return "frame" }
        let t = node.pointee.style.transform
        if !t.isFinite { return "transform.\(t.firstNonFiniteField)" }
        if !node.pointee.style.anchor.isFinite { return "anchor" }
        if !node.pointee.style.alpha.isFinite { return "alpha" }
        if let s = node.pointee.style.shadow, !s.isFinite { return "shadow" }
        if let c = node.pointee.style.color, !c.isFinite { return "color" }
        if let r = node.pointee.style.cornerRadius, !r.isFinite { return "cornerRadius" }
        return nil
    }
}
