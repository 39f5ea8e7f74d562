// Reads a container's gesture arbitration keys (DESIGN §12): `panPolicy`, `scrollRegions` and the flags its descriptor
// names (MS's `paneDragRequiresScreenEdgePan`), apart from the container's own keys.

import PaneKit

/// The keys of the gesture arbitration objects.
enum GestureKeys {
    static let policyKeys = ["edgeWidth", "lockAngle", "velocityThreshold", "distanceThreshold", "failsWithoutDrawer"]
    static let regionKeys = ["rect", "axis", "range", "offset"]
}

extension ScenarioLoader {
    /// Takes the gesture keys out of the container object `json` of a container that takes them (`options`), and
    /// returns the rest for the container's own reader. Other containers keep them (their reader reports them as
    /// unknown).
    mutating func gestureKeys(_ json: JSONValue, options: GestureOptions?) -> (rest: JSONValue, settings: GestureSettings) {
        var settings = GestureSettings()
        guard let options, case .object(let members) = json else { return (json, settings) }
        var rest: [(key: String, value: JSONValue)] = []
        let own = Set(members.map(\.key))
        for member in members {
            switch member.key {
            case "panPolicy" where options.takesPanPolicy:
                settings.policy = panPolicy(member.value, aliases: options.aliases, containerKeys: own)
            case "scrollRegions": settings.regions = scrollRegions(member.value, inSheet: options.regionsInSheet)
            case let key where options.flags.contains(key): settings.flags[key] = bool(member.value, "container.\(key)")
            default: rest.append(member)
            }
        }
        return (.object(rest), settings)
    }

    private mutating func panPolicy(_ value: JSONValue, aliases: [String: String], containerKeys: Set<String>) -> PanPolicy {
        let path = "container.panPolicy"
        guard let o = object(value, path, allowed: GestureKeys.policyKeys) else { return PanPolicy() }
        for key in GestureKeys.policyKeys where o[key] != nil {
            if let alias = aliases[key], containerKeys.contains(alias) {
                report(.conflict, "\(path).\(key)", "expected one of container.\(alias) and \(path).\(key), got both")
            }
        }
        return PanPolicy(
            edgeWidth: number(o["edgeWidth"], "\(path).edgeWidth", "≥ 0") { $0 >= 0 },
            lockAngle: number(o["lockAngle"], "\(path).lockAngle", "in 0…90 (degrees)") { (0...90).contains($0) },
            velocityThreshold: number(o["velocityThreshold"], "\(path).velocityThreshold", "≥ 0") { $0 >= 0 },
            distanceThreshold: number(o["distanceThreshold"], "\(path).distanceThreshold", "in 0…1") { (0...1).contains($0) },
            failsWithoutDrawer: bool(o["failsWithoutDrawer"], "\(path).failsWithoutDrawer"))
    }

    /// `count` numbers, each of magnitude ≤ the scenario limit, or nil after a report.
    private mutating func numbers(_ value: JSONValue?, _ path: String, count: Int, shape: String) -> [Double]? {
        guard let value else { return nil }
        guard case .array(let items) = value, items.count == count else {
            report(.wrongType, path, "expected \(shape), got \(value.brief)")
            return nil
        }
        var result: [Double] = []
        for (i, item) in items.enumerated() {
            guard let n = number(item, "\(path)[\(i)]") else { return nil }
            result.append(n)
        }
        return result
    }

    /// The regions of `scrollRegions`; with `inSheet`, a region may say `"in"`: `"pane"` (the default) or `"sheet"`
    /// (its axis then `vertical`, the default, as the sheet moves).
    private mutating func scrollRegions(_ value: JSONValue, inSheet: Bool) -> [ScrollRegion] {
        guard case .array(let items) = value else {
            report(
                .wrongType,
                "container.scrollRegions", "expected an array of regions {\"rect\", \"axis\", \"range\", \"offset\"}, got \(value.kindName)"
            )
            return []
        }
        var regions: [ScrollRegion] = []
        for (i, item) in items.enumerated() {
            let path = "container.scrollRegions[\(i)]"
            guard let o = object(item, path, allowed: GestureKeys.regionKeys + (inSheet ? ["in"] : [])) else { continue }
            var axis = choice(o["axis"], "\(path).axis", Axis.allCases.map(\.rawValue)).flatMap(Axis.init(rawValue:))
            let space = choice(o["in"], "\(path).in", ScrollRegion.Space.allCases.map(\.rawValue)).flatMap(ScrollRegion.Space.init)
            if o["in"] != nil, space == nil { continue }
            if space == .sheet {
                if let given = axis, given != .vertical {
                    report(
                        .invalidValue, "\(path).axis",
                        "expected \"vertical\" for a region \"in\": \"sheet\" (it hands off with the sheet's vertical moves), got \"\(given.rawValue)\""
                    )
                    continue
                }
                axis = .vertical
            }
            var rect: Rect?
            let r = numbers(o["rect"], "\(path).rect", count: 4, shape: "[x, y, w, h] (four numbers)")
            if let r = required(r, o["rect"], "\(path).rect", "[x, y, w, h]") {
                if r[2] > 0, r[3] > 0 {
                    rect = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
                } else {
                    report(
                        .invalidNumber,
                        "\(path).rect", "expected a width and height > 0, got \(NumberFormat.message(r[2])) × \(NumberFormat.message(r[3]))"
                    )
                }
            }
            var range: ClosedRange<Double>?
            let b = numbers(o["range"], "\(path).range", count: 2, shape: "[min, max] (two numbers)")
            if let b = required(b, o["range"], "\(path).range", "[min, max]") {
                if b[0] <= b[1] {
                    range = b[0]...b[1]
                } else {
                    report(
                        .invalidNumber, "\(path).range",
                        "expected min ≤ max, got [\(NumberFormat.message(b[0])), \(NumberFormat.message(b[1]))]")
                }
            }
            let bounds = range.map { "in \(NumberFormat.message($0.lowerBound))…\(NumberFormat.message($0.upperBound))" } ?? ""
            let offset = number(o["offset"], "\(path).offset", bounds) { range?.contains($0) ?? true }
            guard let rect, let range, o["offset"] == nil || offset != nil else { continue }
            var region = ScrollRegion(rect: rect, axis: axis ?? .horizontal, range: range, offset: offset ?? range.lowerBound)
            region.space = space ?? .pane
            regions.append(region)
        }
        return regions
    }
}
