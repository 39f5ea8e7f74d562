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
/// `warnings` says when the frames change it. A grid's cell (`FrameCell`) is a precomposition of its layers, shown
/// by a layer masked by the cell's rectangle, so its nodes are clipped to it as in SVG.
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
        // A grid cell's layers go into the cell's precomposition, masked by the cell's rectangle (`cellLayers`).
        let cells = first.cells
        var inCells = Array(repeating: [String](), count: cells.count)
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
            let cell = CSSKeyframes.cell(of: role, in: cells).flatMap { cells.firstIndex(of: $0) }
            guard fading else {
                if let cell { inCells[cell] += own } else { layers += own }
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
            if let cell { inCells[cell].append(group) } else { layers.append(group) }
            index += 1
        }
        for (c, cell) in cells.enumerated().reversed() where !inCells[c].isEmpty {
            let made = cellLayers(cell, inCells[c], index: index, size: first.size, count: count)
            assets.append(made.asset)
            layers.append(made.layer)
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

    /// A grid cell's layers as one precomposition (asset `cell-LABEL`) and the layer that shows it, of the same
    /// name, with an identity transform and a static additive mask of the cell's rectangle: the cell's
    /// nodes are clipped to it, as the SVG's clip path does, whatever their own layers' transforms and masks.
    func cellLayers(_ cell: FrameCell, _ own: [String], index: Int, size: Size, count: Int) -> (asset: String, layer: String) {
        let id = "cell-" + cell.label.replacingOccurrences(of: ".", with: "-"), r = cell.rect
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
        ]
        var path = Track()
        path.add(0, "[" + Self.bezier(Outline(polygon: corners), vertices: 4) + "]")
        let asset = "{\"id\":\(FrameJSON.string(id)),\"nm\":\(FrameJSON.string(id)),\"layers\":[\n" + own.joined(separator: ",\n") + "\n]}"
        var layer = "{\"ddd\":0,\"ind\":\(index),\"ty\":0,\"nm\":\(FrameJSON.string(id)),\"refId\":\(FrameJSON.string(id)),\"sr\":1,"
        layer += "\"ks\":{\"o\":{\"a\":0,\"k\":100},\"r\":{\"a\":0,\"k\":0},\"p\":{\"a\":0,\"k\":[0,0,0]},"
        layer += "\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}},\"ao\":0," + Self.mask(path, name: "cell")
        layer += "\"w\":\(Int(size.width.rounded())),\"h\":\(Int(size.height.rounded())),\"ip\":0,\"op\":\(count),\"st\":0,\"bm\":0}"
        return (asset, layer)
    }

    /// Whether the SVG renderer draws a role's wireframe and image (not on the scrim, divider or corner views).
    static func drawsLook(_ role: Role) -> Bool { ![Role.overlay, .divider, .cornerLeading, .cornerTrailing].contains(role) }

    /// One role through the run: its node in every frame (the nearest one where it is absent), whether it shows,
    /// and its fill.
    struct RoleTrack {
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
    func nodeLayer(_ track: RoleTrack, index: Int) -> String {
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

    /// A shape layer with an identity transform: its name, index, opacity track, mask (or none) and shapes.
    /// With a `parent`, the layer is parented to that layer's index and turned by its own rotation track.
    static func shapeLayer(
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
    static let groupTransform =
        "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},"
        + "\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":{\"a\":0,\"k\":0},\"sa\":{\"a\":0,\"k\":0}}"

    /// A colour's `[r,g,b,1]` (its alpha is the fill's opacity).
    static func rgb(_ c: Color) -> String {
        "[\(NumberFormat.string(c.red)),\(NumberFormat.string(c.green)),\(NumberFormat.string(c.blue)),1]"
    }

    /// A Lottie bezier (`{"c", "v", "i", "o"}`) of `outline`, padded to `vertices` vertices.
    static func bezier(_ outline: Outline, vertices: Int) -> String {
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
    struct Track {
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
