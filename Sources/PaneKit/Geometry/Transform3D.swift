// A 4×4 transform with Core Animation's field names and row-vector convention (p' = p × M).

import Foundation

/// A 3-D transform laid out as `CATransform3D`: row vectors, translation in `m41 m42 m43`, perspective in `m34`.
///
/// `a.concatenating(b)` applies `a` first, then `b` (Core Animation's `CATransform3DConcat(a, b)`).
public struct Transform3D: Hashable, Sendable {
    /// The first row: the image of the x axis (scale and shear in x, `m14` its perspective term).
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// The second row: the image of the y axis (scale and shear in y, `m24` its perspective term).
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// The third row: the image of the z axis; `m34` is the perspective term (−1 / eye distance in points).
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// The fourth row: the translation `m41 m42 m43` in points, and `m44` (1 for an affine transform).
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// A transform from its 16 fields, row by row, with `CATransform3D`'s names.
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Builds a transform from 16 numbers in the order m11, m12, m13, m14, m21, …, m44.
    /// - Returns: `nil` unless `values` holds exactly 16 numbers.
    public init?(_ values: [Double]) {
        guard values.count == 16 else { return nil }
        self.init(
            m11: values[0], m12: values[1], m13: values[2], m14: values[3],
            m21: values[4], m22: values[5], m23: values[6], m24: values[7],
            m31: values[8], m32: values[9], m33: values[10], m34: values[11],
            m41: values[12], m42: values[13], m43: values[14], m44: values[15])
    }

    /// The transform that leaves every point where it is.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// The 16 numbers in the order m11, m12, m13, m14, m21, …, m44 (the JSON order).
    public var values: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Whether this is exactly ``identity`` (no tolerance).
    public var isIdentity: Bool { self == .identity }

    /// A translation by `x`, `y`, `z` points.
    @inlinable
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity
        t.m41 = x; t.m42 = y; t.m43 = z
        return t
    }

    /// A scale by `x`, `y`, `z` about the anchor (1 keeps the size).
    @inlinable
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity
        t.m11 = x; t.m22 = y; t.m33 = z
        return t
    }

    /// A uniform scale by `s` about the anchor, on all three axes.
    @inlinable
    public static func scale(_ s: Double) -> Transform3D { scale(x: s, y: s, z: s) }

    /// A rotation of `angle` radians about the axis (x, y, z), as `CATransform3DMakeRotation`.
    /// A zero axis gives the identity.
    @inlinable
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D(
            m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
            m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
            m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The perspective transform: identity with `m34` set (Core Animation's usual −1/eyeDistance).
    @inlinable
    public static func perspective(_ m34: Double) -> Transform3D {
        var t = identity
        t.m34 = m34
        return t
    }

    /// This transform followed by `other`: the matrix product self × other.
    /// - Complexity: 64 multiplications, no allocation.
    @inlinable @inline(__always)
    public func concatenating(_ o: Transform3D) -> Transform3D {
        Transform3D(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
            m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
            m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
            m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
            m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
            m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
            m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
            m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
    }

    /// This transform followed by a translation by `x`, `y`, `z` points.
    package func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
        concatenating(.translation(x: x, y: y, z: z))
    }

    /// This transform followed by a scale by `x`, `y`, `z`.
    package func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
        concatenating(.scale(x: x, y: y, z: z))
    }

    /// This transform followed by a rotation of `angle` radians about the axis (`x`, `y`, `z`).
    package func rotatedBy(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        concatenating(.rotation(angle: angle, x: x, y: y, z: z))
    }

    /// Maps a point given relative to the pivot, returning it relative to the pivot after the homogeneous
    /// divide. A point the transform sends behind the eye (w ≤ 0) keeps its undivided x and y.
    /// - Complexity: no allocation.
    public func project(x: Double, y: Double, z: Double = 0) -> Point {
        let px = x * m11 + y * m21 + z * m31 + m41
        let py = x * m12 + y * m22 + z * m32 + m42
        let w = x * m14 + y * m24 + z * m34 + m44
        guard w > 1e-12 else { return Point(x: px, y: py) }
        return Point(x: px / w, y: py / w)
    }
}
