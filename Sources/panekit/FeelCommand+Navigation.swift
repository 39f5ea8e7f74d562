// panekit feel on a navigation stack: for each back gesture of the timeline (a pan or a predictive back) under each
// behavior, what the release decided (the screen popped or stayed), the settle time, the overshoot and the peak speed.

import PaneKit
import PaneKitRender

extension FeelCommand {
    /// One back gesture of a navigation run, measured on its frames.
    struct NavigationGesture {
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

    /// The table's columns for a navigation stack: title, whether numbers (right-aligned).
    static let navigationColumns: [(title: String, number: Bool)] = [
        ("behavior", false), ("gesture", false), ("at s", true), ("release s", true), ("screen", false), ("result", false),
        ("settle s", true), ("overshoot pt", true), ("peak pt/s", true),
    ]

    /// Measures `path`'s navigation scenario under each of `behaviors` (nil: its own) and writes the table or JSON.
    static func navigation(
        _ path: String, scenario own: Scenario, behaviors: [String]?, registry: StylerRegistry, fps: Double?, limit: Int, json: Bool
    ) throws(CLIError) -> String {
        let runs = try behaviorRuns(
            path, own: own, ownBehavior: own.container.configuration(as: NavigationConfiguration.self)?.behavior.rawValue,
            behaviors: behaviors, registry: registry, fps: fps, limit: limit)
        let measured = runs.map { ($0.behavior, navigationGestures($0.scenario.timeline, $0.frames)) }
        let rate = fps ?? runs.first?.scenario.fps ?? 60
        let title = own.name.isEmpty ? Files.displayName(path) : own.name
        return json ? navigationJSON(measured, path: path, name: title, fps: rate) : navigationText(measured, name: title, fps: rate)
    }

    /// `path`'s scenario under each of `behaviors` (nil: its own, `ownBehavior`), at `fps` when given, with its frames:
    /// what the navigation and pager tables measure.
    static func behaviorRuns(
        _ path: String, own: Scenario, ownBehavior: String?, behaviors: [String]?, registry: StylerRegistry, fps: Double?, limit: Int
    ) throws(CLIError) -> [(behavior: String, scenario: Scenario, frames: [Frame])] {
        let runs =
            try behaviors.map { (names: [String]) throws(CLIError) in try BehaviorsArgument.scenarios(path, names, registry: registry) }
            ?? [(ownBehavior ?? "", own)]
        var out: [(behavior: String, scenario: Scenario, frames: [Frame])] = []
        for (behavior, loaded) in runs {
            var scenario = loaded
            if let fps {
                scenario.fps = fps
                scenario.frameTimes = nil
            }
            var frames: [Frame] = []
            try Self.frames(of: scenario, name: "\(path) (behavior \(behavior))", registry: registry, limit: limit) { frames.append($0) }
            out.append((behavior, scenario, frames))
        }
        return out
    }

    /// Each `pan` and `back` of `timeline`, measured on `frames`.
    static func navigationGestures(_ timeline: [TimedAction], _ frames: [Frame]) -> [NavigationGesture] {
        var out: [NavigationGesture] = []
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
            var gesture = NavigationGesture(
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

    /// The aligned table.
    static func navigationText(_ runs: [(behavior: String, gestures: [NavigationGesture])], name: String, fps: Double) -> String {
        var rows: [[String]] = []
        for run in runs {
            for g in run.gestures {
                rows.append([
                    run.behavior, g.kind, NumberFormat.string(g.at), NumberFormat.string(g.release), g.screen, g.result ?? "—",
                    g.settle.map { number($0, step: 0.001) } ?? "—", number(g.overshoot, step: 0.1), number(g.peakVelocity, step: 1),
                ])
            }
        }
        var out = "\(name) (\(NumberFormat.string(fps)) fps)\n" + table(navigationColumns, rows)
        if rows.contains(where: { $0[5] == "—" }) { out += "result —: the gesture started outside the platform's hit region\n" }
        return out
    }

    /// One JSON object: {"scenario","name","fps","behaviors":[{"behavior","gestures":[{"kind","at","release","screen",
    /// "result","settle","overshoot","peakVelocity"}]}]}.
    static func navigationJSON(_ runs: [(behavior: String, gestures: [NavigationGesture])], path: String, name: String, fps: Double)
        -> String
    {
        func string(_ s: String?) -> String { s.map(FrameJSON.string) ?? "null" }
        func number(_ x: Double?) -> String { x.map(NumberFormat.string) ?? "null" }
        let behaviors = runs.map { run in
            let gestures = run.gestures.map { g in
                "{\"kind\":\(string(g.kind)),\"at\":\(number(g.at)),\"release\":\(number(g.release)),\"screen\":\(string(g.screen)),"
                    + "\"result\":\(string(g.result)),\"settle\":\(number(g.settle)),\"overshoot\":\(number(g.overshoot)),"
                    + "\"peakVelocity\":\(number(g.peakVelocity))}"
            }
            return "{\"behavior\":\(string(run.behavior)),\"gestures\":[\(gestures.joined(separator: ","))]}"
        }
        return "{\"scenario\":\(string(path)),\"name\":\(string(name)),\"fps\":\(number(fps)),"
            + "\"behaviors\":[\(behaviors.joined(separator: ","))]}\n"
    }
}
