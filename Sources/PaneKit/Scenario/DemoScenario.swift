// The demo timeline `panekit play STYLER` runs: a styler seen on its own container without a scenario file.

/// Builds the scenario that shows one styler on one drawer of a container.
///
/// The timeline walks through what a styler has to handle: the drawer opens, a pan drags past open (or, where
/// the container stops at open, part of the way back) and lets go, the drawer closes, and the container bounces
/// where it can. It ends one frame after everything has come to rest.
public enum DemoScenario {
    /// The demo of `styler` on the drawer of `container` in `direction`.
    /// - Parameters:
    ///   - styler: the styler, with its parameters, run alone on that drawer.
    ///   - container: the container; a drawer container is given stretch and every gesture so the pan works.
    ///   - direction: the drawer to show; the container must have one there.
    ///   - fps: frames per second.
    public static func make(
        styler: StylerReference, container: ContainerSpec, direction: Direction, fps: Double = 60
    ) -> Scenario {
        var container = container
        let timeline: [TimedAction]
        let size: Size
        switch container {
        case .drawer(var c):
            c.stretch = true
            c.openGestures = .all
            c.closeGestures = .all
            container = .drawer(c)
            size = c.size
            let reveal = c.widths[direction] ?? DrawerConfiguration.defaultWidth
            timeline =
                [TimedAction(at: 0, .open(direction))]
                + drag(onPaneOf: direction, reveal: reveal, size: size, by: 0.35, at: 0.8, duration: 0.4)
                + [TimedAction(at: 2.0, .close()), TimedAction(at: 2.8, .bounce(direction))]
        case .dynamics(let c):
            size = c.size
            let reveal = c.revealWidth(direction)
            timeline =
                [TimedAction(at: 0, .setPaneState(.open, direction))]
                + drag(onPaneOf: direction, reveal: reveal, size: size, by: -0.3, at: 1.2, duration: 0.5)
                + [TimedAction(at: 2.6, .setPaneState(.closed, direction)), TimedAction(at: 3.6, .bounce(direction))]
        case .sidemenu(let c):
            size = c.size
            let reveal = c.widths[direction].flatMap { $0 } ?? size.width * 2 / 3
            // The menu lies over the content: the pan starts on the scrim beside it and pulls it part way back.
            timeline =
                [TimedAction(at: 0, .present(direction))]
                + drag(onPaneOf: direction, reveal: reveal, size: size, by: -0.3, at: 0.8, duration: 0.5)
                + [TimedAction(at: 2.0, .dismiss())]
        case .split(let c):
            size = c.size
            timeline = [TimedAction(at: 0, .toggleMaster), TimedAction(at: 0.8, .toggleMaster)]
        case .adaptive(let c):
            // Open as a drawer, then widen through the pinned sidebar to the split view and back.
            size = c.size
            let medium = Size(width: (c.narrowMax + c.mediumMax) / 2, height: size.height)
            let wide = Size(width: c.mediumMax + 200, height: size.height)
            timeline = [
                TimedAction(at: 0, .open(direction)), TimedAction(at: 0.8, .resize(medium)),
                TimedAction(at: 1.6, .resize(wide)), TimedAction(at: 2.4, .resize(size)), TimedAction(at: 3.2, .close()),
            ]
        }
        let name =
            "\(styler.name) on the \(direction.rawValue) drawer of a \(container.typeName) container: "
            + (container.typeName == "split"
                ? "master hidden and shown"
                : container.typeName == "adaptive"
                    ? "open, widened to a sidebar and a split, narrowed, closed"
                    : "open, pan, close" + (hasBounce(container) ? ", bounce" : ""))
        return Scenario(
            name: name, size: size, fps: fps, container: container, stylers: [direction: [styler]], timeline: timeline)
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
