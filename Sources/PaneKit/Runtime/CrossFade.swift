// Reduced motion: the host shows a transition as a short cross-fade instead of the travel (DESIGN §12).

/// Replaces every movement a container makes on its own by a fade through transparent: the nodes that change fade
/// out where they were (0.1 s), stay invisible while the container still moves, then fade in where they end up
/// (0.1 s). Nodes that do not change stay as they are; a drag follows the finger (direct manipulation is not
/// motion the app starts, as on the platforms).
///
/// Nothing moves while it can be seen: between two frames a node's corners change only when it is fully
/// transparent on one of them, or during a drag.
struct CrossFade: Sendable {
    /// Each half of the fade, in seconds: the whole fade is at most 0.2 s past the container's own motion.
    static let half = 0.1
    /// Frame times are sums of fractions of a second: a phase ends within this of its nominal end.
    static let slack = 1e-9

    /// The nodes last shown at rest or under the finger.
    private var shown: [Node] = []
    /// When the fade-out began; nil when no fade runs.
    private var start: Double?
    /// When the fade-in began (the end of the fade-out, or the first frame at rest after it).
    private var fadeInStart: Double?

    /// Whether a fade is under way (the host is not at rest until it ends).
    var isActive: Bool { start != nil }

    /// Rewrites `nodes`, the styled nodes at `time`, as the fade shows them.
    /// - Parameters:
    ///   - dragging: whether a finger drives the container (the fade is dropped and the nodes shown as they are).
    ///   - atRest: whether the container has stopped moving.
    /// - Complexity: per node squared (a handful of nodes); copies the nodes while a fade runs or they change.
    mutating func apply(to nodes: inout [Node], time: Double, dragging: Bool, atRest: Bool) {
        if dragging || shown.isEmpty {
            finish(nodes)
            return
        }
        if start == nil {
            if Self.same(nodes, shown) { return }
            start = time
        }
        let elapsed = time - start!
        if elapsed < Self.half - Self.slack {
            // Fade out where they were: a changed node is drawn as it was shown, a new one not at all.
            let k = 1 - elapsed / Self.half
            for n in 0..<nodes.count {
                guard let old = Self.node(nodes[n].role, in: shown) else {
                    nodes[n].style.alpha = 0
                    continue
                }
                if !Self.looksSame(old, nodes[n]) {
                    // Drawn as it was; what a screen reader reaches is the container's state already.
                    nodes[n].frame = old.frame
                    nodes[n].style = old.style
                    nodes[n].style.alpha *= k
                }
            }
            return
        }
        if !atRest {
            fadeInStart = nil
            scale(&nodes, by: 0)
            return
        }
        let from = fadeInStart ?? (elapsed < 2 * Self.half - Self.slack ? start! + Self.half : time)
        fadeInStart = from
        let k = max(0, (time - from) / Self.half)
        if k >= 1 - Self.slack {
            finish(nodes)
            return
        }
        scale(&nodes, by: k)
    }

    /// Multiplies the alpha of every node that differs from the shown one by `k`.
    private func scale(_ nodes: inout [Node], by k: Double) {
        for n in 0..<nodes.count {
            guard let old = Self.node(nodes[n].role, in: shown), Self.looksSame(old, nodes[n]) else {
                nodes[n].style.alpha *= k
                continue
            }
        }
    }

    private mutating func finish(_ nodes: [Node]) {
        shown = nodes
        start = nil
        fadeInStart = nil
    }

    private static func node(_ role: Role, in nodes: [Node]) -> Node? {
        for n in 0..<nodes.count where nodes[n].role == role { return nodes[n] }
        return nil
    }

    private static func same(_ a: [Node], _ b: [Node]) -> Bool {
        guard a.count == b.count else { return false }
        for n in 0..<a.count {
            guard let other = node(a[n].role, in: b), looksSame(other, a[n]) else { return false }
        }
        return true
    }

    /// Whether two nodes are drawn alike (their accessibility aside).
    private static func looksSame(_ a: Node, _ b: Node) -> Bool { a.frame == b.frame && a.style == b.style }
}
