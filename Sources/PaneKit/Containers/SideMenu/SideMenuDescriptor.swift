// The side menu (SideNavigation) as one descriptor: its kind, scenario keys, actions, gesture keys, demo and CLI
// defaults; then its arbitration, its mirror image and the host's accessor.

extension ContainerKind {
    /// SideMenu's menu (`SideMenuContainer`).
    public static let sidemenu = ContainerKind("sidemenu")
}

extension ContainerSpec {
    /// A side menu.
    package static func sidemenu(_ configuration: SideMenuConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}

extension SideMenuConfiguration: ContainerConfiguration, DrawerWidthsConfiguration {
    /// ``ContainerKind/sidemenu``.
    package static var kind: ContainerKind { .sidemenu }
    /// The sides with a menu.
    package var directions: [Direction] { [Direction.left, .right].filter { widths[$0] != nil } }
    /// A ``SideMenuContainer``.
    package func makeContainer() -> any StaticPosing { SideMenuContainer(self) }
}

/// The side menu's descriptor.
package struct SideMenuDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// The drawer families' roles: the pane, the drawers, the overlay (and the status bar it does not show).
    package var roles: [Role] { Role.drawerFamily }
    /// Its events.
    package var eventTypes: [any ContainerEvent.Type] { [SideMenuEvent.self] }

    package let keys = ["type", "left", "right", "animationDuration", "completionThreshold", "edgeWidth", "interruptible", "timing"]

    package func configuration(reading r: any ScenarioReading, size: Size) -> SideMenuConfiguration? {
        let widths = r.drawers([.left, .right])
        if widths.isEmpty {
            r.report(.missingKey, nil, "expected a menu: \"left\" or \"right\" (each an object such as {} or {\"width\": 250})")
        }
        var c = SideMenuConfiguration(size: size, widths: widths)
        c.animationDuration = r.number("animationDuration", "≥ 0") { $0 >= 0 } ?? c.animationDuration
        c.completionThreshold = r.number("completionThreshold", "in 0…1") { (0...1).contains($0) } ?? c.completionThreshold
        c.edgeWidth = r.number("edgeWidth", "≥ 0") { $0 >= 0 } ?? c.edgeWidth
        c.interruptible = r.bool("interruptible") ?? false
        c.timing = r.timing("timing")
        return c
    }

    package var gestureOptions: GestureOptions? {
        GestureOptions(aliases: ["edgeWidth": "edgeWidth", "distanceThreshold": "completionThreshold"])
    }

    package var actions: [ActionSyntax] { [.present, .dismiss] }

    package func demo(of c: SideMenuConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let direction = group.direction ?? .left
        let reveal = c.widths[direction].flatMap { $0 } ?? c.size.width * 2 / 3
        // The menu lies over the content: the pan starts on the scrim beside it and pulls it part way back.
        let basic = [
            DemoSegment("open", at: 0, .present(direction)),
            DemoSegment(
                "pan", at: 0.8, ContainerDemo.drag(onPaneOf: direction, reveal: reveal, size: c.size, by: -0.3, at: 0.8, duration: 0.5)),
            DemoSegment("close", at: 2.0, .dismiss()),
        ]
        return ContainerDemo(container: .sidemenu(c), basic: basic, extra: [], full: full)
    }

    package var stylerPrefixes: [String] { ["sidemenu."] }

    package func posing(
        size: Size, group: StylerGroup, reveal: Double?, behavior: String?
    ) -> (configuration: SideMenuConfiguration, reveal: Double)? {
        let direction = group.direction ?? .left
        let reveal = reveal ?? size.width * 2 / 3
        return (SideMenuConfiguration(size: size, widths: [direction: reveal]), reveal)
    }
}

extension ActionSyntax {
    /// `present` a menu; the direction may be left out when there is one (sidemenu).
    package static let present = ActionSyntax("present", ["direction", "animated"], timed: true) { r in
        let side = r.optionalDirection()
        if r.contains("direction") && side == nil { return nil }
        if side == nil && r.directions.count > 1 {
            let names = r.directions.map(\.rawValue)
            r.report(.missingKey, "direction", "missing; expected one of \(names.joined(separator: ", ")) (the container has two menus)")
            return nil
        }
        return .present(side, animated: r.animated)
    }
    /// `dismiss` the menu (sidemenu).
    package static let dismiss = ActionSyntax("dismiss", ["animated"], timed: true) { r in .dismiss(animated: r.animated) }
}

// MARK: - Mirroring, arbitration, the host's accessor

extension SideMenuContainer: SidedContainer {}

extension PaneHost {
    /// The container when it is a side menu (SideMenu), else nil; right to left, its left-to-right counterpart.
    package var sideMenu: SideMenuContainer? { container(as: SideMenuContainer.self) }
}

extension SideMenuConfiguration {
    /// The present edge: the policy's `edgeWidth`, else `edgeWidth` (20 pt).
    package var resolvedEdgeWidth: Double { panPolicy.edgeWidth ?? edgeWidth }
    /// The fraction of the container's width past which a released pan finishes: the policy's, else
    /// `completionThreshold` (SideNavigation's 0.2).
    package var resolvedDistanceThreshold: Double { panPolicy.distanceThreshold ?? completionThreshold }
}

extension SideMenuContainer {
    package func panArbitration() -> PanArbitration? {
        let closed = presentedSide == nil
        return configuration.panPolicy.arbitration(
            regions: configuration.scrollRegions, failsByDefault: false,
            positive: !closed || directions.contains(.left), negative: !closed || directions.contains(.right))
    }

    /// Whether a released pan finishes: past the policy's speed threshold (pt/s, none in SideNavigation) in either
    /// direction, else past the distance threshold.
    func releaseFinishes(progress: Double, rate: Double) -> Bool {
        if let threshold = configuration.panPolicy.velocityThreshold {
            let speed = rate * size.width
            if speed > threshold { return true }
            if speed < -threshold { return false }
        }
        return progress > configuration.resolvedDistanceThreshold
    }
}
