// What `panekit test` checks for one plugin: its golden frames (NAME.golden.json beside it) and its `tests`.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import PaneKitRender

/// One difference `panekit test` found, with the place it was found.
struct TestFailure {
    /// `load`, `golden` or `expectation`.
    var kind: String
    var message: String
    var direction: Direction?
    var closed: Double?
    var role: String?
    var key: String?
    var expected: String?
    var actual: String?
}

/// The golden-frame run and the expectations of a plugin.
enum PluginTests {
    /// The closed fractions of a golden file: −0.2 to 1.1 by 0.05.
    static let fractions: [Double] = (-4...22).map { Double($0) / 20 }
    /// The container size every golden and expectation poses.
    static let size = Size(width: 375, height: 667)
    /// How far a golden number may drift (text keeps 6 decimals; libm may differ in the last bits).
    static let goldenTolerance = 1e-6

    /// One container a plugin's goldens and expectations are posed on: the subject of `group` on `container`.
    struct Run {
        var group: StylerGroup
        var container: ContainerSpec
        var reveal: Double
    }

    /// The containers a plugin is posed on. A plugin that names no `containers`: for each direction it styles, a
    /// 280-point drawer container on the sides and a 200-point dynamics container above and below (the drawer
    /// container has no top or bottom drawers), as goldens always were. One that names them: each of its families
    /// on each group it poses there (its directions' groups, and a family's own), as `sample` poses it.
    static func runs(of manifest: Manifest) -> [Run] {
        guard manifest.containers != nil else {
            return manifest.directions.map { direction in
                let (spec, reveal) = container(for: direction)
                return Run(group: StylerGroup(direction), container: spec, reveal: reveal)
            }
        }
        return manifest.families.flatMap { descriptor in
            PluginCheck.groups(of: descriptor, directions: manifest.directions).compactMap { group in
                descriptor.posedSpec(size: size, group: group, reveal: nil).map { Run(group: group, container: $0.spec, reveal: $0.reveal) }
            }
        }
    }

    /// The container a test is posed on: its `container` (with its `behavior`) on the test's direction, else the
    /// plugin's default for that direction (`runs`).
    static func run(for test: PluginTestCase, of manifest: Manifest) -> Run? {
        let group = StylerGroup(test.direction)
        guard let kind = test.container, let descriptor = ContainerRegistry.descriptor(for: kind) else {
            let (spec, reveal) = container(for: test.direction)
            return Run(group: group, container: spec, reveal: reveal)
        }
        let posed = descriptor.posableGroups.contains(group) ? group : descriptor.posableGroups.first ?? group
        return descriptor.posedSpec(size: size, group: posed, reveal: nil, behavior: test.behavior).map {
            Run(group: posed, container: $0.spec, reveal: $0.reveal)
        }
    }

    /// The default container for `direction`: a 280-point drawer container on the sides, a 200-point dynamics
    /// container above and below.
    static func container(for direction: Direction) -> (spec: ContainerSpec, reveal: Double) {
        if direction.isHorizontal {
            return (.drawer(DrawerConfiguration(size: size, widths: [direction: 280])), 280)
        }
        return (.dynamics(DynamicsConfiguration(size: size, widths: [direction: 200])), 200)
    }

    /// `Plugins/zoom.lua` → `Plugins/zoom.golden.json`.
    static func goldenPath(for plugin: String) -> String {
        String(plugin.dropLast(4)) + ".golden.json"
    }

    /// The parameter sets a golden covers: the defaults, then each distinct set the plugin's tests use.
    static func paramSets(_ plugin: LuaPlugin) -> [[String: ParamValue]] {
        var sets: [[String: ParamValue]] = [[:]]
        for test in plugin.manifest.tests where !sets.contains(test.params) { sets.append(test.params) }
        return sets
    }

    /// The nodes of `plugin` at each closed fraction.
    static func sample(
        _ plugin: LuaPlugin, run: Run, params: [String: ParamValue], fractions: [Double]
    ) throws(TestFailureError) -> [Sample] {
        let direction = run.group.direction
        do {
            let styler = try LuaStyler(plugin: plugin, params: try Parameters(specs: plugin.manifest.params, overrides: params))
            return try Sampler.sample(styler, container: run.container, group: run.group, fractions: fractions)
        } catch let error as PluginError {
            throw TestFailureError(TestFailure(kind: "load", message: error.lines.first ?? error.description, direction: direction))
        } catch {
            throw TestFailureError(TestFailure(kind: "load", message: "\(error)", direction: direction))
        }
    }

    // MARK: - Golden files

    /// The golden text of `plugin`: every direction it styles × every parameter set × every fraction.
    /// One sample a line, so a diff shows which fraction moved.
    static func golden(_ plugin: LuaPlugin) throws(TestFailureError) -> String {
        var out = "{\"plugin\":\(FrameJSON.string(plugin.name)),\"size\":[\(num(size.width)),\(num(size.height))]"
        out += ",\"fractions\":[\(fractions.map(num).joined(separator: ","))],\"runs\":["
        var first = true
        for params in paramSets(plugin) {
            for run in runs(of: plugin.manifest) {
                out += first ? "\n" : ",\n"
                first = false
                out += "{\"\(run.group.direction == nil ? "group" : "direction")\":\"\(run.group.rawValue)\""
                out += ",\"container\":\"\(run.container.typeName)\",\"reveal\":\(num(run.reveal))"
                out += ",\"params\":\(json(params)),\"samples\":["
                for (i, sample) in try sample(plugin, run: run, params: params, fractions: fractions).enumerated() {
                    out += i == 0 ? "\n" : ",\n"
                    FrameJSON.appendSample(sample, to: &out)
                }
                out += "]}"
            }
        }
        return out + "\n]}\n"
    }

    /// Parameters as a JSON object in name order.
    static func json(_ params: [String: ParamValue]) -> String {
        "{"
            + params.keys.sorted().map { key in
                let value: String
                switch params[key]! {
                case .number(let n): value = num(n)
                case .bool(let b): value = b ? "true" : "false"
                case .color(let c): value = FrameJSON.string(c.hex)
                case .string(let s): value = FrameJSON.string(s)
                }
                return "\(FrameJSON.string(key)):\(value)"
            }.joined(separator: ",") + "}"
    }

    /// Every difference between a golden file's text and the plugin's output now: header fields (`plugin`, `size`,
    /// `fractions`, each run's `container` and `reveal`) that differ, samples the test plan poses that the golden
    /// lacks, samples it has that the plan does not pose, and samples that moved, one failure each naming the
    /// first difference (at most `limit` moved samples listed, and the count of all problems).
    static func compare(golden: String, actual: String, file: String, limit: Int = 5) -> (listed: [TestFailure], count: Int) {
        if golden == actual { return ([], 0) }
        let record = "; run panekit test --record after an intended change"
        let expectedJSON: JSONValue, actualJSON: JSONValue
        do {
            expectedJSON = try JSONReader.parse(golden)
            actualJSON = try JSONReader.parse(actual)
        } catch {
            return ([TestFailure(kind: "golden", message: "\(file): not a golden file (\(error)); run panekit test --record")], 1)
        }
        guard case .array(let old)? = expectedJSON["runs"], case .array(let new)? = actualJSON["runs"] else {
            return ([TestFailure(kind: "golden", message: "\(file): no \"runs\" list; run panekit test --record")], 1)
        }
        var listed: [TestFailure] = []
        var count = 0
        // Fields beside the samples: the golden's value is the expected one, as for the samples.
        func fields(_ a: JSONValue, _ b: JSONValue, except: String, place: String, direction: Direction? = nil) {
            guard case .object(let x) = a, case .object(let y) = b else { return }
            for key in (x.map(\.key) + y.map(\.key)).reduce(into: [String](), { if $1 != except, !$0.contains($1) { $0.append($1) } }) {
                let e = a[key].map(compact) ?? "nothing", g = b[key].map(compact) ?? "nothing"
                guard e != g else { continue }
                count += 1
                listed.append(
                    TestFailure(
                        kind: "golden", message: "\(file): \(place)\(key): expected \(e), got \(g)\(record)", direction: direction,
                        key: key,
                        expected: e, actual: g))
            }
        }
        fields(expectedJSON, actualJSON, except: "runs", place: "")
        let label = { (run: JSONValue) -> String in
            "\(Self.runName(run)) with params \(run["params"].map(Self.compact) ?? "{}")"
        }
        if old.map(label) != new.map(label) {
            let message =
                "\(file): the golden covers \(old.map(label).joined(separator: "; ")), the plugin now gives "
                + "\(new.map(label).joined(separator: "; "))\(record)"
            return (listed + [TestFailure(kind: "golden", message: message)], count + 1)
        }
        var moved = 0
        for (oldRun, newRun) in zip(old, new) {
            let direction = Direction(rawValue: newRun["direction"]?.stringValue ?? "")
            let params = newRun["params"].map(Self.compact) ?? "{}"
            let name = Self.runName(newRun)
            let run = name + (params == "{}" ? "" : ", params \(params)")
            fields(oldRun, newRun, except: "samples", place: run + ": ", direction: direction)
            guard case .array(let newSamples)? = newRun["samples"] else { continue }
            guard case .array(let oldSamples)? = oldRun["samples"] else {
                count += 1
                listed.append(
                    TestFailure(
                        kind: "golden",
                        message:
                            "\(file): \(run): samples: expected a list of samples, got \(oldRun["samples"]?.kindName ?? "nothing")\(record)",
                        direction: direction))
                continue
            }
            // The golden's samples by their closed fraction, as written; each one posed once.
            var byClosed: [String: JSONValue] = [:]
            var extra: [String] = []
            for sample in oldSamples {
                let closed = sample["closed"].map(compact) ?? "nothing"
                if byClosed[closed] == nil, sample["closed"]?.numberValue != nil {
                    byClosed[closed] = sample
                } else {
                    extra.append(byClosed[closed] == nil ? closed : "\(closed) (a second time)")
                }
            }
            var missing: [String] = []
            for newSample in newSamples {
                let closed = newSample["closed"].map(compact) ?? "nothing"
                guard let oldSample = byClosed.removeValue(forKey: closed) else {
                    missing.append(closed)
                    continue
                }
                var differences: [(path: String, expected: String, actual: String)] = []
                diff(oldSample["nodes"], newSample["nodes"], path: "", into: &differences)
                if case .object(let x) = oldSample, case .object(let y) = newSample {
                    for key in Set(x.map(\.key) + y.map(\.key)).sorted() where key != "nodes" {
                        diff(oldSample[key], newSample[key], path: key, into: &differences)
                    }
                }
                // One line per sample that moved: its first difference and how many more it has.
                guard let d = differences.first else { continue }
                count += 1
                moved += 1
                guard moved <= limit else { continue }
                // Roles hold dots (drawer.left, card.2): the role is the longest role name the path starts with,
                // among the core's and the sample's own.
                var posed: [String] = []
                if case .array(let nodes)? = newSample["nodes"] { posed = nodes.compactMap { $0["role"]?.stringValue } }
                let role = (Role.allCases.map(\.rawValue) + posed).filter { d.path == $0 || d.path.hasPrefix($0 + ".") }
                    .max { $0.count < $1.count }
                let key = role.map { String(d.path.dropFirst(min(d.path.count, $0.count + 1))) }
                let more = differences.count > 1 ? " (and \(differences.count - 1) more in this sample)" : ""
                let closedValue = newSample["closed"]?.numberValue
                let place = "\(name), closed \(closed)" + (params == "{}" ? "" : ", params \(params)")
                listed.append(
                    TestFailure(
                        kind: "golden",
                        message: "\(file): \(place): \(d.path): expected \(d.expected), got \(d.actual)\(more)",
                        direction: direction, closed: closedValue, role: role, key: key, expected: d.expected, actual: d.actual))
            }
            // What is left was never posed: keep the golden's order.
            extra =
                oldSamples.compactMap { sample in
                    let closed = sample["closed"].map(compact) ?? "nothing"
                    return byClosed[closed] != nil && sample["closed"]?.numberValue != nil ? closed : nil
                }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } } + extra
            if !missing.isEmpty {
                count += 1
                listed.append(
                    TestFailure(
                        kind: "golden",
                        message: "\(file): \(run): no samples at closed \(missing.joined(separator: ", ")) "
                            + "(\(missing.count) of \(newSamples.count))\(record)", direction: direction))
            }
            if !extra.isEmpty {
                count += 1
                listed.append(
                    TestFailure(
                        kind: "golden",
                        message: "\(file): \(run): samples the test plan does not pose at closed \(extra.joined(separator: ", "))\(record)",
                        direction: direction))
            }
        }
        return (listed, count)
    }

    /// Node lists are compared by role; other values key by key, numbers within the golden tolerance.
    private static func diff(
        _ a: JSONValue?, _ b: JSONValue?, path: String, into out: inout [(path: String, expected: String, actual: String)]
    ) {
        switch (a, b) {
        case (.number(let x)?, .number(let y)?):
            if abs(x - y) > goldenTolerance * max(1, abs(x)) { out.append((path, num(x), num(y))) }
        case (.array(let x)?, .array(let y)?) where path.isEmpty:
            // The nodes of a sample: match by role.
            let roles = (x + y).compactMap { $0["role"]?.stringValue }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            for role in roles {
                let old = x.first { $0["role"]?.stringValue == role }
                let new = y.first { $0["role"]?.stringValue == role }
                switch (old, new) {
                case (nil, _): out.append((role, "no node", "a node"))
                case (_, nil): out.append((role, "a node", "no node"))
                default: diff(old, new, path: role, into: &out)
                }
            }
        case (.array(let x)?, .array(let y)?):
            for i in 0..<max(x.count, y.count) {
                diff(i < x.count ? x[i] : nil, i < y.count ? y[i] : nil, path: "\(path)[\(i + 1)]", into: &out)
            }
        case (.object(let x)?, .object(let y)?):
            var keys = x.map(\.key)
            for key in y.map(\.key) where !keys.contains(key) { keys.append(key) }
            for key in keys {
                diff(x.first { $0.key == key }?.value, y.first { $0.key == key }?.value, path: path + "." + key, into: &out)
            }
        default:
            if a != b { out.append((path, a.map(compact) ?? "nil", b.map(compact) ?? "nil")) }
        }
    }

    /// A JSON value on one line, as written.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return num(n)
        case .string(let s): return FrameJSON.string(s)
        case .array(let items): return "[" + items.map(compact).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { "\(FrameJSON.string($0.key)):\(compact($0.value))" }.joined(separator: ",") + "}"
        }
    }

    // MARK: - Expectations

    /// A golden run's name in messages: its direction, or the group it poses when the container has none.
    static func runName(_ run: JSONValue) -> String {
        run["direction"]?.stringValue ?? run["group"]?.stringValue ?? "?"
    }

    /// The node the key `drawer` stands for on `run`'s container: its subject's (a drawer, a split's master, the
    /// sheet).
    static func subjectRole(of run: Run) -> Role {
        let pose = run.container.posed(run.group, closed: 0.5).pose
        return pose.subjects.first { $0.group == run.group }?.role ?? run.group.direction.map(Role.drawer) ?? .pane
    }

    /// The keys an expectation may give for a node.
    static let nodeKeys = [
        "alpha", "anchor", "color", "cornerRadius", "corners", "frame", "hidden", "perspective", "rotate", "scale", "shadow",
        "transform", "translate", "z",
    ]

    /// Every mismatch of `test`, each naming the fraction, the direction, the role, the key path, the expected
    /// and the actual value.
    static func check(_ test: PluginTestCase, of plugin: LuaPlugin, file: String) -> [TestFailure] {
        let place =
            "\(file):\(test.line.map { "\($0):" } ?? "") tests[\(test.index)] (\(test.direction.rawValue), closed \(num(test.closed)))"
        let samples: [Sample]
        guard let run = run(for: test, of: plugin.manifest) else {
            return [
                TestFailure(kind: "load", message: "\(place): the \(test.container?.rawValue ?? "") container cannot be posed at 375×667")
            ]
        }
        do {
            samples = try sample(plugin, run: run, params: test.params, fractions: [test.closed])
        } catch {
            var failure = error.failure
            failure.message = "\(place): \(failure.message)"
            return [failure]
        }
        var failures: [TestFailure] = []
        func fail(_ role: String, _ key: String, _ expected: String, _ actual: String) {
            failures.append(
                TestFailure(
                    kind: "expectation",
                    message: "\(place): \(role)\(key.isEmpty ? "" : "." + key): expected \(expected), got \(actual)"
                        + (test.tolerance != PluginTestCase.defaultTolerance ? " (tolerance \(num(test.tolerance)))" : ""),
                    direction: test.direction, closed: test.closed, role: role, key: key, expected: expected, actual: actual))
        }
        for (roleName, expected) in test.expect {
            let role = roleName == "drawer" ? subjectRole(of: run) : Role(rawValue: roleName)
            guard let role else {
                let roles = ["drawer"] + Role.allCases.map(\.rawValue)
                fail(
                    roleName, "",
                    "a role (" + roles.joined(separator: ", ") + ")"
                        + Suggestion.hint(for: roleName, among: roles), "\"\(roleName)\"")
                continue
            }
            guard case .table(let fields) = expected else {
                fail(roleName, "", "a table of node keys such as { alpha = 1 }", expected.description)
                continue
            }
            guard let node = samples.first?.nodes.first(where: { $0.role == role }) else {
                fail(roleName, "", "a \(role.rawValue) node", "none (the container has no such node here)")
                continue
            }
            let actual = values(of: node)
            for (key, value) in fields {
                guard let found = actual.first(where: { $0.0 == key })?.1 ?? (nodeKeys.contains(key) ? .absent : nil) else {
                    fail(
                        roleName, key,
                        "a node key (" + nodeKeys.joined(separator: ", ") + ")"
                            + Suggestion.hint(for: key, among: nodeKeys), "an unknown key")
                    continue
                }
                var mismatches: [(path: String, expected: String, actual: String)] = []
                compare(value, found, path: key, tolerance: test.tolerance, into: &mismatches)
                for m in mismatches { fail(roleName, m.path, m.expected, m.actual) }
            }
        }
        return failures
    }

    /// A node's values under the names expectations use.
    private enum Actual {
        case number(Double), bool(Bool), string(String), list([Actual]), table([(String, Actual)]), absent

        var description: String {
            switch self {
            case .number(let n): num(n)
            case .bool(let b): b ? "true" : "false"
            case .string(let s): "\"\(s)\""
            case .list(let items): "{" + items.map(\.description).joined(separator: ", ") + "}"
            case .table(let fields): "{" + fields.map { "\($0.0) = \($0.1.description)" }.joined(separator: ", ") + "}"
            case .absent: "nil"
            }
        }
    }

    private static func values(of node: Node) -> [(String, Actual)] {
        let s = node.style, t = s.transform, f = node.frame
        let d = TransformDecomposition(t)
        func list(_ xs: [Double]) -> Actual { .list(xs.map { .number($0) }) }
        var result: [(String, Actual)] = [
            ("translate", list([t.m41, t.m42, t.m43])),
            ("scale", d.map { list([$0.scale.x, $0.scale.y, $0.scale.z]) } ?? .absent),
            (
                "rotate",
                d.map { .table([("x", .number($0.rotation.x)), ("y", .number($0.rotation.y)), ("z", .number($0.rotation.z))]) } ?? .absent
            ),
            ("perspective", .number(t.m34)),
            ("transform", list(t.values)),
            ("anchor", list([s.anchor.x, s.anchor.y])),
            ("alpha", .number(s.alpha)),
            ("z", .number(Double(s.z))),
            ("hidden", .bool(s.hidden)),
            ("frame", list([f.x, f.y, f.width, f.height])),
            ("corners", .list(node.corners.points.map { list([$0.x, $0.y]) })),
        ]
        if let shadow = s.shadow {
            result.append(
                (
                    "shadow",
                    .table([
                        ("radius", .number(shadow.radius)), ("opacity", .number(shadow.opacity)),
                        ("offset", list([shadow.offset.x, shadow.offset.y])), ("color", .string(shadow.color.hex)),
                    ])
                ))
        }
        if let color = s.color { result.append(("color", .string(color.hex))) }
        if let radius = s.cornerRadius { result.append(("cornerRadius", list(radius.values))) }
        return result
    }

    /// Named fields of a list: `x y z` and `w h` for the third and fourth of a frame.
    private static let listNames = ["x": 0, "y": 1, "z": 2, "w": 2, "h": 3]

    private static func compare(
        _ expected: TestValue, _ actual: Actual, path: String, tolerance: Double,
        into out: inout [(path: String, expected: String, actual: String)]
    ) {
        switch (expected, actual) {
        case (.number(let e), .number(let a)):
            if !(abs(e - a) <= tolerance) { out.append((path, num(e), num(a))) }
        case (.number, .list(let items)):
            // `scale = 0.8` means the same scale along x and y.
            for (i, item) in items.prefix(2).enumerated() {
                compare(expected, item, path: "\(path)[\(i + 1)]", tolerance: tolerance, into: &out)
            }
        case (.bool(let e), .bool(let a)):
            if e != a { out.append((path, expected.description, actual.description)) }
        case (.string(let e), .string(let a)):
            if e.lowercased() != a.lowercased() && Color(css: e).map({ $0.hex != a }) ?? true {
                out.append((path, expected.description, actual.description))
            }
        case (.list(let es), .list(let items)):
            for (i, e) in es.enumerated() {
                compare(e, i < items.count ? items[i] : .absent, path: "\(path)[\(i + 1)]", tolerance: tolerance, into: &out)
            }
        case (.table(let fields), .list(let items)):
            for (name, e) in fields {
                guard let i = listNames[name] else {
                    out.append(("\(path).\(name)", e.description, "no such field (write a list, or x, y, z, w, h)"))
                    continue
                }
                compare(e, i < items.count ? items[i] : .absent, path: "\(path).\(name)", tolerance: tolerance, into: &out)
            }
        case (.table(let fields), .table(let actualFields)):
            for (name, e) in fields {
                compare(e, actualFields.first { $0.0 == name }?.1 ?? .absent, path: "\(path).\(name)", tolerance: tolerance, into: &out)
            }
        default:
            out.append((path, expected.description, actual.description))
        }
    }

    static func num(_ x: Double) -> String { NumberFormat.string(x) }
}

/// A failure that stops a plugin's run (it did not load, or its style function failed).
struct TestFailureError: Error {
    var failure: TestFailure
    init(_ failure: TestFailure) { self.failure = failure }
}

extension JSONValue {
    /// The value of `key` in an object.
    fileprivate subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    fileprivate var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    fileprivate var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
}
