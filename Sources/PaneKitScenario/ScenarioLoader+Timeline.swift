// The scenario's `timeline`: entries in time order, each an action its container takes (its descriptor's
// `actions`, read by their `ActionSyntax`) within the frame cap; and a transition's `timing`.

import PaneKit

extension ScenarioLoader {
    /// The timeline's actions; an action or pan that ends after `lastTime` (the last frame any run can make) is
    /// more work than a run may do, and a problem.
    mutating func timeline(
        _ json: JSONValue, directions: [Direction], kind: ContainerKind?, lastTime: Double, container: ContainerSpec? = nil
    ) -> [TimedAction] {
        guard case .array(let items) = json else {
            report(.wrongType, "timeline", "expected an array of actions, got \(json.brief)")
            return []
        }
        var result: [TimedAction] = []
        result.reserveCapacity(items.count)
        var last = 0.0
        let syntax = Self.actionSyntax(for: kind)
        let known = syntax.keys.sorted()
        let cap = "the frame cap: \(Scenario.maximumFrames) frames, t ≤ \(NumberFormat.message(lastTime)) s at this fps"
        for (i, item) in items.enumerated() {
            let path = "timeline[\(i)]"
            guard case .object(let members) = item else {
                report(
                    .wrongType, path,
                    "expected an object such as {\"at\": 0, \"action\": \"open\", \"direction\": \"left\"}, got \(item.brief)")
                continue
            }
            let actionName = members.first { $0.key == "action" }?.value
            guard let actionName else {
                report(.missingKey, "\(path).action", "missing; expected one of \(known.joined(separator: ", "))")
                continue
            }
            guard case .string(let name) = actionName, let entry = syntax[name] else {
                report(
                    actionName.stringValue == nil ? .wrongType : .unknownValue,
                    "\(path).action",
                    "expected one of \(known.joined(separator: ", ")), got \(actionName.brief)"
                        + (actionName.stringValue.map { Suggestion.hint(for: $0, among: known) } ?? ""))
                continue
            }
            let allowed = ["at", "action"] + entry.keys + (entry.timed ? ["timing"] : [])
            guard let o = object(item, path, allowed: allowed) else { continue }
            guard let at = required(number(o["at"], "\(path).at", "≥ 0") { $0 >= 0 }, o["at"], "\(path).at", "a time in seconds")
            else { continue }
            if at < last {
                report(
                    .invalidNumber,
                    "\(path).at",
                    "expected a time ≥ \(NumberFormat.message(last)) (the timeline must be in order), got \(NumberFormat.message(at))")
            }
            last = max(last, at)
            if at > lastTime {
                report(.invalidNumber, "\(path).at", "expected a time within \(cap), got \(NumberFormat.message(at))")
                continue
            }
            guard let read = entry.read else {
                guard let gesture = pan(o, path) else { continue }
                if at + gesture.duration > lastTime {
                    let key = o["track"] != nil ? "track" : "duration"
                    report(
                        .invalidNumber,
                        "\(path).\(key)",
                        "expected a pan that ends within \(cap), got one that ends at t = \(NumberFormat.message(at + gesture.duration)) s")
                    continue
                }
                result.append(TimedAction(at: at, .gesture(gesture)))
                continue
            }
            let animated = bool(o["animated"], "\(path).animated") ?? true
            let reader = LoaderReading(self, o, path: path, directions: directions, animated: animated, container: container)
            let action = read(reader)
            self = reader.loader
            if let action { result.append(TimedAction(at: at, timing(o["timing"], "\(path).timing").map(action.timed) ?? action)) }
        }
        return result
    }

    /// The actions a container of `kind` takes, by name; a container that did not load takes the first registered
    /// one's (the drawer's).
    static func actionSyntax(for kind: ContainerKind?) -> [String: ActionSyntax] {
        let descriptor = kind.flatMap(ContainerRegistry.descriptor(for:)) ?? ContainerRegistry.descriptors[0]
        return descriptor.actionsByName
    }

    /// A transition's `timing`, reported under `path` when it is wrong.
    mutating func timing(_ value: JSONValue?, _ path: String) -> Timing? {
        guard let value else { return nil }
        do {
            return try Timing(json: value)
        } catch {
            report(
                .invalidTiming, path + error.message.prefix { $0 != ":" },
                String(error.message.drop { $0 != ":" }.dropFirst().drop { $0 == " " }))
            return nil
        }
    }
}
