// The interactive back gesture and predictive back of a navigation stack: each platform's hit region and
// activation, its release rule, and the motion after the release (reference/navigation.md §1.3, §1.5, §2.3, §3,
// §4.3, §4.4).

extension NavigationContainer {
    /// The platform's gesture rule.
    var rule: NavigationGestureRule { configuration.behavior.gesture }

    /// Whether the gesture moves the screen (a Flutter page whose builder is not the predictive back one pops only
    /// when the back commits).
    var followsBack: Bool { configuration.behavior != .flutter || stack.last?.preset.name == "predictiveBack" }

    /// A predictive back: the track drives the top screen, then it commits or is cancelled.
    mutating func back(_ gesture: BackGesture, edge: Direction, at time: Double, events: inout [Event]) {
        guard resting, stack.count > 1, let top = stack.last else {
            return ignore("back", stack.count > 1 ? "the stack is moving" : "the root screen cannot be popped", &events)
        }
        var tracking = NavigationTracking(source: .back(gesture, start: time), edge: edge)
        tracking.vertical = !top.preset.edge.isHorizontal
        if rule == .system { tracking.smoothing = NavigationBackSmoothing(time: time) }
        tracking.visual = followsBack
        begin(tracking, events: &events)
    }

    /// Starts following `tracking`.
    private mutating func begin(_ tracking: NavigationTracking, events: inout [Event]) {
        phase = .tracking(tracking)
        guard tracking.visual, let top = stack.last else { return }
        gestureDriven = true
        events.append(.family(NavigationEvent.willPop(screen: top.name)))
    }

    /// One sample of a pan.
    mutating func pan(_ point: Point, _ touch: TouchPhase, at time: Double, events: inout [Event]) {
        if touch == .began {
            guard resting, stack.count > 1, let tracking = hit(point, at: time) else { return }
            if case .pan(_, _, true) = tracking.source { begin(tracking, events: &events) } else { phase = .tracking(tracking) }
            return
        }
        guard case .tracking(var tracking) = phase, case .pan(let start, _, var active) = tracking.source else { return }
        let along = tracking.vertical ? point.y - start.y : (tracking.edge == .left ? point.x - start.x : start.x - point.x)
        let across = tracking.vertical ? point.x - start.x : point.y - start.y
        if !active {
            // react-navigation: active after 5 pt towards closing, failed after 20 (15) pt across first.
            let fail = tracking.vertical ? NavigationGestureRule.rnFailVertical : NavigationGestureRule.rnFailHorizontal
            if abs(across) >= fail || touch == .ended || touch == .cancelled { return phase = .rest }
            guard along >= NavigationGestureRule.rnActivation else { return }
            active = true
            tracking.source = .pan(start: start, last: point, active: true)
            tracking.sampled = SampledVelocity(along, at: time)
            begin(tracking, events: &events)
        }
        tracking.source = .pan(start: start, last: point, active: true)
        if tracking.sampled == nil { tracking.sampled = SampledVelocity(along, at: time) } else { tracking.sampled?.add(along, at: time) }
        let distance = tracking.vertical ? size.height : size.width
        tracking.raw = rule == .system ? NavigationGestureRule.systemProgress(dx: along, width: distance) : along / distance
        tracking.raw = min(max(tracking.raw, 0), 1)
        if touch == .ended || touch == .cancelled {
            let v = touch == .cancelled ? 0 : tracking.sampled?.rate ?? 0
            let commit = touch == .ended && releaseCommits(along: along, velocity: v, distance: distance, tracking: tracking)
            tracking.release = NavigationTracking.Release(commit: commit, velocity: v, time: time)
        }
        phase = .tracking(tracking)
        advance(to: time, events: &events)
    }

    /// The gesture `point` starts, when it falls in the platform's hit region.
    private func hit(_ point: Point, at time: Double) -> NavigationTracking? {
        guard let top = stack.last else { return nil }
        let horizontal = top.preset.edge.isHorizontal
        switch rule {
        case .none: return nil
        case .flutter, .uikit:
            // Flutter: max(20, the leading safe inset); UIKit by the same numbers. Dialogs have no gesture.
            let strip = max(NavigationGestureRule.flutterStrip, rule == .flutter ? configuration.safeArea.left : 0)
            guard horizontal, point.x <= strip else { return nil }
            return NavigationTracking(source: .pan(start: point, last: point, active: true), edge: .left)
        case .reactNavigation:
            let inside =
                horizontal ? point.x <= NavigationGestureRule.rnHorizontalDistance : point.y <= NavigationGestureRule.rnVerticalDistance
            guard inside else { return nil }
            var tracking = NavigationTracking(source: .pan(start: point, last: point, active: false), edge: horizontal ? .left : .top)
            tracking.vertical = !horizontal
            return tracking
        case .system:
            let edge: Direction
            if point.x <= NavigationGestureRule.systemEdge {
                edge = .left
            } else if point.x >= size.width - NavigationGestureRule.systemEdge {
                edge = .right
            } else {
                return nil
            }
            var tracking = NavigationTracking(source: .pan(start: point, last: point, active: true), edge: edge)
            tracking.smoothing = NavigationBackSmoothing(time: time)
            tracking.visual = followsBack
            return tracking
        }
    }

    /// Each platform's release rule for a pan `along` points from where it began at `velocity` points per second.
    func releaseCommits(along: Double, velocity v: Double, distance: Double, tracking: NavigationTracking) -> Bool {
        switch rule {
        case .flutter, .uikit: NavigationGestureRule.flutterPops(value: 1 - along / distance, velocity: v / distance)
        case .reactNavigation: NavigationGestureRule.reactNavigationCloses(translation: along, velocity: v, distance: distance)
        case .system: along >= NavigationGestureRule.systemCommitTravel && v >= 0
        case .none: false
        }
    }

    /// The motion after the gesture lets go at `time`: to 0 (the back goes through) or back to 1, with each
    /// platform's timing.
    mutating func settle(commit: Bool, velocity v: Double, at time: Double, tracked: NavigationTracking, events: inout [Event]) {
        guard let top = stack.last else { return }
        let p = tracked.progress, target = commit ? 0.0 : 1.0
        progress = p
        guard tracked.visual else {
            // A Flutter page without the predictive builder: a committed back pops it as a button would.
            phase = .rest
            guard commit else { return }
            events.append(.family(NavigationEvent.willPop(screen: top.name)))
            return move(from: 1, to: 0, spec: top.preset.close, ending: .popped, at: time, events: &events)
        }
        released = p
        let ending: Ending = commit ? .popped : .cancelled
        let progressVelocity = -v / travel
        let spec: NavigationSpec
        switch configuration.behavior {
        case .cupertino:
            spec = .timing(0.35, .fastEaseInToSlowEaseOut)
        case .uikit:
            // UIPercentDrivenInteractiveTransition: the rest of the 0.5-s animation on easeInOut.
            spec = .timing(max(abs(target - p) * 0.5, 0.001), .easeInOut)
        case .reactNavigation:
            spec = commit ? top.preset.close : top.preset.open
        case .android:
            // Commit: the 450-ms EMPHASIZED timeline; cancel: the progress spring back to 0.
            spec = commit ? .timing(0.45, .emphasized) : .criticalSpring(omega: NavigationBackSmoothing.omega, rest: 0.5, duration: nil)
        case .flutter:
            // PredictiveBackPageTransitionsBuilder: cancel min(⌊lerp(800, 0, v)⌋, 300) ms, commit ⌊lerp(0, 800, v)⌋ ms.
            let ms = commit ? (800 * p).rounded(.down) : min((800 * (1 - p)).rounded(.down), 300)
            spec = .timing(ms / 1000, .fastLinearToSlowEaseIn)
        case .compose:
            // The seekable transition: cancel tween(f × 700 ms) back, commit the remaining (1 − f) × 700 ms.
            spec = .timing(max((commit ? p : 1 - p) * 0.7, 0.001), .fastOutSlowIn)
        case .material:
            spec = top.preset.close
        }
        let springVelocity: Double =
            if case .criticalSpring = spec { tracked.smoothing.map { -$0.velocity } ?? progressVelocity } else { 0 }
        move(from: p, to: target, spec: spec, velocity: springVelocity, ending: ending, at: time, events: &events)
    }
}
