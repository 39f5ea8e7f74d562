// The scenario model of DESIGN §7: a container, its stylers and a timeline.

/// A styler named in a scenario, with the parameters it overrides.
public struct StylerReference: Sendable, Hashable {
    public var name: String
    public var params: [String: ParamValue]

    public init(name: String, params: [String: ParamValue] = [:]) {
        self.name = name
        self.params = params
    }
}

/// The container a scenario runs, with its configuration.
public enum ContainerSpec: Sendable, Hashable {
    case drawer(DrawerConfiguration)
    case sidemenu(SideMenuConfiguration)
    case dynamics(DynamicsConfiguration)
    case split(SplitConfiguration)

    public var typeName: String {
        switch self {
        case .drawer: "drawer"
        case .sidemenu: "sidemenu"
        case .dynamics: "dynamics"
        case .split: "split"
        }
    }

    /// The directions that have a drawer.
    public var directions: [Direction] {
        switch self {
        case .drawer(let c): [Direction.left, .right].filter { c.widths[$0] != nil }
        case .sidemenu(let c): [Direction.left, .right].filter { c.widths[$0] != nil }
        case .dynamics(let c): DynamicsContainer(c).directions
        case .split: Direction.allCases  // the master moves with the toggles
        }
    }

    /// A fresh container at rest.
    public func makeContainer() -> any Container {
        switch self {
        case .drawer(let c): DrawerContainer(c)
        case .sidemenu(let c): SideMenuContainer(c)
        case .dynamics(let c): DynamicsContainer(c)
        case .split(let c): SplitContainer(c)
        }
    }

    /// The same container at another size.
    public func resized(to size: Size) -> ContainerSpec {
        switch self {
        case .drawer(var c):
            c.size = size
            return .drawer(c)
        case .sidemenu(var c):
            c.size = size
            return .sidemenu(c)
        case .dynamics(var c):
            c.size = size
            return .dynamics(c)
        case .split(var c):
            c.size = size
            return .split(c)
        }
    }
}

/// A whole scenario file.
public struct Scenario: Sendable {
    public var name: String
    public var size: Size
    public var fps: Double
    /// The times of the frames to render, increasing (DESIGN §12 `frameTimes`); when set it replaces `fps` and
    /// `duration` for `run`.
    public var frameTimes: [Double]?
    /// Seconds to render; nil means until one frame after every motion has come to rest.
    public var duration: Double?
    public var container: ContainerSpec
    /// The stylers of each direction in order; a direction without an entry gets the container's defaults.
    public var stylers: [Direction: [StylerReference]]
    public var timeline: [TimedAction]

    public init(
        name: String, size: Size, fps: Double = 60, duration: Double? = nil, container: ContainerSpec,
        stylers: [Direction: [StylerReference]] = [:], timeline: [TimedAction] = []
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
    public func makeHost(registry: StylerRegistry = .builtins) throws(RegistryError) -> PaneHost {
        var made: [Direction: [any Styler]] = [:]
        for direction in Direction.allCases {
            guard let references = stylers[direction] else { continue }
            var list: [any Styler] = []
            for reference in references { list.append(try registry.make(reference.name, params: reference.params)) }
            made[direction] = list
        }
        var host = PaneHost(container: container.makeContainer(), fps: fps, stylers: made)
        for item in timeline { host.schedule(item.action, at: item.time) }
        return host
    }

    /// The most frames one run renders (about 70 minutes at 60 fps): frames are kept in memory for the writers.
    public static let maximumFrames = 250_000

    /// The number of frames of a scenario with a `duration`: every frame at t ≤ duration.
    public func frameCount(forDuration duration: Double) -> Int {
        Int((duration * fps + 1e-9).rounded(.down)) + 1
    }

    /// Runs the scenario and returns its frames.
    /// - Parameter limit: the most frames a run without `duration` may take (a safety net, 10 minutes at 60 fps).
    /// - Throws: `RegistryError` or `HostError` (strict mode).
    public func run(registry: StylerRegistry = .builtins, strict: Bool = false, limit: Int = 36_000,
                    onWarning: (@Sendable (String) -> Void)? = nil) throws -> [Frame] {
        if let duration, frameCount(forDuration: duration) > Self.maximumFrames {
            throw HostError(
                "duration × fps gives \(frameCount(forDuration: duration)) frames; at most \(Self.maximumFrames) are rendered "
                    + "in one run (lower the duration or the frame rate)")
        }
        var host = try makeHost(registry: registry)
        host.strict = strict
        host.onWarning = onWarning
        if let frameTimes {
            return try frameTimes.map { try host.step(at: $0) }
        }
        if let duration {
            return try (0..<frameCount(forDuration: duration)).map { _ in try host.step() }
        }
        return try host.runUntilRest(limit: limit)
    }
}
