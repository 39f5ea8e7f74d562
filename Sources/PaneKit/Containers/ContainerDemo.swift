// The demo timeline a container gives `panekit play STYLER`: named stretches of actions, and the helpers its
// descriptor builds them with.

/// A named stretch of a demo timeline, from `at` to the next one's start (a player shows the name).
package struct DemoSegment: Sendable, Hashable {
    /// `open`, `pan`, `close`, `bounce`, `show master`, `sidebar`, …
    package var name: String
    /// When it starts, in seconds.
    package var at: Double
    /// The actions it holds.
    package var actions: [TimedAction]

    /// A stretch named `name` from `at`.
    package init(_ name: String, at: Double, _ actions: [TimedAction]) {
        self.name = name
        self.at = at
        self.actions = actions
    }

    /// A stretch of one action at its start.
    package init(_ name: String, at: Double, _ action: Action) { self.init(name, at: at, [TimedAction(at: at, action)]) }
}

/// The demo of a styler on one drawer of a container.
package struct ContainerDemo: Sendable {
    /// The container, prepared for the demo (a drawer is given stretch and every gesture so the pan works).
    package var container: ContainerSpec
    /// The timeline by segment, in order.
    package var segments: [DemoSegment]
    /// What the demo shows, for its title (`open, pan, close, bounce`).
    package var summary: String

    /// A demo of `container` in `segments`, summed up as `summary`.
    package init(container: ContainerSpec, segments: [DemoSegment], summary: String) {
        self.container = container
        self.segments = segments
        self.summary = summary
    }

    /// The usual demo: `basic` (open, a pan, close), then `extra` when `full`; the summary is the segments' names.
    package init(container: ContainerSpec, basic: [DemoSegment], extra: [DemoSegment], full: Bool) {
        let segments = full ? basic + extra : basic
        self.init(container: container, segments: segments, summary: segments.map(\.name).joined(separator: ", "))
    }

    /// A pan on the visible part of the open pane, along the drawer's axis by `amount` × `reveal` (positive
    /// further open, negative back toward closed), released at the end.
    package static func drag(
        onPaneOf direction: Direction, reveal: Double, size: Size, by amount: Double, at time: Double, duration: Double
    ) -> [TimedAction] {
        let extent = direction.isHorizontal ? size.width : size.height
        // The middle of what the open drawer leaves of the pane: between the drawer's edge and the far side.
        let along = direction.sign > 0 ? (reveal + extent) / 2 : (extent - reveal) / 2
        let across = (direction.isHorizontal ? size.height : size.width) / 2
        let shift = direction.sign * amount * reveal
        func point(_ a: Double) -> Point { direction.isHorizontal ? Point(x: a, y: across) : Point(x: across, y: a) }
        return TouchPath(points: [point(along), point(along + shift)], duration: duration).map { [TimedAction(at: time, .gesture($0))] }
            ?? []
    }
}
