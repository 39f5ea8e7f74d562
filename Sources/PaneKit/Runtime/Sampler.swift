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
    ///   - container: the container to pose; it must have a drawer in `direction`.
    ///   - direction: the drawer to pose.
    ///   - fractions: the closed fractions, in order.
    /// - Throws: `HostError` when the styler fails.
    package static func sample(
        _ styler: any Styler, container: ContainerSpec, direction: Direction, fractions: [Double]
    ) throws -> [Sample] {
        try fractions.map { closed in
            var posed = container.makePosableContainer()
            posed.setStaticPose(StylerGroup(direction), closed: closed)
            var host = PaneHost(container: posed, fps: 60, stylers: [StylerGroup(direction): [styler]], chrome: false)
            host.strict = true
            let frame = try host.step()
            return Sample(closed: closed, nodes: frame.nodes)
        }
    }
}
