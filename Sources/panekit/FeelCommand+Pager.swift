// panekit feel on a pager: for each swipe and each setPage of the timeline under each behavior, the page it comes to
// rest on, the settle time, the overshoot past that page and the peak speed, in pages.

import PaneKit
import PaneKitRender

extension FeelCommand {
    /// One swipe or setPage of a pager run, measured on its frames.
    struct PagerGesture {
        /// `pan` or `setPage`.
        var kind: String
        /// When it starts and when it lets go (a pan's last sample; a setPage's own time), in seconds.
        var at: Double, release: Double
        /// The current page when it started.
        var from: Int
        /// The page the pager rests on after it; nil when the next gesture starts first.
        var page: Int?
        /// Seconds from the release to the first frame at rest; nil when the next gesture starts first.
        var settle: Double?
        /// Pages past the resting page in the direction of travel (0 when none).
        var overshoot: Double
        /// The largest speed after the release, pages per second, between consecutive frames.
        var peakVelocity: Double
    }

    /// The table's columns for a pager: title, whether numbers (right-aligned).
    static let pagerColumns: [(title: String, number: Bool)] = [
        ("behavior", false), ("gesture", false), ("at s", true), ("release s", true), ("from", true), ("page", true),
        ("settle s", true), ("overshoot pages", true), ("peak pages/s", true),
    ]

    /// Measures `path`'s pager scenario under each of `behaviors` (nil: its own) and writes the table or JSON.
    static func pager(
        _ path: String, scenario own: Scenario, behaviors: [String]?, registry: StylerRegistry, fps: Double?, limit: Int, json: Bool
    ) throws(CLIError) -> String {
        let runs = try behaviorRuns(
            path, own: own, ownBehavior: own.container.configuration(as: PagerConfiguration.self)?.behavior.rawValue,
            behaviors: behaviors, registry: registry, fps: fps, limit: limit)
        let measured = runs.map { ($0.behavior, pagerGestures($0.scenario.timeline, $0.frames)) }
        let rate = fps ?? runs.first?.scenario.fps ?? 60
        let title = own.name.isEmpty ? Files.displayName(path) : own.name
        return json ? pagerJSON(measured, path: path, name: title, fps: rate) : pagerText(measured, name: title, fps: rate)
    }

    /// Each `pan` and `setPage` of `timeline`, measured on `frames`: the settle ends at the first frame from the
    /// release on where the pager is at rest (`idle`); one that the next gesture interrupts has no page or settle.
    static func pagerGestures(_ timeline: [TimedAction], _ frames: [Frame]) -> [PagerGesture] {
        var out: [PagerGesture] = []
        let starts = timeline.compactMap { entry -> Double? in
            entry.action.touch != nil || entry.action.as(PagerAction.self) != nil ? entry.time : nil
        }
        for entry in timeline {
            let kind: String, duration: Double
            if case .gesture(let path)? = entry.action.touch {
                (kind, duration) = ("pan", path.duration)
            } else if case .setPage? = entry.action.as(PagerAction.self)?.untimed.action {
                (kind, duration) = ("setPage", 0)
            } else {
                continue
            }
            let release = entry.time + duration
            let next = starts.first { $0 > entry.time + 1e-9 } ?? .infinity
            guard let start = frames.lastIndex(where: { $0.time <= entry.time + 1e-9 }) ?? frames.indices.first,
                let from = frames[start].page
            else { continue }
            var gesture = PagerGesture(
                kind: kind, at: entry.time, release: release, from: from, page: nil, settle: nil, overshoot: 0, peakVelocity: 0)
            var travelled: [(time: Double, offset: Double)] = []
            for frame in frames[start...] where frame.time >= release - 1e-9 {
                guard frame.time < next - 1e-9, let offset = frame.pageOffset else { break }
                if let previous = travelled.last, frame.time > previous.time {
                    gesture.peakVelocity = max(gesture.peakVelocity, abs(offset - previous.offset) / (frame.time - previous.time))
                }
                travelled.append((frame.time, offset))
                if frame.state == .idle {
                    gesture.page = frame.page
                    gesture.settle = frame.time - release
                    break
                }
            }
            if let page = gesture.page, let first = travelled.first {
                // Past the resting page in the direction the release set out in.
                let rest = travelled.last?.offset ?? Double(page)
                let direction: Double = rest > first.offset ? 1 : (rest < first.offset ? -1 : 0)
                gesture.overshoot = travelled.map { direction * ($0.offset - rest) }.max().map { max(0, $0) } ?? 0
            }
            out.append(gesture)
        }
        return out
    }

    /// The aligned table.
    static func pagerText(_ runs: [(behavior: String, gestures: [PagerGesture])], name: String, fps: Double) -> String {
        var rows: [[String]] = []
        for run in runs {
            for g in run.gestures {
                rows.append([
                    run.behavior, g.kind, NumberFormat.string(g.at), NumberFormat.string(g.release), String(g.from),
                    g.page.map(String.init) ?? "—", g.settle.map { number($0, step: 0.001) } ?? "—", number(g.overshoot, step: 0.001),
                    number(g.peakVelocity, step: 0.01),
                ])
            }
        }
        var out = "\(name) (\(NumberFormat.string(fps)) fps)\n" + table(pagerColumns, rows)
        if rows.contains(where: { $0[5] == "—" }) { out += "page —: the next gesture started before the pager came to rest\n" }
        return out
    }

    /// One JSON object: {"scenario","name","fps","behaviors":[{"behavior","gestures":[{"kind","at","release","from",
    /// "page","settle","overshoot","peakVelocity"}]}]}.
    static func pagerJSON(_ runs: [(behavior: String, gestures: [PagerGesture])], path: String, name: String, fps: Double) -> String {
        func string(_ s: String) -> String { FrameJSON.string(s) }
        func number(_ x: Double?) -> String { x.map(NumberFormat.string) ?? "null" }
        let behaviors = runs.map { run in
            let gestures = run.gestures.map { g in
                "{\"kind\":\(string(g.kind)),\"at\":\(number(g.at)),\"release\":\(number(g.release)),\"from\":\(g.from),"
                    + "\"page\":\(g.page.map(String.init) ?? "null"),\"settle\":\(number(g.settle)),"
                    + "\"overshoot\":\(number(g.overshoot)),\"peakVelocity\":\(number(g.peakVelocity))}"
            }
            return "{\"behavior\":\(string(run.behavior)),\"gestures\":[\(gestures.joined(separator: ","))]}"
        }
        return "{\"scenario\":\(string(path)),\"name\":\(string(name)),\"fps\":\(number(fps)),"
            + "\"behaviors\":[\(behaviors.joined(separator: ","))]}\n"
    }
}
