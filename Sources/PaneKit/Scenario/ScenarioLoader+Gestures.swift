// Reads a container's gesture arbitration keys (DESIGN §12): `panPolicy`, `scrollRegions` and MS's
// `paneDragRequiresScreenEdgePan`, apart from the container's own keys.

/// The gesture arbitration keys of a container object, read with every problem found.
struct GestureKeys {
    var policy = PanPolicy()
    var regions: [ScrollRegion] = []
    var requiresScreenEdgePan: Bool?
    var issues: [ScenarioIssue] = []

    /// The container types whose drawers a pan moves, and so take these keys.
    static let containerTypes: Set<String> = ["drawer", "dynamics", "sidemenu"]
    static let policyKeys = ["edgeWidth", "lockAngle", "velocityThreshold", "distanceThreshold", "failsWithoutDrawer"]
    static let regionKeys = ["rect", "axis", "range", "offset"]
    /// A policy key and the container key of the original that says the same, per container type.
    static let aliases: [String: [String: String]] = [
        "drawer": ["edgeWidth": "bezelPanningCenterViewRange", "velocityThreshold": "panVelocityXAnimationThreshold"],
        "sidemenu": ["edgeWidth": "edgeWidth", "distanceThreshold": "completionThreshold"],
    ]

    /// Takes the gesture keys out of the container object `json` of type `type`, and returns the rest for the
    /// container's own reader. Other container types keep them (their reader reports them as unknown).
    static func read(_ json: JSONValue, type: String) -> (rest: JSONValue, keys: GestureKeys) {
        var keys = GestureKeys()
        guard containerTypes.contains(type), case .object(let members) = json else { return (json, keys) }
        var rest: [(key: String, value: JSONValue)] = []
        let own = Set(members.map(\.key))
        for member in members {
            switch member.key {
            case "panPolicy": keys.readPolicy(member.value, type: type, containerKeys: own)
            case "scrollRegions": keys.readRegions(member.value)
            case "paneDragRequiresScreenEdgePan" where type == "dynamics":
                guard case .bool(let b) = member.value else {
                    keys.report("container.paneDragRequiresScreenEdgePan", "expected true or false, got \(member.value.brief)")
                    continue
                }
                keys.requiresScreenEdgePan = b
            default: rest.append(member)
            }
        }
        return (.object(rest), keys)
    }

    /// `spec` with the keys applied.
    func applied(to spec: ContainerSpec) -> ContainerSpec {
        switch spec {
        case .drawer(var c):
            c.panPolicy = policy
            c.scrollRegions = regions
            return .drawer(c)
        case .dynamics(var c):
            c.panPolicy = policy
            c.scrollRegions = regions
            c.paneDragRequiresScreenEdgePan = requiresScreenEdgePan ?? c.paneDragRequiresScreenEdgePan
            return .dynamics(c)
        case .sidemenu(var c):
            c.panPolicy = policy
            c.scrollRegions = regions
            return .sidemenu(c)
        case .split:
            return spec
        }
    }

    private mutating func report(_ path: String, _ message: String) {
        issues.append(ScenarioIssue(path: path, message: message))
    }

    private mutating func members(_ value: JSONValue, _ path: String, allowed: [String]) -> [String: JSONValue]? {
        guard case .object(let members) = value else {
            report(path, "expected an object, got \(value.kindName)")
            return nil
        }
        var found: [String: JSONValue] = [:]
        for (key, member) in members {
            guard allowed.contains(key) else {
                report("\(path).\(key)", "unknown key; allowed: \(allowed.joined(separator: ", "))" + Suggestion.hint(for: key, among: allowed))
                continue
            }
            found[key] = member
        }
        return found
    }

    /// The numbers of `value` (`count` of them), each of magnitude ≤ the scenario limit, or nil after a report.
    private mutating func numbers(_ value: JSONValue?, _ path: String, count: Int, shape: String) -> [Double]? {
        guard let value else { return nil }
        let limit = ScenarioLoader.largestMagnitude
        guard case .array(let items) = value, items.count == count else {
            report(path, "expected \(shape), got \(value.brief)")
            return nil
        }
        var result: [Double] = []
        for item in items {
            guard case .number(let n) = item else {
                report(path, "expected \(shape), got \(value.brief)")
                return nil
            }
            guard abs(n) <= limit else {
                report(path, "expected numbers of magnitude ≤ \(NumberFormat.string(limit)), got \(NumberFormat.string(n))")
                return nil
            }
            result.append(n)
        }
        return result
    }

    private mutating func readPolicy(_ value: JSONValue, type: String, containerKeys: Set<String>) {
        let path = "container.panPolicy"
        guard let o = members(value, path, allowed: Self.policyKeys) else { return }
        for key in Self.policyKeys where o[key] != nil {
            if let alias = Self.aliases[type]?[key], containerKeys.contains(alias) {
                report("\(path).\(key)", "expected one of container.\(alias) and \(path).\(key), got both")
            }
        }
        func number(_ key: String, _ requirement: String, _ accept: (Double) -> Bool) -> Double? {
            guard let v = o[key] else { return nil }
            guard case .number(let n) = v, n.magnitude <= ScenarioLoader.largestMagnitude, accept(n) else {
                report("\(path).\(key)", "expected a number \(requirement), got \(v.brief)")
                return nil
            }
            return n
        }
        policy.edgeWidth = number("edgeWidth", "≥ 0") { $0 >= 0 }
        policy.lockAngle = number("lockAngle", "in 0…90 (degrees)") { (0...90).contains($0) }
        policy.velocityThreshold = number("velocityThreshold", "≥ 0") { $0 >= 0 }
        policy.distanceThreshold = number("distanceThreshold", "in 0…1") { (0...1).contains($0) }
        if let v = o["failsWithoutDrawer"] {
            if case .bool(let b) = v { policy.failsWithoutDrawer = b } else {
                report("\(path).failsWithoutDrawer", "expected true or false, got \(v.brief)")
            }
        }
    }

    private mutating func readRegions(_ value: JSONValue) {
        guard case .array(let items) = value else {
            report("container.scrollRegions", "expected an array of regions {\"rect\", \"axis\", \"range\", \"offset\"}, got \(value.kindName)")
            return
        }
        for (i, item) in items.enumerated() {
            let path = "container.scrollRegions[\(i)]"
            guard let o = members(item, path, allowed: Self.regionKeys) else { continue }
            if o["rect"] == nil { report("\(path).rect", "missing; expected [x, y, w, h]") }
            if o["range"] == nil { report("\(path).range", "missing; expected [min, max]") }
            var axis = Axis.horizontal
            if let a = o["axis"] {
                if case .string(let s) = a, let parsed = Axis(rawValue: s) { axis = parsed } else {
                    let names = Axis.allCases.map(\.rawValue)
                    report("\(path).axis", "expected one of \(names.joined(separator: ", ")), got \(a.brief)"
                        + (a.stringValue.map { Suggestion.hint(for: $0, among: names) } ?? ""))
                }
            }
            var rect: Rect?
            if let r = numbers(o["rect"], "\(path).rect", count: 4, shape: "[x, y, w, h] (four numbers)") {
                if r[2] > 0, r[3] > 0 { rect = Rect(x: r[0], y: r[1], width: r[2], height: r[3]) } else {
                    report("\(path).rect", "expected a width and height > 0, got \(NumberFormat.string(r[2])) × \(NumberFormat.string(r[3]))")
                }
            }
            var range: ClosedRange<Double>?
            if let r = numbers(o["range"], "\(path).range", count: 2, shape: "[min, max] (two numbers)") {
                if r[0] <= r[1] { range = r[0]...r[1] } else {
                    report("\(path).range", "expected min ≤ max, got [\(NumberFormat.string(r[0])), \(NumberFormat.string(r[1]))]")
                }
            }
            var offset = range?.lowerBound
            if let v = o["offset"] {
                if case .number(let n) = v, range.map({ $0.contains(n) }) ?? true { offset = n } else {
                    let bounds = range.map { "in \(NumberFormat.string($0.lowerBound))…\(NumberFormat.string($0.upperBound))" } ?? ""
                    report("\(path).offset", "expected a number \(bounds), got \(v.brief)")
                }
            }
            if let rect, let range, let offset { regions.append(ScrollRegion(rect: rect, axis: axis, range: range, offset: offset)) }
        }
    }
}
