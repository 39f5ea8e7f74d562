// The Lottie writer's layers for a node's look: the wireframe content (projected per frame, or placed by a null
// layer when the node moves affinely), the outline mask, and an image asset placed by the best affine fit.

import Foundation
import PaneKit

extension LottieWriter {
    /// The layers of a role's wireframe: `ROLE content`, each shape a group with its path and its colour (front
    /// first, as Lottie lists them), masked by the node's outline. When the node's transform draws it through an
    /// affine map in every frame, the shapes and the mask are in the node's own coordinates (written once while
    /// its size holds) and a null layer `ROLE content place` parents the layer with that map, exactly; under
    /// perspective every point is projected at every frame.
    func contentLayers(_ track: RoleTrack, kind: ContentKind, index: Int) -> [String] {
        let count = track.nodes.count
        let maps = track.nodes.map { ImageMap(fitting: $0, placement: (1, 1, 0, 0)) }
        let affine = zip(track.nodes, maps).allSatisfy { node, map in
            map.isInvertible && map.cornerError(node, placement: (1, 1, 0, 0)) <= 1e-6 * max(1, node.frame.width, node.frame.height)
        }
        // In the affine case the node's own coordinates: its outline and shapes with no transform at the origin.
        let nodes: [Node] =
            affine
            ? track.nodes.map { node in
                var local = node
                local.frame.origin = .zero
                local.style.transform = .identity
                return local
            } : track.nodes
        // The shapes of each frame with their colours (the wireframe follows the node's size and fill): in the
        // node's own coordinates as cubics (exact through the affine map), else projected point by point.
        let drawn: [[(outline: Outline, color: Color)]] = nodes.enumerated().map { i, node in
            let colors = theme.wireframe(on: track.fills[i])
            return WireframeContent.shapes(kind, size: node.frame.size).map {
                (
                    affine ? Self.localOutline($0.geometry) : Outline(polygon: SVGRenderer.project($0.geometry, in: node)),
                    $0.paint.color(in: colors)
                )
            }
        }
        let shapes = drawn.map(\.count).max() ?? 0
        var groups: [String] = []
        for s in 0..<shapes {
            let width = drawn.map { $0.indices.contains(s) ? $0[s].outline.vertices.count : 0 }.max() ?? 0
            var path = Track(), color = Track(), alpha = Track()
            for i in 0..<count {
                // A shape missing from a frame (the node is smaller there) is a transparent point.
                let shape: (outline: Outline, color: Color) =
                    drawn[i].indices.contains(s)
                    ? drawn[i][s] : (Outline(polygon: [nodes[i].corners.topLeft]), Color(red: 0, green: 0, blue: 0, alpha: 0))
                path.add(i, "[" + Self.bezier(shape.outline, vertices: width) + "]")
                color.add(i, Self.rgb(shape.color))
                alpha.add(i, "[" + NumberFormat.string(shape.color.alpha * 100) + "]")
            }
            groups.append(
                "{\"ty\":\"gr\",\"nm\":\"shape \(s + 1)\",\"it\":[{\"ty\":\"sh\",\"nm\":\"path\",\"ks\":\(path.property(bare: true))},"
                    + "{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":\(color.property(bare: false)),\"o\":\(alpha.property(bare: true)),\"r\":1},"
                    + Self.groupTransform + "]}")
        }
        let name = track.role.rawValue + " content"
        guard affine else {
            return [
                Self.shapeLayer(
                    name, index: index, opacity: track.opacity, mask: outlineMask(nodes),
                    shapes: groups.reversed().joined(separator: ","), count: count)
            ]
        }
        let place = Self.placement(maps)
        // The mask: the node's own rounded outline as cubics.
        var mask = Track()
        let outlines = nodes.map {
            Self.outline(NodeShape.localPath(Rect(origin: .zero, size: $0.frame.size), radius: NodeShape.radius(of: $0) ?? .zero))
        }
        let width = outlines.map(\.vertices.count).max() ?? 0
        for (i, outline) in outlines.enumerated() { mask.add(i, "[" + Self.bezier(outline, vertices: width) + "]") }
        return [
            Self.shapeLayer(
                name, index: index, opacity: track.opacity, mask: Self.mask(mask), shapes: groups.reversed().joined(separator: ","),
                count: count, parent: (index + 1, place.spin)),
            Self.nullLayer(name + " place", index: index + 1, place, count: count),
        ]
    }

    /// The mask of a layer (`hasMask` and `masksProperties`, with a trailing comma): the outline of each frame's
    /// node, mapped into the layer's own coordinates by `map` (frame, point).
    func outlineMask(_ nodes: [Node], map: (Int, Point) -> Point = { $1 }) -> String {
        let outlines = nodes.map { NodeShape.outline($0) }
        let width = outlines.map(\.count).max() ?? 0
        var path = Track()
        for (i, outline) in outlines.enumerated() {
            path.add(i, "[" + Self.bezier(Outline(polygon: outline.map { map(i, $0) }), vertices: width) + "]")
        }
        return Self.mask(path)
    }

    /// `hasMask` and `masksProperties` (with a trailing comma) of one additive mask named `name` whose path is
    /// `path`.
    static func mask(_ path: Track, name: String = "outline") -> String {
        "\"hasMask\":true,\"masksProperties\":[{\"nm\":\"\(name)\",\"mode\":\"a\",\"inv\":false,\"pt\":\(path.property(bare: true)),"
            + "\"o\":{\"a\":0,\"k\":100},\"x\":{\"a\":0,\"k\":0}}],"
    }

    /// A closed path of cubics and lines (one outline, as ``NodeShape/localPath(_:radius:)`` writes it) as a
    /// Lottie outline: a vertex at every segment's end, each cubic's control points as the tangents of its ends.
    static func outline(_ path: [PathSegment]) -> Outline {
        var vertices: [Point] = [], ins: [Point] = [], outs: [Point] = []
        for segment in path {
            switch segment {
            case .move(let p), .line(let p):
                vertices.append(p)
                ins.append(.zero)
                outs.append(.zero)
            case .cubic(let c1, let c2, let p):
                if let last = vertices.last { outs[outs.count - 1] = Point(x: c1.x - last.x, y: c1.y - last.y) }
                vertices.append(p)
                ins.append(Point(x: c2.x - p.x, y: c2.y - p.y))
                outs.append(.zero)
            case .close:
                break
            }
        }
        // A path that ends where it started closes onto its first vertex: the last one's in tangent moves there.
        if vertices.count > 1, let first = vertices.first, let last = vertices.last, abs(first.x - last.x) < 1e-9,
            abs(first.y - last.y) < 1e-9
        {
            ins[0] = ins[ins.count - 1]
            vertices.removeLast()
            ins.removeLast()
            outs.removeLast()
        }
        return Outline(vertices: vertices, inTangents: ins, outTangents: outs)
    }

    /// A wireframe shape in the node's own coordinates: a rectangle, a rounded rectangle or an ellipse as cubics,
    /// a polygon as it is.
    static func localOutline(_ geometry: ContentShape.Geometry) -> Outline {
        switch geometry {
        case .rect(let r, let radius):
            return outline(NodeShape.localPath(r, radius: CornerRadius(radius)))
        case .ellipse(let r):
            let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2, k = NodeShape.kappa
            return Outline(
                vertices: [Point(x: cx + rx, y: cy), Point(x: cx, y: cy + ry), Point(x: cx - rx, y: cy), Point(x: cx, y: cy - ry)],
                inTangents: [Point(x: 0, y: -k * ry), Point(x: k * rx, y: 0), Point(x: 0, y: k * ry), Point(x: -k * rx, y: 0)],
                outTangents: [Point(x: 0, y: k * ry), Point(x: -k * rx, y: 0), Point(x: 0, y: -k * ry), Point(x: k * rx, y: 0)])
        case .polygon(let points):
            return Outline(polygon: points)
        }
    }

    /// The tracks that place a child layer by one map per frame: the parent null's position, turn and scale, the
    /// child's own rotation (spin), the angles kept continuous so that players drawing between frames turn the
    /// short way.
    static func placement(_ maps: [ImageMap]) -> (position: Track, turn: Track, scale: Track, spin: Track) {
        var position = Track(), turn = Track(), scale = Track(), spin = Track()
        var previous: (turn: Double, spin: Double) = (0, 0)
        for (i, map) in maps.enumerated() {
            var parts = map.decomposed(near: previous.spin)
            parts.turn += 2 * .pi * ((previous.turn - parts.turn) / (2 * .pi)).rounded()
            previous = (parts.turn, parts.spin)
            position.add(i, "[\(NumberFormat.string(map.tx)),\(NumberFormat.string(map.ty)),0]")
            turn.add(i, "[" + NumberFormat.string(parts.turn * 180 / .pi) + "]")
            spin.add(i, "[" + NumberFormat.string(parts.spin * 180 / .pi) + "]")
            scale.add(i, "[\(NumberFormat.string(parts.scaleX * 100)),\(NumberFormat.string(parts.scaleY * 100)),100]")
        }
        return (position, turn, scale, spin)
    }

    /// The null layer (`ty` 3) that carries a placement's position, turn and scale for the layer it parents.
    static func nullLayer(
        _ name: String, index: Int, _ place: (position: Track, turn: Track, scale: Track, spin: Track), count: Int
    ) -> String {
        var layer = "{\"ddd\":0,\"ind\":\(index),\"ty\":3,\"nm\":\(FrameJSON.string(name)),\"sr\":1,"
        layer += "\"ks\":{\"o\":{\"a\":0,\"k\":100},\"r\":\(place.turn.property(bare: true)),\"p\":\(place.position.property(bare: false)),"
        layer += "\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":\(place.scale.property(bare: false))},\"ao\":0,"
        layer += "\"ip\":0,\"op\":\(count),\"st\":0,\"bm\":0}"
        return layer
    }

    /// Where an image's own coordinates go in container points in one frame: `point(u, v)` is
    /// `linear · (u, v) + offset`, written as `linear = R(turn) · diag(scaleX, scaleY) · R(spin)` (radians).
    struct ImageMap: Equatable {
        /// The linear part: a, b in the first row, c, d in the second (x' = a·u + b·v + tx).
        var a: Double, b: Double, c: Double, d: Double
        /// The translation.
        var tx: Double, ty: Double

        /// The map taking a point of the node's own coordinates to the affine map that best fits (least squares)
        /// its four projected corners, after the image's placement in the node (`scale x, scale y, x, y`).
        init(fitting node: Node, placement: (Double, Double, Double, Double)) {
            let q = node.corners, w = node.frame.width, h = node.frame.height
            // Least squares over the corners (0, 0), (w, 0), (w, h), (0, h): the columns are the mean edge
            // vectors, and the frame's centre goes to the corners' mean.
            let ux = (q.topRight.x + q.bottomRight.x - q.topLeft.x - q.bottomLeft.x) / (2 * w)
            let uy = (q.topRight.y + q.bottomRight.y - q.topLeft.y - q.bottomLeft.y) / (2 * w)
            let vx = (q.bottomLeft.x + q.bottomRight.x - q.topLeft.x - q.topRight.x) / (2 * h)
            let vy = (q.bottomLeft.y + q.bottomRight.y - q.topLeft.y - q.topRight.y) / (2 * h)
            let mx = (q.topLeft.x + q.topRight.x + q.bottomRight.x + q.bottomLeft.x) / 4
            let my = (q.topLeft.y + q.topRight.y + q.bottomRight.y + q.bottomLeft.y) / 4
            let bx = mx - ux * w / 2 - vx * h / 2, by = my - uy * w / 2 - vy * h / 2
            let (sx, sy, ox, oy) = placement
            a = ux * sx
            b = vx * sy
            c = uy * sx
            d = vy * sy
            tx = bx + ux * ox + vx * oy
            ty = by + uy * ox + vy * oy
        }

        /// The largest distance between where the map puts the corners of `node` (through the image's
        /// `placement` in it) and the node's projected corners: 0 for a node drawn through an affine map.
        func cornerError(_ node: Node, placement: (Double, Double, Double, Double)) -> Double {
            let (sx, sy, ox, oy) = placement
            let w = node.frame.width, h = node.frame.height, q = node.corners
            var worst = 0.0
            for (x, y, target) in [(0.0, 0.0, q.topLeft), (w, 0, q.topRight), (w, h, q.bottomRight), (0, h, q.bottomLeft)] {
                let p = apply(Point(x: (x - ox) / sx, y: (y - oy) / sy))
                worst = max(worst, ((p.x - target.x) * (p.x - target.x) + (p.y - target.y) * (p.y - target.y)).squareRoot())
            }
            return worst.isNaN ? .infinity : worst
        }

        /// Whether the map is finite and invertible (a node squeezed flat has no image to show).
        var isInvertible: Bool {
            let det = a * d - b * c
            return [a, b, c, d, tx, ty].allSatisfy(\.isFinite) && abs(det) > 1e-9
        }

        /// The image point that lands on `p`.
        func inverse(_ p: Point) -> Point {
            let det = a * d - b * c, x = p.x - tx, y = p.y - ty
            return Point(x: (d * x - b * y) / det, y: (a * y - c * x) / det)
        }

        /// Where the image point `p` lands.
        func apply(_ p: Point) -> Point { Point(x: a * p.x + b * p.y + tx, y: c * p.x + d * p.y + ty) }

        /// The linear part as rotation, scale, rotation: `linear = R(turn) · diag(scaleX, scaleY) · R(spin)`,
        /// radians (a 2 × 2 singular value decomposition; a mirror gives a negative `scaleY`). Of the equal
        /// decompositions it takes the one whose `spin` is nearest `near` (R(t + π/2) · diag(y, x) · R(s − π/2)
        /// is the same map), and for a map without shear (equal scales) `spin` is `near` itself, so that
        /// consecutive frames turn the short way.
        func decomposed(near: Double = 0) -> (turn: Double, scaleX: Double, scaleY: Double, spin: Double) {
            let e = (a + d) / 2, f = (a - d) / 2, g = (c + b) / 2, h = (c - b) / 2
            let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
            let a2 = atan2(h, e)
            if r <= 1e-9 * max(q, 1) { return (a2 - near, q + r, q - r, near) }
            let a1 = atan2(g, f)
            var turn = (a2 + a1) / 2, spin = (a2 - a1) / 2, x = q + r, y = q - r
            let k = ((near - spin) / (.pi / 2)).rounded()
            spin += k * .pi / 2
            turn -= k * .pi / 2
            if Int(k) % 2 != 0 { swap(&x, &y) }
            return (turn, x, y, spin)
        }
    }

    /// The layers that draw a role's image (an image layer masked by the outline, and the null layer it is
    /// parented to, which carries the rotation and scale that an image layer's own transform cannot add) and
    /// its asset; `nil` when the node is never wide and tall enough to show it, or the image is an SVG (a
    /// warning says so).
    func imageLayers(_ track: RoleTrack, image: AppearanceImage, fit: ImageFit, index: Int, warnings: inout [String])
        -> (asset: String, layers: [String])?
    {
        // Lottie 1.0's data URLs cannot name image/svg+xml (and rlottie draws no SVG image): left out, said.
        guard image.format != .svg else {
            warnings.append(
                "the image of \(track.role.rawValue) is an SVG, which a Lottie image asset cannot hold; it is left out (give a PNG or JPEG)"
            )
            return nil
        }
        let count = track.nodes.count
        var maps: [ImageMap?] = track.nodes.map { node in
            guard node.frame.width > 0, node.frame.height > 0 else { return nil }
            let map = ImageMap(fitting: node, placement: SVGRenderer.imagePlacement(image, fit: fit, in: node.frame.size))
            return map.isInvertible ? map : nil
        }
        let shows = maps.map { $0 != nil }
        guard let firstMap = maps.compactMap({ $0 }).first else { return nil }
        // Frames without a map hold the nearest one, invisible.
        var last = firstMap
        for i in 0..<count {
            if let m = maps[i] { last = m } else { maps[i] = last }
        }
        let id = SVGRenderer.imageID(track.role)
        let name = track.role.rawValue
        // How far the fit is from the projected corners, where the image shows.
        let placements = track.nodes.map { SVGRenderer.imagePlacement(image, fit: fit, in: $0.frame.size) }
        let errors = track.nodes.indices.map { i in shows[i] ? maps[i]!.cornerError(track.nodes[i], placement: placements[i]) : 0 }
        let worst = zip(errors, track.visible).map { $1 ? $0 : 0 }.max() ?? 0
        if worst > SVGRenderer.imageTolerance {
            warnings.append(
                "the image of \(name) is placed by the affine map that best fits its projected corners; under perspective "
                    + "a corner is up to \(NumberFormat.string((worst * 10).rounded() / 10)) pt off")
        }
        let opacity = Track(values: (0..<count).map { ($0, "[" + NumberFormat.string(shows[$0] ? track.alphas[$0] : 0) + "]") })
        let place = Self.placement(maps.map { $0! })
        let asset =
            "{\"id\":\(FrameJSON.string(id)),\"w\":\(NumberFormat.string(image.size.width)),\"h\":\(NumberFormat.string(image.size.height)),"
            + "\"u\":\"\",\"p\":\(FrameJSON.string(SVGRenderer.dataURL(image))),\"e\":1}"
        // The mask in the image's coordinates: where every map is exact, the node's own outline through the
        // placement (one keyframe while the node's size holds); else the projected outline mapped back.
        let exact = zip(track.nodes, errors).allSatisfy { $1 <= 1e-6 * max(1, $0.frame.width, $0.frame.height) }
        let mask =
            exact
            ? outlineMask(
                track.nodes.map { node in
                    var local = node
                    local.frame.origin = .zero
                    local.style.transform = .identity
                    return local
                }
            ) { i, p in Point(x: (p.x - placements[i].2) / placements[i].0, y: (p.y - placements[i].3) / placements[i].1) }
            : outlineMask(track.nodes) { i, p in maps[i]!.inverse(p) }
        var picture = "{\"ddd\":0,\"ind\":\(index),\"ty\":2,\"nm\":\(FrameJSON.string(name + " image")),\"refId\":\(FrameJSON.string(id)),"
        picture +=
            "\"sr\":1,\"parent\":\(index + 1),\"ks\":{\"o\":\(opacity.property(bare: true)),\"r\":\(place.spin.property(bare: true)),"
        picture += "\"p\":{\"a\":0,\"k\":[0,0,0]},\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}},\"ao\":0,"
        picture += mask + "\"ip\":0,\"op\":\(count),\"st\":0,\"bm\":0}"
        return (asset, [picture, Self.nullLayer(name + " image place", index: index + 1, place, count: count)])
    }
}
