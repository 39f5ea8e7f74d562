// The host: runs a container and its stylers frame by frame (DESIGN §3).

/// Moves a container through time at a fixed frame rate, styles each frame and returns it.
///
/// Frame i is at t = i / fps (computed, never accumulated). Actions are delivered at their own times, so the
/// motion is the same at every frame rate.
public struct PaneHost: Sendable {
    /// The container the host drives, with its current state.
    package var container: any Container { model }
    /// The container (`container`): the host reads it under another name, since `container` also names
    /// `container(as:)`, and an overloaded name is not opened for a generic call (`HostStyling.makeFrame`).
    private var model: any Container
    /// The frame rate of ``step()`` in frames per second; frame i is at i / fps seconds.
    public let fps: Double
    /// Makes a failing styler end the run instead of being disabled.
    public var strict = false
    /// Reduced motion (DESIGN §12): programmatic transitions jump and the host cross-fades the nodes that change
    /// (at most 0.1 s out and 0.1 s in, see `CrossFade`); the bounce preview is a no-op with an `actionIgnored`
    /// event; stylers read `StyleContext.reducedMotion`. End states are those of the normal run.
    public let reducedMotion: Bool
    /// Whether the host mirrors pan and tap points for a right-to-left container (`MirroredContainer`).
    private let mirrorsTouches: Bool
    /// Receives one line per disabled styler (the CLI prints it to stderr).
    public var onWarning: (@Sendable (String) -> Void)?

    /// The index of the next frame.
    public private(set) var frameIndex = 0

    /// Pending actions in time order; those before `queueHead` are delivered.
    private var queue: [Pending] = []
    private var queueHead = 0
    /// Pans under way: each delivers its samples at their own times, made one at a time.
    private var gestures: [Gesture] = []
    /// Decides who takes each pan: the drawer, a scrolling region or nobody (DESIGN §12).
    private var arbiter: PanArbiter
    /// The content offset of each of the container's scrolling regions, in declaration order.
    public var scrollOffsets: [Double] { model.regionOffsets ?? arbiter.offsets }
    /// The number of actions scheduled so far: equal times are delivered in this order.
    private var scheduled = 0
    /// Comparisons made to place actions in the queue: a measure of its work for tests (appends cost none).
    internal private(set) var queueProbes = 0
    /// Touch samples delivered from pans: a measure of their work for tests.
    internal private(set) var touchSamplesDelivered = 0
    /// The stylers, the pose and the styling state kept between frames (`HostStyling`).
    private var styling: HostStyling
    /// A grid scenario's cells (`HostGrid`): when set, the host steps them instead of `model`.
    private var grid: HostGrid?

    private struct Pending: Sendable {
        var time: Double
        var order: Int
        var action: Action
    }

    private struct Gesture: Sendable {
        var path: TouchPath
        var start: Double
        var order: Int
        var next = 0
    }

    /// - Parameters:
    ///   - container: the container to run.
    ///   - fps: frames per second (> 0).
    ///   - stylers: the stylers of each styler group in order (a drawer's direction: `[.left: […]]`); a group
    ///     without an entry gets the container's defaults. The container's chrome stylers run first unless the list
    ///     names a styler of the same name.
    ///   - chrome: whether the container's chrome stylers run (`panekit sample` runs one styler alone).
    ///   - reducedMotion: whether transitions cross-fade instead of moving (`reducedMotion`).
    package init(
        container: any Container, fps: Double = 60, stylers: [StylerGroup: [any Styler]] = [:], chrome: Bool = true,
        reducedMotion: Bool = false
    ) {
        precondition(fps > 0, "fps must be positive")
        // Right to left (DESIGN §12): the mirror image of the left-to-right counterpart; touches are mirrored here.
        var mirrored = container.layoutDirection == .rtl && !(container is MirroredContainer) ? MirroredContainer(container) : nil
        mirrored?.mirrorsTouches = false
        let container: any Container = mirrored ?? container
        self.model = container
        self.mirrorsTouches = mirrored != nil
        self.fps = fps
        self.reducedMotion = reducedMotion
        self.arbiter = PanArbiter(regions: container.panArbitration()?.regions ?? [])
        self.styling = HostStyling(container: container, stylers: stylers, chrome: chrome, reducedMotion: reducedMotion)
    }

    /// The host of a grid scenario's cells: each frame lays out every cell's frame (`HostGrid`).
    init(grid: HostGrid) {
        self.init(container: grid.hosts[0].container, fps: grid.hosts[0].fps)
        self.grid = grid
    }

    /// The time of the last frame, nil before the first.
    public private(set) var lastFrameTime: Double?

    /// The time of the next frame at the fixed rate; after `step(at:)`, the last frame's time (an action
    /// performed then is delivered on the next frame).
    public var time: Double {
        let next = Double(frameIndex) / fps
        guard let lastFrameTime, lastFrameTime > next else { return next }
        return lastFrameTime
    }

    /// Queues `action` for the time of the next frame.
    ///
    /// Before the first frame, the next frame's time is not known yet: the action is delivered at the first frame's
    /// time, whatever it is. `perform(.open(.left))` followed by `step(at: 1000.0)` starts the animation at 1000.0,
    /// so the first frame is closed with a `willOpen` event (as with `step()`, whose first frame is at 0).
    public mutating func perform(_ action: Action) {
        schedule(action, at: lastFrameTime == nil ? Self.firstFrameTime : time)
    }

    /// The queue time of an action performed before the first frame: replaced by that frame's time when it runs.
    private static let firstFrameTime = -Double.infinity

    /// Gives the actions performed before the first frame that frame's time `t`, keeping the queue in time order
    /// (equal times in scheduling order).
    private mutating func placeFirstFrameActions(at t: Double) {
        guard queueHead < queue.count, queue[queueHead].time == Self.firstFrameTime else { return }
        for i in queueHead..<queue.count where queue[i].time == Self.firstFrameTime { queue[i].time = t }
        queue[queueHead...].sort { ($0.time, $0.order) < ($1.time, $1.order) }
    }

    /// Queues a touch sample at its own timestamp (a touch event's, not the frame's), so a release's velocity comes
    /// from touch times. A timestamp before the last frame is delivered at that frame's time.
    public mutating func touch(_ phase: TouchPhase, _ point: Point, at timestamp: Double) {
        if grid != nil { return grid!.touch(phase, point, at: max(timestamp, lastFrameTime ?? timestamp)) }
        schedule(.touch(.pan(point, phase)), at: max(timestamp, lastFrameTime ?? timestamp))
    }

    /// Queues `action` at `time`; actions at equal times run in the order they were queued. A `gesture`'s
    /// samples are delivered from `time` on, each at its own time, as `pan` actions.
    /// - Complexity: O(1) when `time` is not before the last queued action's (a timeline in order), else
    ///   O(log n) to find the place plus the move of the later actions.
    public mutating func schedule(_ action: Action, at time: Double) {
        if grid != nil { return grid!.schedule(action, at: time) }
        let item = Pending(time: time, order: scheduled, action: action)
        scheduled += 1
        guard queueHead < queue.count, queue[queue.count - 1].time > time else { return queue.append(item) }
        // The first queued action after `time`: later than every action at an equal time.
        var low = queueHead, high = queue.count - 1
        while low < high {
            queueProbes += 1
            let mid = (low + high) / 2
            if queue[mid].time > time { high = mid } else { low = mid + 1 }
        }
        queue.insert(item, at: low)
    }

    /// Whether no action or pan is waiting and the container is at rest.
    public var isAtRest: Bool {
        if let grid { return grid.isAtRest }
        return queueHead == queue.count && gestures.isEmpty && model.isAtRest && !styling.crossFade.isActive
    }

    /// The stylers of `group` (a drawer's direction: `stylers(for: .left)`) that are still enabled, chrome first.
    public func stylers(for group: StylerGroup) -> [any Styler] {
        styling.stylers(for: group)
    }

    /// Runs the next frame.
    /// - Throws: `HostError` when a styler fails and `strict` is set.
    public mutating func step() throws -> Frame {
        var frame = Frame(
            index: 0, time: 0, container: model.kind, state: .closed, fractions: Fractions(), size: model.size,
            nodes: [], events: [])
        try step(into: &frame)
        return frame
    }

    /// Runs the frame for timestamp `time`: a display link's, at any spacing. Motion is evaluated at that time
    /// exactly, so the frames are those a fixed rate would give at the same times.
    /// - Throws: `HostError` when `time` is not finite or is before the previous frame's, or a styler fails under
    ///   `strict`.
    public mutating func step(at time: Double) throws -> Frame {
        var frame = Frame(
            index: 0, time: 0, container: model.kind, state: .closed, fractions: Fractions(), size: model.size,
            nodes: [], events: [])
        try step(into: &frame, at: time)
        return frame
    }

    /// Runs the next frame at the fixed rate, writing it into `frame` and reusing its storage.
    /// - Throws: `HostError` when a styler fails and `strict` is set.
    /// - Complexity: per frame, per node and styler; no allocation after warm-up with built-in stylers
    ///   when `frame` is reused and no event happens.
    public mutating func step(into frame: inout Frame) throws {
        try step(into: &frame, at: Double(frameIndex) / fps)
    }

    /// Runs the frame for timestamp `t`, writing it into `frame` and reusing its storage.
    /// - Throws: `HostError` when `t` is not finite or goes back in time, or a styler fails under `strict`.
    /// - Complexity: as `step(into:)`.
    public mutating func step(into frame: inout Frame, at t: Double) throws {
        guard t.isFinite, t >= (lastFrameTime ?? -Double.infinity) else {
            throw HostError(
                .invalidFrameTime,
                "frame times must be finite and never decrease: got \(NumberFormat.message(t)) after "
                    + NumberFormat.message(lastFrameTime ?? 0), time: t)
        }
        if lastFrameTime == nil { placeFirstFrameActions(at: t) }
        lastFrameTime = t
        if grid != nil {
            if frameIndex == 0 { grid!.configure(strict: strict, onWarning: onWarning) }  // as set before the run
            try grid!.step(into: &frame, at: t, index: frameIndex)
            frameIndex += 1
            return
        }
        // Take each buffer out of the frame so it is uniquely referenced and reused without a copy.
        var events = frame.events
        frame.events = []
        Self.empty(&events)
        deliverActions(through: t + 1e-9, events: &events)
        arbiter.flush(events: &events)
        if queueHead > 0, queueHead == queue.count {
            Self.empty(&queue)
            queueHead = 0
        }
        model.advance(to: t, events: &events)

        // The rest of the frame in one call that opens the container once: each call through `any Container` here
        // projected its box. (`styling` is a stored property apart from `model`, so the container is read where it is,
        // not copied, as a mutating method of the host would need.)
        frame.events = consume events  // consumed: a copy kept the local alive and shared the buffer
        try styling.makeFrame(of: model, into: &frame, at: t, index: frameIndex, strict: strict, onWarning: onWarning)
        frameIndex += 1
    }

    /// Delivers every action and pan sample due by `time` in time order (equal times in scheduling order).
    /// - Complexity: per delivered action, times the pans under way (usually none or one); no allocation.
    private mutating func deliverActions(through time: Double, events: inout [Event]) {
        while true {
            var pick = -1  // a gesture, or −1 for the queue's head
            var due = Double.infinity, order = Int.max
            if queueHead < queue.count { (due, order) = (queue[queueHead].time, queue[queueHead].order) }
            for g in 0..<gestures.count {
                let at = gestures[g].start + gestures[g].path.offset(gestures[g].next)
                if at < due || (at == due && gestures[g].order < order) { (pick, due, order) = (g, at, gestures[g].order) }
            }
            guard due <= time else { return }
            if pick >= 0 {
                let k = gestures[pick].next, path = gestures[pick].path
                touchSamplesDelivered += 1
                arbiter.deliver(path.phase(k), path.point(k), at: due, to: &model, events: &events)
                if k + 1 == path.count { gestures.remove(at: pick) } else { gestures[pick].next = k + 1 }
                continue
            }
            var next = queue[queueHead]
            queueHead += 1
            if reducedMotion {
                guard let still = next.action.withoutAnimation else {
                    events.append(.actionIgnored(action: next.action.name, reason: "reduced motion"))
                    continue
                }
                next.action = still
            }
            guard var touch = next.action.touch else {
                model.perform(any: next.action, at: next.time, events: &events)
                continue
            }
            if mirrorsTouches { touch = Self.mirrored(touch, width: model.size.width) }
            switch touch {
            case .gesture(let path): gestures.append(Gesture(path: path, start: next.time, order: next.order))
            case .pan(let point, let phase): arbiter.deliver(phase, point, at: next.time, to: &model, events: &events)
            case .tap: model.perform(touch: touch, at: next.time, events: &events)
            }
        }
    }

    /// The name of the event on the last frame of a run that its frame limit stopped before it came to rest:
    /// ``Event/frameLimitReached(limit:)``.
    package static let frameLimitEvent = Event.Name.frameLimitReached

    /// How a run ended.
    public struct RunSummary: Sendable, Hashable {
        /// The number of frames made.
        public var frameCount: Int
        /// Whether the frame limit stopped the run before it came to rest (its last frame carries a
        /// `frameLimitReached` event).
        public var stoppedAtLimit: Bool
    }

    /// Runs frames until the host is at rest (that frame included) or `limit` frames are made, handing each
    /// frame to `body` as soon as it is made: a run of any length holds one frame at a time.
    ///
    /// When the limit stops a run that is not at rest, its last frame carries a `frameLimitReached` event with
    /// the `limit`, and the summary says so.
    /// - Parameters:
    ///   - limit: the most frames to make (at least one is made).
    ///   - body: receives each frame; a frame it keeps is its own copy.
    /// - Throws: `HostError` when a styler fails and `strict` is set, or what `body` throws.
    /// - Complexity: per frame as `step(into:)`; the frame's storage is reused when `body` does not keep it.
    @discardableResult
    public mutating func run(limit: Int = 100_000, _ body: (Frame) throws -> Void) throws -> RunSummary {
        var frame = Frame(
            index: 0, time: 0, container: model.kind, state: .closed, fractions: Fractions(), size: model.size,
            nodes: [], events: [])
        var count = 0
        repeat {
            try step(into: &frame)
            count += 1
            let stopped = count >= limit && !isAtRest
            if stopped { frame.events.append(.frameLimitReached(limit: limit)) }
            try body(frame)
            if stopped { return RunSummary(frameCount: count, stoppedAtLimit: true) }
        } while !isAtRest
        return RunSummary(frameCount: count, stoppedAtLimit: false)
    }

    /// Runs frames until the host is at rest (that frame included), at most `limit` frames, and returns them all.
    /// `run(limit:_:)` hands them over one at a time instead.
    public mutating func runUntilRest(limit: Int = 100_000) throws -> [Frame] {
        var frames: [Frame] = []
        try run(limit: limit) { frames.append($0) }
        return frames
    }

    /// Empties an array and keeps its storage. (`removeAll(keepingCapacity:)` allocates in unoptimised builds.)
    private static func empty<T>(_ array: inout [T]) {
        while !array.isEmpty { array.removeLast() }
    }
}
