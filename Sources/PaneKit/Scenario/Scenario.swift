// The scenario model of DESIGN §7: a container, its stylers and a timeline. PaneKitScenario reads one from a file.

/// A styler named in a scenario, with the parameters it overrides.
package struct StylerReference: Sendable, Hashable {
    /// The styler's registered name, or a `.bake.json` file beside the scenario.
    package var name: String
    /// The parameters the scenario sets, by name; the others keep their defaults.
    package var params: [String: ParamValue]

    /// A reference to `name` with the given parameter overrides.
    package init(name: String, params: [String: ParamValue] = [:]) {
        self.name = name
        self.params = params
    }
}

/// A whole scenario file.
public struct Scenario: Sendable {
    /// The scenario's `name`, shown in captions and window titles.
    public var name: String
    /// The container's size in points.
    public var size: Size
    /// Frames per second of the run.
    public var fps: Double
    /// The times of the frames to render, increasing (DESIGN §12 `frameTimes`); when set it replaces `fps` and
    /// `duration` for `run`.
    package var frameTimes: [Double]?
    /// Seconds to render; nil means until one frame after every motion has come to rest.
    public var duration: Double?
    /// The container and its configuration.
    package var container: ContainerSpec
    /// The stylers of each styler group (a drawer's direction) in order; a group without an entry gets the
    /// container's defaults.
    package var stylers: [StylerGroup: [StylerReference]]
    /// The actions to perform, in time order.
    package var timeline: [TimedAction]
    /// Top-level `reducedMotion` (DESIGN §12): transitions cross-fade instead of moving (`PaneHost.reducedMotion`).
    public var reducedMotion = false
    /// Top-level `appearance` (DESIGN §13): what each role's node shows (colour, image, wireframe).
    package var appearance = Appearance.none
    /// Top-level `grid`: the scenario run once per cell and laid out in one frame (`ScenarioGrid`); `size` is each
    /// cell's.
    package var grid: ScenarioGrid?

    /// A scenario from its parts, as the loader builds it.
    package init(
        name: String, size: Size, fps: Double = 60, duration: Double? = nil, container: ContainerSpec,
        stylers: [StylerGroup: [StylerReference]] = [:], timeline: [TimedAction] = []
    ) {
        self.name = name
        self.size = size
        self.fps = fps
        self.duration = duration
        self.container = container
        self.stylers = stylers
        self.timeline = timeline
    }

    /// A host ready to run this scenario, its stylers made from `registry`.
    /// - Throws: `RegistryError` when a styler cannot be made.
    package func makeHost(registry: StylerRegistry = .builtins) throws(RegistryError) -> PaneHost {
        if let grid {
            var hosts: [PaneHost] = []
            for cell in grid.cells {
                var run = self
                run.grid = nil
                // The scenario's size and reading direction (as `--size` or a right-to-left file set them) in every cell.
                run.container = cell.container.size == size ? cell.container : cell.container.resized(to: size)
                run.container.layoutDirection = container.layoutDirection
                run.stylers = cell.stylers
                hosts.append(try run.makeHost(registry: registry))
            }
            return PaneHost(grid: HostGrid(grid, hosts: hosts, cellSize: size))
        }
        var made: [StylerGroup: [any Styler]] = [:]
        for group in stylers.keys.sorted() {
            var list: [any Styler] = []
            for reference in stylers[group]! { list.append(try registry.make(reference.name, params: reference.params)) }
            made[group] = list
        }
        var host = PaneHost(container: container.makeContainer(), fps: fps, stylers: made, reducedMotion: reducedMotion)
        for item in timeline { host.schedule(item.action, at: item.time) }
        return host
    }

    /// The size of the run's frames: `size`, or a grid's whole size.
    package var frameSize: Size { grid?.size(cell: size) ?? size }

    /// The largest magnitude of any number in a scenario: far beyond any screen or duration, and small enough
    /// that the containers' arithmetic cannot overflow to infinity.
    package static let largestMagnitude = 1e9

    /// The frame rates a run takes, in frames per second: a scenario's `fps` and every command's `--fps`. At least a
    /// frame every 1,000 seconds, so that the rate itself, written with six decimals as every output writes numbers
    /// (a video's frame rate, a Lottie's `fr`), is never 0.
    package static let frameRates: ClosedRange<Double> = 0.001...1000

    /// What a frame rate is, for messages: `> 0 and ≤ 1000 (at least 0.001)`.
    package static let frameRateRequirement =
        "> 0 and ≤ \(NumberFormat.message(frameRates.upperBound)) (at least \(NumberFormat.message(frameRates.lowerBound)))"

    /// What a container size is, for messages: two numbers > 0 and at most `largestMagnitude`.
    package static let sizeRequirement = "numbers > 0 and ≤ \(NumberFormat.message(largestMagnitude))"

    /// Whether `size` is one a scenario may give: both sides > 0 and at most `largestMagnitude`.
    package static func accepts(size: Size) -> Bool {
        size.width > 0 && size.height > 0 && size.width <= largestMagnitude && size.height <= largestMagnitude
    }

    /// The most frames one run makes, whatever its limit: about 70 minutes at 60 fps.
    package static let maximumFrames = 250_000

    /// The frame limit of a run without `duration` unless another is given: 10 minutes at 60 fps. A run that
    /// has not come to rest by then stops, and its last frame carries a `frameLimitReached` event.
    public static let defaultFrameLimit = 36_000

    /// The number of frames of a scenario with a `duration`: every frame at t ≤ duration. Saturates at
    /// `Int.max` rather than trapping for durations no run could reach.
    package func frameCount(forDuration duration: Double) -> Int {
        let last = (duration * fps + 1e-9).rounded(.down)
        guard last.isFinite, last < 1e18 else { return last < 0 ? 1 : Int.max }
        return max(Int(last), 0) + 1
    }

    /// The time of the last frame any run of this scenario can make (`maximumFrames` at its fps).
    package var lastReachableTime: Double { Double(Self.maximumFrames - 1) / fps }

    /// Runs the scenario and hands each frame to `body` as soon as it is made, so a run of any length holds one
    /// frame at a time.
    /// - Parameters:
    ///   - limit: the most frames a run without `duration` makes (at most `maximumFrames`); a run stopped by it
    ///     ends with a `frameLimitReached` event and a summary that says so.
    ///   - registry: where the scenario's styler names are made (the built-ins, or a plugin catalog's registry).
    ///   - strict: a failing styler stops the run with a `HostError` instead of being disabled.
    ///   - onWarning: receives one line per disabled styler or ignored action, for stderr.
    ///   - body: receives each frame; a frame it keeps is its own copy.
    /// - Throws: `RegistryError`, `HostError` (strict mode, or too many frames), or what `body` throws.
    @discardableResult
    public func run(
        registry: StylerRegistry = .builtins, strict: Bool = false, limit: Int = defaultFrameLimit,
        onWarning: (@Sendable (String) -> Void)? = nil, _ body: (Frame) throws -> Void
    ) throws -> PaneHost.RunSummary {
        if let duration, frameCount(forDuration: duration) > Self.maximumFrames {
            throw HostError(
                .tooManyFrames,
                "duration × fps gives \(NumberFormat.message(duration * fps)) frames; at most \(Self.maximumFrames) are rendered "
                    + "in one run (lower the duration or the frame rate)")
        }
        var host = try makeHost(registry: registry)
        host.strict = strict
        host.onWarning = onWarning
        if let frameTimes {
            // One frame at each given time, through rest, as a run with a duration.
            var frame = Frame(
                index: 0, time: 0, container: container.kind, state: .closed, fractions: Fractions(), size: frameSize, nodes: [],
                events: [])
            for t in frameTimes {
                try host.step(into: &frame, at: t)
                try body(frame)
            }
            return PaneHost.RunSummary(frameCount: frameTimes.count, stoppedAtLimit: false)
        }
        if let duration {
            // A fixed-length run goes on through rest to its duration.
            let count = frameCount(forDuration: duration)
            var frame = try host.step()
            try body(frame)
            for _ in 1..<count {
                try host.step(into: &frame)
                try body(frame)
            }
            return PaneHost.RunSummary(frameCount: count, stoppedAtLimit: false)
        }
        return try host.run(limit: min(max(limit, 1), Self.maximumFrames), body)
    }

    /// Runs the scenario and returns its frames (every one in memory: `run(…, body)` streams them instead).
    /// - Parameters:
    ///   - registry: where the scenario's styler names are made (the built-ins, or a plugin catalog's registry).
    ///   - strict: a failing styler stops the run with a `HostError` instead of being disabled.
    ///   - limit: the most frames a run without `duration` may take.
    ///   - onWarning: receives one line per disabled styler or ignored action, for stderr.
    /// - Throws: `RegistryError` or `HostError` (strict mode).
    public func run(
        registry: StylerRegistry = .builtins, strict: Bool = false, limit: Int = defaultFrameLimit,
        onWarning: (@Sendable (String) -> Void)? = nil
    ) throws -> [Frame] {
        var frames: [Frame] = []
        try run(registry: registry, strict: strict, limit: limit, onWarning: onWarning) { frames.append($0) }
        return frames
    }
}
