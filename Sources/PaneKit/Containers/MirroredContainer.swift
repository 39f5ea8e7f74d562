// The mirror image of a container across the vertical axis: how a right-to-left layout runs (DESIGN §12).

/// A right-to-left container: it runs the container's left-to-right counterpart and shows its mirror image, so
/// an `rtl` run is the `ltr` run with x ↦ width − x on every point.
///
/// Actions name physical directions and are swapped on the way in; touches are mirrored on the way in too, so the
/// bezel, the pan direction that opens a drawer and the sign of a release's velocity mirror with the layout. The
/// pose comes out mirrored (frames, anchors, transforms conjugated by the reflection, shadow offsets, the left and
/// right drawers' roles and per-direction values) and events name physical directions, with horizontal velocities
/// negated. Stylers then run on the physical pose as for any container: `StyleContext.direction` is physical and
/// `StyleContext.leading` says which side leads.
///
/// `PaneHost` wraps every container whose `layoutDirection` is `rtl` in one.
public struct MirroredContainer: Container {
    /// The left-to-right counterpart that moves.
    public private(set) var base: any Container
    /// Whether pan and tap points are mirrored on the way in (true). `PaneHost` turns it off and mirrors them
    /// itself, sampling a pan along its mirrored path so that every sample is exactly the left-to-right run's.
    public var mirrorsTouches = true

    /// - Parameter container: a container laid out right to left; its `leftToRightCounterpart()` runs.
    /// Whether the drawers move along x: only then is a pan's velocity in an event mirrored (a dynamics container's
    /// top and bottom drawers report theirs along y).
    private let horizontal: Bool

    /// The mirror image of `container`: runs its left-to-right counterpart and mirrors every pose, touch and
    /// event across the container's vertical centre line.
    public init(_ container: any Container) {
        base = container.leftToRightCounterpart()
        horizontal = base.directions.first?.isHorizontal ?? true
    }

    public var kind: ContainerKind { base.kind }
    public var size: Size { base.size }
    public var state: ContainerState { base.state }
    public var isAtRest: Bool { base.isAtRest }
    public var layoutDirection: LayoutDirection { .rtl }
    public func leftToRightCounterpart() -> any Container { base }

    /// The counterpart's directions mirrored, in direction order.
    /// - Complexity: per direction, no allocation.
    public var directions: [Direction] {
        let inner = base.directions
        var mask = 0
        for i in 0..<inner.count { mask |= 1 << inner[i].mirroredHorizontally.index }
        return Self.directionSets[mask]
    }

    /// Every set of directions in direction order, by a mask of `1 << Direction.index` (ORDER DIRECTION).
    private static let directionSets: [[Direction]] = (0..<16).map { mask in
        Direction.allCases.filter { mask & (1 << $0.index) != 0 }
    }

    public mutating func advance(to time: Double, events: inout [Event]) {
        let start = events.count
        base.advance(to: time, events: &events)
        mirrorEvents(&events, from: start)
    }

    public mutating func perform(_ action: Action, at time: Double, events: inout [Event]) {
        let start = events.count
        base.perform(action.mirroredHorizontally(width: mirrorsTouches ? base.size.width : nil), at: time, events: &events)
        mirrorEvents(&events, from: start)
    }

    /// The counterpart's pose, mirrored. Its accessibility is taken first, from the unmirrored pose.
    /// - Complexity: per node, no allocation.
    public func pose(into pose: inout Pose) {
        base.pose(into: &pose)
        pose.mirroredAccessibility = base.accessibility(of: pose).mirroredHorizontally
        pose.mirrorHorizontally(width: base.size.width)
    }

    public var adaptiveLayout: AdaptiveLayout { base.adaptiveLayout }

    /// The counterpart's arbitration, unmirrored: the host's arbiter sees the touches the counterpart sees.
    public func panArbitration() -> PanArbitration? { base.panArbitration() }

    public func defaultStylers(for direction: Direction) -> [any Styler] {
        base.defaultStylers(for: direction.mirroredHorizontally)
    }

    public func chromeStylers(for direction: Direction) -> [any Styler] {
        base.chromeStylers(for: direction.mirroredHorizontally)
    }

    public func drawerRole(for direction: Direction) -> Role {
        base.drawerRole(for: direction.mirroredHorizontally).mirroredHorizontally
    }

    /// The counterpart's accessibility with the drawers' roles swapped (from `pose(into:)` when `pose` came from
    /// there, which costs nothing).
    public func accessibility(of pose: Pose) -> Accessibility {
        if let known = pose.mirroredAccessibility { return known }
        var unmirrored = pose
        unmirrored.mirrorHorizontally(width: base.size.width)
        return base.accessibility(of: unmirrored).mirroredHorizontally
    }

    /// Names physical directions in the events from `start` on, and negates horizontal velocities.
    /// - Complexity: per event, no allocation.
    private func mirrorEvents(_ events: inout [Event], from start: Int) {
        guard start < events.count else { return }
        for e in start..<events.count {
            events[e] = events[e].mirroredHorizontally(velocityAlongX: horizontal)
        }
    }
}

extension Action {
    /// The action in the mirror image across the vertical axis: directions swap left and right, and with a
    /// `width`, pan and tap points go to x ↦ width − x. A `gesture` is left alone (the host samples it).
    public func mirroredHorizontally(width: Double?) -> Action {
        func mirror(_ p: Point) -> Point { width.map { Point(x: $0 - p.x, y: p.y) } ?? p }
        switch self {
        case .open(let d, let animated): return .open(d.mirroredHorizontally, animated: animated)
        case .toggle(let d, let animated): return .toggle(d.mirroredHorizontally, animated: animated)
        case .bounce(let d, let distance): return .bounce(d.mirroredHorizontally, distance: distance)
        case .setMaximumWidth(let d, let w, let animated): return .setMaximumWidth(d.mirroredHorizontally, width: w, animated: animated)
        case .setPaneState(let state, let d, let animated): return .setPaneState(state, d?.mirroredHorizontally, animated: animated)
        case .present(let d, let animated): return .present(d?.mirroredHorizontally, animated: animated)
        case .pan(let phase, let p): return .pan(phase, mirror(p))
        case .tap(let p): return .tap(mirror(p))
        case .timed(let inner, let timing): return .timed(inner.mirroredHorizontally(width: width), timing)
        default: return self
        }
    }
}

extension Accessibility {
    /// The same accessibility with the left and right drawers' roles swapped.
    /// - Complexity: O(1), no allocation.
    var mirroredHorizontally: Accessibility {
        var result = self
        let left = UInt32(1) << UInt32(Role.drawerLeft.index), right = UInt32(1) << UInt32(Role.drawerRight.index)
        result.reachable = (reachable & ~(left | right)) | (reachable & left != 0 ? right : 0) | (reachable & right != 0 ? left : 0)
        result.focus = focus?.mirroredHorizontally
        return result
    }
}

extension Pose {
    /// Mirrors the pose across the vertical axis of a container `width` wide, in place: every node, and the left
    /// and right entries of the per-direction values.
    /// - Complexity: per node, no allocation.
    mutating func mirrorHorizontally(width: Double) {
        // Copies out and back, and swaps by hand: a mutating call on an element, or `swapAt`, allocates in
        // unoptimised builds.
        for n in 0..<nodes.count {
            var node = nodes[n]
            node.mirrorHorizontally(width: width)
            nodes[n] = node
        }
        let l = Direction.left.index, r = Direction.right.index
        (closed[l], closed[r]) = (closed[r], closed[l])
        (velocity[l], velocity[r]) = (velocity[r], velocity[l])
        (reveal[l], reveal[r]) = (reveal[r], reveal[l])
        (styled[l], styled[r]) = (styled[r], styled[l])
    }
}

extension Node {
    /// Mirrors the node across the vertical axis of a container `width` wide: its role, frame, style and scrolled
    /// regions.
    /// - Complexity: O(1) for a node without scrolled regions, no allocation then.
    public mutating func mirrorHorizontally(width: Double) {
        role = role.mirroredHorizontally
        frame.origin.x = width - frame.origin.x - frame.size.width
        style.anchor.x = 1 - style.anchor.x
        style.transform = style.transform.mirroredHorizontally
        if var shadow = style.shadow {
            shadow.offset.x = -shadow.offset.x
            style.shadow = shadow
        }
        for i in scroll.indices {
            scroll[i].rect.origin.x = frame.size.width - scroll[i].rect.origin.x - scroll[i].rect.size.width
        }
    }
}

extension Transform3D {
    /// The transform seen in a mirror across the vertical axis: S × M × S with S = diag(−1, 1, 1, 1), which
    /// negates every entry that couples x with another coordinate.
    /// - Complexity: O(1), no allocation.
    public var mirroredHorizontally: Transform3D {
        var t = self
        t.m12 = -m12; t.m13 = -m13; t.m14 = -m14
        t.m21 = -m21; t.m31 = -m31; t.m41 = -m41
        return t
    }
}
