// The physics drawer (MSDynamicsDrawerViewController) as one descriptor: its kind, scenario keys, actions, gesture
// keys, demo and CLI defaults; then its arbitration, its mirror image and the host's accessor.

extension ContainerKind {
    /// MSDynamicsDrawerViewController's physics drawer (`DynamicsContainer`).
    public static let dynamics = ContainerKind("dynamics")
}

extension ContainerSpec {
    /// A physics drawer.
    package static func dynamics(_ configuration: DynamicsConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}

extension DynamicsConfiguration: ContainerConfiguration, DrawerWidthsConfiguration {
    /// ``ContainerKind/dynamics``.
    package static var kind: ContainerKind { .dynamics }
    /// The sides with a drawer.
    package var directions: [Direction] { DynamicsContainer(self).directions }
    /// A ``DynamicsContainer``.
    package func makeContainer() -> any StaticPosing { DynamicsContainer(self) }
}

/// The physics drawer's descriptor.
package struct DynamicsDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// The drawer families' roles: the pane, the drawers, the overlay (and the status bar it does not show).
    package var roles: [Role] { Role.drawerFamily }
    /// Its events.
    package var eventTypes: [any ContainerEvent.Type] { [DrawerEvent.self, DynamicsEvent.self] }

    package let keys = [
        "type", "left", "right", "top", "bottom", "gravityMagnitude", "elasticity", "bounceElasticity", "bounceMagnitude",
        "paneStateOpenWideEdgeOffset", "paneViewSlideOffAnimationEnabled", "paneDragRevealEnabled", "paneTapToCloseEnabled",
        "interruptible",
    ]

    package func configuration(reading r: any ScenarioReading, size: Size) -> DynamicsConfiguration? {
        let widths = r.drawers([.left, .right, .top, .bottom])
        let horizontal = widths.keys.filter(\.isHorizontal), vertical = widths.keys.filter { !$0.isHorizontal }
        if widths.isEmpty {
            r.report(.missingKey, nil, "expected a drawer: \"left\", \"right\", \"top\" or \"bottom\" (each {} or {\"width\": 267})")
        } else if !horizontal.isEmpty && !vertical.isEmpty {
            let names = widths.keys.sorted().map(\.rawValue).joined(separator: ", ")
            r.report(.conflict, nil, "expected drawers on one axis (left and right, or top and bottom), got \(names)")
        }
        var c = DynamicsConfiguration(size: size, widths: widths)
        c.gravityMagnitude = r.number("gravityMagnitude", "≥ 0 and ≤ 100") { $0 >= 0 && $0 <= 100 } ?? c.gravityMagnitude
        c.elasticity = r.number("elasticity", "in 0…1") { (0...1).contains($0) } ?? c.elasticity
        c.bounceElasticity = r.number("bounceElasticity", "in 0…1") { (0...1).contains($0) } ?? c.bounceElasticity
        c.bounceMagnitude = r.number("bounceMagnitude", "≥ 0 and ≤ 10000") { $0 >= 0 && $0 <= 10000 } ?? c.bounceMagnitude
        c.paneStateOpenWideEdgeOffset = r.number("paneStateOpenWideEdgeOffset", "≥ 0") { $0 >= 0 } ?? c.paneStateOpenWideEdgeOffset
        c.paneViewSlideOffAnimationEnabled = r.bool("paneViewSlideOffAnimationEnabled") ?? c.paneViewSlideOffAnimationEnabled
        c.paneDragRevealEnabled = r.bool("paneDragRevealEnabled") ?? c.paneDragRevealEnabled
        c.paneTapToCloseEnabled = r.bool("paneTapToCloseEnabled") ?? c.paneTapToCloseEnabled
        c.interruptible = r.bool("interruptible") ?? false
        return c
    }

    package var gestureOptions: GestureOptions? { GestureOptions(flags: ["paneDragRequiresScreenEdgePan"]) }

    package func applying(_ gestures: GestureSettings, to configuration: DynamicsConfiguration) -> DynamicsConfiguration {
        var c = configuration.with(gestures)
        c.paneDragRequiresScreenEdgePan = gestures.flags["paneDragRequiresScreenEdgePan"] ?? c.paneDragRequiresScreenEdgePan
        return c
    }

    package var actions: [ActionSyntax] { [.setPaneState, .physicsBounce, .replacePane] }

    package func demo(of c: DynamicsConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let direction = group.direction ?? .left
        let reveal = c.revealWidth(direction)
        let basic = [
            DemoSegment("open", at: 0, .setPaneState(.open, direction)),
            DemoSegment(
                "pan", at: 1.2, ContainerDemo.drag(onPaneOf: direction, reveal: reveal, size: c.size, by: -0.3, at: 1.2, duration: 0.5)),
            DemoSegment("close", at: 2.6, .setPaneState(.closed, direction)),
        ]
        return ContainerDemo(container: .dynamics(c), basic: basic, extra: [DemoSegment("bounce", at: 3.6, .bounce(direction))], full: full)
    }

    package var stylerPrefixes: [String] { ["ms."] }

    /// All four drawers.
    package var posableGroups: [StylerGroup] { StylerGroup.directions }

    package func posing(
        size: Size, group: StylerGroup, reveal: Double?, behavior: String?
    ) -> (configuration: DynamicsConfiguration, reveal: Double)? {
        let direction = group.direction ?? .left
        let reveal = reveal ?? (direction.isHorizontal ? 267 : 300)
        return (DynamicsConfiguration(size: size, widths: [direction: reveal]), reveal)
    }

    package func bakeGroups(posed group: StylerGroup) -> [StylerGroup] { StylerGroup.directions }

    /// Open wide: past open only.
    package func checkFractions(_ state: ContainerState) -> CheckFractions {
        switch state {
        case .closed: .at([1])
        case .open: .at([0])
        case .openWide: .sweepPastOpen
        default: .sweep
        }
    }

    package func states(layout: AdaptiveLayout) -> [ContainerState] {
        [.closed, .opening, .open, .closing, .dragging, .bouncing, .openWide]
    }

    /// The check's reveal widths: 280 pt across, 200 pt up or down.
    /// Each drawer at `panekit check`'s reveal widths: 280 at the sides, 200 at the top and bottom.
    package func checkPoses(group: StylerGroup, size: Size) -> [CheckPose] {
        guard let direction = group.direction else { return [] }
        guard let c = posing(size: size, group: group, reveal: direction.isHorizontal ? 280 : 200, behavior: nil)?.configuration
        else { return [] }
        return [CheckPose(c, group: group, label: kind.rawValue, states: checkStates(layout: .drawer))]
    }
}

extension ActionSyntax {
    /// `setPaneState` to closed, open or openWide (dynamics).
    package static let setPaneState = ActionSyntax("setPaneState", ["state", "direction", "animated"], timed: true) { r in
        let state = r.required(r.choice("state", PaneState.self), "state", "one of closed, open, openWide")
        let side = r.optionalDirection()
        guard let state, !r.contains("direction") || side != nil else { return nil }
        return .setPaneState(state, side, animated: r.animated)
    }
    /// MS's physics `bounce`, which takes no distance (dynamics).
    package static let physicsBounce = ActionSyntax("bounce", ["direction"], read: bounce.read)
    /// `replacePane` (dynamics).
    package static let replacePane = ActionSyntax("replacePane", ["animated"]) { r in .replacePane(animated: r.animated) }
}

// MARK: - Mirroring, arbitration, the host's accessor

extension DynamicsContainer: SidedContainer {}

extension PaneHost {
    /// The container when it is a physics drawer (MSDynamicsDrawerViewController), else nil; right to left, its
    /// left-to-right counterpart.
    package var dynamics: DynamicsContainer? { container(as: DynamicsContainer.self) }
}

extension DynamicsConfiguration {
    /// The thrown-pan threshold in points per touch event: the policy's, else MS's 5.
    package var resolvedVelocityThreshold: Double { panPolicy.velocityThreshold ?? Self.throwThreshold }
    /// The start-edge strip for `paneDragRequiresScreenEdgePan`: the policy's, else MS's 24 pt.
    package var resolvedEdgeWidth: Double { panPolicy.edgeWidth ?? Self.screenEdgeThreshold }
    /// MS's start-edge distance, pt.
    package static let screenEdgeThreshold = 24.0
}

extension DynamicsContainer {
    package func panArbitration() -> PanArbitration? {
        let closed = currentDirection == nil
        let reveals = configuration.paneDragRevealEnabled
        let horizontal = directions.first?.isHorizontal ?? true
        let positive: Direction = horizontal ? .left : .top, negative: Direction = horizontal ? .right : .bottom
        return configuration.panPolicy.arbitration(
            regions: configuration.scrollRegions, axis: horizontal ? .horizontal : .vertical, failsByDefault: true,
            positive: !closed || (reveals && directions.contains(positive)),
            negative: !closed || (reveals && directions.contains(negative)))
    }

    /// Where a released pan settles when it was not thrown: the nearest state (MS), or with a policy's distance
    /// threshold, open once that fraction of the reveal width shows.
    func releaseState(_ direction: Direction) -> PaneState {
        guard let fraction = configuration.panPolicy.distanceThreshold else { return nearestState() }
        return direction.sign * position.rounded() > configuration.revealWidth(direction) * fraction ? .open : .closed
    }

    /// Whether a pan starting at `point` may move a closed pane under `paneDragRequiresScreenEdgePan` (MS §4.6–4.7):
    /// it must start within the edge strip of a side that has a drawer.
    func startsAtDrawerEdge(_ point: Point) -> Bool {
        let e = configuration.resolvedEdgeWidth
        return directions.contains { side in
            switch side {
            case .top: point.y < e
            case .left: point.x < e
            case .bottom: size.height - point.y < e
            case .right: size.width - point.x < e
            }
        }
    }
}
