// The problems of a decoded result that PaneKitLua words: the first of a long list, and transform steps whose
// product overflows.

import CLuaEdits
import PaneKit

extension LuaState {
    /// The first `limit` messages of `list`, sorted: only the problems that can be among them are worded
    /// (`pk_problems_order`), so a result with thousands of unknown keys costs what one with `limit` does.
    /// - Parameter word: the message of one problem.
    /// - Complexity: O(n log n) on the problems' paths in C, then `word` about `limit` times.
    static func firstMessages(of list: UnsafeMutablePointer<pk_problems>, limit: Int, word: (pk_problem) -> String) -> [String] {
        let candidates = Int(pk_problems_order(list, Int32(limit)))
        var problems = (0..<candidates).map { word(list.pointee.items[$0]) }
        problems.sort()
        if problems.count > limit { problems.removeLast(problems.count - limit) }
        return problems
    }

    /// No problem when `overflowed` is -1; otherwise the problem of the role at that index, whose transform steps
    /// compose to a number that is not finite, named by the keys the result at `index` gave them.
    func composed(_ overflowed: Int, at index: Int32, drawer: Role, edits: StyleEdits) -> [String] {
        guard overflowed >= 0 else { return [] }
        let role = Role.withIndex(overflowed)  // the slot, as the decoder records it
        let transform = edits[role].transform ?? .identity
        let (node, parts) = transformKeys(of: role, drawer: drawer, inResultAt: index)
        let (field, value) = transform.firstNonFiniteEntry
        let got = "got \(NumberFormat.message(value)) at \(role.rawValue).transform.\(field)"
        if parts == ["ops"] { return ["\(node).ops: expected steps whose product is finite, \(got)"] }
        let named = parts.isEmpty ? "transform steps" : parts.joined(separator: ", ")
        return ["\(node)\(parts.first.map { "." + $0 } ?? ""): expected \(named) whose product is finite, \(got)"]
    }

    /// The key under which the result at `index` gave `role`'s edits (its name, or `drawer`), and the keys of its
    /// transform there: `ops`, or those of scale, rotate, perspective and translate it has, in that order (the
    /// order they are composed in). Read raw, on a failure only.
    private func transformKeys(of role: Role, drawer: Role, inResultAt index: Int32) -> (node: String, parts: [String]) {
        let table = absolute(index)
        let base = top
        defer { settop(base) }
        for name in [role.rawValue] + (role == drawer ? ["drawer"] : []) {
            guard pushField(of: table, named: name) == .table else {
                settop(base)
                continue
            }
            let parts = ["ops", "scale", "rotate", "perspective", "translate"].filter { part in
                defer { settop(base + 1) }
                return pushField(of: base + 1, named: part) != .nil
            }
            return (name, parts.contains("ops") ? ["ops"] : parts)
        }
        return (role.rawValue, [])
    }
}
