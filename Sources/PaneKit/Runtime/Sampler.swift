// Static samples of one styler: the container posed at chosen closed fractions, styled by that styler alone.

/// One pose of a sample: the closed fraction and the styled nodes.
package struct Sample: Sendable, Hashable {
    /// The closed fraction the container was posed at.
    package var closed: Double
    /// The nodes after the styler's edits, back to front.
    package var nodes: [Node]
}

/// Poses a container at closed fractions and runs a single styler on each pose.
package enum Sampler {
    /// - Parameters:
    ///   - styler: the only styler that runs (no chrome, no defaults).
    ///   - container: the container to pose; it must have a subject of `group` (a drawer in that direction).
    ///   - group: the subject to pose.
    ///   - fractions: the closed fractions, in order.
    /// - Throws: `HostError` when the styler fails.
    package static func sample(
        _ styler: any Styler, container: ContainerSpec, group: StylerGroup, fractions: [Double]
    ) throws -> [Sample] {
        try fractions.map { closed in
            var posed = container.makePosableContainer()
            posed.setStaticPose(group, closed: closed)
            var host = PaneHost(container: posed, fps: 60, stylers: [group: [styler]], chrome: false)
            host.strict = true
            let frame = try host.step()
            return Sample(closed: closed, nodes: frame.nodes)
        }
    }
}
