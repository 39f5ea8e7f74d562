// Splits a 4×4 transform into translate, scale, skew, rotation and perspective, as CSS does for interpolation.

import Foundation
import PaneKit

/// A transform taken apart into readable channels.
///
/// The parts recompose in PaneKit's order for keyed edits (DESIGN §9), which is also how Core Animation code
/// builds a swinging door: scale and skew, rotation, perspective, then translation last (row vectors, first to
/// last). So the translation is the bottom row, and the rest is split by the "decomposing a 3D matrix" algorithm
/// of CSS Transforms Level 2, whose matrix layout is Core Animation's.
public struct TransformDecomposition: Sendable, Equatable {
    /// The translation in points (the bottom row).
    public var translate: SIMD3<Double>
    /// The scale along x, y and z (negative for a mirror).
    public var scale: SIMD3<Double>
    /// Shear factors xy, xz, yz.
    public var skew: SIMD3<Double>
    /// Euler angles about x, y and z in radians.
    public var rotation: SIMD3<Double>
    /// The perspective row (x, y, z, w); (0, 0, 0, 1) when there is none.
    public var perspective: SIMD4<Double>

    /// Decomposes `t`.
    /// - Returns: nil when `t` is singular (a zero scale), which has no decomposition.
    public init?(_ t: Transform3D) {
        var m = [
            [t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24],
            [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44],
        ]
        guard m[3][3] != 0, m.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return nil }
        let w = m[3][3]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= w } }
        // Translation applied last: M = X × T(t), so t is the bottom row and X[i][j] = M[i][j] − M[i][3]·t[j].
        translate = SIMD3(m[3][0], m[3][1], m[3][2])
        for i in 0..<3 { for j in 0..<3 { m[i][j] -= m[i][3] * translate[j] } }
        for j in 0..<3 { m[3][j] = 0 }
        var pm = m
        for i in 0..<3 { pm[i][3] = 0 }
        pm[3][3] = 1
        guard let inverse = Self.inverse(pm) else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            // rhs × transpose(inverse): component i is the dot product of rhs with row i of the inverse.
            var p = SIMD4<Double>(repeating: 0)
            for i in 0..<4 { p[i] = (0..<4).reduce(0) { $0 + rhs[$1] * inverse[i][$1] } }
            perspective = p
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        guard
            let (s, k, r0, r1, r2) = TransformParts.shearFactors(
                SIMD3(m[0][0], m[0][1], m[0][2]), SIMD3(m[1][0], m[1][1], m[1][2]), SIMD3(m[2][0], m[2][1], m[2][2]))
        else { return nil }
        scale = s
        skew = k
        let ry = asin(min(1, max(-1, -r0.z)))
        if cos(ry) > 1e-9 {
            rotation = SIMD3(atan2(r1.z, r2.z), ry, atan2(r0.y, r0.x))
        } else {
            rotation = SIMD3(atan2(-r2.y, r1.y), ry, 0)
        }
    }

    /// The inverse of a 4×4 matrix by Gauss–Jordan elimination with partial pivoting; nil when singular.
    static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
        var a = matrix
        var inv = (0..<4).map { i in (0..<4).map { $0 == i ? 1.0 : 0.0 } }
        for col in 0..<4 {
            let pivot = (col..<4).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            let d = a[col][col]
            for j in 0..<4 {
                a[col][j] /= d
                inv[col][j] /= d
            }
            for row in 0..<4 where row != col {
                let f = a[row][col]
                guard f != 0 else { continue }
                for j in 0..<4 {
                    a[row][j] -= f * a[col][j]
                    inv[row][j] -= f * inv[col][j]
                }
            }
        }
        return inv
    }
}
