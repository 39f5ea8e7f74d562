// The demo timeline `panekit play STYLER` runs: a styler seen on its own container without a scenario file.

import PaneKit

/// Builds the scenario that shows one styler on one drawer of a container.
///
/// The timeline walks through what a styler has to handle: the drawer opens, a pan drags past open (or, where
/// the container stops at open, part of the way back) and lets go, the drawer closes, and the container bounces
/// where it can. It ends one frame after everything has come to rest.
public enum DemoScenario {
    /// How much of the demo to play.
    public enum Part: String, Sendable, Hashable, CaseIterable {
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

    /// The demo of `styler` on the drawer of `container` in `direction`.
    /// - Parameters:
    ///   - styler: the styler, with its parameters, run alone on that drawer.
    ///   - container: the container; a drawer container is given stretch and every gesture so the pan works.
    ///   - direction: the drawer to show; the container must have one there.
    ///   - fps: frames per second.
    ///   - part: the whole demo (the default) or its basic part.
    public static func make(
        styler: StylerReference, container: ContainerSpec, direction: Direction, fps: Double = 60, part: Part = .full
    ) -> Scenario {
        let demo = timeline(container: container, direction: direction, part: part)
        let container = demo.container
        let name =
            "\(styler.name) on the \(direction.rawValue) drawer of a \(container.typeName) container: "
            + (container.typeName == "split"
                ? "master hidden and shown"
                : container.typeName == "adaptive"
                    ? (part == .full ? "open, widened to a sidebar and a split, narrowed, closed" : "open, closed")
                    : "open, pan, close" + (part == .full && hasBounce(container) ? ", bounce" : ""))
        return Scenario(
            name: name, size: size(of: container), fps: fps, container: container, stylers: [direction: [styler]],
            timeline: demo.segments.flatMap(\.actions))
    }

    /// The named segments of the demo `make` builds for the same container, direction and part, in order.
    package static func segments(container: ContainerSpec, direction: Direction, part: Part = .full) -> [Segment] {
        timeline(container: container, direction: direction, part: part).segments.map { Segment(name: $0.name, at: $0.at) }
    }

    /// The name of the segment playing at `time`, if any.
    package static func segment(at time: Double, in segments: [Segment]) -> String? {
        segments.last { $0.at <= time + 1e-9 }?.name
    }

    private typealias Stretch = (name: String, at: Double, actions: [TimedAction])

    /// The demo's container (prepared for it) and its timeline by segment.
    private static func timeline(
        container: ContainerSpec, direction: Direction, part: Part
    ) -> (container: ContainerSpec, segments: [Stretch]) {
        var container = container
        var segments: [Stretch]
        var extra: [Stretch] = []
        switch container {
        case .drawer(var c):
            c.stretch = true
            c.openGestures = .all
            c.closeGestures = .all
            container = .drawer(c)
            let reveal = c.widths[direction] ?? DrawerConfiguration.defaultWidth
            segments = [
                ("open", 0, [TimedAction(at: 0, .open(direction))]),
                ("pan", 0.8, drag(onPaneOf: direction, reveal: reveal, size: c.size, by: 0.35, at: 0.8, duration: 0.4)),
                ("close", 2.0, [TimedAction(at: 2.0, .close())]),
            ]
            extra = [("bounce", 2.8, [TimedAction(at: 2.8, .bounce(direction))])]
        case .dynamics(let c):
            let reveal = c.revealWidth(direction)
            segments = [
                ("open", 0, [TimedAction(at: 0, .setPaneState(.open, direction))]),
                ("pan", 1.2, drag(onPaneOf: direction, reveal: reveal, size: c.size, by: -0.3, at: 1.2, duration: 0.5)),
                ("close", 2.6, [TimedAction(at: 2.6, .setPaneState(.closed, direction))]),
            ]
            extra = [("bounce", 3.6, [TimedAction(at: 3.6, .bounce(direction))])]
        case .sidemenu(let c):
            let reveal = c.widths[direction].flatMap { $0 } ?? c.size.width * 2 / 3
            // The menu lies over the content: the pan starts on the scrim beside it and pulls it part way back.
            segments = [
                ("open", 0, [TimedAction(at: 0, .present(direction))]),
                ("pan", 0.8, drag(onPaneOf: direction, reveal: reveal, size: c.size, by: -0.3, at: 0.8, duration: 0.5)),
                ("close", 2.0, [TimedAction(at: 2.0, .dismiss())]),
            ]
        case .split:
            segments = [
                ("show master", 0, [TimedAction(at: 0, .toggleMaster)]),
                ("hide master", 0.8, [TimedAction(at: 0.8, .toggleMaster)]),
            ]
        case .adaptive(let c):
            // Open as a drawer, then widen through the pinned sidebar to the split view and back.
            let medium = Size(width: (c.narrowMax + c.mediumMax) / 2, height: c.size.height)
            let wide = Size(width: c.mediumMax + 200, height: c.size.height)
            segments = [("open", 0, [TimedAction(at: 0, .open(direction))])]
            extra = [
                ("sidebar", 0.8, [TimedAction(at: 0.8, .resize(medium))]),
                ("split", 1.6, [TimedAction(at: 1.6, .resize(wide))]),
                ("narrow", 2.4, [TimedAction(at: 2.4, .resize(c.size))]),
            ]
            let close: Stretch = ("close", 3.2, [TimedAction(at: 3.2, .close())])
            if part == .basic { return (container, segments + [("close", 0.8, [TimedAction(at: 0.8, .close())])]) }
            return (container, segments + extra + [close])
        }
        return (container, part == .full ? segments + extra : segments)
    }

    private static func size(of container: ContainerSpec) -> Size {
        switch container {
        case .drawer(let c): c.size
        case .dynamics(let c): c.size
        case .sidemenu(let c): c.size
        case .split(let c): c.size
        case .adaptive(let c): c.size
        }
    }

    private static func hasBounce(_ container: ContainerSpec) -> Bool {
        switch container {
        case .drawer, .dynamics: true
        case .sidemenu, .split, .adaptive: false
        }
    }

    /// A pan on the visible part of the open pane, along the drawer's axis by `amount` × `reveal` (positive
    /// further open, negative back toward closed), released at the end.
    private static func drag(
        onPaneOf direction: Direction, reveal: Double, size: Size, by amount: Double, at time: Double, duration: Double
    ) -> [TimedAction] {
        let extent = direction.isHorizontal ? size.width : size.height
        // The middle of what the open drawer leaves of the pane: between the drawer's edge and the far side.
        let along = direction.sign > 0 ? (reveal + extent) / 2 : (extent - reveal) / 2
        let across = (direction.isHorizontal ? size.height : size.width) / 2
        let shift = direction.sign * amount * reveal
        func point(_ a: Double) -> Point { direction.isHorizontal ? Point(x: a, y: across) : Point(x: across, y: a) }
        return ScenarioLoader.pan(through: [point(along), point(along + shift)], duration: duration, at: time)
    }
}
