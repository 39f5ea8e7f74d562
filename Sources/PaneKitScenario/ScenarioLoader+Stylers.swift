// The scenario's `stylers`: per styler group (a drawer's direction, a pager's `pages`), a list of names or
// {"name", "params"} checked against the registry.

import PaneKit

extension ScenarioLoader {
    mutating func stylers(_ json: JSONValue, groups: [StylerGroup]) -> [StylerGroup: [StylerReference]] {
        guard let o = object(json, "stylers", allowed: groups.map(\.rawValue)) else { return [:] }
        var result: [StylerGroup: [StylerReference]] = [:]
        for group in groups {
            guard let listJSON = o[group.rawValue] else { continue }
            let path = "stylers.\(group.rawValue)"
            guard case .array(let items) = listJSON else {
                report(.wrongType, path, "expected an array of styler names or {\"name\", \"params\"} objects, got \(listJSON.brief)")
                continue
            }
            result[group] = items.enumerated().compactMap { i, item in styler(item, "\(path)[\(i)]") }
        }
        return result
    }

    mutating func styler(_ json: JSONValue, _ path: String) -> StylerReference? {
        var reference: StylerReference
        var paramsPath = path
        switch json {
        case .string(let name):
            reference = StylerReference(name: name)
        case .object:
            guard let o = object(json, path, allowed: ["name", "params"]) else { return nil }
            guard let name = required(string(o["name"], "\(path).name"), o["name"], "\(path).name", "a styler name") else { return nil }
            reference = StylerReference(name: name)
            paramsPath = "\(path).params"
            if let paramsJSON = o["params"] {
                guard case .object(let members) = paramsJSON else {
                    report(.wrongType, paramsPath, "expected an object of parameters, got \(paramsJSON.brief)")
                    return nil
                }
                for (key, value) in members {
                    switch value {
                    case .number(let n): reference.params[key] = .number(n)
                    case .bool(let b): reference.params[key] = .bool(b)
                    case .string(let s): reference.params[key] = .string(s)
                    default: report(.wrongType, "\(paramsPath).\(key)", "expected a number, boolean or string, got \(value.brief)")
                    }
                }
            }
        default:
            report(.wrongType, path, "expected a styler name or {\"name\", \"params\"}, got \(json.brief)")
            return nil
        }
        guard let entry = registry.entry(named: reference.name) else {
            report(
                .unknownStyler,
                path.hasSuffix("]") && json.stringValue != nil ? path : "\(path).name",
                "unknown styler \"\(reference.name)\"; known: \(registry.names.joined(separator: ", "))"
                    + Suggestion.hint(for: reference.name, among: registry.names))
            return nil
        }
        do {
            _ = try Parameters(specs: entry.params, overrides: reference.params)
        } catch {
            // The message starts with the parameter's name, which continues the path.
            report(.invalidParameter, "\(paramsPath).\(error.message)", "")
            return nil
        }
        return reference
    }
}
