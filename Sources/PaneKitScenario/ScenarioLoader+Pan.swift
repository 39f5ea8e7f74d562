// Pan sampling: a timeline `pan` as a touch path, from `points` and `duration` or from a recorded `track`.

import PaneKit

extension ScenarioLoader {
    /// A pan as a touch path: `points` crossed at constant speed per segment over `duration` and sampled at
    /// 120 Hz, or `track`'s own samples `[t, x, y]` (t from the action's `at`). Its samples are made as the run
    /// reaches them, so a long pan costs no memory. With `"cancelled": true` its last sample cancels the pan
    /// (``TouchPhase/cancelled``) instead of lifting the finger.
    mutating func pan(_ o: [String: JSONValue], _ path: String) -> TouchPath? {
        guard let touches = samples(o, path) else { return nil }
        guard let cancelled = o["cancelled"] else { return touches }
        guard let flag = bool(cancelled, "\(path).cancelled") else { return nil }
        return flag ? touches.cancelled() : touches
    }

    /// The pan's samples, before `cancelled` is read.
    private mutating func samples(_ o: [String: JSONValue], _ path: String) -> TouchPath? {
        if let track = o["track"] {
            if o["points"] != nil || o["duration"] != nil {
                report(.conflict, path, "expected either \"track\" or \"points\" with \"duration\", got both")
                return nil
            }
            guard case .array(let items) = track, items.count >= 2 else {
                report(.wrongType, "\(path).track", "expected at least two samples [t, x, y], got \(track.brief)")
                return nil
            }
            var times: [Double] = [], points: [Point] = []
            times.reserveCapacity(items.count)
            points.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                guard case .array(let v) = item, v.count == 3, case .number(let t) = v[0], case .number(let x) = v[1],
                    case .number(let y) = v[2]
                else {
                    report(.wrongType, "\(path).track[\(i)]", "expected [t, x, y] (three numbers), got \(item.brief)")
                    return nil
                }
                if max(abs(x), abs(y)) > Self.largestMagnitude {
                    report(
                        .invalidNumber,
                        "\(path).track[\(i)]",
                        "expected coordinates of magnitude ≤ \(NumberFormat.message(Self.largestMagnitude)), got \(item.brief)")
                    return nil
                }
                if t < 0 || t < (times.last ?? 0) {
                    report(
                        .invalidNumber,
                        "\(path).track[\(i)]",
                        "expected a time ≥ \(NumberFormat.message(times.last ?? 0)) (samples in order), got \(NumberFormat.message(t))")
                    return nil
                }
                times.append(t)
                points.append(Point(x: x, y: y))
            }
            return TouchPath(times: times, points: points)
        }
        let points = o["points"], durationJSON = o["duration"]
        guard let points else {
            report(.missingKey, "\(path).points", "missing; expected [[x, y], …] with \"duration\", or a \"track\" of [t, x, y]")
            return nil
        }
        guard case .array(let items) = points, items.count >= 2 else {
            report(.wrongType, "\(path).points", "expected at least two points [x, y], got \(points.brief)")
            return nil
        }
        var polyline: [Point] = []
        for (i, item) in items.enumerated() {
            guard let (x, y) = pair(item, "\(path).points[\(i)]", positive: false) else { return nil }
            polyline.append(Point(x: x, y: y))
        }
        guard let duration = required(positive(durationJSON, "\(path).duration"), durationJSON, "\(path).duration", "a duration > 0")
        else { return nil }
        return TouchPath(points: polyline, duration: duration)
    }
}
