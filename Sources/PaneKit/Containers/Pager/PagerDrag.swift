// A pan on a pager: where it started, the finger's samples for the release velocity, and the platforms' own
// bookkeeping (Swiper's swallowed threshold, Embla's 170 ms tracker).

import Foundation

/// The pan in progress on a pager. Axis coordinates are the finger's x (horizontal) or y (vertical), in points.
struct PagerDrag: Sendable {
    /// The position and the page when the finger came down.
    var startPosition: Double, startPage: Int
    /// The finger's axis coordinate at touch-down, and where the drag's origin is (moved by a swallowed slop).
    var downAxis: Double, origin: Double
    /// The last sample's axis coordinate, and the one before it (iCarousel moves by each change).
    var lastAxis: Double, previousAxis: Double
    /// When the finger came down.
    var downTime: Double
    /// Whether the drag passed the platform's start threshold (at once when the touch caught a settle).
    var moved = false
    /// The page of the settle the touch came down on (Android's `mCurItem`, Embla's selected index, Swiper's active
    /// index): the release counts from it, and says `pageWillChange` only for another page; nil for a touch at rest.
    var caughtTarget: Int?
    /// The finger's velocity along the axis (points per second).
    var tracker: SampledVelocity
    /// Embla's DragTracker: the window's first event and the last move (time, axis coordinate).
    var emblaStart: (time: Double, axis: Double), emblaLast: (time: Double, axis: Double)
    /// Embla's scroll body while the finger is down (points): its target follows the finger and its location chases
    /// it on the 60 Hz integrator with duration 0.75 and friction 0.3 (EM `DragHandler.ts:166-168`); nil for the
    /// other platforms, whose pages follow the finger 1:1.
    var emblaBody: EmblaBody?
    /// Embla: the finger's scroll position (points) its last move gave the body's target; the next move adds its change.
    var emblaFinger = 0.0

    init(position: Double, page: Int, axis: Double, at time: Double) {
        (startPosition, startPage, downAxis, origin, downTime) = (position, page, axis, axis, time)
        (lastAxis, previousAxis) = (axis, axis)
        tracker = SampledVelocity(axis, at: time)
        emblaStart = (time, axis)
        emblaLast = (time, axis)
    }

    /// Embla's drag phase: duration 0.75 and friction 0.3 (EM `DragHandler.ts:166-168`).
    static let emblaDragDuration = 0.75, emblaDragFriction = 0.3

    /// Records a move to `axis` at `time` (Embla restarts its window after 170 ms).
    mutating func record(_ axis: Double, at time: Double) {
        tracker.add(axis, at: time)
        let expired = time - emblaStart.time > PagerConstants.emblaLogInterval
        emblaLast = (time, axis)
        if expired { emblaStart = (time, axis) }
        (previousAxis, lastAxis) = (lastAxis, axis)
    }

    /// Embla's `pointerUp` at `time`: the window's slope in scroll points per millisecond, 0 when the last move is
    /// older than 170 ms or the speed is at most 0.1 px/ms.
    func emblaVelocity(at time: Double) -> Double {
        let dt = (time - emblaStart.time) * 1000
        guard dt > 0, time - emblaLast.time <= PagerConstants.emblaLogInterval else { return 0 }
        let force = (emblaLast.axis - emblaStart.axis) / dt
        return abs(force) > 0.1 ? -force : 0
    }
}

extension PagerContainer {
    /// The finger's coordinate along the scroll axis.
    func axis(_ point: Point) -> Double { configuration.orientation == .horizontal ? point.x : point.y }

    /// The Android paging touch slop (2 × 8 dp) a ViewPager or RecyclerView swallows before it moves; Swiper's 5 px.
    var slop: Double {
        switch behavior {
        case .viewpager, .viewpager2: 16
        case .swiper: PagerConstants.swiperThreshold
        default: 0
        }
    }

    /// Whether a settle runs on under a finger that has not started dragging (Swiper's CSS transition until the first
    /// move past its threshold, `onTouchMove`; reanimated-carousel's animation until its pan's first update).
    var settleRunsUnderFinger: Bool { behavior == .swiper || behavior == .reanimatedCarousel }

    /// A touch-down at `time` on the settle `s`: whether it caught it (stopped it where it is, and the finger drags at
    /// once, with no slop). ViewPager catches it only farther than 2 dp from its end (`onInterceptTouchEvent`), else
    /// completes it: the page jumps to its target and comes to rest there. RecyclerView stops a SETTLING scroll and
    /// drags; Compose's scrollable starts its drag at once while a scroll is in progress; UIScrollView, iCarousel
    /// (`shouldReceiveTouch`) and Embla (its pointer down) stop where they are. Swiper and reanimated-carousel run on.
    mutating func touchDown(on s: PagerSettle, at time: Double, events: inout [Event]) -> Bool {
        guard !settleRunsUnderFinger else { return false }
        var here = s.position(at: time)
        if behavior == .viewpager {
            // The scroller's own pixel: the view is scrolled there (a frame drawn at the touch).
            let vp = ViewPagerPixels(configuration), x = vp.scroll(s, to: settleTarget, at: time)
            guard vp.catches(x, goingTo: settleTarget) else {
                (settle, position) = (nil, s.to)
                land(events: &events)
                return false
            }
            here = vp.position(x)
        }
        (settle, bounceBack, position) = (nil, false, here)
        return true
    }

    /// One sample of a pan.
    mutating func pan(_ phase: TouchPhase, _ point: Point, at time: Double, events: inout [Event]) {
        let a = axis(point)
        switch phase {
        case .began:
            var caught: Int?, atOnce = false
            if let s = settle {
                atOnce = touchDown(on: s, at: time, events: &events)
                // A settle that runs on or was caught keeps its page for the release; a completed one has come to rest.
                caught = atOnce || settle != nil ? settleTarget : nil
            }
            drag = PagerDrag(position: position, page: caught ?? Int(position.rounded(.toNearestOrAwayFromZero)), axis: a, at: time)
            drag?.caughtTarget = caught
            drag?.moved = atOnce
            if behavior == .embla {
                // Embla's pointer down freezes the body where it is (duration 0, friction 0: the target is the location);
                // its steps count from here (docs/compat.md).
                let here = position * configuration.stride
                var body = EmblaBody(
                    location: here, previous: here, velocity: 0, target: here, duration: PagerDrag.emblaDragDuration,
                    friction: PagerDrag.emblaDragFriction, start: time)
                body.bound(configuration)
                body.pointerDown = true
                drag?.emblaBody = body
                drag?.emblaFinger = here
            }
        case .moved:
            guard var d = drag else { return }
            d.record(a, at: time)
            if !d.moved {
                // Past the threshold, not at it: Android's `xDiff > mTouchSlop`, Swiper's `> threshold`.
                guard slop == 0 || abs(a - d.downAxis) > slop, settle == nil || a != d.downAxis else { return drag = d }
                d.moved = true
                // Android moves the reference one slop toward the finger, Swiper re-bases at the first accepted move:
                // either way the page does not jump.
                d.origin = behavior == .swiper ? a : d.downAxis + (a > d.downAxis ? slop : -slop)
                if settleRunsUnderFinger { startDragging(&d, at: time, events: &events) }
            }
            move(to: a, drag: &d, at: time)
            drag = d
        case .ended, .cancelled:
            guard var d = drag else { return }
            // Swiper's `onTouchEnd` and reanimated-carousel's `onGestureEnd` leave alone the settle a finger that
            // never moved rested on.
            guard settle == nil else {
                drag = nil
                return phase == .cancelled ? events.append(.panCancelled) : ()
            }
            if phase == .ended { d.record(a, at: time) }
            if phase == .ended, d.moved { move(to: a, drag: &d, at: time) }
            drag = nil
            release(d, cancelled: phase == .cancelled, at: time, events: &events)
        }
    }

    /// Swiper's and reanimated-carousel's drag starts: the settle still running stops where it is now, and the drag
    /// starts from there. Swiper's first move also ends the transition (`transitionEnd` on the wrapper), so the active
    /// slide the release chose is the page it came to (`slideChangeTransitionEnd`); reanimated-carousel's cancelled
    /// animation does not finish (no `onScrollEnd`).
    mutating func startDragging(_ d: inout PagerDrag, at time: Double, events: inout [Event]) {
        if let s = settle {
            (settle, position) = (nil, s.position(at: time))
            if behavior == .swiper { land(on: settleTarget, events: &events) }
        }
        d.startPosition = position
    }

    /// The finger at `a` at `time`: the position follows it (Embla's body chases it: the finger's change moves the
    /// body's target 1:1, from the body's steps due by then; past an edge ScrollBounds pulls the target back).
    mutating func move(to a: Double, drag d: inout PagerDrag, at time: Double) {
        guard var body = d.emblaBody else { return move(to: a, drag: d) }
        body.advance(to: time)
        // The finger's change added to the target (the pull-back so far kept: exactly 0 inside the pages).
        let finger = (d.startPosition - (a - d.origin) / configuration.stride) * configuration.stride
        body.target = finger + (body.target - d.emblaFinger)
        d.emblaFinger = finger
        position = body.rendered(at: time) / configuration.stride
        d.emblaBody = body
    }

    /// Embla's body under the finger, moved on to `time` (the host's frame).
    mutating func advanceDrag(to time: Double) {
        guard var d = drag, var body = d.emblaBody else { return }
        body.advance(to: time)
        position = body.rendered(at: time) / configuration.stride
        d.emblaBody = body
        drag = d
    }

    /// The position for the finger at `a`: 1:1 with the finger inside the pages; past an end, each platform's edge.
    mutating func move(to a: Double, drag d: PagerDrag) {
        let c = configuration
        if behavior == .icarousel {
            // iCarousel scales each change by how far the offset already is past an end (linear over one item), and
            // by its offsetMultiplier.
            let over = c.wrap ? 0 : abs(position - min(max(position, 0), Double(c.pages - 1)))
            let factor = 1 - min(over, 1)
            position -= (d.lastAxis - d.previousAxis) * factor * c.offsetMultiplier / c.stride
            if !c.wrap { position = min(max(position, -1), Double(c.pages)) }
            return
        }
        let raw = d.startPosition - (a - d.origin) / c.stride
        guard !c.wrap else { return position = raw }
        // ViewPager drags only across the pages it has populated, its current one ± 1 (VP1 `performDrag`).
        let (first, last) = behavior == .viewpager ? (max(d.startPage - 1, 0), min(d.startPage + 1, c.pages - 1)) : (0, c.pages - 1)
        let edge = min(max(raw, Double(first)), Double(last))
        let over = abs(raw - edge) * c.stride, sign: Double = raw < edge ? -1 : 1
        guard over > 0 else { return position = raw }
        let shown: Double
        switch behavior {
        case .viewpager, .viewpager2, .compose: shown = 0
        case .uikit:
            let dimension = c.axisLength
            shown = (1 - 1 / (over * PagerConstants.rubberBand / dimension + 1)) * dimension
        case .swiper: shown = pow(over, PagerConstants.swiperResistance) - 1
        // Embla's drag goes through its body (ScrollBounds pulls it back), not here.
        case .embla, .reanimatedCarousel: shown = over / 2
        case .icarousel: shown = over
        }
        position = edge + sign * shown / c.stride
    }
}
