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
package struct MirroredContainer: Container {
    /// Any family's request: the counterpart's own, mirrored on the way in.
    package typealias TypedAction = Action

    /// The left-to-right counterpart that moves.
    package private(set) var base: any Container
    /// Whether pan and tap points are mirrored on the way in (true). `PaneHost` turns it off and mirrors them
    /// itself, sampling a pan along its mirrored path so that every sample is exactly the left-to-right run's.
    package var mirrorsTouches = true

    /// Whether the counterpart's pans move along x: only then is a pan's velocity in an event mirrored (a dynamics
    /// container's top and bottom drawers report theirs along y).
    private let horizontal: Bool

    /// The mirror image of `container`: runs its left-to-right counterpart and mirrors every pose, touch and
    /// event across the container's vertical centre line.
    /// - Parameter container: a container laid out right to left; its `leftToRightCounterpart()` runs.
    package init(_ container: any Container) {
        base = container.leftToRightCounterpart()
        var pose = Pose()
        base.pose(into: &pose)
        horizontal = pose.subjects.first?.direction.isHorizontal ?? true
    }

    package var kind: ContainerKind { base.kind }
    package var size: Size { base.size }
    package var state: ContainerState { base.state }
    package var isAtRest: Bool { base.isAtRest }
    package var layoutDirection: LayoutDirection { .rtl }
    package func leftToRightCounterpart() -> any Container { base }
    package var stylerGroups: [StylerGroup] { base.stylerGroups.map(\.mirroredHorizontally) }
    package var adaptiveLayout: AdaptiveLayout { base.adaptiveLayout }
    package var regionOffsets: [Double]? { base.regionOffsets }

    package mutating func advance(to time: Double, events: inout [Event]) {
        let start = events.count
        base.advance(to: time, events: &events)
        mirrorEvents(&events, from: start)
    }

    package mutating func perform(_ action: Action, at time: Double, events: inout [Event]) {
        let start = events.count
        var mirrored = action.mirroredHorizontally()
        if mirrorsTouches, let touch = mirrored.touch { mirrored = .touch(touch.mirroredHorizontally(width: base.size.width)) }
        base.perform(any: mirrored, at: time, events: &events)
        mirrorEvents(&events, from: start)
    }

    /// The counterpart's pose, mirrored. Its accessibility is taken first, from the unmirrored pose.
    /// - Complexity: per node and subject, no allocation.
    package func pose(into pose: inout Pose) {
        base.pose(into: &pose)
        pose.mirroredAccessibility = base.accessibility(of: pose).mirroredHorizontally
        pose.mirrorHorizontally(width: base.size.width)
    }

    /// The counterpart's own fields of the subject it mirrors: whatever a family adds, it carries.
    package func describe(_ subject: Subject, in context: inout StyleContext) {
        base.describe(subject.mirroredHorizontally, in: &context)
    }

    package func writeFields(into fields: inout FrameFields) { base.writeFields(into: &fields) }

    /// The counterpart's arbitration, unmirrored: the host's arbiter sees the touches the counterpart sees.
    package func panArbitration() -> PanArbitration? { base.panArbitration() }

    package func defaultStylers(for group: StylerGroup) -> [any Styler] { base.defaultStylers(for: group.mirroredHorizontally) }

    package func chromeStylers(for group: StylerGroup) -> [any Styler] { base.chromeStylers(for: group.mirroredHorizontally) }

    /// The counterpart's accessibility with the drawers' roles swapped (from `pose(into:)` when `pose` came from
    /// there, which costs nothing).
    package func accessibility(of pose: Pose) -> Accessibility {
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

extension Subject {
    /// The subject in the mirror image: its group, node and edge swap left and right.
    package var mirroredHorizontally: Subject {
        var s = self
        s.group = group.mirroredHorizontally
        s.role = role.mirroredHorizontally
        s.direction = direction.mirroredHorizontally
        return s
    }
}

extension Accessibility {
    /// The same accessibility with the left and right drawers' roles swapped.
    /// - Complexity: O(reachable roles), no allocation.
    var mirroredHorizontally: Accessibility {
        var result = self
        result.reachable = 0
        var bits = reachable
        while bits != 0 {
            result.reachable |= 1 << UInt32(Role.withIndex(bits.trailingZeroBitCount).mirroredHorizontally.index)
            bits &= bits - 1
        }
        result.focus = focus?.mirroredHorizontally
        return result
    }
}

extension Pose {
    /// Mirrors the pose across the vertical axis of a container `width` wide, in place: every node and subject,
    /// the drawers' subjects kept in direction order (left before right, as `Frame.fractions` lists them).
    /// - Complexity: per node and subject, no allocation.
    mutating func mirrorHorizontally(width: Double) {
        // Copies out and back, and swaps by hand: a mutating call on an element, or `swapAt`, allocates in
        // unoptimised builds.
        for n in 0..<nodes.count {
            var node = nodes[n]
            node.mirrorHorizontally(width: width)
            nodes[n] = node
        }
        for i in 0..<subjects.count { subjects[i] = subjects[i].mirroredHorizontally }
        if subjects.count > 1, let a = subjects[0].group.direction, let b = subjects[1].group.direction, b < a {
            let first = subjects[0]
            subjects[0] = subjects[1]
            subjects[1] = first
        }
    }
}

extension Node {
    /// Mirrors the node across the vertical axis of a container `width` wide: its role, frame, style and scrolled
    /// regions.
    /// - Complexity: O(1) for a node without scrolled regions, no allocation then.
    package mutating func mirrorHorizontally(width: Double) {
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
    package var mirroredHorizontally: Transform3D {
        var t = self
        t.m12 = -m12; t.m13 = -m13; t.m14 = -m14
        t.m21 = -m21; t.m31 = -m31; t.m41 = -m41
        return t
    }
}
