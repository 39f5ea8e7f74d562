// Right-to-left checks: a scenario written once in leading/trailing terms, and the mirror test frame by frame.

import PaneKit

/// A scenario written with `leading` and `trailing` and touch points of the left-to-right run: its `ltr` and
/// `rtl` texts differ in `layoutDirection` and in every touch point's x, which the `rtl` text mirrors.
public struct MirrorScenario: Sendable {
    /// One timeline entry.
    public enum Step: Sendable {
        /// An action without points: the JSON members after `at`, such as `"action": "open", "direction": "leading"`.
        case action(Double, String)
        /// A pan through points (ltr x, y) over a duration.
        case pan(Double, [(Double, Double)], duration: Double)
        /// A pan of explicit samples (t, ltr x, y).
        case track(Double, [(Double, Double, Double)])
        /// A tap at (ltr x, y).
        case tap(Double, (Double, Double))
    }

    public var label: String
    public var size: Size
    /// The container's members after `type` and `layoutDirection`, such as `"leading": {"width": 200}`.
    public var type: String
    public var container: String
    /// The members of `stylers`, such as `"leading": ["mm.parallax"]`.
    public var stylers: String
    public var timeline: [Step]

    public init(_ label: String, size: Size, type: String, container: String, stylers: String = "", timeline: [Step]) {
        self.label = label
        self.size = size
        self.type = type
        self.container = container
        self.stylers = stylers
        self.timeline = timeline
    }

    /// The scenario text for `layout`: touch points as written for `ltr`, mirrored (x ↦ width − x) for `rtl`.
    public func text(_ layout: LayoutDirection) -> String {
        func x(_ value: Double) -> String { number(layout == .rtl ? size.width - value : value) }
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let steps = timeline.map { step -> String in
            switch step {
            case .action(let at, let members): return "{\"at\": \(number(at)), \(members)}"
            case .pan(let at, let points, let duration):
                let list = points.map { "[\(x($0.0)), \(number($0.1))]" }.joined(separator: ", ")
                return "{\"at\": \(number(at)), \"action\": \"pan\", \"points\": [\(list)], \"duration\": \(number(duration))}"
            case .track(let at, let samples):
                let list = samples.map { "[\(number($0.0)), \(x($0.1)), \(number($0.2))]" }.joined(separator: ", ")
                return "{\"at\": \(number(at)), \"action\": \"pan\", \"track\": [\(list)]}"
            case .tap(let at, let point):
                return "{\"at\": \(number(at)), \"action\": \"tap\", \"point\": [\(x(point.0)), \(number(point.1))]}"
            }
        }
        return """
            {"name": "\(label)", "size": [\(number(size.width)), \(number(size.height))], "fps": 60,
             "container": {"type": "\(type)", "layoutDirection": "\(layout.rawValue)"\(container.isEmpty ? "" : ", " + container)},
             "stylers": {\(stylers)},
             "timeline": [\(steps.joined(separator: ",\n  "))]}
            """
    }
}

/// Every place where `rtl` is not the mirror image of `ltr` (x ↦ width − x on every corner of every node, the
/// left and right roles, fractions and event directions swapped, everything else equal), at most `limit` of them.
public func mirrorMismatches(ltr: [Frame], rtl: [Frame], tolerance: Double = 1e-7, limit: Int = 5) -> [String] {
    var problems: [String] = []
    func fail(_ message: String) { if problems.count < limit { problems.append(message) } }
    if ltr.count != rtl.count { fail("\(ltr.count) ltr frames, \(rtl.count) rtl frames") }
    for (a, b) in zip(ltr, rtl) {
        let at = "frame \(a.index)"
        if a.state != b.state { fail("\(at): state \(a.state) vs \(b.state)") }
        if a.escape != b.escape { fail("\(at): escape \(a.escape) vs \(b.escape)") }
        if a.size != b.size { fail("\(at): size") }
        let mirroredFractions = a.fractions.values.map { ($0.direction.mirroredHorizontally, $0.closed) }
            .sorted { $0.0 < $1.0 }
        if mirroredFractions.map(\.0) != b.fractions.values.map(\.direction)
            || zip(mirroredFractions, b.fractions.values).contains(where: { abs($0.1 - $1.closed) > tolerance })
        {
            fail("\(at): fractions \(a.fractions.values) vs \(b.fractions.values)")
        }
        // The expected events are built from the ltr events' JSON text, independently of `Event.mirroredHorizontally`.
        let expectedEvents = a.events.map { event in
            ([event.type]
                + event.fields.map { field in
                    let value =
                        switch field.key {
                        case "direction": Direction(rawValue: field.value)?.mirroredHorizontally.rawValue ?? field.value
                        case "velocity" where a.container == .drawer || a.container == .adaptive,
                            "perEvent" where a.fractions.values.contains { $0.direction.isHorizontal }:
                            field.value == "0" ? "0" : field.value.hasPrefix("-") ? String(field.value.dropFirst()) : "-" + field.value
                        case "role": Role(rawValue: field.value)?.mirroredHorizontally.rawValue ?? field.value
                        default: field.value
                        }
                    return field.key + "=" + value
                }).joined(separator: " ")
        }
        let actualEvents = b.events.map { event in
            ([event.type] + event.fields.map { $0.key + "=" + $0.value }).joined(separator: " ")
        }
        if expectedEvents != actualEvents { fail("\(at): events \(expectedEvents) vs \(actualEvents)") }
        if a.nodes.count != b.nodes.count { fail("\(at): \(a.nodes.count) vs \(b.nodes.count) nodes") }
        let width = a.size.width
        for (m, n) in zip(a.nodes, b.nodes) {
            let place = "\(at) \(m.role.rawValue)"
            if m.role.mirroredHorizontally != n.role { fail("\(place): role \(n.role.rawValue) in rtl") }
            if m.style.hidden != n.style.hidden || m.style.z != n.style.z || abs(m.style.alpha - n.style.alpha) > tolerance
                || m.accessible != n.accessible || m.focus != n.focus
            {
                fail("\(place): hidden, z, alpha or accessibility differ")
            }
            // The mirror of the top-left corner is the rtl node's top-right one, and so on.
            let c = m.corners, d = n.corners
            let pairs = [(c.topLeft, d.topRight), (c.topRight, d.topLeft), (c.bottomRight, d.bottomLeft), (c.bottomLeft, d.bottomRight)]
            for (p, q) in pairs where abs(width - p.x - q.x) > tolerance || abs(p.y - q.y) > tolerance {
                fail("\(place): corner (\(p.x), \(p.y)) mirrors to (\(width - p.x), \(p.y)), got (\(q.x), \(q.y))")
                break
            }
        }
    }
    return problems
}
