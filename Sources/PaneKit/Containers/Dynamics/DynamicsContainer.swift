// The dynamics container: MSDynamicsDrawerViewController 1.x as a model (reference/msdynamics.md).

/// MSDynamicsDrawerViewController: up to two drawers on one axis, a pane moved by gravity against collision walls,
/// with restitution, instantaneous pushes for throws and the bounce, and pane replacement with slide-off.
///
/// Physics integrates constant acceleration exactly on a fixed 600 Hz step anchored at each animation's start, so every
/// frame rate sees the same motion. `position` is the pane origin along the drawers' axis.
public struct DynamicsContainer: Container, StaticPosing {
    /// The options the container was made with.
    public let configuration: DynamicsConfiguration
    /// `.dynamics`.
    package var kind: ContainerKind { .dynamics }
    package var size: Size { configuration.size }
    /// The edges that have a drawer, in direction order.
    package let directions: [Direction]

    /// The state the pane rests in or is heading for.
    public private(set) var paneState: PaneState = .closed
    /// MS's currentDrawerDirection (nil is None).
    package private(set) var currentDirection: Direction?
    /// The pane origin along the axis (x for left/right drawers, y for top/bottom).
    package private(set) var position = 0.0
    /// The pane velocity along the axis, pt/s.
    package private(set) var velocity = 0.0
    /// How many times the pane has been replaced; a new pane's node starts over from this number.
    package private(set) var paneGeneration = 0

    private var simulation: Simulation?
    /// A timed state change (a `timing` on setPaneState): the pane follows a curve or a spring instead of gravity.
    private var glide: (tween: Tween, target: PaneState)?
    private var drag: Drag?
    /// The replacement in progress: phase A (sliding off) or C (coming back).
    private var replacing: ReplacePhase?

    private enum ReplacePhase: Sendable { case slidingOff, returning }

    /// A running dynamics animation towards `target`.
    private struct Simulation: Sendable {
        var target: PaneState
        var start: Double
        var steps = 0
        var gravity: Double
        var lower: Double
        var upper: Double
        var elasticity: Double
        var bouncing: Bool
    }

    private struct Drag: Sendable {
        var startPosition: Double
        var startFinger: Double
        /// MS's panDirection: the first direction the pan picked.
        var panDirection: Direction?
        /// The last unclamped displacement per touch event (MS's velocity, points per event).
        var perEvent = 0.0
        /// The pane's velocity from the touch times, pt/s.
        var pane: SampledVelocity
        /// The state the pane was in, or heading for, when the pan began: where a cancelled pan settles.
        var startState: PaneState
    }

    /// A closed container with `configuration`'s drawers and physics.
    public init(_ configuration: DynamicsConfiguration) {
        self.configuration = configuration
        let horizontal = configuration.widths.keys.contains { $0.isHorizontal }
        self.directions = Direction.allCases.filter { configuration.widths[$0] != nil && $0.isHorizontal == horizontal }
    }

    // MARK: - Geometry

    private var isHorizontal: Bool { directions.first?.isHorizontal ?? true }
    /// W or H: the pane's size along the axis.
    private var extent: Double { isHorizontal ? size.width : size.height }

    /// The pane origin along the axis for `state` in `direction` (§1.4; bottom open-wide fixed, see compat).
    func origin(_ state: PaneState, _ direction: Direction?) -> Double {
        guard let direction else { return 0 }
        switch state {
        case .closed: return 0
        case .open: return direction.sign * configuration.revealWidth(direction)
        case .openWide: return direction.sign * (extent + configuration.paneStateOpenWideEdgeOffset)
        }
    }

    /// MS's paneClosedFraction, clamped to 0…1 (§2), including its asymmetry past closed.
    package var closedFraction: Double {
        guard let d = currentDirection else { return 1 }
        let r = configuration.revealWidth(d)
        let f = d.sign > 0 ? (r - position) / r : 1 - abs(position) / r
        return min(max(f, 0), 1)
    }

    /// The closed fraction's rate of change, per second: 0 where `closedFraction` is clamped.
    var closedVelocity: Double {
        guard let d = currentDirection else { return 0 }
        let r = configuration.revealWidth(d)
        let f = d.sign > 0 ? (r - position) / r : 1 - abs(position) / r
        guard f > 0, f < 1 else { return 0 }
        let v = drag?.pane.rate ?? velocity
        return -d.sign * v / r
    }

    /// The nearest resting state to the rounded position (strict <, in the order closed, open, openWide).
    func nearestState() -> PaneState {
        let p = position.rounded()
        var best = PaneState.closed
        var distance = abs(p - origin(.closed, currentDirection))
        for state in [PaneState.open, .openWide] {
            let d = abs(p - origin(state, currentDirection))
            if d < distance {
                best = state
                distance = d
            }
        }
        return best
    }

    /// Whether the pane sits within 2 pt of `state`'s origin (MS's "positioned in a valid state").
    func isPositioned(in state: PaneState) -> Bool {
        abs(position.rounded() - origin(state, currentDirection)) < 2
    }

    // MARK: - State

    /// The state frames and stylers see.
    package var state: ContainerState {
        if drag != nil { return .dragging }
        if let s = simulation {
            if s.bouncing { return .bouncing }
            return s.target == .closed ? .closing : .opening
        }
        if let glide { return glide.target == .closed ? .closing : .opening }
        switch paneState {
        case .closed: return .closed
        case .open: return .open
        case .openWide: return .openWide
        }
    }

    package var isAtRest: Bool { simulation == nil && glide == nil && drag == nil && replacing == nil }

    /// How long a curve timing runs a state change (MS has no duration of its own: its physics sets it).
    package static let curveDuration = 0.3

    static func ignored(_ action: DynamicsAction, _ reason: String) -> Event {
        .actionIgnored(action: action.name, reason: reason)
    }

    /// MS's internal state setter: records the state (with an event when it changes), snaps the pane to the
    /// state's origin and forgets the direction when closed.
    private mutating func apply(_ state: PaneState, events: inout [Event]) {
        simulation = nil
        glide = nil
        velocity = 0
        if state != paneState {
            paneState = state
            events.append(.didUpdatePaneState(state: state, direction: currentDirection))
        }
        position = origin(state, currentDirection)
        if state == .closed { currentDirection = nil }
    }

    /// MS's "animate to state" (§3.2): walls for the target, gravity towards it, an optional push.
    private mutating func animate(
        to target: PaneState, push: Double = 0, elasticity: Double, bouncing: Bool = false, at time: Double,
        events: inout [Event]
    ) {
        guard let d = currentDirection else { return }
        glide = nil
        let towardsOpen = target != .closed
        let g = configuration.gravityMagnitude * 1000 * (towardsOpen ? d.sign : -d.sign)
        // The collision boundary's span for the pane origin (§3.3): −1 … R + 1 open, −1 … W + E + 1 otherwise.
        let far = target == .open ? configuration.revealWidth(d) + 1 : extent + configuration.paneStateOpenWideEdgeOffset + 1
        let (lower, upper) = d.sign > 0 ? (-1.0, far) : (-far, 1.0)
        if push != 0 {
            // UIKit's instantaneous push: magnitude 1 moves a 100 × 100 item of density 1 by 100 pt/s.
            let dv = push * 100 * (100 * 100) / (size.width * size.height)
            let pushTowardsOpen = bouncing ? true : towardsOpen
            velocity += dv * (pushTowardsOpen ? d.sign : -d.sign)
        }
        simulation = Simulation(
            target: target, start: time, gravity: g, lower: lower, upper: upper, elasticity: elasticity, bouncing: bouncing)
        events.append(.mayUpdatePaneState(state: target, direction: d))
    }

    // MARK: - Actions

    package mutating func perform(_ action: DynamicsAction, at time: Double, events: inout [Event]) {
        advance(to: time, events: &events)
        if drag != nil, action.touch == nil { return events.append(Self.ignored(action, "a pan is in progress")) }
        if replacing != nil, action.touch == nil { return events.append(Self.ignored(action, "the pane is being replaced")) }
        let (action, timing) = action.untimed
        switch action {
        case .setPaneState(let state, let direction, let animated):
            setPaneState(state, direction, animated: animated, at: time, events: &events, timing: timing)
        case .bounce(let direction):
            guard directions.contains(direction) else { return events.append(Self.ignored(action, "there is no drawer on that side")) }
            guard paneState == .closed, isAtRest else {
                return events.append(Self.ignored(action, "the bounce needs a closed, resting pane"))
            }
            // MS 1.x reads the current direction (None when closed) and crashes (#109); the named one is meant.
            currentDirection = direction
            animate(
                to: .closed, push: configuration.bounceMagnitude, elasticity: configuration.bounceElasticity, bouncing: true,
                at: time, events: &events)
        case .replacePane(let animated):
            replacePane(animated: animated, at: time, events: &events)
        case .touch(.pan(let point, let phase)):
            if phase == .began, drag == nil, configuration.paneDragRequiresScreenEdgePan, isPositioned(in: .closed),
                !startsAtDrawerEdge(point)
            {
                return events.append(Self.ignored(action, "the pane drag requires a screen-edge pan"))
            }
            pan(phase, isHorizontal ? point.x : point.y, at: time, events: &events)
        case .touch(.tap):
            // MS's tap recognizer receives touches only while the pane is not resting closed.
            guard !isPositioned(in: .closed) else { return events.append(Self.ignored(action, "the pane is closed")) }
            guard configuration.paneTapToCloseEnabled, currentDirection != nil else {
                return events.append(Self.ignored(action, "tap to close is off"))
            }
            animate(to: .closed, elasticity: configuration.elasticity, at: time, events: &events)
        case .touch(.gesture):
            events.append(Self.ignored(action, "a whole pan is delivered by the host, sample by sample"))
        case .timed:
            break  // `untimed` took the timing off
        }
    }

    private mutating func setPaneState(
        _ state: PaneState, _ direction: Direction?, animated: Bool, at time: Double, events: inout [Event],
        timing: Timing? = nil
    ) {
        let action = DynamicsAction.setPaneState(state, direction, animated: animated)
        var side = direction
        if side == nil {
            side = currentDirection ?? (directions.count == 1 ? directions[0] : nil)
            if side == nil && state != .closed {
                return events.append(Self.ignored(action, "name the direction: the container has two drawers"))
            }
        }
        if let side, !directions.contains(side) { return events.append(Self.ignored(action, "there is no drawer on that side")) }
        if let current = currentDirection, let side, side != current, state != .closed, paneState != .closed {
            return events.append(Self.ignored(action, "another drawer is open"))
        }
        // master's guard: already there (and, unless closing, in that direction) → nothing to do.
        if isAtRest, isPositioned(in: state), state == .closed || side == currentDirection, state == paneState { return }
        if state != .closed { currentDirection = side }
        guard currentDirection != nil else { return }
        if animated, let timing, let d = currentDirection {
            // A timing replaces the physics: the pane moves from where it is, with its velocity, to the state's origin.
            simulation = nil
            let target = origin(state, d)
            let scale = configuration.revealWidth(d)
            let tween = Tween(
                from: position, to: target, start: time, duration: Self.curveDuration, timing: timing, velocity: velocity, scale: scale)
            glide = (tween, state)
            events.append(.mayUpdatePaneState(state: state, direction: d))
            advance(to: time, events: &events)
        } else if animated {
            animate(to: state, elasticity: configuration.elasticity, at: time, events: &events)
        } else {
            apply(state, events: &events)
        }
    }

    private mutating func replacePane(animated: Bool, at time: Double, events: inout [Event]) {
        guard animated else {
            swapPane(events: &events)
            return
        }
        if configuration.paneViewSlideOffAnimationEnabled {
            // MS asserts when closed with two drawers (#68); the first drawer is meant.
            if currentDirection == nil { currentDirection = directions.first }
            replacing = .slidingOff
            animate(to: .openWide, elasticity: configuration.elasticity, at: time, events: &events)
        } else {
            swapPane(events: &events)
            guard currentDirection != nil else { return }
            replacing = .returning
            animate(to: .closed, elasticity: configuration.elasticity, at: time, events: &events)
        }
    }

    private mutating func swapPane(events: inout [Event]) {
        paneGeneration += 1
        events.append(.paneReplaced(generation: paneGeneration))
    }

    // MARK: - Pan (§4)

    private mutating func pan(_ phase: TouchPhase, _ finger: Double, at time: Double, events: inout [Event]) {
        switch phase {
        case .began:
            guard drag == nil, replacing == nil else { return events.append(Self.ignored(.touch(.pan(.zero, phase)), "the pane is busy")) }
            drag = Drag(
                startPosition: position, startFinger: finger, panDirection: currentDirection, pane: SampledVelocity(position, at: time),
                startState: simulation?.target ?? glide?.target ?? paneState)
            events.append(.panBegan)
        case .cancelled:
            // UIKit's cancelled state: back to where the pan began, with no throw; a pan that never moved the
            // pane leaves it as it was.
            guard let d = drag else { return }
            drag = nil
            events.append(.panCancelled)
            guard currentDirection != nil, simulation == nil, glide == nil else { return }
            if d.startState == .closed && position == 0 {
                apply(.closed, events: &events)
            } else if !(position == origin(d.startState, currentDirection) && d.startState == paneState) {
                animate(to: d.startState, elasticity: configuration.elasticity, at: time, events: &events)
            }
        case .moved, .ended:
            guard var d = drag else { return }
            let u = d.startPosition + (finger - d.startFinger)
            let delta = u - position
            let panning: Direction? =
                delta > 0 ? (isHorizontal ? .left : .top) : (delta < 0 ? (isHorizontal ? .right : .bottom) : nil)
            var move = true
            if currentDirection == nil {
                let candidate = d.panDirection == nil ? panning : (panning == d.panDirection ? d.panDirection : nil)
                if let candidate {
                    if directions.contains(candidate) && configuration.paneDragRevealEnabled {
                        currentDirection = candidate
                        if d.panDirection == nil { d.panDirection = candidate }
                    } else {
                        drag = nil
                        events.append(.panCancelled)
                        return
                    }
                } else {
                    move = false
                }
            }
            if move, let current = currentDirection {
                simulation = nil
                glide = nil
                velocity = 0
                let r = configuration.revealWidth(current)
                let (lower, upper) = current.sign > 0 ? (0.0, r) : (-r, 0.0)
                let bounded = u <= lower || u >= upper
                position = min(max(u, lower), upper)
                if !bounded && delta != 0 { d.perEvent = delta }
                if panning != nil && position == 0 {
                    apply(.closed, events: &events)
                }
            }
            d.pane.add(position, at: time)
            drag = d
            guard phase == .ended else { return }
            drag = nil
            events.append(.panEnded(velocity: .pointsPerEvent(d.perEvent)))
            guard let current = currentDirection else { return }
            if abs(d.perEvent) > configuration.resolvedVelocityThreshold {
                let opens = current.sign * d.perEvent > 0
                animate(
                    to: opens ? .open : .closed, push: DynamicsConfiguration.throwMultiplier * abs(d.perEvent),
                    elasticity: configuration.elasticity, at: time, events: &events)
            } else {
                animate(to: releaseState(current), elasticity: configuration.elasticity, at: time, events: &events)
            }
        }
    }

    // MARK: - Physics

    package mutating func advance(to time: Double, events: inout [Event]) {
        if let g = glide {
            position = g.tween.value(at: time)
            velocity = g.tween.velocity(at: time)
            if g.tween.isFinished(at: time) { settle(g.target, events: &events) }
            return
        }
        while var s = simulation {
            let next = s.start + Double(s.steps + 1) * DynamicsConfiguration.step
            guard next <= time + 1e-12 else { return }
            s.steps += 1
            simulation = s
            step(s, events: &events)
        }
    }

    /// One 1/600 s step: exact constant-acceleration motion, walls with restitution, the open-wide stop and rest.
    private mutating func step(_ s: Simulation, events: inout [Event]) {
        let dt = DynamicsConfiguration.step
        // Constant acceleration within a step, integrated exactly (no energy drift between walls).
        position += velocity * dt + s.gravity * dt * dt / 2
        velocity += s.gravity * dt
        var contact = false
        if position < s.lower {
            position = s.lower
            if velocity < 0 { velocity = -s.elasticity * velocity }
            contact = true
        } else if position > s.upper {
            position = s.upper
            if velocity > 0 { velocity = -s.elasticity * velocity }
            contact = true
        }
        if s.target == .openWide, let d = currentDirection, d.sign * position >= extent + configuration.paneStateOpenWideEdgeOffset {
            return settle(.openWide, events: &events)
        }
        // At rest when the rebound could not lift the pane half a point against gravity (v² < 2·g·0.5).
        let restSpeed = abs(s.gravity).squareRoot()
        if contact && abs(velocity) < restSpeed || (s.gravity == 0 && abs(velocity) < 1e-9) {
            settle(nearestState(), events: &events)
        }
    }

    /// The animator paused: snap to `state`, then run the replacement's next phase.
    private mutating func settle(_ state: PaneState, events: inout [Event]) {
        let start = simulation.map { $0.start + Double($0.steps) * DynamicsConfiguration.step } ?? 0
        let bounced = simulation?.bouncing ?? false
        apply(state, events: &events)
        if bounced { events.append(.didBounce(direction: nil)) }
        switch replacing {
        case .slidingOff:
            swapPane(events: &events)
            replacing = .returning
            animate(to: .closed, elasticity: configuration.elasticity, at: start, events: &events)
        case .returning:
            replacing = nil
        case nil:
            break
        }
    }

    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        let direction = group.direction ?? .left
        simulation = nil
        drag = nil
        replacing = nil
        currentDirection = direction
        position = direction.sign * configuration.revealWidth(direction) * (1 - closed)
        paneState = closed <= 0 ? .open : .closed
        staticClosed = closed
    }

    /// Set by `setStaticPose` so samples past open keep their fraction (MS clamps its own).
    private var staticClosed: Double?

    // MARK: - Layout

    package func pose(into pose: inout Pose) {
        let bounds = Rect(origin: .zero, size: size)
        for i in 0..<directions.count {
            let side = directions[i]
            var style = NodeStyle()
            style.hidden = currentDirection != side
            pose.nodes.append(Node(role: .drawer(side), frame: bounds, style: style))
            pose.subjects.append(
                .drawer(
                    side, closed: currentDirection == side ? (staticClosed ?? closedFraction) : 1,
                    velocity: currentDirection == side && staticClosed == nil ? closedVelocity : 0,
                    reveal: configuration.revealWidth(side), styled: currentDirection == side))
        }
        let paneFrame = isHorizontal ? bounds.offsetBy(dx: position, dy: 0) : bounds.offsetBy(dx: 0, dy: position)
        pose.nodes.append(Node(role: .pane, frame: paneFrame))
    }

    package func defaultStylers(for group: StylerGroup) -> [any Styler] { [] }

    /// A revealed drawer is modal and holds focus; the bounce preview leaves focus on the pane.
    package func accessibility(of pose: Pose) -> Accessibility {
        let bouncing = simulation?.bouncing == true
        return Accessibility.drawers(pose, showing: bouncing ? nil : Accessibility.showingSubject(pose))
    }
}
