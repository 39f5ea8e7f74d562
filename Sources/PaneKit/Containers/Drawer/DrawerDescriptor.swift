// The drawer container (MMDrawerController) as one descriptor: its kind, scenario keys, actions, gesture keys,
// demo and CLI defaults; then its arbitration, its mirror image and the host's accessor.

extension ContainerKind {
    /// MMDrawerController's drawer (`DrawerContainer`).
    public static let drawer = ContainerKind("drawer")
}

extension ContainerSpec {
    /// A drawer container.
    package static func drawer(_ configuration: DrawerConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}

extension DrawerConfiguration: ContainerConfiguration, DrawerWidthsConfiguration {
    /// ``ContainerKind/drawer``.
    package static var kind: ContainerKind { .drawer }
    /// The sides with a drawer.
    package var directions: [Direction] { [Direction.left, .right].filter { widths[$0] != nil } }
    /// A ``DrawerContainer``.
    package func makeContainer() -> any StaticPosing { DrawerContainer(self) }
}

/// The drawer container's descriptor.
package struct DrawerDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// The pane, the four drawers, the overlay and the status bar.
    package var roles: [Role] { Role.drawerFamily }
    /// Its events.
    package var eventTypes: [any ContainerEvent.Type] { [DrawerEvent.self] }

    package let keys = [
        "type", "left", "right", "openMode", "stretch", "showsShadow", "shadowRadius", "shadowOpacity", "shadowOffset",
        "shadowColor", "showsStatusBarBackgroundView", "statusBarViewBackgroundColor", "animationVelocity",
        "animationVelocityLeft", "animationVelocityRight", "bounceDistance", "bezelPanningCenterViewRange",
        "panVelocityXAnimationThreshold", "openGestures", "closeGestures", "centerHiddenInteractionMode", "interruptible",
        "timing",
    ]

    /// The spellings of `openMode`: MM's and the fork's.
    static let openModes = ["push", "above", "pushContent", "aboveContent"]

    package func configuration(reading r: any ScenarioReading, size: Size) -> DrawerConfiguration? {
        var widths: [Direction: Double] = [:]
        for (side, width) in r.drawers([.left, .right]) { widths[side] = width ?? DrawerConfiguration.defaultWidth }
        if !r.contains("left") && !r.contains("right") {
            r.report(.missingKey, nil, "expected at least one drawer: \"left\" or \"right\" (each an object such as {\"width\": 280})")
        }
        var c = DrawerConfiguration(size: size, widths: widths)
        if let mode = r.choice("openMode", Self.openModes) { c.openMode = mode.hasPrefix("above") ? .above : .push }
        c.stretch = r.bool("stretch") ?? c.stretch
        c.showsShadow = r.bool("showsShadow") ?? c.showsShadow
        c.shadow.radius = r.number("shadowRadius", "≥ 0") { $0 >= 0 } ?? c.shadow.radius
        c.shadow.opacity = r.number("shadowOpacity", "in 0…1") { (0...1).contains($0) } ?? c.shadow.opacity
        if let (x, y) = r.pair("shadowOffset", positive: false) { c.shadow.offset = Point(x: x, y: y) }
        c.shadow.color = r.color("shadowColor") ?? c.shadow.color
        c.showsStatusBarBackgroundView = r.bool("showsStatusBarBackgroundView") ?? false
        c.statusBarViewBackgroundColor = r.color("statusBarViewBackgroundColor") ?? .black
        if let v = r.positive("animationVelocity") {
            c.animationVelocityLeft = v
            c.animationVelocityRight = v
        }
        c.animationVelocityLeft = r.positive("animationVelocityLeft") ?? c.animationVelocityLeft
        c.animationVelocityRight = r.positive("animationVelocityRight") ?? c.animationVelocityRight
        c.bounceDistance = r.positive("bounceDistance") ?? c.bounceDistance
        c.bezelPanningCenterViewRange = r.number("bezelPanningCenterViewRange", "≥ 0") { $0 >= 0 } ?? 20
        c.panVelocityXAnimationThreshold = r.number("panVelocityXAnimationThreshold", "≥ 0") { $0 >= 0 } ?? 200
        c.openGestures = r.gestures("openGestures", DrawerOpenGestures.names)
        c.closeGestures = r.gestures("closeGestures", DrawerCloseGestures.names)
        c.centerHiddenInteractionMode =
            r.choice("centerHiddenInteractionMode", CenterHiddenInteractionMode.self) ?? c.centerHiddenInteractionMode
        c.interruptible = r.bool("interruptible") ?? false
        c.timing = r.timing("timing")
        return c
    }

    package var gestureOptions: GestureOptions? {
        GestureOptions(aliases: ["edgeWidth": "bezelPanningCenterViewRange", "velocityThreshold": "panVelocityXAnimationThreshold"])
    }

    package var actions: [ActionSyntax] { [.open, .close, .toggle, .bounce, .replaceCenter, .setMaximumWidth] }

    package func demo(of configuration: DrawerConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let direction = group.direction ?? .left
        var c = configuration
        c.stretch = true
        c.openGestures = .all
        c.closeGestures = .all
        let reveal = c.widths[direction] ?? DrawerConfiguration.defaultWidth
        let basic = [
            DemoSegment("open", at: 0, .open(direction)),
            DemoSegment(
                "pan", at: 0.8, ContainerDemo.drag(onPaneOf: direction, reveal: reveal, size: c.size, by: 0.35, at: 0.8, duration: 0.4)),
            DemoSegment("close", at: 2.0, .close()),
        ]
        return ContainerDemo(container: .drawer(c), basic: basic, extra: [DemoSegment("bounce", at: 2.8, .bounce(direction))], full: full)
    }

    package var stylerPrefixes: [String] { ["mm."] }

    package func posing(
        size: Size, group: StylerGroup, reveal: Double?, behavior: String?
    ) -> (configuration: DrawerConfiguration, reveal: Double)? {
        let direction = group.direction ?? .left
        let reveal = reveal ?? DrawerConfiguration.defaultWidth
        return (DrawerConfiguration(size: size, widths: [direction: reveal]), reveal)
    }

    package func states(layout: AdaptiveLayout) -> [ContainerState] {
        [.closed, .opening, .open, .closing, .dragging, .bouncing, .resizing]
    }
}

extension ActionSyntax {
    /// `open` a drawer (drawer, adaptive).
    package static let open = ActionSyntax("open", ["direction", "animated"], timed: true) { r in
        r.direction().map { .open($0, animated: r.animated) }
    }
    /// `close` the open drawer (drawer, adaptive).
    package static let close = ActionSyntax("close", ["animated"], timed: true) { r in .close(animated: r.animated) }
    /// `toggle` a drawer (drawer, adaptive).
    package static let toggle = ActionSyntax("toggle", ["direction", "animated"], timed: true) { r in
        r.direction().map { .toggle($0, animated: r.animated) }
    }
    /// MM's `bounce` preview, with its `distance` (drawer, adaptive).
    package static let bounce = ActionSyntax("bounce", ["direction", "distance"]) { r in
        let distance = r.positive("distance")
        return r.direction().map { .bounce($0, distance: distance) }
    }
    /// `replaceCenter` with a `mode` (drawer).
    package static let replaceCenter = ActionSyntax("replaceCenter", ["mode", "animated"]) { r in
        let mode = r.choice("mode", ReplaceMode.self)
        if r.contains("mode") && mode == nil { return nil }
        return .replaceCenter(mode ?? .close, animated: r.animated)
    }
    /// `setMaximumWidth` of a drawer (drawer).
    package static let setMaximumWidth = ActionSyntax("setMaximumWidth", ["direction", "width", "animated"]) { r in
        let width = r.required(r.positive("width"), "width", "a width > 0")
        guard let side = r.direction(), let width else { return nil }
        return .setMaximumWidth(side, width: width, animated: r.animated)
    }
}

// MARK: - Mirroring, arbitration, the host's accessor

extension DrawerConfiguration: SidedConfiguration {
    /// Swaps the drawers, the animation velocities and the scroll regions of the two sides.
    package mutating func swapHorizontalSides() {
        swapDrawersAndScrollRegions()
        (animationVelocityLeft, animationVelocityRight) = (animationVelocityRight, animationVelocityLeft)
    }
}

extension DrawerContainer: SidedContainer {}

extension PaneHost {
    /// The container when it is a drawer (MMDrawerController), else nil. Right to left (`layoutDirection` `rtl`)
    /// the host runs a `MirroredContainer`, and this is its left-to-right counterpart, whose sides are swapped
    /// (as `TypedPaneHost.container`).
    package var drawer: DrawerContainer? { container(as: DrawerContainer.self) }
}

extension DrawerConfiguration {
    /// The bezel strip's width: the policy's `edgeWidth`, else `bezelPanningCenterViewRange` (MM's 20 pt).
    package var resolvedEdgeWidth: Double { panPolicy.edgeWidth ?? bezelPanningCenterViewRange }
    /// The release speed that decides by direction: the policy's, else MM's `panVelocityXAnimationThreshold`
    /// (200 pt/s) in push mode and the fork's 500 pt/s above the content.
    package var resolvedVelocityThreshold: Double {
        panPolicy.velocityThreshold ?? (openMode == .above ? Self.aboveVelocityThreshold : panVelocityXAnimationThreshold)
    }
    /// The fraction of the drawer's width past which a slow release opens (MM: half).
    package var resolvedDistanceThreshold: Double { panPolicy.distanceThreshold ?? 0.5 }
    /// The above-content fork's release speed threshold, pt/s.
    package static let aboveVelocityThreshold = 500.0
}

extension DrawerContainer {
    package func panArbitration() -> PanArbitration? {
        let closed = openSide == nil
        return configuration.panPolicy.arbitration(
            regions: configuration.scrollRegions, failsByDefault: false,
            positive: !closed || widths[.left] != nil, negative: !closed || widths[.right] != nil)
    }
}
