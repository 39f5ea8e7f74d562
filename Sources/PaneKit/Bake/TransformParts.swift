// A transform split into parts that interpolate well: translation, scale, shear, a rotation quaternion, perspective.

import Foundation

/// A `Transform3D` taken apart so that two of them can be blended the way a person expects: translation, scale,
/// shear and perspective linearly, the rotation along the shortest arc (slerp of unit quaternions).
///
/// In PaneKit's row-vector layout a transform factors as `M = w · (B ⊕ 1) × P(q) × T(t)`: `B` a 3×3 matrix
/// (scale, shear, rotation), `P(q)` the identity with `q` in its fourth column (the perspective of a keyed edit,
/// `m34` for a plain `perspective`), and `T(t)` the translation in the bottom row. That is the order in which
/// keyed edits compose (DESIGN §9), so a keyed edit's perspective comes back exactly. `B = diag(s) × K × R` with
/// `K` unit lower-triangular (shears `k`) and `R` a rotation. A transform whose `B` is singular (a zero scale)
/// has no such parts; it is kept as it is and blended entry by entry.
package struct TransformParts: Sendable, Equatable {
    /// The translation `t` in points (the bottom row).
    package var translate: SIMD3<Double>
    /// The scale along x, y and z (1 keeps the size; negative for a mirror).
    package var scale: SIMD3<Double>
    /// Shears xy, xz, yz.
    package var skew: SIMD3<Double>
    /// The rotation as a unit quaternion (x, y, z, w).
    package var rotation: SIMD4<Double>
    /// The perspective column q.
    package var perspective: SIMD3<Double>
    /// The overall homogeneous scale (m44).
    package var weight: Double
    /// The transform as given; used when `isDecomposed` is false.
    package var matrix: Transform3D
    /// Whether the parts hold the transform; false for a singular one, kept whole in ``matrix``.
    package var isDecomposed: Bool

    /// Takes `t` apart; a transform with no parts keeps `isDecomposed` false.
    package init(_ t: Transform3D) {
        matrix = t
        translate = .zero
        scale = SIMD3(1, 1, 1)
        skew = .zero
        rotation = SIMD4(0, 0, 0, 1)
        perspective = .zero
        weight = 1
        isDecomposed = false
        let w = t.m44
        guard w != 0, t.isFinite else { return }
        let tr = SIMD3(t.m41, t.m42, t.m43) / w
        let p = SIMD3(t.m14, t.m24, t.m34) / w
        // B = A − p ⊗ t, the 3×3 part before the perspective and translation were applied.
        let b0 = SIMD3(t.m11, t.m12, t.m13) / w - p.x * tr
        let b1 = SIMD3(t.m21, t.m22, t.m23) / w - p.y * tr
        let b2 = SIMD3(t.m31, t.m32, t.m33) / w - p.z * tr
        let det = Self.dot(b0, Self.cross(b1, b2))
        guard abs(det) > 1e-12 else { return }
        // q solves B q = p (column vector): q = B⁻¹ p, with B⁻¹ from the cofactors.
        let c0 = Self.cross(b1, b2), c1 = Self.cross(b2, b0), c2 = Self.cross(b0, b1)
        let q = (c0 * p.x + c1 * p.y + c2 * p.z) / det
        guard let (sc, k, u0, u1, u2) = Self.shearFactors(b0, b1, b2) else { return }
        translate = tr
        scale = sc
        skew = k
        perspective = q
        weight = w
        rotation = Self.quaternion(u0, u1, u2)
        isDecomposed = true
    }

    /// The transform these parts stand for.
    /// - Complexity: no allocation.
    package var transform: Transform3D {
        guard isDecomposed else { return matrix }
        let (x, y, z, w) = (rotation.x, rotation.y, rotation.z, rotation.w)
        let u0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w))
        let u1 = SIMD3(2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w))
        let u2 = SIMD3(2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y))
        let b0 = scale.x * u0
        let b1 = scale.y * (u1 + skew.x * u0)
        let b2 = scale.z * (u2 + skew.y * u0 + skew.z * u1)
        let q = perspective, t = translate
        let p = SIMD3(Self.dot(b0, q), Self.dot(b1, q), Self.dot(b2, q))
        let a0 = (b0 + p.x * t) * weight, a1 = (b1 + p.y * t) * weight, a2 = (b2 + p.z * t) * weight
        let pw = p * weight, tw = t * weight
        return Transform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: pw.x,
            m21: a1.x, m22: a1.y, m23: a1.z, m24: pw.y,
            m31: a2.x, m32: a2.y, m33: a2.z, m34: pw.z,
            m41: tw.x, m42: tw.y, m43: tw.z, m44: weight)
    }

    /// The blend of `a` and `b` at `u` (0 gives `a`, 1 gives `b`); entry by entry when either has no parts.
    /// - Complexity: no allocation.
    package static func blend(_ a: TransformParts, _ b: TransformParts, _ u: Double) -> Transform3D {
        guard a.isDecomposed, b.isDecomposed else { return lerp(a.matrix, b.matrix, u) }
        var r = a
        r.translate = a.translate + (b.translate - a.translate) * u
        r.scale = a.scale + (b.scale - a.scale) * u
        r.skew = a.skew + (b.skew - a.skew) * u
        r.perspective = a.perspective + (b.perspective - a.perspective) * u
        r.weight = a.weight + (b.weight - a.weight) * u
        r.rotation = slerp(a.rotation, b.rotation, u)
        return r.transform
    }

    /// Entry-by-entry linear blend.
    static func lerp(_ a: Transform3D, _ b: Transform3D, _ u: Double) -> Transform3D {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * u }
        return Transform3D(
            m11: l(a.m11, b.m11), m12: l(a.m12, b.m12), m13: l(a.m13, b.m13), m14: l(a.m14, b.m14),
            m21: l(a.m21, b.m21), m22: l(a.m22, b.m22), m23: l(a.m23, b.m23), m24: l(a.m24, b.m24),
            m31: l(a.m31, b.m31), m32: l(a.m32, b.m32), m33: l(a.m33, b.m33), m34: l(a.m34, b.m34),
            m41: l(a.m41, b.m41), m42: l(a.m42, b.m42), m43: l(a.m43, b.m43), m44: l(a.m44, b.m44))
    }

    /// Spherical blend of unit quaternions along the shorter arc.
    static func slerp(_ a: SIMD4<Double>, _ b0: SIMD4<Double>, _ u: Double) -> SIMD4<Double> {
        var b = b0
        var d = (a * b).sum()
        if d < 0 {
            b = -b
            d = -d
        }
        if d > 0.9995 {
            let r = a + (b - a) * u
            return r / ((r * r).sum()).squareRoot()
        }
        let theta = acos(min(1, d))
        let s = sin(theta)
        return a * (sin((1 - u) * theta) / s) + b * (sin(u * theta) / s)
    }

    /// The unit quaternion of the rotation whose rows are u0, u1, u2 (the inverse of `transform`'s rows).
    static func quaternion(_ u0: SIMD3<Double>, _ u1: SIMD3<Double>, _ u2: SIMD3<Double>) -> SIMD4<Double> {
        let trace = u0.x + u1.y + u2.z
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((u2.y - u1.z) / s, (u0.z - u2.x) / s, (u1.x - u0.y) / s, s / 4)
        } else if u0.x > u1.y, u0.x > u2.z {
            let s = (1 + u0.x - u1.y - u2.z).squareRoot() * 2
            q = SIMD4(s / 4, (u0.y + u1.x) / s, (u0.z + u2.x) / s, (u2.y - u1.z) / s)
        } else if u1.y > u2.z {
            let s = (1 + u1.y - u0.x - u2.z).squareRoot() * 2
            q = SIMD4((u0.y + u1.x) / s, s / 4, (u1.z + u2.y) / s, (u0.z - u2.x) / s)
        } else {
            let s = (1 + u2.z - u0.x - u1.y).squareRoot() * 2
            q = SIMD4((u0.z + u2.x) / s, (u1.z + u2.y) / s, s / 4, (u1.x - u0.y) / s)
        }
        return q / ((q * q).sum()).squareRoot()
    }

    /// Gram–Schmidt on the rows of a 3×3 matrix: `r0 = sx u0`, `r1 = sy (u1 + kx u0)`,
    /// `r2 = sz (u2 + ky u0 + kz u1)` with u0, u1, u2 orthonormal and right-handed (a reflection goes into the
    /// scales). This is the shear split of CSS's "decomposing a 3D matrix"; PaneKitRender's decomposition uses it.
    /// - Returns: the scales, the shears (xy, xz, yz) and the rotation's rows; nil for a singular matrix.
    package static func shearFactors(
        _ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>
    ) -> (scale: SIMD3<Double>, skew: SIMD3<Double>, u0: SIMD3<Double>, u1: SIMD3<Double>, u2: SIMD3<Double>)? {
        var u0 = r0, u1 = r1, u2 = r2
        guard let sx = normalize(&u0) else { return nil }
        var kx = removeComponent(of: &u1, along: u0)
        guard let sy = normalize(&u1) else { return nil }
        kx /= sy
        var ky = removeComponent(of: &u2, along: u0)
        var kz = removeComponent(of: &u2, along: u1)
        guard let sz = normalize(&u2) else { return nil }
        ky /= sz
        kz /= sz
        var s = SIMD3(sx, sy, sz)
        let k = SIMD3(kx, ky, kz)
        if dot(u0, cross(u1, u2)) < 0 {
            s = -s
            u0 = -u0
            u1 = -u1
            u2 = -u2
        }
        return (s, k, u0, u1, u2)
    }

    private static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    private static func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
    private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// Scales `u` to unit length and returns its length before; nil, leaving `u` as it was, when that is 0.
    private static func normalize(_ u: inout SIMD3<Double>) -> Double? {
        let l = length(u)
        guard l > 0 else { return nil }
        u /= l
        return l
    }

    /// Takes from `u` its part along the unit vector `axis` and returns that part's coordinate (a Gram–Schmidt step).
    private static func removeComponent(of u: inout SIMD3<Double>, along axis: SIMD3<Double>) -> Double {
        let k = dot(axis, u)
        u -= k * axis
        return k
    }
}
