// What a navigation stack shows on a frame: the visible screens (the top one, and the one below while it moves or
// shows through), the overlay between them, their subjects and `ctx` fields, the frame's `"stack"`, and what a
// screen reader reaches.

extension NavigationContainer {
    /// Whether the screen below the top one is visible: while the top one moves, or rests as a card over it.
    var belowShows: Bool {
        guard stack.count > 1, let top = stack.last else { return false }
        return !resting || progress < 1 || top.preset.seeThrough
    }

    /// The node of the screen `entry`.
    func role(_ entry: Entry) -> Role { Role.screen.member(named: entry.name) }

    /// Writes the visible screens back to front (the one below, the overlay dimming it, the top one) and one
    /// subject per visible screen: the top one first, then the one below at rest (`ctx.next` carries the top one's
    /// entrance).
    /// - Complexity: per frame, at most three nodes and two subjects, whatever the depth of the stack.
    package func pose(into pose: inout Pose) {
        guard let top = stack.last else { return }
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let edge = top.preset.edge
        let reveal = edge.isHorizontal ? size.width : size.height
        // The moving (top) screen is the first subject: the one `sample`, `bake` and `check` pose.
        pose.subjects.append(
            Subject(
                group: .screens, role: role(top), direction: edge, closed: 1 - progress, velocity: -velocity, reveal: reveal,
                styled: true))
        if belowShows {
            let below = role(stack[stack.count - 2])
            pose.nodes.append(Node(role: below, frame: bounds))
            pose.nodes.append(Node(role: .overlay, frame: bounds, style: NodeStyle(hidden: true, color: .black)))
            // Styled by `next`, in step with the top screen: a bake keys its table by the top screen's closed fraction.
            var subject = Subject(group: .screens, role: below, direction: edge, closed: 0, reveal: reveal, styled: true)
            subject.bakeMember = 1
            subject.bakeKey = 1 - progress
            pose.subjects.append(subject)
        }
        pose.nodes.append(Node(role: role(top), frame: bounds))
    }

    /// `ctx.progress`, `ctx.next`, `ctx.gesture`, `ctx.screen`, `ctx.index` and `ctx.preset` of a visible screen, and
    /// for the built-in stylers whether it is the screen below and the progress at a back gesture's release.
    package func describe(_ subject: Subject, in context: inout StyleContext) {
        guard let top = stack.last else { return }
        let isTop = subject.role == role(top)
        let index = isTop ? stack.count - 1 : max(stack.count - 2, 0)
        context[NavigationFields.progress] = isTop ? progress : 1
        context[NavigationFields.next] = isTop ? 0 : progress
        context[NavigationFields.below] = !isTop
        context[NavigationFields.released] = released
        context[NavigationFields.gesture] = gestureDriven
        context[NavigationFields.screen] = stack[index].name
        context[NavigationFields.index] = Double(index)
        context[NavigationFields.preset] = top.preset.name
    }

    /// The frame's `"stack"`: the screens by name, bottom first (a leaving screen until its pop ends).
    package func writeFields(into fields: inout FrameFields) { fields.set("stack", .texts(stack.map(\.name))) }

    /// The behavior's preset styler (a push's own preset draws its screen and the one below).
    package func defaultStylers(for group: StylerGroup) -> [any Styler] {
        [
            NavigationPresetStyler(
                fallback: configuration.resolvedPreset(nil).styler, behavior: configuration.behavior, version: configuration.version)
        ]
    }

    /// The top screen is the one a screen reader reaches, and holds focus (it moves to a pushed screen at once, and
    /// back to the one below when a pop starts); escape pops while a screen is above the root.
    package func accessibility(of pose: Pose) -> Accessibility {
        guard let top = stack.last else { return Accessibility() }
        let leaving = state == .closing && stack.count > 1
        let shown = role(leaving ? stack[stack.count - 2] : top)
        return Accessibility(reachable: [shown], focus: shown, escape: stack.count > (leaving ? 2 : 1))
    }

    /// Puts two screens at rest, the top one at entrance `1 − closed` (what `sample`, `check` and the baker pose).
    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        if stack.count < 2 {
            let preset = configuration.resolvedPreset(nil)
            stack.append(Entry(name: stack.contains { $0.name == "detail" } ? "detail2" : "detail", preset: preset))
        }
        phase = .rest
        velocity = 0
        gestureDriven = false
        released = nil
        progress = min(max(1 - closed, 0), 1)
    }
}
