// A node's rounded outline, in its own coordinates and projected exactly through its transform: the one shape
// every renderer fills, clips images to and casts shadows from.

import Foundation
import PaneKit

/// One piece of a path in a node's own coordinates (origin at the frame's top left), as Lottie and SVG write it.
public enum PathSegment: Hashable, Sendable {
    /// Starts a new outline at the point.
    case move(Point)
    /// A straight line to the point.
    case line(Point)
    /// A cubic Bézier through two control points to the point.
    case cubic(Point, Point, Point)
    /// Closes the outline.
    case close
}

/// The outlines of rounded rectangles and ellipses: unprojected as cubics (for writers with an affine model such as
/// Lottie, which applies the node's transform itself) and projected as points (for SVG and the raster formats).
///
/// A projected outline is exact within its tolerance: straight edges stay straight under a projective map, so only
/// the arcs are sampled, each split in half until the projected middle of every piece lies within the tolerance
/// of the chord between its ends.
public enum NodeShape {
    /// The default tolerance of projected outlines, in points: well inside the 0.25 pt the exports promise.
    public static let tolerance = 0.1

    /// The cubic's handle length for a quarter circle of radius 1 (the classic 4/3·(√2 − 1)).
    public static let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// The radii `node` is drawn with: its style's, fitted to its frame; `nil` when no corner is rounded.
    /// - Complexity: O(1), no allocation.
    public static func radius(of node: Node) -> CornerRadius? {
        guard let r = node.style.cornerRadius?.fitted(to: node.frame.size), !r.isZero else { return nil }
        return r
    }

    /// The rounded rectangle `rect` (in the node's own coordinates) as cubics, clockwise from the end of the
    /// top-left arc; `radius` is fitted to the rectangle first.
    public static func localPath(_ rect: Rect, radius: CornerRadius) -> [PathSegment] {
        let r = radius.fitted(to: rect.size), k = kappa
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        var path: [PathSegment] = [.move(Point(x: x0 + r.topLeft, y: y0)), .line(Point(x: x1 - r.topRight, y: y0))]
        if r.topRight > 0 {
            let q = r.topRight
            path.append(.cubic(Point(x: x1 - q + k * q, y: y0), Point(x: x1, y: y0 + q - k * q), Point(x: x1, y: y0 + q)))
        }
        path.append(.line(Point(x: x1, y: y1 - r.bottomRight)))
        if r.bottomRight > 0 {
            let q = r.bottomRight
            path.append(.cubic(Point(x: x1, y: y1 - q + k * q), Point(x: x1 - q + k * q, y: y1), Point(x: x1 - q, y: y1)))
        }
        path.append(.line(Point(x: x0 + r.bottomLeft, y: y1)))
        if r.bottomLeft > 0 {
            let q = r.bottomLeft
            path.append(.cubic(Point(x: x0 + q - k * q, y: y1), Point(x: x0, y: y1 - q + k * q), Point(x: x0, y: y1 - q)))
        }
        path.append(.line(Point(x: x0, y: y0 + r.topLeft)))
        if r.topLeft > 0 {
            let q = r.topLeft
            path.append(.cubic(Point(x: x0, y: y0 + q - k * q), Point(x: x0 + q - k * q, y: y0), Point(x: x0 + q, y: y0)))
        }
        path.append(.close)
        return path
    }

    /// The node's outline projected into container points: its four corners when it has no radius, else its
    /// rounded frame with every arc sampled to within `tolerance` after projection.
    /// - Complexity: per node, O(arc pieces); allocates the points.
    public static func outline(_ node: Node, tolerance: Double = NodeShape.tolerance) -> [Point] {
        guard let r = radius(of: node) else { return node.corners.points }
        return roundedRect(Rect(origin: .zero, size: node.frame.size), radius: r, in: node, tolerance: tolerance)
    }

    /// The rounded rectangle `rect`, given in the node's own coordinates, projected through the node's
    /// transform; `radius` is fitted to `rect`.
    public static func roundedRect(_ rect: Rect, radius: CornerRadius, in node: Node, tolerance: Double = NodeShape.tolerance)
        -> [Point]
    {
        let r = radius.fitted(to: rect.size)
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        var points: [Point] = []
        // Clockwise in screen coordinates (y down): angles run from the top-left arc's 180° to 270°, and so on.
        func corner(_ q: Double, _ cx: Double, _ cy: Double, _ start: Double, _ sharp: Point) {
            if q > 0 {
                arc(
                    centre: Point(x: cx, y: cy), rx: q, ry: q, from: start, to: start + .pi / 2, in: node, tolerance: tolerance,
                    into: &points)
            } else {
                points.append(local(node, sharp))
            }
        }
        corner(r.topLeft, x0 + r.topLeft, y0 + r.topLeft, .pi, Point(x: x0, y: y0))
        corner(r.topRight, x1 - r.topRight, y0 + r.topRight, 1.5 * .pi, Point(x: x1, y: y0))
        corner(r.bottomRight, x1 - r.bottomRight, y1 - r.bottomRight, 0, Point(x: x1, y: y1))
        corner(r.bottomLeft, x0 + r.bottomLeft, y1 - r.bottomLeft, 0.5 * .pi, Point(x: x0, y: y1))
        return points
    }

    /// The ellipse of centre `centre` and radii `rx`, `ry` in the node's own coordinates, projected.
    public static func ellipse(centre: Point, rx: Double, ry: Double, in node: Node, tolerance: Double = NodeShape.tolerance) -> [Point] {
        var points: [Point] = []
        for quarter in 0..<4 {
            let start = Double(quarter) * .pi / 2
            arc(centre: centre, rx: rx, ry: ry, from: start, to: start + .pi / 2, in: node, tolerance: tolerance, into: &points)
        }
        points.removeLast()  // the first point again
        return points
    }

    /// The point `p` of the node's own coordinates in container points, through anchor and transform.
    /// - Complexity: O(1), no allocation.
    public static func local(_ node: Node, _ p: Point) -> Point {
        node.project(Point(x: node.frame.x + p.x, y: node.frame.y + p.y))
    }

    /// Appends the projected arc from angle `a` to `b` (both ends included; `b` is where the next piece starts).
    private static func arc(
        centre: Point, rx: Double, ry: Double, from a: Double, to b: Double, in node: Node, tolerance: Double,
        into points: inout [Point]
    ) {
        func at(_ t: Double) -> Point { local(node, Point(x: centre.x + rx * cos(t), y: centre.y + ry * sin(t))) }
        let start = at(a), end = at(b)
        points.append(start)
        split(a, start, b, end, depth: 0)
        points.append(end)
        func split(_ a: Double, _ pa: Point, _ b: Double, _ pb: Point, depth: Int) {
            let m = (a + b) / 2, pm = at(m)
            let chord = Point(x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2)
            let error = ((pm.x - chord.x) * (pm.x - chord.x) + (pm.y - chord.y) * (pm.y - chord.y)).squareRoot()
            // At least 4 pieces a quarter so that a chord never hides a bulge the middle sample misses.
            guard depth < 2 || (error > tolerance / 2 && depth < 12) else { return }
            split(a, pa, m, pm, depth: depth + 1)
            points.append(pm)
            split(m, pm, b, pb, depth: depth + 1)
        }
    }
}
