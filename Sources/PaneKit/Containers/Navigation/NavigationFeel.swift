// A navigation stack's rows in `panekit feel`: for each back gesture of the timeline (a pan or a predictive back),
// what the release decided (the screen popped or stayed), the settle time, the overshoot and the peak speed.

/// The back gestures of a navigation run, measured on its frames.
enum NavigationFeel {
    /// One back gesture, measured.
    struct Gesture {
        /// `pan` or `back`.
        var kind: String
        /// When the gesture starts and lets go, in seconds.
        var at: Double, release: Double
        /// The screen on top when it started.
        var screen: String
        /// `pop` (didPop), `stay` (popCancelled) or nil when neither came (the gesture missed its hit region).
        var result: String?
        /// Seconds from the release to the event that ends it; nil without one.
        var settle: Double?
        /// Points past the rest position the screen travelled (0 when none).
        var overshoot: Double
        /// The largest speed of the screen after the release, points per second, between consecutive frames.
        var peakVelocity: Double
    }

    /// A navigation stack's numbers view: one row per back gesture.
    static let table = FeelMeasure(
        noun: "navigation stacks",
        columns: [
            .init("gesture", key: "kind", .text), .init("at s", key: "at", .number(step: nil)),
            .init("release s", key: "release", .number(step: nil)), .init("screen", key: "screen", .text),
            .init("result", key: "result", .text, missing: "result —: the gesture started outside the platform's hit region"),
            .init("settle s", key: "settle", .number(step: 0.001)), .init("overshoot pt", key: "overshoot", .number(step: 0.1)),
            .init("peak pt/s", key: "peakVelocity", .number(step: 1)),
        ],
        help: """
            On a navigation stack each back gesture (a pan, a predictive back) is a row: its screen, the result (pop:
            didPop, stay: popCancelled), settle (the release to that event), overshoot (points past in place or past
            the container's edge) and peak (the screen's largest speed after the release).
            """,
        behavior: { $0.configuration(as: NavigationConfiguration.self)?.behavior.rawValue },
        measure: { timeline, frames in
            FeelMeasure.Run(
                rows: gestures(timeline, frames).map { g in
                    [
                        .text(g.kind), .number(g.at), .number(g.release), .text(g.screen), .text(g.result), .number(g.settle),
                        .number(g.overshoot), .number(g.peakVelocity),
                    ]
                })
        })

    /// Each `pan` and `back` of `timeline`, measured on `frames`.
    static func gestures(_ timeline: [TimedAction], _ frames: [Frame]) -> [Gesture] {
        var out: [Gesture] = []
        for entry in timeline {
            let kind: String, duration: Double
            if case .gesture(let path)? = entry.action.touch {
                (kind, duration) = ("pan", path.duration)
            } else if case .back(let gesture, _)? = entry.action.as(NavigationAction.self) {
                (kind, duration) = ("back", gesture.duration)
            } else {
                continue
            }
            let release = entry.time + duration
            guard let start = frames.lastIndex(where: { $0.time <= entry.time + 1e-9 }) ?? frames.indices.first,
                let screen = frames[start].stack?.last
            else { continue }
            var gesture = Gesture(
                kind: kind, at: entry.time, release: release, screen: screen, result: nil, settle: nil, overshoot: 0, peakVelocity: 0)
            let role = Role.screen.member(named: screen)
            var previous: (time: Double, x: Double)?
            for frame in frames[start...] {
                let ended = frame.events.compactMap { $0.as(NavigationEvent.self) }.first {
                    $0 == .didPop(screen: screen) || $0 == .popCancelled(screen: screen)
                }
                if let node = frame.node(role), frame.time >= release - 1e-9 {
                    let x = node.style.transform.m41 + node.style.transform.m42
                    if let previous, frame.time > previous.time {
                        gesture.peakVelocity = max(gesture.peakVelocity, abs(x - previous.x) / (frame.time - previous.time))
                    }
                    // Past in place (x < 0 for a screen that stays) or past off-screen (beyond the container).
                    gesture.overshoot = max(gesture.overshoot, -x, x - max(frame.size.width, frame.size.height))
                    previous = (frame.time, x)
                }
                if let ended {
                    gesture.result = ended == .didPop(screen: screen) ? "pop" : "stay"
                    gesture.settle = frame.time - release
                    break
                }
            }
            out.append(gesture)
        }
        return out
    }
}
