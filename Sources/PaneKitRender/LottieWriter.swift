// Frames as a Lottie animation: one shape layer per node role whose path is the node's projected outline, per frame.

import Foundation
import PaneKit

/// Writes a run's frames as a Lottie 1.0 animation (bodymovin JSON): the scenario's size, frame rate and frames
/// (`ip` 0, `op` the frame count, `fr` the rate), and one shape layer per node role, `nm` equal to the role.
///
/// A layer's transform is the identity; its shape is the node's outline projected into container points (its
/// four corners, or with a corner radius its rounded outline sampled as the SVG renderer samples it, perspective
/// included, so every 2-D player draws the shape the frame says), one path keyframe per frame. The fill colour
/// and its alpha (the scrim's colour, a node's own `color`, else the scenario's `appearance` colour, else the
/// theme's), and the layer's opacity (alpha × 100, 0 while the node is hidden or absent) are animated the same
/// way; nodes other than the scrim, divider and corner views carry the theme's outline (1 pt). A role with
/// wireframe `content` has a layer `ROLE content` above it: each wireframe shape a path projected point by point
/// per frame, in the theme's wireframe colours, masked by the node's outline. A role with an `image` has an
/// image asset (a PNG or JPEG embedded as a `data:` URL, `"e": 1`; an SVG is left out with a warning) drawn by a layer `ROLE image` above those, placed by the
/// affine map that best fits the node's four projected corners (exact without perspective; `warnings` says how
/// far off it is with it) and masked by the outline. A role with content or an image whose alpha fades is one
/// precomposition layer `ROLE` carrying the opacity (its layers in the asset `group-ROLE`), so that players fade
/// it as a whole, as SVG's group opacity does. Keyframes ease linearly to the next one, so at every frame
/// the value is that frame's own, and a property's last keyframe has no easing handles (rlottie misplaces a
/// layer whose last keyframe has them). A value that holds over several frames keeps only the keyframes at the
/// ends of the hold. Shadows, labels and the divider's gradient are not drawn, and the stage is left transparent.
/// Lottie layers keep one order: they are stacked in the order of the frame where most roles are present, and
/// `warnings` says when the frames change it.
public struct LottieWriter: Sendable {
    /// The colours of the roles, their outline and the wireframes.
    public var theme: Theme
    /// What each role's node shows: a colour, an image, a wireframe (a scenario's `appearance`).
    public var appearance: Appearance

    /// A Lottie writer in `theme` (dark by default) with the scenario's `appearance` (none by default).
    public init(theme: Theme = .dark, appearance: Appearance = .none) {
        self.theme = theme
        self.appearance = appearance
    }

    /// The JSON and what the Lottie file could not keep exactly, one sentence each.
    public struct Result: Sendable {
        /// The Lottie animation as one JSON document.
        public var json: String
        /// One sentence per approximation made (the layers' stacking order, images under perspective).
        public var warnings: [String]
    }

    /// A named point in the animation's time (a Lottie marker): the fraction-keyed exports name `closed`, `open`
    /// and `stretch`.
    public struct Marker: Sendable, Equatable {
        /// The marker's name (`cm`).
        public var name: String
        /// Its frame (`tm`).
        public var frame: Double
        /// How many frames it spans (`dr`); 0 for a point in time.
        public var duration: Double

        /// A marker named `name` at `frame`, spanning `duration` frames.
        public init(name: String, frame: Double, duration: Double = 0) {
            self.name = name
            self.frame = frame
            self.duration = duration
        }
    }

    /// One closed path of a node's outline in container points: its vertices in order, and each vertex's in and
    /// out tangents relative to it (zero for straight edges).
    public struct Outline: Sendable, Equatable {
        /// The vertices, in drawing order.
        public var vertices: [Point]
        /// The in tangent of each vertex, relative to it.
        public var inTangents: [Point]
        /// The out tangent of each vertex, relative to it.
        public var outTangents: [Point]

        /// A polygon through `vertices` (straight edges: every tangent zero).
        public init(polygon vertices: [Point]) {
            self.vertices = vertices
            inTangents = Array(repeating: .zero, count: vertices.count)
            outTangents = inTangents
        }

        /// A path through `vertices` with the given tangents (each array as long as `vertices`).
        public init(vertices: [Point], inTangents: [Point], outTangents: [Point]) {
            self.vertices = vertices
            self.inTangents = inTangents
            self.outTangents = outTangents
        }
    }

    /// The closed paths that draw `node`: its projected quad, its rounded outline projected point by point
    /// (``NodeShape/outline(_:tolerance:)``, as the SVG renderer draws it) when it has a corner radius, or for a
    /// corner view its concave pieces, each projected.
    public static func outlines(of node: Node) -> [Outline] {
        switch node.role {
        case .cornerLeading, .cornerTrailing:
            return CornerPiece.pieces(node).map { piece in
                Outline(polygon: piece.outline().map { node.project(Point(x: node.frame.x + $0.x, y: node.frame.y + $0.y)) })
            }
        default:
            return [Outline(polygon: NodeShape.outline(node))]
        }
    }

    /// The frames as a Lottie animation of one layer per role, named by role (and its content and image layers).
    /// - Parameters:
    ///   - frames: the run, in order; each frame is one Lottie frame.
    ///   - fps: the frames' rate, the animation's `fr`.
    ///   - title: the animation's `nm`.
    ///   - markers: named points in time (`markers`), none by default.
    ///   - outPoint: the animation's `op`; by default the frame count, so frame i shows from i/fps to (i+1)/fps.
    ///     The fraction-keyed export gives the last frame's number, so a player's progress 1 shows the last pose
    ///     (the layers still last the frame count).
    /// - Complexity: O(frames × (nodes + wireframe shapes)).
    public func render(_ frames: [Frame], fps: Double, title: String, markers: [Marker] = [], outPoint: Double? = nil) -> Result {
        guard let first = frames.first else { return Result(json: "{}", warnings: []) }
        var warnings: [String] = []
        let roles = CSSKeyframes.roles(frames)
        // Stacking: the first frame with the most roles present decides; later changes are reported.
        let reference = frames.max { $0.nodes.count < $1.nodes.count } ?? first
        var order = reference.nodes.map(\.role).reversed().filter(roles.contains)  // Lottie lists the top layer first
        for role in roles where !order.contains(role) { order.append(role) }
        let stackingChanges = frames.contains { frame in
            let present = frame.nodes.map(\.role)
            return present != reference.nodes.map(\.role).filter(present.contains)
        }
        if stackingChanges { warnings.append("the stacking order of the nodes changes during the run; Lottie keeps one layer order") }
        let count = frames.count
        var layers: [String] = [], assets: [String] = []
        var index = 1
        for role in order {
            var track = RoleTrack(role, frames: frames, theme: theme, appearance: appearance)
            let look = Self.drawsLook(role) ? appearance[role] : nil
            // A node that fades with its content is one precomposition whose opacity is the node's, so that the
            // players fade it as a whole, as SVG's group opacity does (each layer fading alone shows the fill
            // through the content).
            let fading = look.map { $0.image != nil || $0.content != nil } == true && track.fades
            let outer = track.opacity
            if fading { track.showOnly() }
            var own: [String] = []
            var next = fading ? 1 : index
            if let image = look?.image,
                let placed = imageLayers(track, image: image, fit: look?.fit ?? .fill, index: next, warnings: &warnings)
            {
                assets.append(placed.asset)
                own += placed.layers
                next += placed.layers.count
            }
            if let kind = look?.content {
                let content = contentLayers(track, kind: kind, index: next)
                own += content
                next += content.count
            }
            own.append(nodeLayer(track, index: next))
            guard fading else {
                layers += own
                index = next + 1
                continue
            }
            let id = "group-" + role.rawValue.replacingOccurrences(of: ".", with: "-")
            assets.append(
                "{\"id\":\(FrameJSON.string(id)),\"nm\":\(FrameJSON.string(role.rawValue)),\"layers\":[\n" + own.joined(separator: ",\n")
                    + "\n]}")
            var group =
                "{\"ddd\":0,\"ind\":\(index),\"ty\":0,\"nm\":\(FrameJSON.string(role.rawValue)),\"refId\":\(FrameJSON.string(id)),\"sr\":1,"
            group += "\"ks\":{\"o\":\(outer.property(bare: true)),\"r\":{\"a\":0,\"k\":0},\"p\":{\"a\":0,\"k\":[0,0,0]},"
            group += "\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}},\"ao\":0,"
            group +=
                "\"w\":\(Int(first.size.width.rounded())),\"h\":\(Int(first.size.height.rounded())),\"ip\":0,\"op\":\(count),\"st\":0,\"bm\":0}"
            layers.append(group)
            index += 1
        }
        var json =
            "{\"v\":\"5.7.0\",\"fr\":\(NumberFormat.string(fps)),\"ip\":0,\"op\":\(NumberFormat.string(outPoint ?? Double(count))),\"w\":\(Int(first.size.width.rounded())),"
        json +=
            "\"h\":\(Int(first.size.height.rounded())),\"nm\":\(FrameJSON.string(title)),\"ddd\":0,\"assets\":[\(assets.joined(separator: ","))],"
        if !markers.isEmpty {
            json += "\"markers\":["
            json += markers.map {
                "{\"cm\":\(FrameJSON.string($0.name)),\"tm\":\(NumberFormat.string($0.frame)),\"dr\":\(NumberFormat.string($0.duration))}"
            }.joined(separator: ",")
            json += "],"
        }
        json += "\"layers\":[\n" + layers.joined(separator: ",\n") + "\n]}\n"
        return Result(json: json, warnings: warnings)
    }

    /// Whether the SVG renderer draws a role's wireframe and image (not on the scrim, divider or corner views).
    static func drawsLook(_ role: Role) -> Bool { ![Role.overlay, .divider, .cornerLeading, .cornerTrailing].contains(role) }

    /// One role through the run: its node in every frame (the nearest one where it is absent), whether it shows,
    /// and its fill.
    private struct RoleTrack {
        let role: Role
        /// The node of each frame, or the nearest one (the next, else the previous) where it is absent, so a node
        /// that appears does not sweep in from elsewhere.
        var nodes: [Node] = []
        /// Whether the node is present and not hidden.
        var visible: [Bool] = []
        /// The fill of each frame; where the node is hidden or absent, its fill where it is next (else last)
        /// visible, so the colour does not jump to a hidden frame's default (the scrim is black until it shows).
        var fills: [Color] = []
        /// The opacity of each frame: alpha × 100, 0 where the node does not show.
        var alphas: [Double] = []
        /// `alphas` as a layer's opacity track.
        var opacity = Track()

        /// Whether the node shows at some frame with an alpha between 0 and 1.
        var fades: Bool { alphas.contains { $0 > 0 && $0 < 100 } }

        /// Opacity 100 where the node shows and 0 where it does not: the layers of a precomposition that
        /// carries the alpha.
        mutating func showOnly() {
            alphas = alphas.map { $0 > 0 ? 100 : 0 }
            opacity = Track()
            for (i, alpha) in alphas.enumerated() { opacity.add(i, "[" + NumberFormat.string(alpha) + "]") }
        }

        init(_ role: Role, frames: [Frame], theme: Theme, appearance: Appearance) {
            self.role = role
            let count = frames.count
            var found: [Node?] = frames.map { frame in frame.nodes.first { $0.role == role } }
            var next: Node? = nil
            for i in stride(from: count - 1, through: 0, by: -1) {
                if let n = found[i] { next = n } else { found[i] = next }
            }
            var previous: Node? = nil
            for i in 0..<count {
                if let n = found[i] { previous = n } else { found[i] = previous }
            }
            nodes = found.map { $0! }
            let present = frames.map { frame in frame.nodes.contains { $0.role == role } }
            visible = (0..<count).map { present[$0] && !nodes[$0].style.hidden }
            let own = nodes.map { theme.fill(of: $0, appearance: appearance) }
            var nextShown: [Color?] = Array(repeating: nil, count: count)
            var shown: Color? = nil
            for i in stride(from: count - 1, through: 0, by: -1) {
                if visible[i] { shown = own[i] }
                nextShown[i] = shown
            }
            shown = nil
            fills = own
            for i in 0..<count {
                if visible[i] { shown = own[i] } else { fills[i] = nextShown[i] ?? shown ?? own[i] }
            }
            alphas = (0..<count).map { visible[$0] ? min(max(nodes[$0].style.alpha, 0), 1) * 100 : 0 }
            for (i, alpha) in alphas.enumerated() { opacity.add(i, "[" + NumberFormat.string(alpha) + "]") }
        }
    }

    /// One role's shape layer: identity transform, animated opacity, a group of its outline paths, outline
    /// stroke (where the SVG renderer draws one) and fill.
    private func nodeLayer(_ track: RoleTrack, index: Int) -> String {
        let outlines = track.nodes.map(Self.outlines(of:))
        let paths = outlines.map(\.count).max() ?? 0
        var color = Track(), colorAlpha = Track()
        var shapes = Array(repeating: Track(), count: paths)
        // Every keyframe of a path has the same vertex count: a missing piece is a point, a short one repeats its
        // last vertex.
        let widths = (0..<paths).map { p in outlines.map { $0.indices.contains(p) ? $0[p].vertices.count : 0 }.max() ?? 0 }
        for (i, node) in track.nodes.enumerated() {
            color.add(i, Self.rgb(track.fills[i]))
            colorAlpha.add(i, "[" + NumberFormat.string(track.fills[i].alpha * 100) + "]")
            for p in 0..<paths {
                let outline = outlines[i].indices.contains(p) ? outlines[i][p] : Outline(polygon: [node.corners.topLeft])
                shapes[p].add(i, "[" + Self.bezier(outline, vertices: widths[p]) + "]")
            }
        }
        var items: [String] = []
        for (p, path) in shapes.enumerated() {
            items.append("{\"ty\":\"sh\",\"nm\":\"outline \(p + 1)\",\"ks\":\(path.property(bare: true))}")
        }
        if Self.drawsLook(track.role) {
            let line = theme.outline
            items.append(
                "{\"ty\":\"st\",\"nm\":\"border\",\"c\":{\"a\":0,\"k\":\(Self.rgb(line))},\"o\":{\"a\":0,\"k\":\(NumberFormat.string(line.alpha * 100))},"
                    + "\"w\":{\"a\":0,\"k\":1},\"lc\":2,\"lj\":2}")
        }
        items.append(
            "{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":\(color.property(bare: false)),\"o\":\(colorAlpha.property(bare: true)),\"r\":1}")
        items.append(Self.groupTransform)
        return Self.shapeLayer(
            track.role.rawValue, index: index, opacity: track.opacity, mask: nil,
            shapes: "{\"ty\":\"gr\",\"nm\":\"node\",\"it\":[" + items.joined(separator: ",") + "]}", count: track.nodes.count)
    }

    /// The layers of a role's wireframe: `ROLE content`, each shape a group with its path and its colour (front
    /// first, as Lottie lists them), masked by the node's outline. When the node's transform draws it through an
    /// affine map in every frame, the shapes and the mask are in the node's own coordinates (written once while
    /// its size holds) and a null layer `ROLE content place` parents the layer with that map, exactly; under
    /// perspective every point is projected at every frame.
    private func contentLayers(_ track: RoleTrack, kind: ContentKind, index: Int) -> [String] {
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
    private func outlineMask(_ nodes: [Node], map: (Int, Point) -> Point = { $1 }) -> String {
        let outlines = nodes.map { NodeShape.outline($0) }
        let width = outlines.map(\.count).max() ?? 0
        var path = Track()
        for (i, outline) in outlines.enumerated() {
            path.add(i, "[" + Self.bezier(Outline(polygon: outline.map { map(i, $0) }), vertices: width) + "]")
        }
        return Self.mask(path)
    }

    /// `hasMask` and `masksProperties` (with a trailing comma) of one additive mask whose path is `path`.
    private static func mask(_ path: Track) -> String {
        "\"hasMask\":true,\"masksProperties\":[{\"nm\":\"outline\",\"mode\":\"a\",\"inv\":false,\"pt\":\(path.property(bare: true)),"
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
    private static func placement(_ maps: [ImageMap]) -> (position: Track, turn: Track, scale: Track, spin: Track) {
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
    private static func nullLayer(
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
    private func imageLayers(_ track: RoleTrack, image: AppearanceImage, fit: ImageFit, index: Int, warnings: inout [String])
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

    /// A shape layer with an identity transform: its name, index, opacity track, mask (or none) and shapes.
    /// With a `parent`, the layer is parented to that layer's index and turned by its own rotation track.
    private static func shapeLayer(
        _ name: String, index: Int, opacity: Track, mask: String?, shapes: String, count: Int, parent: (Int, Track)? = nil
    ) -> String {
        var layer = "{\"ddd\":0,\"ind\":\(index),\"ty\":4,\"nm\":\(FrameJSON.string(name)),\"sr\":1,"
        if let parent { layer += "\"parent\":\(parent.0)," }
        layer += "\"ks\":{\"o\":\(opacity.property(bare: true)),\"r\":\(parent?.1.property(bare: true) ?? "{\"a\":0,\"k\":0}"),"
        layer += "\"p\":{\"a\":0,\"k\":[0,0,0]},"
        layer += "\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}},\"ao\":0," + (mask ?? "")
        layer += "\"shapes\":[" + shapes + "],"
        layer += "\"ip\":0,\"op\":\(count),\"st\":0,\"bm\":0}"
        return layer
    }

    /// A group's identity transform.
    private static let groupTransform =
        "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},"
        + "\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":{\"a\":0,\"k\":0},\"sa\":{\"a\":0,\"k\":0}}"

    /// A colour's `[r,g,b,1]` (its alpha is the fill's opacity).
    private static func rgb(_ c: Color) -> String {
        "[\(NumberFormat.string(c.red)),\(NumberFormat.string(c.green)),\(NumberFormat.string(c.blue)),1]"
    }

    /// A Lottie bezier (`{"c", "v", "i", "o"}`) of `outline`, padded to `vertices` vertices.
    private static func bezier(_ outline: Outline, vertices: Int) -> String {
        func list(_ points: [Point]) -> String {
            var padded = points
            while padded.count < vertices { padded.append(padded.last ?? .zero) }
            return "[" + padded.map { "[\(NumberFormat.string($0.x)),\(NumberFormat.string($0.y))]" }.joined(separator: ",") + "]"
        }
        var tangentsIn = outline.inTangents, tangentsOut = outline.outTangents
        while tangentsIn.count < outline.vertices.count { tangentsIn.append(.zero) }
        while tangentsOut.count < outline.vertices.count { tangentsOut.append(.zero) }
        let padding = Array(repeating: Point.zero, count: max(0, vertices - outline.vertices.count))
        return "{\"c\":true,\"v\":\(list(outline.vertices)),\"i\":\(list(tangentsIn + padding)),\"o\":\(list(tangentsOut + padding))}"
    }

    /// The keyframes of one property: a value per frame, of which only the ends of each hold are written.
    private struct Track {
        var values: [(frame: Int, value: String)] = []

        mutating func add(_ frame: Int, _ value: String) { values.append((frame, value)) }

        /// The property: static (`"a":0`) when every frame holds one value, that value unwrapped from its
        /// keyframe list when `bare` (a one-number property's number, a path's one bezier; rlottie draws nothing
        /// of a file whose static path is a list); else keyframes eased linearly, the last one without handles.
        func property(bare: Bool) -> String {
            guard let first = values.first else { return "{\"a\":0,\"k\":0}" }
            if values.allSatisfy({ $0.value == first.value }) {
                return "{\"a\":0,\"k\":" + (bare ? String(first.value.dropFirst().dropLast()) : first.value) + "}"
            }
            // A keyframe equal to both neighbours is reproduced by the linear interpolation between them.
            var kept: [(frame: Int, value: String)] = []
            for (i, key) in values.enumerated() {
                if i > 0, i < values.count - 1, values[i - 1].value == key.value, values[i + 1].value == key.value { continue }
                kept.append(key)
            }
            var out = "{\"a\":1,\"k\":["
            for (i, key) in kept.enumerated() {
                if i > 0 { out += "," }
                out += "{\"t\":\(key.frame),\"s\":\(key.value)"
                // Linear easing to the next keyframe; the last keyframe eases nowhere, so it has no handles.
                if i < kept.count - 1 { out += ",\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}" }
                out += "}"
            }
            return out + "]}"
        }
    }
}

extension LottieWriter {
    /// `--format lottie`: the run as a Lottie animation, made at the end; `warnings` says what it approximated.
    public struct Writer: WholeRunWriter, Sendable {
        /// Lottie files are JSON.
        public static let fileExtension = "json"

        /// The run and its frames, kept for `end`.
        public var kept = KeptRun()
        /// What the Lottie file could not keep exactly (see `LottieWriter.Result.warnings`), after `end`.
        public private(set) var warnings: [String] = []

        /// Draws the run.
        public var writer: LottieWriter

        /// A writer drawing with `writer` (the dark theme, no appearance by default).
        public init(writer: LottieWriter = LottieWriter()) {
            self.writer = writer
        }

        /// Appends the Lottie JSON and keeps its warnings.
        public mutating func end(into out: inout [UInt8]) {
            let result = writer.render(kept.frames, fps: kept.run.fps, title: kept.run.title)
            warnings = result.warnings
            out.append(contentsOf: result.json.utf8)
        }
    }
}
