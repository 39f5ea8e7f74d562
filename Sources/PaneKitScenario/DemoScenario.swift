// The demo timeline `panekit play STYLER` runs: a styler seen on its own container without a scenario file.

import PaneKit

/// Builds the scenario that shows one styler on one drawer of a container.
///
/// The timeline is the container's own (its descriptor's `demo`): for a drawer, what a styler has to handle: the
/// drawer opens, a pan drags past open (or, where the container stops at open, part of the way back) and lets go,
/// the drawer closes, and the container bounces where it can. It ends one frame after everything has come to rest.
package enum DemoScenario {
    /// How much of the demo to play.
    package enum Part: String, Sendable, Hashable, CaseIterable {
        /// Open, a pan past open (or part way back) and release, close: the travel a styler is mostly seen in.
        case basic
        /// The basic part, then what the container does besides: the bounce (drawer, dynamics), the widening
        /// through the sidebar and the split view (adaptive). The default.
        case full
    }

    /// A named stretch of the demo timeline, from `at` to the next one's start (a player shows the name).
    package struct Segment: Sendable, Hashable {
        /// `open`, `pan`, `close`, `bounce`, `show master`, `sidebar`, …
        package var name: String
        /// When it starts, in seconds.
        package var at: Double
    }

    /// The demo of `styler` on the subjects of `group` (a drawer's direction, a pager's `pages`) of `container`.
    /// - Parameters:
    ///   - styler: the styler, with its parameters, run alone on that group.
    ///   - container: the container; a drawer container is given stretch and every gesture so the pan works.
    ///   - group: the subjects to show (a direction's drawer: the container must have one there).
    ///   - fps: frames per second.
    ///   - part: the whole demo (the default) or its basic part.
    package static func make(
        styler: StylerReference, container: ContainerSpec, group: StylerGroup, fps: Double = 60, part: Part = .full
    ) -> Scenario {
        let demo = self.demo(container: container, group: group, part: part)
        let subject = group.direction.map { "the \($0.rawValue) drawer" } ?? "the \(group.rawValue)"
        let name = "\(styler.name) on \(subject) of a \(demo.container.typeName) container: \(demo.summary)"
        return Scenario(
            name: name, size: demo.container.size, fps: fps, container: demo.container, stylers: [group: [styler]],
            timeline: demo.segments.flatMap(\.actions))
    }

    /// The named segments of the demo `make` builds for the same container, group and part, in order.
    package static func segments(container: ContainerSpec, group: StylerGroup, part: Part = .full) -> [Segment] {
        demo(container: container, group: group, part: part).segments.map { Segment(name: $0.name, at: $0.at) }
    }

    /// The name of the segment playing at `time`, if any.
    package static func segment(at time: Double, in segments: [Segment]) -> String? {
        segments.last { $0.at <= time + 1e-9 }?.name
    }

    /// The container's demo, from its descriptor (a container no descriptor knows shows nothing).
    private static func demo(container: ContainerSpec, group: StylerGroup, part: Part) -> ContainerDemo {
        ContainerRegistry.descriptor(for: container.kind)?.demo(of: container, group: group, full: part == .full)
            ?? ContainerDemo(container: container, segments: [], summary: "")
    }
}
