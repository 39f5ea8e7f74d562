// A host that knows its container's type: actions are checked by the compiler and the container needs no cast.

/// A ``PaneHost`` whose container type is part of its own: it takes only `Model.TypedAction` and returns the
/// container as a `Model`.
///
/// ```swift
/// var host = TypedPaneHost(DrawerContainer(configuration), stylers: [.left: [MMParallaxStyler(factor: 2)]])
/// host.perform(.open(.left))               // DrawerAction: autocompletion lists the drawer's actions only
/// host.perform(.setSplitPosition(300))     // error: … (aka 'DrawerAction') has no member 'setSplitPosition'
/// let frame = try host.step(at: timestamp)
/// if host.container.openSide == .left { … } // a DrawerContainer, no downcast
/// ```
///
/// It runs exactly as the ``PaneHost`` it wraps (``untyped``): the same frames, events and JSON. Scenario files
/// and other dynamic input keep using ``PaneHost/perform(_:)`` with an ``Action``; wrap such a host with
/// ``init(_:)`` when its container type is known.
public struct TypedPaneHost<Model: PaneContainer>: Sendable {
    /// The host that runs; its container is a `Model` (or, right to left, the mirror image of one).
    public private(set) var untyped: PaneHost

    /// A host for `container`; the parameters are those of
    /// ``PaneHost/init(container:fps:stylers:chrome:reducedMotion:)``.
    /// - Parameters:
    ///   - container: the container to run.
    ///   - fps: frames per second (> 0) of ``step()``.
    ///   - stylers: the stylers of each direction in order; a direction without an entry gets the container's
    ///     defaults.
    ///   - chrome: whether the container's chrome stylers run.
    ///   - reducedMotion: whether transitions cross-fade instead of moving.
    public init(
        _ container: Model, fps: Double = 60, stylers: [StylerGroup: [any Styler]] = [:], chrome: Bool = true,
        reducedMotion: Bool = false
    ) {
        untyped = PaneHost(container: container, fps: fps, stylers: stylers, chrome: chrome, reducedMotion: reducedMotion)
    }

    /// The typed view of `host`, or nil when its container is not a `Model` (for example a host made from a
    /// scenario file of another container type).
    public init?(_ host: PaneHost) {
        guard Self.model(in: host.container) != nil else { return nil }
        untyped = host
    }

    /// The container with its current state, as its own type. For a right-to-left container (`layoutDirection`
    /// `rtl`) this is its left-to-right counterpart, which the host runs and mirrors: its sides are swapped.
    public var container: Model {
        guard let model = Self.model(in: untyped.container) else {
            preconditionFailure("TypedPaneHost's container is a \(Model.self) from its initialiser on")
        }
        return model
    }

    /// The `Model` that `container` is or mirrors, if any.
    private static func model(in container: any Container) -> Model? {
        if let model = container as? Model { return model }
        return (container as? MirroredContainer)?.base as? Model
    }

    /// Queues `action` for the time of the next frame (``PaneHost/perform(_:)``).
    public mutating func perform(_ action: Model.TypedAction) {
        untyped.perform(action.action)
    }

    /// Queues `action` at `time` in seconds; actions at equal times run in the order they were queued
    /// (``PaneHost/schedule(_:at:)``).
    public mutating func schedule(_ action: Model.TypedAction, at time: Double) {
        untyped.schedule(action.action, at: time)
    }

    /// Queues a touch sample at its own timestamp in seconds (``PaneHost/touch(_:_:at:)``).
    public mutating func touch(_ phase: TouchPhase, _ point: Point, at timestamp: Double) {
        untyped.touch(phase, point, at: timestamp)
    }

    /// Runs the next frame at the fixed rate (``PaneHost/step()``).
    /// - Throws: `HostError` when a styler fails and ``strict`` is set.
    public mutating func step() throws -> Frame { try untyped.step() }

    /// Runs the frame for a display timestamp in seconds (``PaneHost/step(at:)``).
    /// - Throws: `HostError` when `time` is not finite or goes back in time, or a styler fails under ``strict``.
    public mutating func step(at time: Double) throws -> Frame { try untyped.step(at: time) }

    /// Runs the frame for timestamp `time` in seconds into `frame`, reusing its storage
    /// (``PaneHost/step(into:at:)``).
    /// - Throws: as ``step(at:)``.
    /// - Complexity: as ``PaneHost/step(into:at:)``: per frame, per node and styler, no allocation after warm-up.
    public mutating func step(into frame: inout Frame, at time: Double) throws {
        try untyped.step(into: &frame, at: time)
    }

    /// Runs frames until the host is at rest or `limit` frames are made, handing each to `body`
    /// (``PaneHost/run(limit:_:)``).
    /// - Throws: `HostError` when a styler fails and ``strict`` is set, or what `body` throws.
    /// - Complexity: per frame as ``step(into:at:)``.
    @discardableResult
    public mutating func run(limit: Int = 100_000, _ body: (Frame) throws -> Void) throws -> PaneHost.RunSummary {
        try untyped.run(limit: limit, body)
    }

    /// Runs frames until the host is at rest, at most `limit`, and returns them (``PaneHost/runUntilRest(limit:)``).
    /// - Throws: `HostError` when a styler fails and ``strict`` is set.
    public mutating func runUntilRest(limit: Int = 100_000) throws -> [Frame] {
        try untyped.runUntilRest(limit: limit)
    }

    /// Whether no action or pan is waiting and the container is at rest (``PaneHost/isAtRest``).
    public var isAtRest: Bool { untyped.isAtRest }

    /// The time in seconds of the next frame at the fixed rate (``PaneHost/time``).
    public var time: Double { untyped.time }

    /// Makes a failing styler end the run instead of being disabled (``PaneHost/strict``).
    public var strict: Bool {
        get { untyped.strict }
        set { untyped.strict = newValue }
    }

    /// Receives one line per disabled styler (``PaneHost/onWarning``).
    public var onWarning: (@Sendable (String) -> Void)? {
        get { untyped.onWarning }
        set { untyped.onWarning = newValue }
    }
}
