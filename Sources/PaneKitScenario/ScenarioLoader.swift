// Reads and validates scenario files, collecting every problem with its JSON path. This file holds the root
// object and the reading helpers; ScenarioLoader+Containers (each container's keys, read by its descriptor),
// +Gestures, +Stylers, +Timeline, +Direction and +Pan the rest.

import PaneKit

/// Turns scenario JSON into a `Scenario`, or into every problem it has.
public struct ScenarioLoader {
    var issues: [ScenarioIssue] = []
    let registry: StylerRegistry

    /// The container types a scenario may name: the registered containers' (`ContainerRegistry`).
    package static var containerTypes: [String] { ContainerRegistry.names }

    /// Parses and validates `text`.
    /// - Parameters:
    ///   - text: the scenario file's JSON.
    ///   - file: the name used in messages.
    ///   - registry: the stylers a scenario may name.
    /// - Throws: `ScenarioError` listing every problem.
    public static func load(_ text: String, file: String, registry: StylerRegistry = .builtins) throws(ScenarioError) -> Scenario {
        try load(text, file: file, registry: registry, behavior: nil)
    }

    /// Parses and validates `text` as a sheet scenario run under `behavior` instead of the one it names
    /// (`--behaviors`): the same timeline, gestures and content, the other platform's rules; another platform's
    /// own option (`SheetBehavior.platformKeys`, such as gorhom's `keyboardBehavior`) is left out.
    /// - Parameters:
    ///   - text: the scenario file's JSON.
    ///   - file: the name used in messages.
    ///   - registry: the stylers a scenario may name.
    ///   - behavior: the sheet behavior that replaces `container.behavior`; nil reads the file as written.
    /// - Throws: `ScenarioError` listing every problem, including a container that is not a sheet.
    public static func load(
        _ text: String, file: String, registry: StylerRegistry = .builtins, behavior: SheetBehavior?
    ) throws(ScenarioError) -> Scenario {
        try load(text, file: file, registry: registry, behaviorNamed: behavior?.rawValue)
    }

    /// Parses and validates `text` run under the container behavior `behaviorNamed` instead of the one it names
    /// (`--behaviors`, for any family with behaviors: a sheet, a navigation stack); nil reads the file as written.
    /// - Throws: `ScenarioError` listing every problem, including a container without that behavior.
    package static func load(
        _ text: String, file: String, registry: StylerRegistry = .builtins, behaviorNamed behavior: String?
    ) throws(ScenarioError) -> Scenario {
        var json: JSONValue
        do {
            json = try JSONReader.parse(text)
        } catch {
            throw ScenarioError(file: file, issues: [ScenarioIssue(.syntax, path: "\(error.line):\(error.column)", message: error.message)])
        }
        if let behavior {
            json = try withBehavior(behavior, json, file: file)
        }
        var loader = ScenarioLoader(registry: registry)
        let (resolved, sides) = loader.resolvingLayoutDirection(json)
        let scenario = loader.scenario(resolved, file: file)
        guard loader.issues.isEmpty, var scenario else { throw ScenarioError(file: file, issues: sides.asWritten(loader.issues)) }
        scenario.layoutDirection = sides.layout
        return scenario
    }

    /// `json` with its container's `behavior` replaced (or added) by `behavior`; a sheet's run leaves out the
    /// container keys of other platforms that `behavior` does not have (`SheetBehavior.platformKeys`).
    /// - Throws: `ScenarioError` when the root or its container is not an object, or the container's family has no
    ///   behavior of that name.
    static func withBehavior(_ behavior: String, _ json: JSONValue, file: String) throws(ScenarioError) -> JSONValue {
        let problem = { (path: String, message: String) in
            ScenarioError(file: file, issues: [ScenarioIssue(.invalidValue, path: path, message: message)])
        }
        let families = ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }
        let kinds = families.map { "\"\($0.kind.rawValue)\"" }.joined(separator: " or ")
        guard case .object(var root) = json, let c = root.firstIndex(where: { $0.key == "container" }),
            case .object(var container) = root[c].value
        else { throw problem("container", "--behaviors compares behaviors: expected a container object of type \(kinds)") }
        let type = container.first { $0.key == "type" }?.value
        guard case .string(let name) = type, let family = families.first(where: { $0.kind.rawValue == name }) else {
            throw problem("container.type", "--behaviors compares behaviors: expected \(kinds), got \(type?.brief ?? "no type")")
        }
        guard family.behaviors.contains(behavior) else {
            throw problem(
                "container.behavior",
                "--behaviors: expected a behavior of the \(name) container (\(family.behaviors.joined(separator: ", "))), got \"\(behavior)\""
            )
        }
        // A platform's own option (gorhom's keyboardBehavior) is left out of the other platforms' runs.
        if let sheet = SheetBehavior(rawValue: behavior), family.kind == .sheet { container.removeAll { !sheet.takes(key: $0.key) } }
        let named = JSONValue.string(behavior)
        if let b = container.firstIndex(where: { $0.key == "behavior" }) {
            container[b].value = named
        } else {
            container.append((key: "behavior", value: named))
        }
        root[c].value = .object(container)
        return .object(root)
    }

    /// The registered kind a container object's `type` names, when its other keys did not load: the timeline is then
    /// read with that container's actions, so one wrong key does not make every action look foreign.
    static func declaredKind(_ json: JSONValue) -> ContainerKind? {
        guard case .object(let members) = json, case .string(let type)? = members.first(where: { $0.key == "type" })?.value
        else { return nil }
        let kind = ContainerKind(type)
        return ContainerRegistry.descriptor(for: kind) == nil ? nil : kind
    }

    init(registry: StylerRegistry) {
        self.registry = registry
    }

    // MARK: - Reading helpers

    mutating func report(_ reason: ScenarioIssue.Reason, _ path: String, _ message: String) {
        issues.append(ScenarioIssue(reason, path: path, message: message))
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of an object, after reporting unknown keys (with the allowed ones and the nearest).
    mutating func object(_ value: JSONValue, _ path: String, allowed: [String]) -> [String: JSONValue]? {
        guard case .object(let members) = value else {
            report(.wrongType, path.isEmpty ? "(root)" : path, "expected an object, got \(value.kindName)")
            return nil
        }
        var result: [String: JSONValue] = [:]
        for (key, member) in members {
            if allowed.contains(key) {
                result[key] = member
            } else {
                report(
                    .unknownKey,
                    Self.join(path, key),
                    "unknown key; allowed: \(allowed.joined(separator: ", "))" + Suggestion.hint(for: key, among: allowed))
            }
        }
        return result
    }

    /// The largest magnitude of any number in a scenario (`Scenario.largestMagnitude`).
    static let largestMagnitude = Scenario.largestMagnitude

    mutating func number(
        _ value: JSONValue?, _ path: String, _ requirement: String = "",
        _ accept: (Double) -> Bool = { _ in true }
    ) -> Double? {
        guard let value else { return nil }
        if case .number(let n) = value, abs(n) > Self.largestMagnitude {
            report(
                .invalidNumber, path, "expected a number of magnitude ≤ \(NumberFormat.message(Self.largestMagnitude)), got \(value.brief)")
            return nil
        }
        guard case .number(let n) = value, accept(n) else {
            let expected = requirement.isEmpty ? "a number" : "a number \(requirement)"
            report(value.isNumber ? .invalidNumber : .wrongType, path, "expected \(expected), got \(value.brief)")
            return nil
        }
        return n
    }

    mutating func positive(_ value: JSONValue?, _ path: String) -> Double? {
        number(value, path, "> 0") { $0 > 0 }
    }

    mutating func bool(_ value: JSONValue?, _ path: String) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let b) = value else {
            report(.wrongType, path, "expected true or false, got \(value.brief)")
            return nil
        }
        return b
    }

    mutating func string(_ value: JSONValue?, _ path: String) -> String? {
        guard let value else { return nil }
        guard case .string(let s) = value else {
            report(.wrongType, path, "expected a string, got \(value.brief)")
            return nil
        }
        return s
    }

    mutating func choice(_ value: JSONValue?, _ path: String, _ choices: [String]) -> String? {
        guard let value else { return nil }
        guard case .string(let s) = value, choices.contains(s) else {
            let hint = value.stringValue.map { Suggestion.hint(for: $0, among: choices) } ?? ""
            report(
                value.stringValue == nil ? .wrongType : .unknownValue, path,
                "expected one of \(choices.joined(separator: ", ")), got \(value.brief)\(hint)")
            return nil
        }
        return s
    }

    mutating func color(_ value: JSONValue?, _ path: String) -> Color? {
        guard let value else { return nil }
        guard case .string(let s) = value, let c = Color(css: s) else {
            report(.invalidValue, path, "expected a colour such as \"#000000\" or \"#00000080\", got \(value.brief)")
            return nil
        }
        return c
    }

    mutating func pair(_ value: JSONValue?, _ path: String, positive: Bool) -> (Double, Double)? {
        guard let value else { return nil }
        let what = positive ? "two numbers > 0" : "two numbers"
        guard case .array(let items) = value, items.count == 2,
            case .number(let a) = items[0], case .number(let b) = items[1]
        else {
            report(.wrongType, path, "expected [\(positive ? "w, h" : "x, y")] (\(what)), got \(value.brief)")
            return nil
        }
        if abs(a) > Self.largestMagnitude || abs(b) > Self.largestMagnitude {
            report(
                .invalidNumber,
                path,
                "expected numbers of magnitude ≤ \(NumberFormat.message(Self.largestMagnitude)), got \(NumberFormat.message(abs(a) > abs(b) ? a : b))"
            )
            return nil
        }
        if positive, a <= 0 || b <= 0 {
            report(.invalidNumber, path, "expected \(what), got [\(NumberFormat.message(a)), \(NumberFormat.message(b))]")
            return nil
        }
        return (a, b)
    }

    mutating func required<T>(_ value: T?, _ raw: JSONValue?, _ path: String, _ what: String) -> T? {
        if raw == nil { report(.missingKey, path, "missing; expected \(what)") }
        return value
    }

    // MARK: - Scenario

    static let rootKeys = [
        "name", "size", "fps", "frameTimes", "duration", "container", "stylers", "timeline", "reducedMotion", "appearance",
        "safeArea", "grid",
    ]

    mutating func scenario(_ json: JSONValue, file: String) -> Scenario? {
        guard let root = object(json, "", allowed: Self.rootKeys) else { return nil }
        let name = string(root["name"], "name") ?? file
        let size = required(pair(root["size"], "size", positive: true), root["size"], "size", "[w, h]")
            .map { Size(width: $0.0, height: $0.1) }
        let fps = number(root["fps"], "fps", Scenario.frameRateRequirement) { Scenario.frameRates.contains($0) } ?? 60
        let duration = number(root["duration"], "duration", "≥ 0 and ≤ 3600") { $0 >= 0 && $0 <= 3600 }
        guard let containerJSON = root["container"] else {
            report(.missingKey, "container", "missing; expected an object with a \"type\"")
            return nil
        }
        let safeArea = root["safeArea"].map { self.safeArea($0, height: size?.height ?? 667) } ?? .zero
        let container = self.container(containerJSON, size: size ?? Size(width: 375, height: 667), safeArea: safeArea)
        let directions = container?.directions ?? Direction.allCases
        let groups = container?.configuration.stylerGroups ?? StylerGroup.directions
        let stylers = root["stylers"].map { self.stylers($0, groups: groups) } ?? [:]
        let timeline =
            root["timeline"].map {
                self.timeline(
                    $0, directions: directions, kind: container?.kind ?? Self.declaredKind(containerJSON),
                    lastTime: Double(Scenario.maximumFrames - 1) / fps,
                    container: container)
            } ?? []
        if let duration, duration * fps + 1 > Double(Scenario.maximumFrames) {
            report(
                .invalidNumber,
                "duration",
                "expected at most \(Scenario.maximumFrames) frames (duration × fps), got \(NumberFormat.message((duration * fps).rounded(.down) + 1))"
            )
        }
        let frameTimes = root["frameTimes"].flatMap { self.frameTimes($0, fps: root["fps"], duration: root["duration"]) }
        guard let size, let container else { return nil }
        var scenario = Scenario(
            name: name, size: size, fps: fps, duration: duration, container: container, stylers: stylers, timeline: timeline)
        scenario.frameTimes = frameTimes
        scenario.reducedMotion = bool(root["reducedMotion"], "reducedMotion") ?? false
        scenario.appearance = root["appearance"].map { appearance($0, file: file) } ?? .none
        if let gridJSON = root["grid"] {
            guard let grid = grid(gridJSON, container: containerJSON, size: size, safeArea: safeArea, stylers: stylers) else { return nil }
            scenario.grid = grid
        }
        return scenario
    }

    /// `safeArea`: `{top, bottom, left, right}`, each a number of points ≥ 0 (default 0), top and bottom within the
    /// container's height.
    mutating func safeArea(_ json: JSONValue, height: Double) -> SafeAreaInsets {
        guard let o = object(json, "safeArea", allowed: ["top", "bottom", "left", "right"]) else { return .zero }
        let within = "≥ 0 and ≤ \(NumberFormat.message(height))"
        let inset = { (self: inout ScenarioLoader, key: String) -> Double in
            self.number(o[key], "safeArea.\(key)", within) { $0 >= 0 && $0 <= height } ?? 0
        }
        return SafeAreaInsets(
            top: inset(&self, "top"), bottom: inset(&self, "bottom"), left: inset(&self, "left"), right: inset(&self, "right"))
    }

    /// `frameTimes`: increasing, finite times ≥ 0, at most `Scenario.maximumFrames`, instead of `fps` and `duration`.
    mutating func frameTimes(_ json: JSONValue, fps: JSONValue?, duration: JSONValue?) -> [Double]? {
        if fps != nil || duration != nil {
            report(.conflict, "frameTimes", "expected either \"frameTimes\" or \"fps\"/\"duration\", got both")
            return nil
        }
        guard case .array(let items) = json, !items.isEmpty, items.count <= Scenario.maximumFrames else {
            report(
                .wrongType, "frameTimes",
                "expected an array of 1 to \(Scenario.maximumFrames) increasing times in seconds, got \(json.brief)")
            return nil
        }
        var times: [Double] = []
        for (i, item) in items.enumerated() {
            let previous = times.last ?? 0
            guard case .number(let t) = item, t >= 0, t <= 3600, times.isEmpty || t > previous else {
                let bound = times.isEmpty ? "≥ 0" : "> \(NumberFormat.message(previous)) (times must increase)"
                report(
                    item.isNumber ? .invalidNumber : .wrongType, "frameTimes[\(i)]",
                    "expected a time \(bound) and ≤ 3600, got \(item.brief)")
                return nil
            }
            times.append(t)
        }
        return times
    }
}

extension JSONValue {
    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
}

extension JSONValue {
    /// Whether the value is a number (a problem with it is then its range, not its type).
    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}
