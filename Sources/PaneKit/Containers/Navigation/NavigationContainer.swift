// The navigation stack's model (DESIGN §14): a stack of named screens whose top one moves with a push, a pop, the
// interactive back gesture or predictive back, each with its platform's timing (reference/navigation.md).

/// A stack of named screens. Only the top screen and, while it moves or lets the one below show, the screen below
/// are posed and styled: a frame costs the same at any depth.
public struct NavigationContainer: StaticPosing {
    public typealias TypedAction = NavigationAction

    /// One screen of the stack.
    struct Entry: Sendable, Hashable {
        /// Its name (`screen.NAME`).
        var name: String
        /// The preset it was pushed with: its own transition, and the one the screen below follows.
        var preset: NavigationPreset
    }

    /// What the top screen is doing.
    enum Phase: Sendable {
        /// At rest in place.
        case rest
        /// Moving; `ending` says what its end means.
        case moving(NavigationMotion, ending: Ending)
        /// Following a finger or a predictive back's track.
        case tracking(NavigationTracking)
    }

    /// What the end of a motion means.
    enum Ending: Sendable, Hashable {
        /// The top screen was pushed: `didPush`.
        case pushed
        /// The top screen leaves: `didPop`, and it is taken off the stack.
        case popped
        /// A back gesture let go of the top screen: `popCancelled`.
        case cancelled
    }

    /// The options.
    public private(set) var configuration: NavigationConfiguration
    /// The screens, bottom first.
    var stack: [Entry]
    /// The top screen's entrance: 0 off, 1 in place.
    var progress = 1.0
    /// The progress's rate of change, per second.
    var velocity = 0.0
    /// What moves the top screen.
    var phase = Phase.rest
    /// Whether a back gesture drives the transition, until its settle ends (`ctx.gesture`).
    var gestureDriven = false
    /// The top screen's progress when the back gesture let go, until its settle ends (`StyleContext.released`).
    var released: Double?
    /// The last time the model was advanced to.
    var now = 0.0

    /// A stack of `configuration.screens` at rest.
    public init(_ configuration: NavigationConfiguration) {
        self.configuration = configuration
        let preset = configuration.resolvedPreset(nil)
        stack = configuration.screens.map { Entry(name: $0, preset: preset) }
    }

    package var kind: ContainerKind { .navigation }
    package var size: Size { configuration.size }
    package var stylerGroups: [StylerGroup] { [.screens] }
    package var layoutDirection: LayoutDirection { configuration.layoutDirection }
    /// The same stack laid out left to right: a right-to-left stack is its mirror image.
    package func leftToRightCounterpart() -> any Container {
        var counterpart = self
        counterpart.configuration.layoutDirection = .ltr
        return counterpart
    }

    package var isAtRest: Bool { resting }
    /// Whether the top screen rests in place.
    var resting: Bool {
        if case .rest = phase { return true }
        return false
    }

    /// `dragging` while a back gesture is followed, `opening` while a screen comes in (or goes back in place),
    /// `closing` while one leaves, `open` at rest.
    package var state: ContainerState {
        switch phase {
        case .rest: .open
        case .tracking: .dragging
        case .moving(_, let ending): ending == .popped ? .closing : .opening
        }
    }

    /// The screens by name, bottom first.
    public var screens: [String] { stack.map(\.name) }

    /// The distance a progress of 1 covers for the top screen's preset, in points.
    var travel: Double {
        let edge = stack.last?.preset.edge ?? .right
        return edge.isHorizontal ? size.width : size.height
    }

    package mutating func advance(to time: Double, events: inout [Event]) {
        now = max(now, time)
        if case .tracking(var tracking) = phase {
            let release = tracking.advance(to: time, in: self)
            progress = tracking.progress
            phase = .tracking(tracking)
            guard let release else { return }
            settle(commit: release.commit, velocity: release.velocity, at: release.time, tracked: tracking, events: &events)
        }
        guard case .moving(let motion, let ending) = phase else { return }
        if motion.isFinished(at: time) {
            progress = motion.to
            finish(ending, events: &events)
        } else {
            progress = motion.value(at: time)
            velocity = (motion.value(at: time + 1e-4) - progress) / 1e-4
        }
    }

    package mutating func perform(_ action: NavigationAction, at time: Double, events: inout [Event]) {
        advance(to: time, events: &events)
        let (untimed, timing) = action.untimed
        switch untimed {
        case .push(let name, let preset, let modal, let animated):
            push(
                name, preset: configuration.resolvedPreset(preset, modal: modal), animated: animated, timing: timing, at: time,
                events: &events)
        case .pop(let animated):
            pop(animated: animated, timing: timing, at: time, events: &events)
        case .back(let gesture, let edge):
            back(gesture, edge: edge, at: time, events: &events)
        case .touch(.pan(let point, let phase)):
            pan(point, phase, at: time, events: &events)
        case .touch(.tap), .touch(.gesture), .timed:
            break
        }
    }

    /// Pushes `name` with `preset`.
    private mutating func push(
        _ name: String, preset: NavigationPreset, animated: Bool, timing: Timing?, at time: Double, events: inout [Event]
    ) {
        if case .tracking = phase { return ignore("push", "the back gesture is in progress", &events) }
        guard !stack.contains(where: { $0.name == name }) else {
            return ignore("push", "the screen \(name) is already in the stack", &events)
        }
        completeMotion(events: &events)
        stack.append(Entry(name: name, preset: preset))
        events.append(.family(NavigationEvent.willPush(screen: name)))
        gestureDriven = false
        move(from: 0, to: 1, spec: preset.open, timing: timing, animated: animated, ending: .pushed, at: time, events: &events)
    }

    /// Pops the top screen.
    private mutating func pop(animated: Bool, timing: Timing?, at time: Double, events: inout [Event]) {
        if case .tracking = phase { return ignore("pop", "the back gesture is in progress", &events) }
        completeMotion(events: &events)
        guard stack.count > 1, let top = stack.last else { return ignore("pop", "the root screen cannot be popped", &events) }
        events.append(.family(NavigationEvent.willPop(screen: top.name)))
        gestureDriven = false
        move(from: progress, to: 0, spec: top.preset.close, timing: timing, animated: animated, ending: .popped, at: time, events: &events)
    }

    /// Starts a motion of the top screen's progress, or jumps there when not `animated`.
    mutating func move(
        from: Double, to: Double, spec: NavigationSpec, timing: Timing? = nil, velocity: Double = 0, animated: Bool = true,
        ending: Ending, at time: Double, events: inout [Event]
    ) {
        progress = from
        guard animated else {
            progress = to
            return finish(ending, events: &events)
        }
        var motion = NavigationMotion(from: from, to: to, start: time, spec: .preset(spec), velocity: velocity, distance: travel)
        if let timing {
            let duration: Double =
                if case .timing(let d, _) = spec { d } else { 0.5 }
            motion.spec = .tween(Tween(from: from, to: to, start: time, duration: duration, timing: timing, velocity: velocity))
        }
        phase = .moving(motion, ending: ending)
    }

    /// Ends the motion under way at once (a push or pop arriving while another runs).
    private mutating func completeMotion(events: inout [Event]) {
        guard case .moving(let motion, let ending) = phase else { return }
        progress = motion.to
        finish(ending, events: &events)
    }

    /// The top screen came to rest: the event its motion ends with.
    mutating func finish(_ ending: Ending, events: inout [Event]) {
        phase = .rest
        velocity = 0
        gestureDriven = false
        released = nil
        guard let top = stack.last else { return }
        switch ending {
        case .pushed: events.append(.family(NavigationEvent.didPush(screen: top.name)))
        case .cancelled: events.append(.family(NavigationEvent.popCancelled(screen: top.name)))
        case .popped:
            stack.removeLast()
            events.append(.family(NavigationEvent.didPop(screen: top.name)))
        }
        progress = 1
    }

    /// Reports an action the stack cannot take now.
    func ignore(_ action: String, _ reason: String, _ events: inout [Event]) {
        events.append(.actionIgnored(action: action, reason: reason))
    }
}
