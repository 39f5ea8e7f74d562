// A property test of the one decoder: thousands of random result tables, valid and invalid, from a fixed seed.
// For each, the C decoder's verdict, edits and messages equal the reference decoder's.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitLua

/// Random result tables as Lua source text: mostly near the grammar, with a slip here and there.
struct ResultGenerator {
    var random: SplitMix64

    mutating func pick<T>(_ items: [T]) -> T { items[random.below(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }

    mutating func number() -> String {
        if chance(8) { return pick(["0/0", "1/0", "-1/0", "'1'", "true", "{}", "nil", "1e300 * 10"]) }
        return pick(["0", "1", "-1", "2", "0.5", "-0.25", "1.5", "3", "-7", "0.001", "1e-7", "123.456789", "-0.0", "1e9", "2e9"])
    }

    mutating func numbers(_ count: Int) -> [String] { (0..<count).map { _ in number() } }

    /// A list of `lo`…`hi` numbers, or a list of a wrong length, with a hole, or with a stray key.
    mutating func list(_ lo: Int, _ hi: Int, prefix: [String] = []) -> String {
        var items = prefix + numbers(chance(85) ? lo + random.below(hi - lo + 1) : random.below(hi + 3))
        if chance(5), !items.isEmpty { items[random.below(items.count)] = "nil" }
        var text = "{" + items.joined(separator: ", ")
        if chance(5) { text += (items.isEmpty ? "" : ", ") + pick(["x = 1", "[0] = 1", "[20] = 2", "[1.5] = 3", "[true] = 1"]) }
        return text + "}"
    }

    mutating func color() -> String {
        pick(["'#000'", "'#fA0'", "'#102030'", "'#10203040'", "'#12345'", "'black'", "'#+12345'", "'#-00000'", "'#ggg'", "7", "'#'"])
    }

    mutating func shadow() -> String {
        if chance(10) { return pick(["4", "'x'", "{}", "{4, 0.5}", "{4, 0.5, '#fff'}"]) }
        var parts: [String] = []
        if chance(90) { parts.append("radius = " + number()) }
        if chance(90) { parts.append("opacity = " + number()) }
        if chance(40) { parts.append("offset = " + list(2, 2)) }
        if chance(30) { parts.append("color = " + color()) }
        if chance(5) { parts.append(pick(["[1] = 2", "blur = 1", "[4] = 1"])) }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    mutating func frame() -> String {
        if chance(50) { return list(4, 4) }
        var parts: [String] = []
        for key in ["x", "y", "w", "h"] where chance(92) { parts.append("\(key) = " + number()) }
        if chance(5) { parts.append(pick(["z = 1", "[1] = 0"])) }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    mutating func operation() -> String {
        switch random.below(7) {
        case 0: return list(2, 3, prefix: ["'translate'"])
        case 1: return list(1, 3, prefix: ["'scale'"])
        case 2: return chance(50) ? list(1, 1, prefix: ["'rotate'"]) : list(4, 4, prefix: ["'rotate'"])
        case 3: return list(1, 1, prefix: ["'perspective'"])
        case 4: return list(16, 16, prefix: ["'matrix'"])
        case 5: return list(1, 2, prefix: [pick(["'skew'", "'scal'", "'Rotate'", "7", "nil"])])
        default: return pick(["7", "'translate'", "{}"])
        }
    }

    mutating func rotate() -> String {
        if chance(30) { return number() }
        if chance(5) { return "'x'" }
        var parts: [String] = []
        for axis in ["x", "y", "z"] where chance(50) { parts.append("\(axis) = " + number()) }
        if chance(5) { parts.append("w = 1") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    mutating func value(for key: String) -> String {
        switch key {
        case "translate": return chance(95) ? list(2, 3) : number()
        case "scale": return chance(50) ? number() : list(2, 3)
        case "rotate": return rotate()
        case "perspective", "alpha", "z": return number()
        case "transform": return chance(90) ? list(16, 16) : number()
        case "ops":
            if chance(5) { return number() }
            var ops = (0..<random.below(4)).map { _ in operation() }
            if chance(4) { ops.append(pick(["x = 1", "[0] = {'scale', 1}"])) }
            var text = "{" + ops.joined(separator: ", ") + "}"
            if chance(4) { text = "{[2] = " + operation() + "}" }
            return text
        case "anchor": return list(2, 2)
        case "hidden": return chance(85) ? pick(["true", "false"]) : pick(["1", "'no'", "nil"])
        case "shadow": return shadow()
        case "color": return color()
        case "frame": return frame()
        default: return number()
        }
    }

    mutating func node() -> String {
        if chance(4) { return pick(["1", "'pane'", "true"]) }
        let keys = [
            "translate", "scale", "rotate", "perspective", "transform", "ops", "anchor", "alpha", "hidden", "shadow",
            "color", "frame", "z",
        ]
        var chosen: [String] = []
        for _ in 0..<random.below(5) {
            let key = chance(4) ? pick(["alpah", "trasnlate", "[1]", "['']", "[false]", "Scale", "xyzzy"]) : pick(keys)
            if !chosen.contains(where: { $0.hasPrefix(key + " =") }) { chosen.append(key + " = " + value(for: key)) }
        }
        return "{" + chosen.joined(separator: ", ") + "}"
    }

    mutating func result() -> String {
        if chance(2) { return pick(["nil", "7", "'edits'"]) }
        let roles = Role.allCases.map { "['\($0.rawValue)']" } + ["drawer", "drawer", "pane"]
        var entries: [String: String] = [:]
        for _ in 0..<random.below(4) {
            let key = chance(5) ? pick(["paen", "[1]", "[true]", "['drawer.lef']", "Pane"]) : pick(roles)
            entries[key] = node()
        }
        return "{" + entries.keys.sorted().map { "\($0) = \(entries[$0]!)" }.joined(separator: ", ") + "}"
    }
}

@Suite struct DecoderPropertyTests {
    @Test func randomResultsReadTheSameByBothDecoders() throws {
        var generator = ResultGenerator(random: SplitMix64(seed: 0x5EED_0014))
        let lua = try LuaState()
        let buffers = EditBuffers()
        var valid = 0, invalid = 0, disagreements: [String] = []
        for _ in 0..<4000 {
            let source = generator.result()
            try lua.run("return " + source, chunk: "=result.lua")
            let drawer: Role = generator.chance(50) ? .drawerLeft : .drawerBottom
            let r = readBoth(lua, buffers: buffers, drawer: drawer)
            if r.problems.isEmpty { valid += 1 } else { invalid += 1 }
            if !agree(r), disagreements.count < 5 {
                disagreements.append("\(source)\n  C: \(r.problems)\n  reference: \(r.referenceProblems)")
            }
            lua.settop(0)
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // The generator must exercise both verdicts in earnest.
        #expect(valid > 800, "only \(valid) valid results")
        #expect(invalid > 800, "only \(invalid) invalid results")
    }
}
