// The manifest of a plugin: the table its file returns, read and checked with the key path of each problem.

import PaneKit

/// What a plugin file declares: its name, version, description, parameters, directions and style function.
public struct Manifest: Sendable, Hashable {
    /// The plugin's name: the file name without `.lua` (a `name` in the file must match it).
    public var name: String
    /// The plugin's `version` string, as written (for example `1.0.0`); `0.0.0` when the file gives none.
    public var version: String
    /// The plugin's one-line `description`, shown by `panekit stylers` and the studio.
    public var description: String
    /// The parameters, sorted by name.
    public var params: [ParamSpec]
    /// The directions the plugin can style (all four unless it says otherwise).
    public var directions: [Direction]
    /// The container families the plugin styles (`containers = {"sheet"}`), in its order; nil when it names none:
    /// then the families a styler meets by default (`ContainerDescriptor.stylesByDefault`: the drawer families).
    public var containers: [ContainerKind]?
    /// The line where `style` is defined.
    public var styleLine: Int
    /// The expectations `panekit test` checks, in order.
    public var tests: [PluginTestCase] = []
    /// The styler API versions the plugin works with (its `panekit` key, such as `>=1.0`); nil when it gives none.
    public var panekit: VersionRange?

    /// The keys a manifest may have.
    static let keys = ["containers", "description", "directions", "name", "panekit", "params", "style", "tests", "version"]

    /// The families a styler of this manifest is checked, tested and shown on: its `containers`, else the
    /// registered families that style by default, in registry order.
    package var families: [any ContainerDescriptor] {
        guard let containers else { return ContainerRegistry.descriptors.filter(\.stylesByDefault) }
        return containers.compactMap(ContainerRegistry.descriptor(for:))
    }
    static let paramKeys = ["choices", "default", "doc", "max", "min", "type"]
    static let paramTypes = ["boolean", "color", "enum", "number"]
}

/// Reads a manifest table, collecting every problem before failing.
struct ManifestReader {
    let lua: LuaState
    private let file: String
    let source: String
    var problems: [(path: [String], message: String)] = []

    /// Reads the manifest at `index` and leaves the style function's registry reference in `styleRef`.
    /// - Parameters:
    ///   - name: the name the file name gives.
    ///   - source: the file's text, to find the line of a problem.
    /// - Throws: `PluginError` listing every problem, each with its key path and line.
    static func read(
        _ lua: LuaState, at index: Int32, name: String, source: String
    ) throws(PluginError) -> (manifest: Manifest, styleRef: Int32) {
        guard lua.type(at: index) == .table else {
            throw PluginError(
                file: lua.file, reason: .manifest,
                message: "the file must return a table such as { style = function(ctx) return {} end }, got "
                    + lua.typeName(at: index))
        }
        var reader = ManifestReader(lua: lua, file: lua.file, source: source)
        return try reader.manifest(at: lua.absolute(index), name: name)
    }

    private init(lua: LuaState, file: String, source: String) {
        self.lua = lua
        self.file = file
        self.source = source
    }

    mutating func report(_ path: [String], _ message: String) {
        problems.append((path, message))
    }

    func expected(_ what: String, at index: Int32 = -1) -> String {
        "expected \(what), got \(lua.typeName(at: index))"
    }

    private mutating func manifest(at table: Int32, name fileName: String) throws(PluginError) -> (Manifest, Int32) {
        var name: String?
        var version = "0.0.0"
        var description = ""
        var params: [ParamSpec] = []
        var directions = Direction.allCases
        var containers: [ContainerKind]?
        var style: (ref: Int32, line: Int)?
        var refError: PluginError?
        var tests: [RawTest] = []
        var range: VersionRange?
        lua.forEachField(of: table) { key in
            guard case .name(let k) = key else {
                report(["\(key)"], "unknown key; a manifest has \(Manifest.keys.joined(separator: ", "))")
                return
            }
            switch k {
            case "name": name = text([k])
            case "version": version = text([k]) ?? version
            case "description": description = text([k]) ?? description
            case "params": params = self.params()
            case "directions": directions = self.directions() ?? directions
            case "containers": containers = self.containers()
            case "tests": tests = self.tests()
            case "panekit": range = apiRange()
            case "style":
                guard lua.type(at: -1) == .function else { return report([k], expected("a function (ctx) → edits")) }
                do throws(PluginError) {
                    style = (try lua.reference(), lua.definitionLine(ofFunctionAt: -1))
                } catch {
                    refError = error
                }
            default:
                report(
                    [k],
                    "unknown key; a manifest has \(Manifest.keys.joined(separator: ", "))"
                        + Suggestion.hint(for: k, among: Manifest.keys))
            }
        }
        if let refError { throw refError }
        if style == nil, !problems.contains(where: { $0.path == ["style"] }) {
            report(["style"], "missing; expected a function (ctx) → edits")
        }
        if let name, name != fileName {
            report(["name"], "\"\(name)\" differs from the file name \"\(fileName)\" (plugin names are file names)")
        }
        if let range, !range.contains(StylerAPI.version) {
            report(["panekit"], StylerAPI.refusal(plugin: "\(fileName) \(version)", range: range))
        }
        let cases = tests.enumerated().compactMap {
            resolve($1, index: $0 + 1, params: params, directions: directions, containers: containers)
        }
        guard problems.isEmpty, let style else { throw error() }
        let manifest = Manifest(
            name: fileName, version: PluginText.excerpt(version, limit: 64), description: PluginText.excerpt(description),
            params: params.sorted { $0.name < $1.name },
            directions: directions, containers: containers, styleLine: style.line, tests: cases, panekit: range)
        return (manifest, style.ref)
    }

    private func error() -> PluginError {
        let sorted = problems.sorted { $0.path.joined(separator: ".") < $1.path.joined(separator: ".") }
        let texts = sorted.map { "\(Self.join($0.path)): \($0.message)" }
        let lines = sorted.map { SourceLocator.line(of: $0.path, in: source) }
        return PluginError(
            file: file, line: lines.first ?? nil, reason: .manifest, message: texts[0], problems: texts, problemLines: lines)
    }

    /// `params.scale.max`, `directions[2]`.
    static func join(_ path: [String]) -> String {
        path.reduce("") { $0.isEmpty ? $1 : ($1.hasPrefix("[") ? $0 + $1 : "\($0).\($1)") }
    }

    private mutating func text(_ path: [String]) -> String? {
        guard lua.type(at: -1) == .string else {
            report(path, expected("a string"))
            return nil
        }
        return lua.string(at: -1)
    }

    /// The `panekit` key: a version range such as `">=1.0"`.
    private mutating func apiRange() -> VersionRange? {
        guard let text = text(["panekit"]) else { return nil }
        do throws(VersionRangeError) {
            return try VersionRange(PluginText.excerpt(text, limit: 64))
        } catch {
            report(["panekit"], error.description)
            return nil
        }
    }

    private mutating func directions() -> [Direction]? {
        guard lua.type(at: -1) == .table else {
            report(["directions"], expected("a list such as {\"left\", \"right\"}"))
            return nil
        }
        var found: [Direction] = []
        let list = lua.absolute(-1)
        let names = Direction.allCases.map(\.rawValue).joined(separator: ", ")
        lua.forEachField(of: list) { key in
            let path = ["directions", "\(key)"]
            guard case .index(let i) = key, i >= 1 else { return report(path, "unexpected key; expected a list of directions") }
            guard lua.type(at: -1) == .string, let d = Direction(rawValue: lua.string(at: -1)) else {
                let got = lua.type(at: -1) == .string ? "\"\(lua.string(at: -1))\"" : lua.typeName(at: -1)
                return report(path, "expected one of \(names), got \(got)")
            }
            if !found.contains(d) { found.append(d) }
        }
        if found.isEmpty, !problems.contains(where: { $0.path.first == "directions" }) {
            report(["directions"], "expected at least one of \(names)")
        }
        return found.sorted()
    }

    /// `containers`: a list of registered container types, each once.
    private mutating func containers() -> [ContainerKind]? {
        let names = ContainerRegistry.names
        guard lua.type(at: -1) == .table else {
            report(["containers"], expected("a list of container types such as {\"sheet\"} (\(names.joined(separator: ", ")))"))
            return nil
        }
        var found: [ContainerKind] = []
        lua.forEachField(of: lua.absolute(-1)) { key in
            let path = ["containers", "\(key)"]
            guard case .index(let i) = key, i >= 1 else { return report(path, "unexpected key; expected a list of container types") }
            guard lua.type(at: -1) == .string, let kind = ContainerKind(rawValue: lua.string(at: -1)) else {
                let word = lua.type(at: -1) == .string ? lua.string(at: -1) : nil
                let got = word.map { "\"\(PluginText.excerpt($0, limit: 64))\"" } ?? lua.typeName(at: -1)
                return report(
                    path,
                    "expected one of \(names.joined(separator: ", ")), got \(got)"
                        + (word.map { Suggestion.hint(for: $0, among: names) } ?? ""))
            }
            if !found.contains(kind) { found.append(kind) }
        }
        if found.isEmpty, !problems.contains(where: { $0.path.first == "containers" }) {
            report(["containers"], "expected at least one of \(names.joined(separator: ", "))")
        }
        return found.isEmpty ? nil : found
    }

    // MARK: - Parameters

    private mutating func params() -> [ParamSpec] {
        guard lua.type(at: -1) == .table else {
            report(["params"], expected("a table such as { scale = { default = 0.75, min = 0, max = 1 } }"))
            return []
        }
        var specs: [ParamSpec] = []
        lua.forEachField(of: lua.absolute(-1)) { key in
            guard case .name(let name) = key, Self.isIdentifier(name) else {
                return report(["params", "\(key)"], "a parameter name must be an identifier such as scale or maxAlpha")
            }
            if let spec = param(name) { specs.append(spec) }
        }
        return specs
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    private enum Value {
        case number(Double), bool(Bool), string(String), other(String)
    }

    private func value() -> Value {
        switch lua.type(at: -1) {
        case .number: .number(lua.number(at: -1))
        case .boolean: .bool(lua.boolean(at: -1))
        case .string: .string(lua.string(at: -1))
        default: .other(lua.typeName(at: -1))
        }
    }

    private mutating func param(_ name: String) -> ParamSpec? {
        let base = ["params", name]
        guard lua.type(at: -1) == .table else {
            report(base, expected("a table such as { default = 1, min = 0, max = 2, doc = \"…\" }"))
            return nil
        }
        var fields: [String: Value] = [:]
        var choices: [String]?
        let count = problems.count
        lua.forEachField(of: lua.absolute(-1)) { key in
            guard case .name(let k) = key, Manifest.paramKeys.contains(k) else {
                let hint = { if case .name(let k) = key { Suggestion.hint(for: k, among: Manifest.paramKeys) } else { "" } }()
                return report(base + ["\(key)"], "unknown key; a parameter has \(Manifest.paramKeys.joined(separator: ", "))" + hint)
            }
            if k == "choices" {
                choices = self.choices(base + [k])
            } else {
                fields[k] = value()
            }
        }
        guard problems.count == count else { return nil }
        var doc = ""
        if let v = fields["doc"] {
            guard case .string(let s) = v else { report(base + ["doc"], "expected a string"); return nil }
            doc = PluginText.excerpt(s)
        }
        var kindName: String?
        if let v = fields["type"] {
            guard case .string(let s) = v, Manifest.paramTypes.contains(s) else {
                report(base + ["type"], "expected one of \(Manifest.paramTypes.joined(separator: ", "))")
                return nil
            }
            kindName = s
        }
        guard let defaultValue = fields["default"] else {
            report(base + ["default"], "missing; every parameter needs a default (a number, boolean, colour or choice)")
            return nil
        }
        for bound in ["min", "max"] where fields[bound] != nil {
            guard case .number(let n) = fields[bound]!, n.isFinite else {
                report(base + [bound], "expected a finite number")
                return nil
            }
        }
        let minimum: Double? = if case .number(let n) = fields["min"] { n } else { nil }
        let maximum: Double? = if case .number(let n) = fields["max"] { n } else { nil }
        let inferred: String
        switch defaultValue {
        case .number: inferred = "number"
        case .bool: inferred = "boolean"
        case .string(let s): inferred = choices != nil ? "enum" : (Color(css: s) != nil ? "color" : "enum")
        case .other(let type):
            report(base + ["default"], "expected a number, boolean, colour (\"#rrggbb\") or string, got \(type)")
            return nil
        }
        let kind = kindName ?? inferred
        if (minimum != nil || maximum != nil) && kind != "number" {
            report(base + [minimum != nil ? "min" : "max"], "only number parameters have bounds")
            return nil
        }
        if choices != nil && kind != "enum" {
            report(base + ["choices"], "only enum parameters (a string default) have choices")
            return nil
        }
        let spec: ParamSpec
        switch (kind, defaultValue) {
        case ("number", .number(let n)):
            spec = ParamSpec(name: name, kind: .number, defaultValue: .number(n), min: minimum, max: maximum, doc: doc)
            if let minimum, let maximum, minimum > maximum {
                report(base + ["min"], "min \(NumberFormat.message(minimum)) is above max \(NumberFormat.message(maximum))")
                return nil
            }
        case ("boolean", .bool(let b)):
            spec = ParamSpec(name: name, kind: .bool, defaultValue: .bool(b), doc: doc)
        case ("color", .string(let s)):
            guard let c = Color(css: s) else {
                report(base + ["default"], "expected a colour such as \"#000000\" or \"#00000080\", got \"\(s)\"")
                return nil
            }
            spec = ParamSpec(name: name, kind: .color, defaultValue: .color(c), doc: doc)
        case ("enum", .string(let s)):
            guard let choices, !choices.isEmpty else {
                report(base + ["choices"], "missing; a string parameter lists its choices, such as { \"\(s)\", \"other\" }")
                return nil
            }
            spec = ParamSpec(name: name, kind: .enumeration, defaultValue: .string(s), choices: choices, doc: doc)
        default:
            report(base + ["default"], "expected a default of type \(kind)")
            return nil
        }
        do {
            try spec.validate(spec.defaultValue)
        } catch {
            report(base + ["default"], String(error.message.dropFirst(name.count + 2)))
            return nil
        }
        return spec
    }

    private mutating func choices(_ path: [String]) -> [String]? {
        guard lua.type(at: -1) == .table else {
            report(path, expected("a list of strings"))
            return nil
        }
        var byIndex: [(Int, String)] = []
        lua.forEachField(of: lua.absolute(-1)) { key in
            guard case .index(let i) = key, lua.type(at: -1) == .string else {
                return report(path + ["\(key)"], "expected a list of strings")
            }
            let choice = lua.string(at: -1, limit: LuaState.keyLimit)
            // Choices are listed by `stylers` and given back on the command line: printable text only.
            guard !choice.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return report(path + ["\(key)"], "expected printable text, got \"\(PluginText.excerpt(choice))\"")
            }
            byIndex.append((i, choice))
        }
        return byIndex.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// Finds the line of a key path in a plugin's source, for problems found in the table it returned.
enum SourceLocator {
    /// The line of the last component of `path` found in order (`params`, then `scale`, then `max`), each as
    /// a word followed by `=`, searching from `firstLine`; nil when the first is not there.
    static func line(of path: [String], in source: String, from firstLine: Int = 1) -> Int? {
        let bytes = Array(source.utf8)
        var position = 0
        var skipped = 1
        while skipped < firstLine, position < bytes.count {
            if bytes[position] == UInt8(ascii: "\n") { skipped += 1 }
            position += 1
        }
        var found: Int?
        for component in path where !component.hasPrefix("[") {
            guard let at = find(Array(component.utf8), in: bytes, from: position) else { break }
            found = at
            position = at + component.utf8.count
        }
        guard let found else { return nil }
        return bytes[..<found].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    private static func find(_ word: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        func isWordByte(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (b >= 48 && b <= 57) || ((b | 0x20) >= 97 && (b | 0x20) <= 122) }
        var i = start
        while i + word.count <= bytes.count {
            if bytes[i..<(i + word.count)].elementsEqual(word), i == 0 || !isWordByte(bytes[i - 1]) {
                var j = i + word.count
                if j == bytes.count || !isWordByte(bytes[j]) {
                    while j < bytes.count, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") { j += 1 }
                    if j < bytes.count, bytes[j] == UInt8(ascii: "="), j + 1 >= bytes.count || bytes[j + 1] != UInt8(ascii: "=") {
                        return i
                    }
                }
            }
            i += 1
        }
        return nil
    }
}
