// Finiteness of the values a frame carries: no output can write NaN or an infinity, so none may reach a frame.

/// x × 0 is 0 for every finite x and NaN otherwise, so one sum tests several numbers without overflow.
/// Fixed arities: a variadic or an array would allocate on the per-frame path.
/// - Complexity: O(1), no allocation.
@inline(__always)
func allFinite(_ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0) -> Bool {
    a * 0 + b * 0 + c * 0 + d * 0 == 0
}

extension Subject {
    /// The index of the first subject whose closed fraction or reveal is not finite, or nil: one sum first, the
    /// place only then.
    /// - Complexity: per subject, no allocation.
    static func firstNonFinite(_ subjects: [Subject]) -> Int? {
        var sum = 0.0
        for i in 0..<subjects.count { sum += subjects[i].closed * 0 + subjects[i].reveal * 0 }
        if sum == 0 { return nil }
        return (0..<subjects.count).first { !allFinite(subjects[$0].closed, subjects[$0].reveal) }
    }
}

extension Point {
    @inline(__always) var finiteSum: Double { x * 0 + y * 0 }
    var isFinite: Bool { finiteSum == 0 }
}

extension Rect {
    @inline(__always) var finiteSum: Double { origin.x * 0 + origin.y * 0 + size.width * 0 + size.height * 0 }
    var isFinite: Bool { finiteSum == 0 }
}

extension Color {
    @inline(__always) var finiteSum: Double { red * 0 + green * 0 + blue * 0 + alpha * 0 }
    var isFinite: Bool { finiteSum == 0 }
}

extension Shadow {
    @inline(__always) var finiteSum: Double { radius * 0 + opacity * 0 + offset.finiteSum + color.finiteSum }
    var isFinite: Bool { finiteSum == 0 }
}

extension CornerRadius {
    @inline(__always) var finiteSum: Double { topLeft * 0 + topRight * 0 + bottomRight * 0 + bottomLeft * 0 }
}

extension Rect {
    /// The sum of the four numbers (`Node.numberSum(at:)`).
    @inline(__always) var numberSum: Double { origin.x + origin.y + size.width + size.height }
}

extension Transform3D {
    /// The sum of the sixteen entries, four lanes at a time (`Node.numberSum(at:)`).
    @inline(__always)
    var numberSum: Double {
        (SIMD4(m11, m12, m13, m14) + SIMD4(m21, m22, m23, m24) + SIMD4(m31, m32, m33, m34) + SIMD4(m41, m42, m43, m44)).sum()
    }

    /// 0 when all sixteen entries are finite, NaN otherwise (four lanes at a time).
    @inline(__always)
    var finiteSum: Double {
        let zero = SIMD4<Double>(repeating: 0)
        let rows =
            SIMD4(m11, m12, m13, m14) * zero + SIMD4(m21, m22, m23, m24) * zero + SIMD4(m31, m32, m33, m34) * zero
            + SIMD4(m41, m42, m43, m44) * zero
        return rows.sum()
    }

    /// Whether all sixteen entries are finite (one sum, four lanes at a time).
    @inline(__always)
    package var isFinite: Bool { finiteSum == 0 }

    /// The name of the first non-finite field (`m41`), for messages.
    package var firstNonFiniteField: String { firstNonFiniteEntry.name }

    /// The first non-finite field's name (`m41`) and value, for messages.
    package var firstNonFiniteEntry: (name: String, value: Double) {
        let entries = values
        let k = entries.firstIndex { !$0.isFinite } ?? 0
        return ("m\(k / 4 + 1)\(k % 4 + 1)", entries[k])
    }
}

extension Node {
    /// The sum of every number of the node at `node`, read in place through the pointer (a `Node` is large, and a
    /// copy of it costs more than the test): finite when all of them are, so a finite sum proves them finite. NaN
    /// and the infinities carry through a sum; a sum of finite numbers that overflows is only a false alarm, which
    /// the exact look (`firstNonFinite(at:)`) then clears. Plain additions, two lanes at a time, where `x * 0`
    /// terms took a multiplication each as well.
    /// - Complexity: O(1), no allocation.
    @inline(__always)
    static func numberSum(at node: UnsafePointer<Node>) -> Double {
        var sum =
            node.pointee.frame.numberSum + node.pointee.style.transform.numberSum
            + node.pointee.style.anchor.x + node.pointee.style.anchor.y + node.pointee.style.alpha
        if let s = node.pointee.style.shadow { sum += s.finiteSum }
        if let c = node.pointee.style.color { sum += c.finiteSum }
        if let r = node.pointee.style.cornerRadius { sum += r.finiteSum }
        return sum
    }

    /// The first property of the node at `node` that is NaN or infinite (`frame`, `transform.m41`, …), or nil when
    /// all are finite. Read through the pointer, in place, as `numberSum(at:)`.
    /// - Complexity: O(1), no allocation unless one is found.
    static func firstNonFinite(at node: UnsafePointer<Node>) -> String? {
        if numberSum(at: node).isFinite { return nil }
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

    /// The first node of `nodes` with a number that is NaN or infinite, and the property (`frame`, …), or nil when
    /// every number is finite: one sum over every node first (`numberSum(at:)`), the place only then.
    /// - Complexity: per node, no allocation unless one is found.
    @inline(__always)
    static func firstNonFinite(in nodes: UnsafeBufferPointer<Node>) -> (node: Int, place: String)? {
        var sum = 0.0
        for n in nodes.indices { sum += numberSum(at: nodes.baseAddress! + n) }
        if sum.isFinite { return nil }
        for n in nodes.indices {
            if let place = firstNonFinite(at: nodes.baseAddress! + n) { return (n, place) }
        }
        return nil
    }
}
