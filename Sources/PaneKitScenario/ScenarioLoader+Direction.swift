// The scenario's layout direction: `container.layoutDirection`, and `leading` / `trailing` resolved to sides.

import PaneKit

/// How a scenario's `leading` and `trailing` names were resolved, so that problems are reported at the places and
/// with the names the file wrote.
struct WrittenSides {
    /// The container's `layoutDirection` (ltr when absent).
    var layout = LayoutDirection.ltr
    /// Renamed keys: the physical path the readers see, and the path the file wrote.
    var keys: [(physical: String, written: String)] = []
    /// Renamed values: the path, the physical name the readers see, and the name the file wrote.
    var values: [(path: String, physical: String, written: String)] = []

    /// `issues` with the paths and names the file wrote.
    func asWritten(_ issues: [ScenarioIssue]) -> [ScenarioIssue] {
        issues.map { issue in
            var issue = issue
            for key in keys
            where issue.path == key.physical || issue.path.hasPrefix(key.physical + ".") || issue.path.hasPrefix(key.physical + "[") {
                issue.path = key.written + issue.path.dropFirst(key.physical.count)
            }
            for value in values where issue.path == value.path {
                let note = "\"\(value.written)\" (the \(value.physical) side in \(layout.rawValue))"
                let got = "got \"\(value.physical)\""
                issue.message =
                    issue.message.contains(got)
                    ? issue.message.replacingOccurrences(of: got, with: "got " + note) : issue.message + "; " + note
            }
            return issue
        }
    }
}

extension ScenarioLoader {
    /// Reads `container.layoutDirection` and rewrites `leading` and `trailing` into physical sides: the
    /// container's drawer keys, the `stylers` keys and the timeline's `direction` values. A side declared both
    /// ways (`leading` and `left` under `ltr`) is reported.
    mutating func resolvingLayoutDirection(_ json: JSONValue) -> (JSONValue, WrittenSides) {
        var sides = WrittenSides()
        guard case .object(var root) = json else { return (json, sides) }
        if let c = root.firstIndex(where: { $0.key == "container" }), case .object(var members) = root[c].value {
            if let i = members.firstIndex(where: { $0.key == "layoutDirection" }) {
                let value = members[i].value
                if let name = value.stringValue, let layout = LayoutDirection(rawValue: name) {
                    sides.layout = layout
                } else {
                    report(
                        value.stringValue == nil ? .wrongType : .unknownValue, "container.layoutDirection",
                        "expected \"ltr\" or \"rtl\", got \(value.brief)")
                }
                members.remove(at: i)
            }
            resolveSideKeys(&members, "container", &sides)
            root[c].value = .object(members)
        }
        if let s = root.firstIndex(where: { $0.key == "stylers" }), case .object(var members) = root[s].value {
            resolveSideKeys(&members, "stylers", &sides)
            root[s].value = .object(members)
        }
        if let t = root.firstIndex(where: { $0.key == "timeline" }), case .array(var items) = root[t].value {
            for i in items.indices {
                guard case .object(var members) = items[i],
                    let d = members.firstIndex(where: { $0.key == "direction" }),
                    let written = members[d].value.stringValue, LayoutDirection.sideNames.contains(written),
                    let physical = sides.layout.direction(named: written)
                else { continue }
                members[d].value = .string(physical.rawValue)
                sides.values.append(("timeline[\(i)].direction", physical.rawValue, written))
                items[i] = .object(members)
            }
            root[t].value = .array(items)
        }
        return (.object(root), sides)
    }

    /// Renames the `leading` and `trailing` keys of an object to the sides they stand for.
    private mutating func resolveSideKeys(_ members: inout [(key: String, value: JSONValue)], _ path: String, _ sides: inout WrittenSides) {
        var i = 0
        while i < members.count {
            let written = members[i].key
            guard LayoutDirection.sideNames.contains(written), let physical = sides.layout.direction(named: written)?.rawValue else {
                i += 1
                continue
            }
            if members.contains(where: { $0.key == physical }) {
                report(
                    .conflict,
                    "\(path).\(written)",
                    "expected one declaration per side, got \"\(written)\" and \"\(physical)\", the same side in \(sides.layout.rawValue)")
                members.remove(at: i)
                continue
            }
            members[i].key = physical
            sides.keys.append(("\(path).\(physical)", "\(path).\(written)"))
            i += 1
        }
    }
}
