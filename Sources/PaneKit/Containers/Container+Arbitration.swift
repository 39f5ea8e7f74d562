// Each container's pan policy resolved against the original's numbers, and what it tells the host's pan arbiter.

extension Container {
    /// No arbitration: every pan sample goes straight to the container.
    public func panArbitration() -> PanArbitration? { nil }
}

extension PanPolicy {
    /// The arbitration of a container with this policy and `regions` (nil when the policy is empty and there are no
    /// regions), whose pans fail without a drawer when `failsByDefault` and the policy says nothing.
    func arbitration(
        regions: [ScrollRegion], axis: Axis = .horizontal, failsByDefault: Bool, positive: Bool, negative: Bool
    ) -> PanArbitration? {
        guard !isEmpty || !regions.isEmpty else { return nil }
        return PanArbitration(
            axis: axis, lockAngle: lockAngle ?? Self.originalLockAngle, failsWithoutDrawer: failsWithoutDrawer ?? failsByDefault,
            movesTowardsPositive: positive, movesTowardsNegative: negative, regions: regions)
    }
}

extension DrawerConfiguration {
    /// The bezel strip's width: the policy's `edgeWidth`, else `bezelPanningCenterViewRange` (MM's 20 pt).
    public var resolvedEdgeWidth: Double { panPolicy.edgeWidth ?? bezelPanningCenterViewRange }
    /// The release speed that decides by direction: the policy's, else MM's `panVelocityXAnimationThreshold`
    /// (200 pt/s) in push mode and the fork's 500 pt/s above the content.
    public var resolvedVelocityThreshold: Double {
        panPolicy.velocityThreshold ?? (openMode == .above ? Self.aboveVelocityThreshold : panVelocityXAnimationThreshold)
    }
    /// The fraction of the drawer's width past which a slow release opens (MM: half).
    public var resolvedDistanceThreshold: Double { panPolicy.distanceThreshold ?? 0.5 }
    /// The above-content fork's release speed threshold, pt/s.
    public static let aboveVelocityThreshold = 500.0
}

extension DrawerContainer {
    public func panArbitration() -> PanArbitration? {
        let closed = openSide == nil
        return configuration.panPolicy.arbitration(
            regions: configuration.scrollRegions, failsByDefault: false,
            positive: !closed || widths[.left] != nil, negative: !closed || widths[.right] != nil)
    }
}

extension DynamicsConfiguration {
    /// The thrown-pan threshold in points per touch event: the policy's, else MS's 5.
    public var resolvedVelocityThreshold: Double { panPolicy.velocityThreshold ?? Self.throwThreshold }
    /// The start-edge strip for `paneDragRequiresScreenEdgePan`: the policy's, else MS's 24 pt.
    public var resolvedEdgeWidth: Double { panPolicy.edgeWidth ?? Self.screenEdgeThreshold }
    /// MS's start-edge distance, pt.
    public static let screenEdgeThreshold = 24.0
}

extension DynamicsContainer {
    public func panArbitration() -> PanArbitration? {
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

extension SideMenuConfiguration {
    /// The present edge: the policy's `edgeWidth`, else `edgeWidth` (20 pt).
    public var resolvedEdgeWidth: Double { panPolicy.edgeWidth ?? edgeWidth }
    /// The fraction of the container's width past which a released pan finishes: the policy's, else
    /// `completionThreshold` (SideNavigation's 0.2).
    public var resolvedDistanceThreshold: Double { panPolicy.distanceThreshold ?? completionThreshold }
}

extension SideMenuContainer {
    public func panArbitration() -> PanArbitration? {
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

extension AdaptiveContainer {
    /// The drawer model's arbitration in the drawer and sidebar layouts (the configuration's `panPolicy` and
    /// `scrollRegions`); none in the split layout, whose pans drag the divider.
    public func panArbitration() -> PanArbitration? {
        layout == .split ? nil : drawer.panArbitration()
    }
}
