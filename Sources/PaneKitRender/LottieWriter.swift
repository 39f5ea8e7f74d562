// Frames as a Lottie animation (bodymovin JSON): one shape layer per node role, animated frame by frame.

import Foundation
import PaneKit

/// Writes a run's frames as Lottie JSON (schema version 5.7): the scenario's size, frame rate and frames
/// (`ip` 0, `op` the frame count), and one rectangle shape layer per node role, `nm` equal to the role.
///
/// Each layer's transform holds one keyframe per frame, eased linearly to the next (so the values at frame
/// times are the frames' own): anchor `a` the node's pivot in its first frame's size, position `p` where
/// the pivot lands, rotation `r` and scale `s` of the affine map that sends the node's corners where the frame
/// says (exact for a 2-D transform), and opacity `o` (alpha × 100, 0 when hidden or absent). Lottie layers are
/// 2-D and keep one order: a transform with perspective or rotation about x or y is replaced by the affine map
/// that best fits (least squares) its four projected corners, shear is dropped, and the layers are stacked in the order of the frame
/// where most roles are present; `warnings` says when any of that happened.
public struct LottieWriter: Sendable {
    /// The Lottie writer; it has no options.
    public init() {}

    /// What the Lottie file could not keep exactly, one sentence each.
    public struct Result: Sendable {
        /// The Lottie animation as one JSON document.
        public var json: String
        /// One sentence per approximation made (a perspective fitted, a shear dropped, layers reordered).
        public var warnings: [String]
    }

    /// The frames as a Lottie animation of one layer per role, named by role.
    /// - Parameters:
    ///   - frames: the run, in order; each frame is one Lottie frame.
    ///   - fps: the frames' rate, the animation's `fr`.
    ///   - title: the animation's `nm`.
    /// - Complexity: O(frames × nodes).
    public func render(_ frames: [Frame], fps: Double, title: String) -> Result {
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
        var projected = false, sheared = false
        var layers: [String] = []
        for (k, role) in order.enumerated() {
            let base = frames.lazy.compactMap { $0.nodes.first { $0.role == role } }.first!
            let (w, h) = (max(base.frame.width, 1e-6), max(base.frame.height, 1e-6))
            var position: [String] = [], rotation: [String] = [], scale: [String] = [], opacity: [String] = [], anchor: [String] = []
            var lastAngle = 0.0
            for (i, frame) in frames.enumerated() {
                guard let node = frame.nodes.first(where: { $0.role == role }) else {
                    opacity.append(key(i, [0]))
                    continue
                }
                let t = node.style.transform
                if t.m13 != 0 || t.m23 != 0 || t.m14 != 0 || t.m24 != 0 || t.m34 != 0 || t.m31 != 0 || t.m32 != 0 { projected = true }
                // The least-squares affine map of the rectangle onto the four projected corners: its axes are the
                // mean of the two opposite edges, its centre the corners' centroid. Exact for a 2-D transform.
                let q = node.corners
                let e1 = Point(
                    x: (q.topRight.x + q.bottomRight.x - q.topLeft.x - q.bottomLeft.x) / (2 * w),
                    y: (q.topRight.y + q.bottomRight.y - q.topLeft.y - q.bottomLeft.y) / (2 * w))
                let e2 = Point(
                    x: (q.bottomLeft.x + q.bottomRight.x - q.topLeft.x - q.topRight.x) / (2 * h),
                    y: (q.bottomLeft.y + q.bottomRight.y - q.topLeft.y - q.topRight.y) / (2 * h))
                let centre = Point(
                    x: (q.topLeft.x + q.topRight.x + q.bottomRight.x + q.bottomLeft.x) / 4,
                    y: (q.topLeft.y + q.topRight.y + q.bottomRight.y + q.bottomLeft.y) / 4)
                let (ax, ay) = (node.style.anchor.x * w, node.style.anchor.y * h)
                let p = Point(
                    x: centre.x + e1.x * (ax - w / 2) + e2.x * (ay - h / 2), y: centre.y + e1.y * (ax - w / 2) + e2.y * (ay - h / 2))
                var angle = atan2(e1.y, e1.x) * 180 / .pi
                // Keep the angle continuous so Lottie does not spin the long way between frames.
                while angle - lastAngle > 180 { angle -= 360 }
                while angle - lastAngle < -180 { angle += 360 }
                lastAngle = angle
                let sx = (e1.x * e1.x + e1.y * e1.y).squareRoot()
                let c = cos(angle * .pi / 180), s = sin(angle * .pi / 180)
                let shear = c * e2.x + s * e2.y, sy = -s * e2.x + c * e2.y
                if abs(shear) > 1e-6 * max(1, abs(sy)) { sheared = true }
                anchor.append(key(i, [ax, ay]))
                position.append(key(i, [p.x, p.y]))
                rotation.append(key(i, [angle]))
                scale.append(key(i, [sx * 100, sy * 100]))
                opacity.append(key(i, [node.style.hidden ? 0 : node.style.alpha * 100]))
            }
            let color = (base.style.color ?? RoleAppearance.of(role).color)
            var layer = "{\"ddd\":0,\"ind\":\(k + 1),\"ty\":4,\"nm\":\(FrameJSON.string(role.rawValue)),\"sr\":1,\"ks\":{"
            layer += "\"o\":\(animated(opacity)),\"r\":\(animated(rotation)),\"p\":\(animated(position)),"
            layer += "\"a\":\(animated(anchor)),\"s\":\(animated(scale))},\"ao\":0,\"shapes\":[{\"ty\":\"gr\",\"nm\":\"box\",\"it\":["
            layer += "{\"ty\":\"rc\",\"nm\":\"rect\",\"d\":1,\"s\":{\"a\":0,\"k\":[\(NumberFormat.string(w)),\(NumberFormat.string(h))]},"
            layer += "\"p\":{\"a\":0,\"k\":[\(NumberFormat.string(w / 2)),\(NumberFormat.string(h / 2))]},\"r\":{\"a\":0,\"k\":0}},"
            layer +=
                "{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":{\"a\":0,\"k\":[\(NumberFormat.string(color.red)),\(NumberFormat.string(color.green)),\(NumberFormat.string(color.blue)),1]},"
            layer += "\"o\":{\"a\":0,\"k\":\(NumberFormat.string(color.alpha * 100))},\"r\":1},"
            layer += "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},"
            layer += "\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":{\"a\":0,\"k\":0},\"sa\":{\"a\":0,\"k\":0}}]}],"
            layer += "\"ip\":0,\"op\":\(frames.count),\"st\":0,\"bm\":0}"
            layers.append(layer)
        }
        if projected {
            warnings.append(
                "perspective and rotations about x or y have no Lottie form; each such node keeps the 2-D affine map that best fits its four projected corners"
            )
        }
        if sheared { warnings.append("a node is sheared; Lottie layers here carry rotation and scale only, so the shear is dropped") }
        var json =
            "{\"v\":\"5.7.0\",\"fr\":\(NumberFormat.string(fps)),\"ip\":0,\"op\":\(frames.count),\"w\":\(Int(first.size.width.rounded())),"
        json += "\"h\":\(Int(first.size.height.rounded())),\"nm\":\(FrameJSON.string(title)),\"ddd\":0,\"assets\":[],\"layers\":[\n"
        json += layers.joined(separator: ",\n") + "\n]}\n"
        return Result(json: json, warnings: warnings)
    }

    /// Linear easing between keyframes: at a frame's time every player shows that frame's value exactly (held
    /// keyframes are read one frame late by some players at the exact time).
    private static let linear = "\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}"

    private func key(_ frame: Int, _ values: [Double]) -> String {
        "{\"t\":\(frame),\"s\":[\(values.map(NumberFormat.string).joined(separator: ","))],\(Self.linear)}"
    }

    /// An animated property, or a static one when every keyframe holds the same value.
    private func animated(_ keys: [String]) -> String {
        let values = keys.map { $0[$0.range(of: "\"s\":")!.upperBound...] }
        if let v = values.first, values.allSatisfy({ $0 == v }) {
            let value = v.dropLast(("," + Self.linear + "}").count)
            // A one-number property (rotation, opacity) is written as a number when static.
            return "{\"a\":0,\"k\":" + (value.contains(",") ? value : value.dropFirst().dropLast()) + "}"
        }
        return "{\"a\":1,\"k\":[" + keys.joined(separator: ",") + "]}"
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
