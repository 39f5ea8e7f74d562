// The sizes a role's wireframe is drawn at in the outputs a browser draws (CSS, the page, the studio): every size its
// node takes in a run, so content is laid out for the node it is in, never stretched from another size.

import PaneKit

/// The sizes a role's look (its wireframe, and an image filling it) is drawn at for a run: each size its node
/// takes, sizes within `tolerance` of one already drawn (in each dimension) sharing its drawing. The most frequent
/// sizes come first (a node at rest holds its size for many frames), so a resting node is drawn at its own size.
public struct LookSizes: Sendable {
    /// The sizes drawn, most frequent first.
    public let sizes: [Size]
    /// The largest relative difference in width or height between a node and the drawing it shows.
    public let tolerance: Double

    /// The drawings for a node that takes `taken` sizes (in any order, repeated as often as frames show them).
    /// Sizes with no area are left out (a node 0 pt tall shows nothing).
    public init(_ taken: [Size], tolerance: Double = 0.02) {
        self.tolerance = tolerance
        var counts: [Size: Int] = [:], order: [Size] = []
        for size in taken where size.width > 0 && size.height > 0 {
            if counts[size] == nil { order.append(size) }
            counts[size, default: 0] += 1
        }
        // Most frequent first, then in order of appearance: deterministic for a run.
        let ranked = order.enumerated().sorted { a, b in
            let (ca, cb) = (counts[a.element]!, counts[b.element]!)
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        var chosen: [Size] = []
        for size in ranked where !chosen.contains(where: { Self.close($0, size, tolerance) }) { chosen.append(size) }
        sizes = chosen
    }

    /// The index of the drawing for a node of `size`: the size drawn nearest to it (relatively).
    public func nearest(_ size: Size) -> Int {
        func distance(_ s: Size) -> Double {
            max(abs(s.width - size.width) / max(s.width, 1e-9), abs(s.height - size.height) / max(s.height, 1e-9))
        }
        return sizes.indices.min { distance(sizes[$0]) < distance(sizes[$1]) } ?? 0
    }

    static func close(_ a: Size, _ b: Size, _ tolerance: Double) -> Bool {
        abs(a.width - b.width) <= tolerance * a.width && abs(a.height - b.height) <= tolerance * a.height
    }

    /// Whether `role`'s look depends on its node's size (a wireframe; an image that fills its node stretches with
    /// it by design, and `contain` and `cover` fit it themselves).
    public static func sized(_ role: Role, appearance: Appearance) -> Bool { appearance[role]?.content != nil }
}
