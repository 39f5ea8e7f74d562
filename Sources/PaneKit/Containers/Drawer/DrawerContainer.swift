// The drawer container: MMDrawerController as a model (reference/mmdrawer.md §1–3, 6–9, 11).

/// MMDrawerController: left and right drawers behind (push) or above the pane, opened and closed by
/// velocity-timed ease-in-out animations, with the bounce preview, pane replacement and width changes.
///
/// The pane's horizontal offset `x` is the state: positive while the left drawer shows, negative for the right.
/// In above-content mode the pane stays put and the same offset moves the drawer instead.
public struct DrawerContainer: Container, StaticPosing {
    /// The options the container was made with; its changing state (widths, open side) lives in the container.
    public var configuration: DrawerConfiguration { settings.configuration }
    /// `configuration`, out of line (``DrawerSettings``).
    private let settings: DrawerSettings
    /// The roles the pose writes every frame, read once when the container is made: a static role is a lazy global,
    /// and each read of one checks that it is made (six a frame).
    private let roles = (pane: Role.pane, overlay: Role.overlay, left: Role.drawerLeft, right: Role.drawerRight)
    /// `.drawer`.
    package var kind: ContainerKind { .drawer }
    package var size: Size { configuration.size }
    /// The sides that have a drawer, left before right.
    package let directions: [Direction]

    /// The side whose drawer is fully open (MM's openSide); nil while closed, opening or bouncing.
    public internal(set) var openSide: Direction?
    /// The side whose drawer is shown (un-hidden); MM's prepareToPresentDrawer picks it.
    package internal(set) var presentedSide: Direction?
    /// MM's animatingDrawer: set by open, close and the full-close replacement, which refuse to overlap.
    package internal(set) var isAnimating = false
    /// How many times the pane has been replaced.
    package private(set) var paneGeneration = 0

    /// The stored maximum width of each drawer that exists (nil: no drawer).
    var widths: PerDirection<Double?>
    var x = 0.0
    /// The current width of each drawer's frame (animated by width changes and the full close).
    var drawerWidths: PerDirection<Double>
    /// The motion under way. It is stored in parts: its case and side (`phase`), its tweens in place (`tweens`)
    /// and a bounce's or full close's numbers, so that the per-frame reads (`advance`, the velocities, `state`) look
    /// at a tween where it is: a `switch` over an enum carrying tweens copied the payload, three tweens wide, each
    /// time. Setting it is what an action does; reading it whole is for tests and rare queries.
    var motion: Motion {
        get {
            switch phase {
            case .none: .none
            case .slide(let target): .slide(tweens.pointee.0, target: target)
            case .fullClose(let side):
                .fullClose(
                    side: side, out: tweens.pointee.0, grow: tweens.pointee.1, back: tweens.pointee.2,
                    swapped: fullCloseSwapped)
            case .resize(let side): .resize(side: side, x: tweens.pointee.0, width: tweens.pointee.1)
            case .bounce(let side): .bounce(side: side, start: bounceStart, distance: bounceDistance)
            }
        }
        set {
            phase = Phase(newValue)
            paneRateNow = nil
            switch newValue {
            case .none: break
            case .slide(let tween, _): uniqueTweens().pointee.0 = tween
            case .fullClose(_, let out, let grow, let back, let swapped):
                uniqueTweens().pointee = (out, grow, back)
                fullCloseSwapped = swapped
            case .resize(_, let x, let width):
                let tweens = uniqueTweens()
                (tweens.pointee.0, tweens.pointee.1) = (x, width)
            case .bounce(_, let start, let distance): (bounceStart, bounceDistance) = (start, distance)
            }
        }
    }
    /// `motion`'s case and side: what the per-frame queries switch on.
    private(set) var phase = Phase.none
    /// `motion`'s tweens, out of line (``DrawerTweens``): read in place through `tweens`, written by `motion`'s
    /// setter through `uniqueTweens()`.
    private var tweenStore = DrawerTweens()
    /// `motion`'s tweens: a slide's in `.0`; a full close's out, grow and back; a resize's x and width.
    var tweens: UnsafeMutablePointer<(Tween, Tween, Tween)> { tweenStore.tweens }
    /// Whether a full close has swapped the pane (its phase 1 ended).
    private var fullCloseSwapped = false
    /// A bounce's start time and distance.
    private var bounceStart = 0.0, bounceDistance = 0.0
    var bounceOffset = 0.0
    /// The pan in progress, if any.
    var drag: DrawerDrag?
    /// The velocity samples of the pan in progress (or of the last one): out of line, shared by copies until one
    /// pans (``uniqueTracks()``).
    private(set) var tracks = DrawerTracks()
    /// The time the motion was last advanced to (for the velocities in the pose).
    var now = 0.0
    /// The pane offset's velocity at `now`, found by `advance` with the offset (one solve of the tween's timing
    /// curve for both, `Tween.valueAndVelocity(at:)`); nil when `paneVelocity(at:)` computes it. A new motion
    /// clears it.
    private(set) var paneRateNow: Double?

    enum Motion: Sendable {
        case none
        /// An open (target side) or close (target nil).
        case slide(Tween, target: Direction?)
        /// Full-close replacement: out to ±V with the drawer growing to V, a pause, then back to 0.
        case fullClose(side: Direction, out: Tween, grow: Tween, back: Tween, swapped: Bool)
        case resize(side: Direction, x: Tween, width: Tween)
        case bounce(side: Direction, start: Double, distance: Double)
    }

    /// A ``Motion``'s case and side: a few bytes to copy where the motion is hundreds.
    enum Phase: Equatable, Sendable {
        case none
        case slide(target: Direction?)
        case fullClose(side: Direction)
        case resize(side: Direction)
        case bounce(side: Direction)

        init(_ motion: Motion) {
            switch motion {
            case .none: self = .none
            case .slide(_, let target): self = .slide(target: target)
            case .fullClose(let side, _, _, _, _): self = .fullClose(side: side)
            case .resize(let side, _, _): self = .resize(side: side)
            case .bounce(let side, _, _): self = .bounce(side: side)
            }
        }
    }

    /// MM's bounce keys in 128ths of the distance, spread evenly over 0.8 s.
    private static let bounceCurve = Keyframes(
        evenlyOver: DrawerConfiguration.bounceDuration, values: DrawerConfiguration.bounceKeys)

    /// A closed container with `configuration`'s drawers and options.
    public init(_ configuration: DrawerConfiguration) {
        self.settings = DrawerSettings(configuration)
        self.directions = [Direction.left, .right].filter { configuration.widths[$0] != nil }
        var widths = PerDirection<Double?>(repeating: nil)
        var drawerWidths = PerDirection<Double>(repeating: 0)
        for (side, width) in configuration.widths where side.isHorizontal {
            widths[side] = width
            drawerWidths[side] = width
        }
        self.widths = widths
        self.drawerWidths = drawerWidths
    }

    // MARK: - Queries

    /// The maximum width of `side`: 0 when that side has no drawer (MM's getter).
    package func maximumWidth(_ side: Direction) -> Double {
        widths[side] ?? 0
    }

    /// The pane's offset: positive while the left drawer shows, negative for the right.
    package var paneOffset: Double { x + bounceOffset }

    /// The state frames and stylers see.
    package var state: ContainerState {
        switch phase {
        case .none: drag != nil ? .dragging : (openSide == nil ? .closed : .open)
        case .slide(let target): target == nil ? .closing : .opening
        case .fullClose: .closing
        case .resize: .resizing
        case .bounce: .bouncing
        }
    }

    package var isAtRest: Bool {
        if phase == .none { return drag == nil }
        return false
    }

    // MARK: - Actions

    package mutating func perform(_ action: DrawerAction, at time: Double, events: inout [Event]) {
        advance(to: time, events: &events)
        if drag != nil, action.touch == nil {
            return events.append(Self.ignored(action, "a pan is in progress"))
        }
        let (action, timing) = action.untimed
        switch action {
        case .touch(.pan(let point, let phase)):
            pan(phase, point, at: time, events: &events)
        case .touch(.tap(let point)):
            tap(point, at: time, events: &events)
        case .open(let side, let animated):
            open(side, animated: animated, at: time, events: &events, timing: timing)
        case .close(let animated):
            close(animated: animated, at: time, events: &events, timing: timing)
        case .toggle(let side, let animated):
            // While a slide is retargetable, its target counts as the open side.
            var shown = openSide
            if configuration.interruptible, case .slide(let target) = phase { shown = target }
            if shown == nil {
                open(side, animated: animated, at: time, events: &events, timing: timing)
            } else if shown == side {
                close(animated: animated, at: time, events: &events, timing: timing)
            } else {
                events.append(Self.ignored(action, "the other drawer is open", openSide))
            }
        case .bounce(let side, let distance):
            bounce(side, distance: distance ?? configuration.bounceDistance, at: time, events: &events)
        case .replaceCenter(let mode, let animated):
            replaceCenter(mode, animated: animated, at: time, events: &events)
        case .setMaximumWidth(let side, let width, let animated):
            setMaximumWidth(side, width, animated: animated, at: time, events: &events)
        case .touch(.gesture):
            events.append(Self.ignored(action, "a whole pan is delivered by the host, sample by sample"))
        case .timed:
            break  // `untimed` took the timing off
        }
    }

    /// An `actionIgnored` event; `reason` is a literal so the event allocates nothing.
    static func ignored(_ action: DrawerAction, _ reason: String, _ side: Direction? = nil) -> Event {
        .actionIgnored(action: action.name, reason: reason, direction: side)
    }

    /// Whether a running animation may be retargeted: an interruptible container in a slide.
    var isRetargetable: Bool {
        guard configuration.interruptible, case .slide = phase else { return false }
        return true
    }

    /// The slide from `x` to `target`: `timing` (default the container's, else `curve` over `duration`), leaving
    /// with `handed` (a release's finger velocity) or, when retargeting, the current velocity.
    func slide(to target: Double, at time: Double, duration: Double, curve: TimingCurve, timing: Timing?, handed: Double?) -> Tween {
        let velocity = handed ?? (isRetargetable ? paneVelocity(at: time) : 0)
        let scale = max(maximumWidth(.left), maximumWidth(.right))
        return Tween(
            from: x, to: target, start: time, duration: duration, timing: timing ?? configuration.timing ?? .curve(curve),
            velocity: velocity, scale: scale)
    }

    /// MM's open: to ±W at `velocity` (default the side's animation velocity) along `curve`, unless a `timing`
    /// is given; `handed` is a release's finger velocity for the container's timing.
    mutating func open(
        _ side: Direction, animated: Bool, at time: Double, events: inout [Event], velocity: Double? = nil,
        curve: TimingCurve = .easeInEaseOut, timing: Timing? = nil, handed: Double? = nil
    ) {
        let action = DrawerAction.open(side, animated: animated)
        guard !isAnimating || isRetargetable else { return events.append(Self.ignored(action, "a drawer animation is running")) }
        // MM leaves itself locked when asked to open a missing drawer; we refuse cleanly (docs/compat.md).
        guard widths[side] != nil else {
            return events.append(Self.ignored(action, "there is no drawer on that side", side))
        }
        endBounce()
        if openSide != side { present(side) }
        let target = side.sign * maximumWidth(side)
        let duration = DrawerConfiguration.duration(
            distance: x - target, velocity: velocity ?? configuration.velocity(side), animated: animated)
        events.append(.willOpen(direction: side))
        let tween =
            animated
            ? slide(to: target, at: time, duration: duration, curve: curve, timing: timing, handed: handed)
            : Tween(from: x, to: target, start: time, duration: 0, curve: curve)
        isAnimating = animated
        motion = .slide(tween, target: side)
        if tween.duration == 0 { advance(to: time, events: &events) }
    }

    /// MM's close: to 0 at `velocity` (default the open side's animation velocity) along `curve`, unless a
    /// `timing` is given; `handed` is a release's finger velocity for the container's timing.
    mutating func close(
        animated: Bool, at time: Double, events: inout [Event], velocity: Double? = nil, curve: TimingCurve = .easeInEaseOut,
        timing: Timing? = nil, handed: Double? = nil
    ) {
        guard !isAnimating || isRetargetable else {
            return events.append(Self.ignored(.close(animated: animated), "a drawer animation is running"))
        }
        endBounce()
        let side: Direction? = x > 0 ? .left : (x < 0 ? .right : openSide)
        let duration = DrawerConfiguration.duration(
            distance: x, velocity: velocity ?? configuration.velocity(side ?? openSide), animated: animated)
        events.append(.willClose(direction: side))
        let tween =
            animated
            ? slide(to: 0, at: time, duration: duration, curve: curve, timing: timing, handed: handed)
            : Tween(from: x, to: 0, start: time, duration: 0, curve: curve)
        isAnimating = animated
        motion = .slide(tween, target: nil)
        if tween.duration == 0 { advance(to: time, events: &events) }
    }

    /// The tweens, first copied if another container shares them: what `motion`'s setter writes through.
    /// - Complexity: O(1); one allocation only when a copy of this container shares them.
    private mutating func uniqueTweens() -> UnsafeMutablePointer<(Tween, Tween, Tween)> {
        if !isKnownUniquelyReferenced(&tweenStore) { tweenStore = DrawerTweens(copying: tweenStore) }
        return tweenStore.tweens
    }

    /// The tracks, first copied if another container shares them: call before writing to them.
    /// - Complexity: O(1); one allocation only when a copy of this container shares them.
    mutating func uniqueTracks() -> DrawerTracks {
        if !isKnownUniquelyReferenced(&tracks) { tracks = DrawerTracks(copying: tracks) }
        return tracks
    }

    private mutating func bounce(_ side: Direction, distance: Double, at time: Double, events: inout [Event]) {
        let action = DrawerAction.bounce(side, distance: distance)
        guard widths[side] != nil else { return events.append(Self.ignored(action, "there is no drawer on that side", side)) }
        guard openSide == nil, isAtRest else {
            return events.append(Self.ignored(action, "the bounce preview needs a closed, resting drawer"))
        }
        present(side)
        motion = .bounce(side: side, start: time, distance: distance)
    }

    private mutating func replaceCenter(_ mode: ReplaceMode, animated: Bool, at time: Double, events: inout [Event]) {
        let action = DrawerAction.replaceCenter(mode, animated: animated)
        guard !isAnimating else { return events.append(Self.ignored(action, "a drawer animation is running")) }
        guard let side = openSide else {
            swapPane(events: &events)
            return
        }
        switch mode {
        case .close:
            swapPane(events: &events)
            close(animated: animated, at: time, events: &events)
        case .fullClose:
            guard animated else {
                swapPane(events: &events)
                close(animated: false, at: time, events: &events)
                return
            }
            let v = configuration.velocity(side), width = size.width
            let target = side.sign * width
            let out = Tween(
                from: x, to: target, start: time,
                duration: DrawerConfiguration.duration(distance: x - target, velocity: v), curve: .easeInEaseOut)
            let grow = Tween(
                from: drawerWidths[side], to: width, start: time, duration: out.duration, curve: .easeInEaseOut)
            let back = Tween(
                from: target, to: 0, start: out.end + DrawerConfiguration.fullClosePause,
                duration: DrawerConfiguration.duration(distance: width, velocity: v), curve: .easeInEaseOut)
            isAnimating = true
            events.append(.willClose(direction: side))
            motion = .fullClose(side: side, out: out, grow: grow, back: back, swapped: false)
        }
    }

    private mutating func setMaximumWidth(
        _ side: Direction, _ width: Double, animated: Bool, at time: Double, events: inout [Event]
    ) {
        let old = widths[side] ?? width
        widths[side] = width
        guard openSide == side, isAtRest else {
            drawerWidths[side] = width
            return
        }
        let duration = DrawerConfiguration.duration(
            distance: width - old, velocity: configuration.velocity(side), animated: animated)
        motion = .resize(
            side: side,
            x: Tween(from: x, to: side.sign * width, start: time, duration: duration, curve: .easeInEaseOut),
            width: Tween(from: drawerWidths[side], to: width, start: time, duration: duration, curve: .easeInEaseOut))
        advance(to: time, events: &events)
    }

    /// MM's prepareToPresentDrawer: this side's drawer is shown, the other hidden.
    mutating func present(_ side: Direction) {
        presentedSide = side
    }

    private mutating func swapPane(events: inout [Event]) {
        paneGeneration += 1
        events.append(.paneReplaced(generation: paneGeneration))
    }

    mutating func endBounce() {
        if case .bounce = phase {
            motion = .none
            bounceOffset = 0
        }
    }

    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        let direction = group.direction ?? .left
        motion = .none
        isAnimating = false
        bounceOffset = 0
        x = direction.sign * maximumWidth(direction) * (1 - closed)
        presentedSide = direction
        openSide = closed <= 0 ? direction : nil
    }

    // MARK: - Motion

    package mutating func advance(to time: Double, events: inout [Event]) {
        now = time
        paneRateNow = nil
        if phase == .none { return }
        switch phase {
        case .none:
            return
        case .slide(let target):
            (x, paneRateNow) = tweens.pointee.0.valueAndVelocity(at: time)
            guard tweens.pointee.0.isFinished(at: time) else { return }
            motion = .none
            isAnimating = false
            if let target {
                openSide = target
                events.append(.didOpen(direction: target))
            } else {
                let side = openSide ?? presentedSide
                openSide = nil
                presentedSide = nil
                events.append(.didClose(direction: side))
            }
        case .fullClose(let side):
            // Phase 1: out to ±V while the drawer grows to V; the pane is swapped when it is off-screen.
            if !fullCloseSwapped, tweens.pointee.0.isFinished(at: time) {
                fullCloseSwapped = true
                swapPane(events: &events)
            }
            if time < tweens.pointee.2.start {
                (x, paneRateNow) = tweens.pointee.0.valueAndVelocity(at: time)
                drawerWidths[side] = tweens.pointee.1.value(at: time)
                return
            }
            // Phase 2, after the 0.10 s pause: the new pane slides back in.
            (x, paneRateNow) = tweens.pointee.2.valueAndVelocity(at: time)
            drawerWidths[side] = size.width
            guard tweens.pointee.2.isFinished(at: time) else { return }
            motion = .none
            isAnimating = false
            drawerWidths[side] = widths[side] ?? 0
            openSide = nil
            presentedSide = nil
            events.append(.didClose(direction: side))
        case .resize(let side):
            (x, paneRateNow) = tweens.pointee.0.valueAndVelocity(at: time)
            drawerWidths[side] = tweens.pointee.1.value(at: time)
            if tweens.pointee.0.isFinished(at: time) { motion = .none }
        case .bounce(let side):
            bounceOffset = side.sign * bounceDistance * Self.bounceCurve.value(at: time - bounceStart) / 128
            guard time - bounceStart >= Self.bounceCurve.duration else { return }
            motion = .none
            bounceOffset = 0
            // MM leaves the drawer un-hidden after a bounce; it is covered by the pane, so we hide it (compat).
            presentedSide = nil
            events.append(.didBounce(direction: side))
        }
    }

    // MARK: - Layout

    // Inlined, with the helpers it calls on the container, into its protocol witness: the witness loads the whole
    // container to call a method that takes it by value, and with the pose passed inout that load became a copy of
    // the container (about 700 bytes) each frame; inlined, it reads the fields it needs.
    @inline(__always)
    package func pose(into pose: inout Pose) {
        let width = size.width
        let top = configuration.showsStatusBarBackgroundView ? DrawerConfiguration.statusBarHeight : 0
        let height = size.height - top
        let offset = paneOffset
        let above = configuration.openMode == .above
        let paneFrame = Rect(x: above ? 0 : offset, y: top, width: width, height: height)

        var paneStyle = NodeStyle()
        if configuration.showsShadow { paneStyle.shadow = configuration.shadow }
        var overlayStyle = NodeStyle()
        overlayStyle.hidden = true
        let pane = Node(role: roles.pane, frame: paneFrame, style: paneStyle)
        let overlay = Node(role: roles.overlay, frame: paneFrame, style: overlayStyle)

        if !above {
            appendDrawers(into: &pose, top: top, height: height, slidingBy: nil)
            pose.nodes.append(pane)
            pose.nodes.append(overlay)
        } else {
            pose.nodes.append(pane)
            pose.nodes.append(overlay)
            appendDrawers(into: &pose, top: top, height: height, slidingBy: offset)
        }
        if configuration.showsStatusBarBackgroundView {
            var style = NodeStyle()
            style.color = configuration.statusBarViewBackgroundColor
            pose.nodes.append(
                Node(role: .statusbar, frame: Rect(x: 0, y: 0, width: width, height: DrawerConfiguration.statusBarHeight), style: style))
        }

        // Index loops on the per-frame path: for-in over an array allocates in unoptimised builds.
        for d in 0..<directions.count {
            let side = directions[d]
            let reveal = drawerWidths[side]
            var closed = reveal > 0 ? 1 - max(0, side.sign * x) / reveal : 1
            // d/dt of 1 − s·x/r = −(s·ẋ·r − s·x·ṙ)/r², where the drawer is revealed.
            var velocity = 0.0
            if reveal > 0, side.sign * x > 0 {
                let dx = paneVelocity(at: now), dr = drawerWidthVelocity(side, at: now)
                velocity = -side.sign * (dx * reveal - x * dr) / (reveal * reveal)
            }
            if phase == .bounce(side: side) {
                closed = 0
                velocity = 0
            }
            pose.subjects.append(
                .drawer(
                    side, role: side == .left ? roles.left : roles.right, closed: closed, velocity: velocity, reveal: reveal,
                    styled: presentedSide == side))
        }
    }

    /// The drawers, the presented one in front of the other. In push mode they are pinned to their edges;
    /// in above-content mode (`slidingBy` the pane offset) a drawer comes in from off-screen by that much.
    @inline(__always)
    private func appendDrawers(into pose: inout Pose, top: Double, height: Double, slidingBy offset: Double?) {
        // Back, then front: the presented side last (ORDER DIRECTION subset), without a list (a static one was a
        // lazy global's check and a retain and release each frame).
        let leftInFront = presentedSide == .left
        for i in 0..<2 {
            let side: Direction = (i == 0) == leftInFront ? .right : .left
            guard widths[side] != nil else { continue }
            let w = drawerWidths[side]
            let x: Double
            if let offset {
                let revealed = max(0, side.sign * offset)
                x = side == .left ? revealed - w : size.width - revealed
            } else {
                x = side == .left ? 0 : size.width - w
            }
            var style = NodeStyle()
            style.hidden = presentedSide != side
            let role = side == .left ? roles.left : roles.right
            pose.nodes.append(Node(role: role, frame: Rect(x: x, y: top, width: w, height: height), style: style))
        }
    }

    // MARK: - Stylers

    package func defaultStylers(for group: StylerGroup) -> [any Styler] {
        configuration.openMode == .push && configuration.stretch ? [MMStretchStyler()] : []
    }

    package func chromeStylers(for group: StylerGroup) -> [any Styler] {
        configuration.openMode == .above ? [ScrimStyler(color: .black, maxAlpha: 0.5)] : []
    }

    // MARK: - Accessibility

    /// A showing drawer is modal and holds focus; the bounce preview leaves focus on the pane. In push mode with
    /// MM's `centerHiddenInteractionMode` `full` the pushed pane stays reachable beside the drawer.
    package func accessibility(of pose: Pose) -> Accessibility {
        var showing = Accessibility.showingSubject(pose)
        if case .bounce = phase { showing = nil }
        let reachable = configuration.openMode == .push && configuration.centerHiddenInteractionMode == .full
        return Accessibility.drawers(pose, showing: showing, contentStaysReachable: reachable)
    }
}
