// Frames as a Lottie animation: one shape layer per node role whose path is the node's projected outline, per frame.

import Foundation
import PaneKit

/// Writes a run's frames as a Lottie 1.0 animation (bodymovin JSON): the scenario's size, frame rate and frames
/// (`ip` 0, `op` the frame count, `fr` the rate), and one shape layer per node role, `nm` equal to the role.
///
/// A layer's transform is the identity; its shape is the node's outline projected into container points (its
/// four corners, perspective included, so every 2-D player draws the quad the frame says), one path keyframe per
/// frame. The fill colour and its alpha (the scrim's colour, a node's own `color`), and the layer's opacity (alpha
/// × 100, 0 while the node is hidden or absent) are animated the same way; nodes other than the scrim, divider
/// and corner views carry the SVG renderer's outline (black at 35 %, 1 pt). Keyframes ease linearly to the next
/// one, so at every frame the value is that frame's own, and a property's last keyframe has no easing handles
/// (rlottie misplaces a layer whose last keyframe has them). A value that holds over several frames keeps only
/// the keyframes at the ends of the hold. Shadows, labels and the divider's gradient are not drawn. Lottie
/// layers keep one order: they are stacked in the order of the frame where most roles are present, and
/// `warnings` says when the frames change it.
public struct LottieWriter: Sendable {
    /// The Lottie writer; it has no options.
    public init() {}

    /// The JSON and what the Lottie file could not keep exactly, one sentence each.
    public struct Result: Sendable {
        /// The Lottie animation as one JSON document.
        public var json: String
        /// One sentence per approximation made (the layers' stacking order).
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

    /// The closed paths that draw `node`: its projected quad, or for a corner view its concave pieces, each
    /// projected. The path of a layer is built only from these outlines, so a rounded outline drawn here is
    /// exported as it is.
    public static func outlines(of node: Node) -> [Outline] {
        switch node.role {
        case .cornerLeading, .cornerTrailing:
            return CornerPiece.pieces(node).map { piece in
                Outline(polygon: piece.outline().map { node.project(Point(x: node.frame.x + $0.x, y: node.frame.y + $0.y)) })
            }
        default:
            let q = node.corners
            return [Outline(polygon: [q.topLeft, q.topRight, q.bottomRight, q.bottomLeft])]
        }
    }

    /// The frames as a Lottie animation of one layer per role, named by role.
    /// - Parameters:
    ///   - frames: the run, in order; each frame is one Lottie frame.
    ///   - fps: the frames' rate, the animation's `fr`.
    ///   - title: the animation's `nm`.
    ///   - markers: named points in time (`markers`), none by default.
    ///   - outPoint: the animation's `op`; by default the frame count, so frame i shows from i/fps to (i+1)/fps.
    ///     The fraction-keyed export gives the last frame's number, so a player's progress 1 shows the last pose
    ///     (the layers still last the frame count).
    /// - Complexity: O(frames × nodes).
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
        var layers: [String] = []
        for (k, role) in order.enumerated() {
            layers.append(layer(role, index: k + 1, frames: frames))
        }
        var json =
            "{\"v\":\"5.7.0\",\"fr\":\(NumberFormat.string(fps)),\"ip\":0,\"op\":\(NumberFormat.string(outPoint ?? Double(count))),\"w\":\(Int(first.size.width.rounded())),"
        json += "\"h\":\(Int(first.size.height.rounded())),\"nm\":\(FrameJSON.string(title)),\"ddd\":0,\"assets\":[],"
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

    /// One role's shape layer: identity transform, animated opacity, a group of its outline paths, outline
    /// stroke (where the SVG renderer draws one) and fill.
    private func layer(_ role: Role, index: Int, frames: [Frame]) -> String {
        let count = frames.count
        // The node of each frame, or the nearest one (the next, else the previous) where it is absent, so a
        // node that appears does not sweep in from elsewhere.
        var nodes: [Node?] = frames.map { frame in frame.nodes.first { $0.role == role } }
        var next: Node? = nil
        for i in stride(from: count - 1, through: 0, by: -1) {
            if let n = nodes[i] { next = n } else { nodes[i] = next }
        }
        var previous: Node? = nil
        for i in 0..<count {
            if let n = nodes[i] { previous = n } else { nodes[i] = previous }
        }
        let present = frames.map { frame in frame.nodes.contains { $0.role == role } }
        let outlines = nodes.map { $0.map(Self.outlines(of:)) ?? [] }
        let paths = outlines.map(\.count).max() ?? 0
        // The fill where the node is hidden or absent: its colour where it is next (else last) visible, so the
        // colour does not jump to a hidden frame's default (the scrim is black until it shows).
        let visible = (0..<count).map { present[$0] && !nodes[$0]!.style.hidden }
        let own: [Color] = nodes.map { $0?.style.color ?? RoleAppearance.of(role).color }
        var nextShown: [Color?] = Array(repeating: nil, count: count)
        var shown: Color? = nil
        for i in stride(from: count - 1, through: 0, by: -1) {
            if visible[i] { shown = own[i] }
            nextShown[i] = shown
        }
        shown = nil
        var looks = own
        for i in 0..<count {
            if visible[i] { shown = own[i] } else { looks[i] = nextShown[i] ?? shown ?? own[i] }
        }
        var opacity = Track(), color = Track(), colorAlpha = Track()
        var shapes = Array(repeating: Track(), count: paths)
        // Every keyframe of a path has the same vertex count: a missing piece is a point, a short one repeats its
        // last vertex.
        let widths = (0..<paths).map { p in outlines.map { $0.indices.contains(p) ? $0[p].vertices.count : 0 }.max() ?? 0 }
        for i in 0..<count {
            let node = nodes[i]!
            let look = looks[i]
            opacity.add(i, "[" + NumberFormat.string(visible[i] ? min(max(node.style.alpha, 0), 1) * 100 : 0) + "]")
            color.add(i, "[\(NumberFormat.string(look.red)),\(NumberFormat.string(look.green)),\(NumberFormat.string(look.blue)),1]")
            colorAlpha.add(i, "[" + NumberFormat.string(look.alpha * 100) + "]")
            for p in 0..<paths {
                let outline = outlines[i].indices.contains(p) ? outlines[i][p] : Outline(polygon: [node.corners.topLeft])
                shapes[p].add(i, "[" + Self.bezier(outline, vertices: widths[p]) + "]")
            }
        }
        let outlined = ![Role.overlay, .divider, .cornerLeading, .cornerTrailing].contains(role)
        var items: [String] = []
        for (p, track) in shapes.enumerated() {
            items.append("{\"ty\":\"sh\",\"nm\":\"outline \(p + 1)\",\"ks\":\(track.property(number: false))}")
        }
        if outlined {
            items.append(
                "{\"ty\":\"st\",\"nm\":\"border\",\"c\":{\"a\":0,\"k\":[0,0,0,1]},\"o\":{\"a\":0,\"k\":35},\"w\":{\"a\":0,\"k\":1},\"lc\":2,\"lj\":2}"
            )
        }
        items.append(
            "{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":\(color.property(number: false)),\"o\":\(colorAlpha.property(number: true)),\"r\":1}")
        items.append(
            "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},"
                + "\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":{\"a\":0,\"k\":0},\"sa\":{\"a\":0,\"k\":0}}")
        var layer = "{\"ddd\":0,\"ind\":\(index),\"ty\":4,\"nm\":\(FrameJSON.string(role.rawValue)),\"sr\":1,\"ks\":{"
        layer += "\"o\":\(opacity.property(number: true)),\"r\":{\"a\":0,\"k\":0},\"p\":{\"a\":0,\"k\":[0,0,0]},"
        layer += "\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}},\"ao\":0,"
        layer += "\"shapes\":[{\"ty\":\"gr\",\"nm\":\"node\",\"it\":[" + items.joined(separator: ",") + "]}],"
        layer += "\"ip\":0,\"op\":\(count),\"st\":0,\"bm\":0}"
        return layer
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

        /// The property: static (`"a":0`) when every frame holds one value, a number for a one-number property
        /// when `number`; else keyframes eased linearly, the last one without easing handles.
        func property(number: Bool) -> String {
            guard let first = values.first else { return "{\"a\":0,\"k\":0}" }
            if values.allSatisfy({ $0.value == first.value }) {
                return "{\"a\":0,\"k\":" + (number ? String(first.value.dropFirst().dropLast()) : first.value) + "}"
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

        /// The Lottie writer; it has no options.
        public init() {}

        /// Appends the Lottie JSON and keeps its warnings.
        public mutating func end(into out: inout [UInt8]) {
            let result = LottieWriter().render(kept.frames, fps: kept.run.fps, title: kept.run.title)
            warnings = result.warnings
            out.append(contentsOf: result.json.utf8)
        }
    }
}
