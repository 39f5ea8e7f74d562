// Seeded generators of broken input for the fuzz tests: mutated scenario JSON, spring forms, curves, Lua sources.

import Foundation
import PaneKit
import PaneKitScenario

/// Inputs that break assumptions, each made from a `SplitMix64`, so a case is its seed.
public enum Fuzz {
    // MARK: - JSON

    /// Values that break assumptions: huge, tiny, negative, non-numbers that look like numbers, wrong types.
    package static let hostileValues: [JSONValue] = [
        .number(1e308), .number(-1e308), .number(1e15), .number(1e7), .number(3600), .number(-1), .number(-0.5), .number(0),
        .number(1e-300), .number(.leastNonzeroMagnitude), .number(0.0001), .string("NaN"), .string("nan"), .string("Infinity"),
        .string("-inf"),
        .string("1e999"), .string(""), .string("\u{0}\u{1b}[2J"), .string("left"), .null, .bool(true), .array([]), .object([]),
        .array([.number(1e308), .number(1e308)]), .array([.number(0), .number(0)]), .array([.number(-1), .number(-1)]),
        .object([("spring", .object([("response", .number(1e300)), ("dampingFraction", .number(0.8))]))]),
        .string("cubic-bezier(0,1e308,1,-1e308)"), .string("launch"), .string("openEverything"),
    ]

    /// A step into a JSON value: an array index or an object key.
    public enum Step: Sendable { case index(Int), key(String) }

    /// Every place in `value` with the node there, depth first, `here` prefixed to each path.
    package static func places(_ value: JSONValue, _ here: [Step], into out: inout [([Step], JSONValue)]) {
        out.append((here, value))
        switch value {
        case .array(let items): for (i, item) in items.enumerated() { places(item, here + [.index(i)], into: &out) }
        case .object(let members): for (key, member) in members { places(member, here + [.key(key)], into: &out) }
        default: break
        }
    }

    /// `value` with the node at `path` replaced by `transform(node)`; a nil result deletes it from its parent.
    package static func edit(_ value: JSONValue, at path: ArraySlice<Step>, _ transform: (JSONValue) -> JSONValue?) -> JSONValue? {
        guard let step = path.first else { return transform(value) }
        switch (value, step) {
        case (.array(var items), .index(let i)) where i < items.count:
            if let new = edit(items[i], at: path.dropFirst(), transform) { items[i] = new } else { items.remove(at: i) }
            return .array(items)
        case (.object(var members), .key(let key)):
            guard let i = members.firstIndex(where: { $0.key == key }) else { return value }
            if let new = edit(members[i].value, at: path.dropFirst(), transform) { members[i].value = new } else { members.remove(at: i) }
            return .object(members)
        default:
            return value
        }
    }

    /// One random change, described: a hostile value, a removed key or item, a type swap, an extreme number, a
    /// repeated item (an array at most 200 long), an unknown action, or a spring form in a timing.
    package static func mutate(_ root: JSONValue, _ random: inout SplitMix64) -> (JSONValue, String) {
        var all: [([Step], JSONValue)] = []
        places(root, [], into: &all)
        // The kind first, then a place it fits: numbers are scaled (which keeps most scenarios loadable and pushes
        // the engine), timings go on actions, unknown actions into the timeline; the rest hit any place.
        let kind = [0, 1, 2, 3, 3, 3, 4, 4, 5, 6, 7, 7, 8][random.below(13)]
        let fits: [([Step], JSONValue)] =
            switch kind {
            case 3, 4: all.filter { if case .number = $0.1 { true } else { false } }
            case 5: all.filter { if case .array = $0.1 { true } else { false } }
            case 6: all.filter { $0.0.count == 2 && { if case .key("timeline") = $0.0[0] { true } else { false } }($0) }
            case 7, 8: all.filter { if case .object(let m) = $0.1 { m.contains { $0.key == "action" } } else { false } }
            default: all
            }
        let candidates = fits.isEmpty ? all : fits
        let path = candidates[random.below(candidates.count)].0
        let place = path.map { step -> String in
            switch step {
            case .index(let i): "[\(i)]"
            case .key(let k): "." + k
            }
        }.joined()
        var what = ""
        let result = edit(root, at: path[...]) { node in
            switch kind {
            case 0:
                let v = hostileValues[random.below(hostileValues.count)]
                what = "set to \(text(v))"
                return v
            case 1:
                what = "removed"
                return path.isEmpty ? node : nil
            case 2:
                what = "type swapped"
                switch node {
                case .number(let n): return .string("\(n)")
                case .string(let s): return Double(s).map(JSONValue.number) ?? .number(Double(s.count))
                case .array(let items): return .object(items.enumerated().map { ("\($0.offset)", $0.element) })
                case .object(let members): return .array(members.map(\.value))
                case .bool(let b): return .string("\(b)")
                case .null: return .number(0)
                }
            case 3, 4:
                let factors = [2, 0.5, 10, 1.01, -1, 1000, 1e6, 1e300, -1e300, 1e-300, 0, 1e-9, 37.5, .greatestFiniteMagnitude]
                let factor = factors[random.below(factors.count)]
                if case .number(let n) = node {
                    what = "number × \(factor)"
                    return .number(n * factor == 0 && factor != 0 ? factor : n * factor)
                }
                what = "set to 1e308"
                return .number(1e308)
            case 5:
                if case .array(let items) = node, let first = items.first {
                    let count = min(200, items.count * 2 + random.below(150))
                    what = "array repeated to \(count)"
                    return .array(Array((items + Array(repeating: first, count: count)).prefix(count)))
                }
                what = "set to a long array"
                return .array(Array(repeating: .number(1), count: 200))
            case 6:
                what = "an unknown action"
                return .object([
                    ("at", .number(0.1)), ("action", .string(["fly", "open", "", "setSplitPosition", "pan"][random.below(5)])),
                ])
            case 7:
                let form = springForm(&random)
                what = "a timing spring \(form)"
                var members: [(key: String, value: JSONValue)] = []
                for pair in form.split(separator: ",") {
                    let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    guard kv.count == 2 else { continue }
                    members.append((kv[0], Double(kv[1]).map(JSONValue.number) ?? .string(kv[1])))
                }
                if case .object(var m) = node, m.contains(where: { $0.key == "action" }) {
                    m.removeAll { $0.key == "timing" }
                    m.append(("timing", .object([("spring", .object(members))])))
                    return .object(m)
                }
                return .object([("spring", .object(members))])
            default:
                let c = curve(&random)
                what = "a timing curve \(c)"
                if case .object(var m) = node, m.contains(where: { $0.key == "action" }) {
                    m.removeAll { $0.key == "timing" }
                    m.append(("timing", .string(c)))
                    return .object(m)
                }
                return .string(c)
            }
        }
        return (result ?? root, "\(place.isEmpty ? "the root" : place): \(what)")
    }

    /// The JSON text of `value` (numbers in Swift's round-trip form; 1e308 × 10 is written as a huge literal).
    package static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n.isFinite ? "\(n)" : (n.isNaN ? "0" : (n < 0 ? "-1e400" : "1e400"))
        case .string(let s): quoted(s)
        case .array(let items): "[" + items.map(text).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { quoted($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    // MARK: - Springs and curves

    /// Values of a spring form at the edges of Double, as numbers and as text.
    static let formValues = [
        "nan", "NaN", "inf", "-inf", "infinity", "0", "-0", "-1", "1e-320", "4.9e-324", "1e-300", "1e300", "1.7976931348623157e308",
        "-1e308", "0.001", "0.0009999", "100.0001", "1", "0.5", "34", "34.0001", "-23.6", "1e6", "1e12", "1e7", "medium",
        "HIGH_BOUNCY", "wobbly", "", " ", "1e", "0x10", "1_000",
    ]

    /// A spring form `key=value,…`: one key set (sometimes mixed, incomplete or with initialVelocity), values from
    /// the edges of Double or random magnitudes.
    public static func springForm(_ random: inout SplitMix64) -> String {
        var keys = Spring.keySets[random.below(Spring.keySets.count)]
        let every = Spring.keySets.flatMap { $0 }
        if random.below(6) == 0 { keys.append(every[random.below(every.count)]) }
        if random.below(3) == 0 { keys.append("initialVelocity") }
        if random.below(8) == 0, !keys.isEmpty { keys.removeLast() }
        return keys.map { key in
            let value =
                random.below(3) == 0
                ? "\(random.unit() * [1e-300, 1e-6, 1, 1e3, 1e6, 1e300][random.below(6)] * (random.below(5) == 0 ? -1 : 1))"
                : formValues[random.below(formValues.count)]
            return "\(key)=\(value)"
        }.joined(separator: ",")
    }

    /// A timing curve text: a preset, a near miss, or `cubic-bezier(…)` with 0 to 5 odd arguments.
    public static func curve(_ random: inout SplitMix64) -> String {
        let parts = ["0", "1", "0.5", "-0", "nan", "inf", "-inf", "1e308", "-1e308", "1e-320", "2", "-1", "", "x", "1e6", "1e7"]
        let inner = (0..<random.below(6)).map { _ in parts[random.below(parts.count)] }.joined(separator: ",")
        return ["cubic-bezier(\(inner))", "cubic-bezier(\(inner)", "easeOut", "ease-out", "linear()", "default"][random.below(6)]
    }

    // MARK: - Lua

    /// Hostile snippets, each a complete statement list for the body of `style(ctx)` or the file's top level.
    public static let luaSnippets = [
        "while true do end",
        "while true do pcall(function() while true do end end) end",
        "local function f(n) return f(n + 1) + 1 end f(1)",
        "local function f() return f() end f()",
        "local s = string.rep('x', 1 << 20) s = s .. s .. s .. s",
        "local t = {} for i = 1, 1e9 do t[i] = i end",
        "local s = string.rep('ab', 1e9)",
        "setmetatable(_ENV or {}, { __index = function(t, k) return t[k] end }) local _ = undefined_name",
        "local t = setmetatable({}, { __index = function(t, k) return t[k .. 'x'] end }) local _ = t.a",
        "local t = setmetatable({}, { __newindex = function(t, k, v) t[k] = v end }) t.a = 1",
        "local t = setmetatable({}, { __gc = function() while true do end end }) t = nil collectgarbage()",
        "local t = setmetatable({}, { __len = function(t) return #t end }) local _ = #t",
        "local t = setmetatable({}, { __tostring = function(t) return tostring(t) end }) local _ = tostring(t)",
        "local t = setmetatable({}, { __eq = function(a, b) return a == b end }) local _ = t == setmetatable({}, getmetatable(t))",
        "error(setmetatable({}, { __tostring = function() while true do end end }))",
        "error(string.rep('e', 1e6))",
        "local co = coroutine.wrap(function() while true do coroutine.yield() end end) for i = 1, 1e9 do co() end",
        "string.format('%099999d', 1)",
        "local _ = ('x'):rep(1e5):find(('x'):rep(5e4) .. 'y')",
        "local t = {} for i = 1, 200 do t = { t } end return t",
        "return { pane = { translate = { 0/0, 1/0 }, alpha = -1/0, scale = 1e308 * 10 } }",
        "return { pane = setmetatable({}, { __index = function() error('boom') end }) }",
        "return { [string.rep('k', 1e5)] = { alpha = 0.5 } }",
        "load('return ' .. string.rep('(', 1e5))()",
        "require('os') os.exit(1)",
        "io.open('/etc/passwd')",
    ]

    /// A plugin source made from `base`: truncated, edited at random places, or with a hostile snippet inserted
    /// into `style` or the top level; returned with a description of what was done.
    public static func luaSource(from base: String, _ random: inout SplitMix64, snippets: [String] = luaSnippets) -> (String, String) {
        var bytes = Array(base.utf8)
        switch random.below(5) {
        case 0:
            let cut = random.below(bytes.count + 1)
            return (String(decoding: bytes.prefix(cut), as: UTF8.self), "truncated at byte \(cut)")
        case 1:
            let noise = Array("(){}[]=,.;:'\"\\\n -+*/%^#~<>0123456789end local function return nil true false ctx".utf8)
            var edits: [String] = []
            for _ in 0...random.below(6) where !bytes.isEmpty {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0:
                    bytes.remove(at: at)
                    edits.append("-\(at)")
                case 1:
                    let b = noise[random.below(noise.count)]
                    bytes.insert(b, at: at)
                    edits.append("+\(at)")
                default:
                    bytes[at] = noise[random.below(noise.count)]
                    edits.append("=\(at)")
                }
            }
            return (String(decoding: bytes, as: UTF8.self), "edited \(edits.joined(separator: " "))")
        case 2, 3:
            let index = random.below(snippets.count)
            let snippet = snippets[index]
            if let range = base.range(of: "style = function(ctx)") {
                var text = base
                text.insert(contentsOf: "\n" + snippet + "\n", at: range.upperBound)
                return (text, "snippet \(index) in style: \(snippet)")
            }
            return (snippet + "\n" + base, "snippet \(index) at the top: \(snippet)")
        default:
            let index = random.below(snippets.count)
            return (snippets[index] + "\n" + base, "snippet \(index) at the top: \(snippets[index])")
        }
    }
}
