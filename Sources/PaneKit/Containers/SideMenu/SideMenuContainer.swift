// The sidemenu container: SideNavigation's presentation-style side menu (reference/sidenavigation.md).

/// SideNavigation: a menu presented above still content at 2/3 of the width, with a 0.5 scrim, a constant-duration
/// ease-in-out present and dismiss, tap on the scrim to dismiss, and percent-driven interactive pans.
///
/// The transition is a timeline τ from 0 to 1; the menu's progress is easeInEaseOut(τ), as a percent-driven
/// interactive transition scrubs a UIView animation. The menu is laid out at its open place; the default styler
/// `sidemenu.menu-slide-in` slides it in from off-screen, and any SideMenu preset may replace it.
public struct SideMenuContainer: Container, StaticPosing {
    /// The options the container was made with.
    public let configuration: SideMenuConfiguration
    /// `.sidemenu`.
    package var kind: ContainerKind { .sidemenu }
    package var size: Size { configuration.size }
    /// The sides that have a menu.
    package let directions: [Direction]

    /// The menu that is shown, open or moving.
    package private(set) var presentedSide: Direction?
    /// Whether the presented menu has finished presenting.
    public private(set) var isPresented = false

    /// The menu's open progress (0 closed, 1 open).
    package var progress: Double {
        guard presentedSide != nil else { return 0 }
        let p = motion.curve.map { $0.value(at: tau) } ?? tau
        return motion.presenting ? p : 1 - p
    }

    /// The open progress's rate of change at the last advance, per second.
    var progressVelocity: Double {
        guard presentedSide != nil else { return 0 }
        var rate = 0.0
        if let tween = motion.tween {
            rate = tween.velocity(at: now)
        } else if motion.dragStart != nil {
            rate = motion.drag.rate
        }
        let slope = motion.curve.map { $0.slope(at: tau) } ?? 1
        return (motion.presenting ? 1 : -1) * slope * rate
    }

    private var tau = 0.0
    private var motion = Motion()
    /// The time of the last advance.
    private var now = 0.0

    /// What the timeline τ is doing.
    private struct Motion: Sendable {
        /// true while presenting (τ drives progress up), false while dismissing (τ drives it down).
        var presenting = true
        /// A running tween of τ, if any.
        var tween: Tween?
        /// Whether the tween finishes the transition (false: it cancels back to τ = 0).
        var finishes = true
        /// The pan in progress: its start point.
        var dragStart: Point?
        /// The progress where an interruptible menu was caught by the pan in progress (nil for an ordinary pan).
        var caughtAt: Double?
        /// How τ maps to progress: SideNavigation's ease-in-out, another curve, or nil for a spring (τ is the progress).
        var curve: TimingCurve? = .easeInEaseOut
        /// τ's rate of change from the pan's touch times, per second.
        var drag = SampledVelocity(0, at: 0)
    }

    /// A container with no menu presented.
    public init(_ configuration: SideMenuConfiguration) {
        self.configuration = configuration
        self.directions = [Direction.left, .right].filter { configuration.widths[$0] != nil }
    }

    // MARK: - Queries

    /// The state frames and stylers see.
    package var state: ContainerState {
        if motion.dragStart != nil { return .dragging }
        if motion.tween != nil {
            return motion.presenting == motion.finishes ? .opening : .closing
        }
        return isPresented ? .open : .closed
    }

    package var isAtRest: Bool { motion.tween == nil && motion.dragStart == nil }

    /// The menu width of `side`: its declared width, default 2/3 of the container.
    package func menuWidth(_ side: Direction) -> Double {
        configuration.widths[side].flatMap { $0 } ?? configuration.size.width * 2 / 3
    }

    // MARK: - Actions

    static func ignored(_ action: SideMenuAction, _ reason: String) -> Event {
        .actionIgnored(action: action.name, reason: reason)
    }

    package mutating func perform(_ action: SideMenuAction, at time: Double, events: inout [Event]) {
        advance(to: time, events: &events)
        if motion.dragStart != nil, action.touch == nil {
            return events.append(Self.ignored(action, "a pan is in progress"))
        }
        let (action, timing) = action.untimed
        switch action {
        case .present(let side, let animated):
            guard let side = side ?? (directions.count == 1 ? directions[0] : nil) else {
                return events.append(Self.ignored(action, "name the direction: the container has two menus"))
            }
            if retargets(towards: true, side: side) {
                return retarget(presenting: true, at: time, events: &events, timing: timing)
            }
            guard presentedSide == nil, isAtRest else {
                return events.append(Self.ignored(action, "a menu is already shown"))
            }
            presentedSide = side
            start(presenting: true, from: 0, finishes: true, animated: animated, at: time, events: &events, timing: timing)
        case .dismiss(let animated):
            if retargets(towards: false, side: presentedSide) {
                return retarget(presenting: false, at: time, events: &events, timing: timing)
            }
            guard presentedSide != nil, isPresented, isAtRest else {
                return events.append(Self.ignored(action, "no menu is open"))
            }
            start(presenting: false, from: 0, finishes: true, animated: animated, at: time, events: &events, timing: timing)
        case .touch(.tap(let point)):
            guard let side = presentedSide, isPresented, isAtRest else {
                return events.append(Self.ignored(action, "no menu is open"))
            }
            guard !menuFrame(side).contains(point) else { return events.append(Self.ignored(action, "the tap is on the menu")) }
            start(presenting: false, from: 0, finishes: true, animated: true, at: time, events: &events)
        case .touch(.pan(let point, let phase)):
            pan(phase, point, at: time, events: &events)
        case .touch(.gesture):
            events.append(Self.ignored(action, "a whole pan is delivered by the host, sample by sample"))
        case .timed:
            break  // `untimed` took the timing off
        }
    }

    /// Whether an interruptible menu is moving the other way (towards closed for a present, open for a dismiss).
    private func retargets(towards opening: Bool, side: Direction?) -> Bool {
        guard configuration.interruptible, motion.tween != nil, motion.dragStart == nil, let shown = presentedSide, side == shown
        else { return false }
        let opensNow = motion.presenting == motion.finishes
        return opensNow != opening
    }

    /// Turns the running transition around from the current progress and velocity: τ becomes the progress itself
    /// (presenting) or its complement (dismissing), moved by the timing (default: the container's, else
    /// ease-in-out over the remaining share of the duration) with the velocity carried over.
    private mutating func retarget(presenting: Bool, at time: Double, events: inout [Event], timing: Timing?) {
        let p = progress, v = progressVelocity
        let from = presenting ? p : 1 - p
        motion.presenting = presenting
        motion.finishes = true
        motion.curve = nil
        tau = from
        let side = presentedSide!
        events.append(presenting ? .willPresent(direction: side) : .willDismiss(direction: side))
        motion.tween = Tween(
            from: from, to: 1, start: time, duration: max(1 - from, 0) * configuration.animationDuration,
            timing: timing ?? configuration.timing ?? .curve(.easeInEaseOut), velocity: presenting ? v : -v, scale: 1)
        advance(to: time, events: &events)
    }

    /// Runs τ from `from` to 1 (or back to 0). A `timing` replaces the ease-in-out: a curve maps τ over the same
    /// duration, a spring drives the progress itself over its settle time.
    private mutating func start(
        presenting: Bool, from: Double, finishes: Bool, animated: Bool, at time: Double, events: inout [Event],
        timing: Timing? = nil
    ) {
        let side = presentedSide!
        if from == 0 { events.append(presenting ? .willPresent(direction: side) : .willDismiss(direction: side)) }
        motion.presenting = presenting
        motion.finishes = finishes
        tau = from
        let target = finishes ? 1.0 : 0.0
        let duration = animated ? abs(target - from) * configuration.animationDuration : 0
        switch timing ?? (from == 0 ? configuration.timing : nil) {
        case .spring(let spring) where animated:
            motion.curve = nil
            motion.tween = Tween(from: from, to: target, start: time, spring: spring)
        case .curve(let curve):
            motion.curve = curve
            motion.tween = Tween(from: from, to: target, start: time, duration: duration, curve: .linear)
        default:
            motion.curve = .easeInEaseOut
            motion.tween = Tween(from: from, to: target, start: time, duration: duration, curve: .linear)
        }
        advance(to: time, events: &events)
    }

    private mutating func pan(_ phase: TouchPhase, _ point: Point, at time: Double, events: inout [Event]) {
        switch phase {
        case .began:
            if configuration.interruptible, motion.tween != nil, let side = presentedSide {
                return catchMenu(side, at: point, time: time, events: &events)
            }
            guard isAtRest else { return events.append(Self.ignored(.touch(.pan(point, phase)), "a transition is running")) }
            if presentedSide == nil {
                // Present: a screen-edge pan on the content, at the edge of a menu.
                let edge = configuration.resolvedEdgeWidth
                let side: Direction? =
                    point.x < edge && directions.contains(.left)
                    ? .left
                    : (point.x >= size.width - edge && directions.contains(.right) ? .right : nil)
                guard let side else {
                    return events.append(Self.ignored(.touch(.pan(point, phase)), "a present pan starts at a menu's screen edge"))
                }
                presentedSide = side
                motion.presenting = true
                events.append(.willPresent(direction: side))
            } else {
                motion.presenting = false
                events.append(.willDismiss(direction: presentedSide!))
            }
            motion.dragStart = point
            motion.curve = .easeInEaseOut
            motion.drag = SampledVelocity(0, at: time)
            tau = 0
            events.append(.interactionBegan)
        case .cancelled:
            guard motion.dragStart != nil, presentedSide != nil else { return }
            cancelPan(at: time, events: &events)
        case .moved, .ended:
            guard let origin = motion.dragStart, let side = presentedSide else { return }
            if let caught = motion.caughtAt {
                return moveCaught(side, from: caught, origin: origin, to: point, phase: phase, at: time, events: &events)
            }
            // Positive towards "open" while presenting and towards "closed" while dismissing.
            let towards = motion.presenting ? side.sign : -side.sign
            tau = min(max((point.x - origin.x) * towards / size.width, 0), 1)
            motion.drag.add(tau, at: time)
            guard phase == .ended else { return }
            motion.dragStart = nil
            let finishes = releaseFinishes(progress: tau, rate: motion.drag.rate)
            events.append(finishes ? .interactionFinished : .interactionCancelled)
            start(presenting: motion.presenting, from: tau, finishes: finishes, animated: true, at: time, events: &events)
        }
    }

    /// A cancelled pan (UIKit's cancelled state): the interactive transition cancels, so the menu goes back to
    /// where the pan began with no velocity; a pan that caught a moving menu sends it to the end it was nearer
    /// when caught.
    private mutating func cancelPan(at time: Double, events: inout [Event]) {
        events.append(.panCancelled)
        motion.drag = SampledVelocity(tau, at: time)
        if let caught = motion.caughtAt {
            events.append(.interactionCancelled)
            retarget(presenting: caught >= 0.5, at: time, events: &events, timing: nil)
            motion.dragStart = nil
            motion.caughtAt = nil
            return
        }
        motion.dragStart = nil
        events.append(.interactionCancelled)
        start(presenting: motion.presenting, from: tau, finishes: false, animated: true, at: time, events: &events)
    }

    /// An interruptible menu caught by a pan where it is (DESIGN §12): the transition stops, and the menu's
    /// progress follows the finger one to one (a container width of travel is the whole transition), from the
    /// progress it had. Wherever the pan starts, it holds the moving menu, as a finger on a moving sheet does.
    private mutating func catchMenu(_ side: Direction, at point: Point, time: Double, events: inout [Event]) {
        let p = progress
        motion.tween = nil
        motion.presenting = true
        motion.curve = nil  // τ is the progress itself while the finger holds the menu
        tau = p
        motion.dragStart = point
        motion.caughtAt = p
        motion.drag = SampledVelocity(p, at: time)
        events.append(.caught(direction: side))
        events.append(.interactionBegan)
    }

    /// A caught pan's move or release. The release goes the way the finger was moving (a finger at rest sends the
    /// menu to the nearer end), carrying the finger's velocity into the timing, as a retarget does.
    private mutating func moveCaught(
        _ side: Direction, from caught: Double, origin: Point, to point: Point, phase: TouchPhase, at time: Double,
        events: inout [Event]
    ) {
        tau = min(max(caught + (point.x - origin.x) * side.sign / size.width, 0), 1)
        motion.drag.add(tau, at: time)
        guard phase == .ended else { return }
        let rate = motion.drag.rate
        let opens = rate != 0 ? rate > 0 : tau >= 0.5
        events.append(.interactionFinished)
        retarget(presenting: opens, at: time, events: &events, timing: nil)
        motion.dragStart = nil
        motion.caughtAt = nil
    }

    // MARK: - Motion

    package mutating func advance(to time: Double, events: inout [Event]) {
        now = time
        guard let tween = motion.tween else { return }
        tau = tween.value(at: time)
        guard tween.isFinished(at: time) else { return }
        motion.tween = nil
        let side = presentedSide
        switch (motion.presenting, motion.finishes) {
        case (true, true):
            isPresented = true
            events.append(.didPresent(direction: side, completed: true))
        case (false, false):
            tau = 0
            motion.presenting = true
            isPresented = true
            events.append(.didPresent(direction: side, completed: false))
        case (false, true):
            isPresented = false
            presentedSide = nil
            tau = 0
            events.append(.didDismiss(direction: side, completed: true))
        case (true, false):
            isPresented = false
            presentedSide = nil
            events.append(.didDismiss(direction: side, completed: false))
        }
    }

    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        let direction = group.direction ?? .left
        motion = Motion()
        presentedSide = direction
        isPresented = closed <= 0
        tau = 0
        staticProgress = 1 - closed
    }

    /// Set by `setStaticPose`: a progress outside 0…1 for samples past open or closed.
    private var staticProgress: Double?

    // MARK: - Layout

    /// The menu's open frame: left at x = 0, right against the right edge.
    func menuFrame(_ side: Direction) -> Rect {
        let w = menuWidth(side)
        return Rect(x: side == .left ? 0 : size.width - w, y: 0, width: w, height: size.height)
    }

    package func pose(into pose: inout Pose) {
        let bounds = Rect(origin: .zero, size: size)
        pose.nodes.append(Node(role: .pane, frame: bounds))
        var overlay = NodeStyle()
        overlay.hidden = true
        pose.nodes.append(Node(role: .overlay, frame: bounds, style: overlay))
        for i in 0..<directions.count {
            let side = directions[i]
            var style = NodeStyle()
            style.hidden = presentedSide != side
            pose.nodes.append(Node(role: .drawer(side), frame: menuFrame(side), style: style))
            let open = presentedSide == side ? (staticProgress ?? (isPresented && isAtRest ? 1 : progress)) : 0
            let moving = presentedSide == side && staticProgress == nil && !(isPresented && isAtRest)
            pose.subjects.append(
                .drawer(
                    side, closed: 1 - open, velocity: moving ? -progressVelocity : 0, reveal: menuWidth(side),
                    styled: presentedSide == side))
        }
    }

    // MARK: - Stylers

    package func defaultStylers(for group: StylerGroup) -> [any Styler] {
        let preset = SideMenuStyle.presets.first { $0.name == "sidemenu.menu-slide-in" }!
        return [SideMenuStyler(name: preset.name, style: preset.style)]
    }

    package func chromeStylers(for group: StylerGroup) -> [any Styler] {
        [ScrimStyler(color: .black, maxAlpha: 0.5)]
    }
}

/// The sidemenu container's options.
public struct SideMenuConfiguration: Sendable, Hashable {
    /// The container's size in points.
    public var size: Size
    /// Each menu that exists, with its width (nil: 2/3 of the container width).
    public var widths: [Direction: Double?]
    /// The present and dismiss duration (SideNavigation's kAnimationDuration; unspecified there, 0.3 s here).
    public var animationDuration = 0.3
    /// How far a pan must go (as a fraction of the container width) for the transition to finish.
    public var completionThreshold = 0.2
    /// The width of the screen edge where a present pan starts (UIScreenEdgePanGestureRecognizer's, about 20 pt).
    public var edgeWidth = 20.0
    /// Retargeting (DESIGN §12, off as in SideNavigation): a present during a dismiss, or a dismiss during a present,
    /// turns the transition around from the current progress and velocity instead of being refused.
    public var interruptible = false
    /// The timing of present, dismiss and tap-to-dismiss when they name none (nil: SideNavigation's ease-in-out).
    public var timing: Timing?
    /// The pan policy (DESIGN §12); an empty one keeps SideNavigation's numbers.
    public var panPolicy = PanPolicy()
    /// Scrolling regions inside the content that take a pan before the menu does.
    public var scrollRegions: [ScrollRegion] = []
    /// The reading direction (DESIGN §12): `rtl` runs the mirror image of `leftToRightCounterpart`.
    public var layoutDirection = LayoutDirection.ltr

    /// A configuration for a container of `size` with menus of the given widths in points (`nil`: 2/3 of the width).
    public init(size: Size, widths: [Direction: Double?] = [.left: nil]) {
        self.size = size
        self.widths = widths
    }
}
