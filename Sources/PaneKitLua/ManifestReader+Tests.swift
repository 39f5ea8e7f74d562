// Reading a manifest's `tests` list: each test's fraction, direction, parameters, expectations and tolerance.

import PaneKit

extension ManifestReader {
    /// A test case as written, before its parameters are read by their declared kinds.
    struct RawTest {
        var closed: Double?
        var direction: Direction?
        var container: ContainerKind?
        var behavior: String?
        var params: [(String, TestValue)] = []
        var expect: [(String, TestValue)] = []
        var tolerance = PluginTestCase.defaultTolerance
    }

    mutating func tests() -> [RawTest] {
        guard lua.type(at: -1) == .table else {
            report(["tests"], expected("a list such as { { closed = 0.5, expect = { pane = { alpha = 1 } } } }"))
            return []
        }
        var found: [(Int, RawTest)] = []
        lua.forEachField(of: lua.absolute(-1)) { key in
            guard case .index(let i) = key, i >= 1 else { return report(["tests", "\(key)"], "unexpected key; expected a list of tests") }
            let path = ["tests", "[\(i)]"]
            guard lua.type(at: -1) == .table else {
                return report(path, expected("a table such as { closed = 0.5, expect = { pane = { alpha = 1 } } }"))
            }
            var test = RawTest()
            lua.forEachField(of: lua.absolute(-1)) { field in
                guard case .name(let k) = field, PluginTestCase.keys.contains(k) else {
                    let hint = { if case .name(let k) = field { Suggestion.hint(for: k, among: PluginTestCase.keys) } else { "" } }()
                    return report(path + ["\(field)"], "unknown key; a test has \(PluginTestCase.keys.joined(separator: ", "))" + hint)
                }
                switch k {
                case "closed", "tolerance":
                    guard lua.type(at: -1) == .number, lua.number(at: -1).isFinite else {
                        return report(path + [k], expected("a finite number"))
                    }
                    let n = lua.number(at: -1)
                    if k == "closed" {
                        test.closed = n
                    } else if n >= 0 {
                        test.tolerance = n
                    } else {
                        report(path + [k], "expected a number ≥ 0, got \(NumberFormat.message(n))")
                    }
                case "direction":
                    guard lua.type(at: -1) == .string, let d = Direction(rawValue: lua.string(at: -1)) else {
                        return report(path + [k], "expected one of left, right, top, bottom, got " + describe())
                    }
                    test.direction = d
                case "container":
                    let names = ContainerRegistry.names
                    guard lua.type(at: -1) == .string, let kind = ContainerKind(rawValue: lua.string(at: -1)) else {
                        return report(path + [k], "expected one of \(names.joined(separator: ", ")), got " + describe())
                    }
                    test.container = kind
                case "behavior":
                    guard lua.type(at: -1) == .string else { return report(path + [k], expected("a behavior's name")) }
                    test.behavior = lua.string(at: -1)
                default:
                    guard case .table(let fields)? = value(path + [k], depth: 0) else {
                        return report(path + [k], expected("a table"))
                    }
                    if k == "params" { test.params = fields } else { test.expect = fields }
                }
            }
            if test.closed == nil { report(path + ["closed"], "missing; expected the closed fraction to test, such as 0.5") }
            if test.expect.isEmpty { report(path + ["expect"], "missing; expected edits by role, such as { pane = { alpha = 1 } }") }
            found.append((i, test))
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// A string value in quotes, anything else by its type.
    private func describe() -> String {
        lua.type(at: -1) == .string ? "\"\(lua.string(at: -1))\"" : lua.typeName(at: -1)
    }

    /// The value at the top of the stack as a `TestValue` (a table with only list keys becomes a list).
    private mutating func value(_ path: [String], depth: Int) -> TestValue? {
        switch lua.type(at: -1) {
        case .number: return .number(lua.number(at: -1))
        case .boolean: return .bool(lua.boolean(at: -1))
        case .string: return .string(lua.string(at: -1))
        case .table:
            guard depth < 8 else {
                report(path, "nested too deeply")
                return nil
            }
            var named: [(String, TestValue)] = []
            var listed: [(Int, TestValue)] = []
            lua.forEachField(of: lua.absolute(-1)) { key in
                switch key {
                case .name(let k): if let v = value(path + [k], depth: depth + 1) { named.append((k, v)) }
                case .index(let i): if let v = value(path + ["[\(i)]"], depth: depth + 1) { listed.append((i, v)) }
                default: report(path + ["\(key)"], "expected names or list indices as keys")
                }
            }
            if named.isEmpty, !listed.isEmpty {
                let sorted = listed.sorted { $0.0 < $1.0 }
                guard sorted.map(\.0) == Array(1...sorted.count) else {
                    report(path, "expected a list without holes")
                    return nil
                }
                return .list(sorted.map(\.1))
            }
            guard listed.isEmpty else {
                report(path, "expected either a list or named fields, got both")
                return nil
            }
            return .table(named.sorted { $0.0 < $1.0 })
        default:
            report(path, "expected a number, boolean, string or table, got \(lua.typeName(at: -1))")
            return nil
        }
    }

    /// A test with its parameters read by the declared kinds, its direction checked against the plugin's and its
    /// container and behavior against the plugin's containers and that container's behaviors.
    mutating func resolve(
        _ raw: RawTest, index: Int, params: [ParamSpec], directions: [Direction], containers: [ContainerKind]?
    ) -> PluginTestCase? {
        let path = ["tests", "[\(index)]"]
        if let container = raw.container, let containers, !containers.contains(container) {
            report(
                path + ["container"],
                "the plugin does not style the \(container.rawValue) container; its containers are "
                    + containers.map(\.rawValue).joined(separator: ", "))
        }
        if let behavior = raw.behavior {
            let kind = raw.container ?? containers?.first
            let behaviors = kind.flatMap(ContainerRegistry.descriptor(for:))?.behaviors ?? []
            if !behaviors.contains(behavior) {
                let what = kind.map { "the \($0.rawValue) container" } ?? "the container"
                report(
                    path + ["behavior"],
                    behaviors.isEmpty
                        ? "\(what) has no behaviors" + (raw.container == nil ? " (name a container that has one)" : "")
                        : "expected one of \(behaviors.joined(separator: ", ")), got \"\(PluginText.excerpt(behavior, limit: 64))\""
                            + Suggestion.hint(for: behavior, among: behaviors))
            }
        }
        let direction = raw.direction ?? directions.first ?? .left
        if !directions.contains(direction) {
            report(
                path + ["direction"],
                "the plugin does not style \(direction.rawValue); its directions are "
                    + directions.map(\.rawValue).joined(separator: ", "))
        }
        var values: [String: ParamValue] = [:]
        for (name, value) in raw.params {
            guard let spec = params.first(where: { $0.name == name }) else {
                report(
                    path + ["params", name],
                    "unknown parameter" + Suggestion.hint(for: name, among: params.map(\.name))
                        + "; the plugin has " + (params.isEmpty ? "none" : params.map(\.name).sorted().joined(separator: ", ")))
                continue
            }
            let converted: ParamValue?
            switch (spec.kind, value) {
            case (.number, .number(let n)): converted = .number(n)
            case (.bool, .bool(let b)): converted = .bool(b)
            case (.color, .string(let s)): converted = Color(css: s).map { .color($0) }
            case (.enumeration, .string(let s)): converted = .string(s)
            default: converted = nil
            }
            guard let converted else {
                report(path + ["params", name], "expected a value of type \(spec.kind.rawValue), got \(value.brief)")
                continue
            }
            do {
                try spec.validate(converted)
            } catch {
                report(path + ["params", name], String(error.message.dropFirst(name.count + 2)))
                continue
            }
            values[name] = converted
        }
        guard let closed = raw.closed else { return nil }
        // The index-th `closed =` after `tests =`: where the test is written (tests are tables in a list).
        let line = SourceLocator.line(of: ["tests"] + Array(repeating: "closed", count: index), in: source)
        return PluginTestCase(
            index: index, closed: closed, direction: direction, container: raw.container ?? containers?.first,
            behavior: raw.behavior, params: values, expect: raw.expect, tolerance: raw.tolerance, line: line)
    }
}
