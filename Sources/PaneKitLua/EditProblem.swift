// The words of every problem the decoder of edits (CLuaEdits) reports: C gives each problem's kind, key path and
// what was expected and found (pk_problem); the message is written here, with NumberFormat and Suggestion.

import CLuaEdits
import PaneKit

extension StylerContract {
    /// The message of `problem`, `path: text` (the path left out for the result itself).
    static func message(of problem: pk_problem) -> String {
        var bytes: [UInt8] = []
        if let path = problem.path, problem.path_length > 0 {
            bytes += UnsafeRawBufferPointer(start: path, count: problem.path_length)
            bytes += Array(": ".utf8)
        }
        bytes += words(of: problem)
        // A key or a string with a NUL byte ends the message there, as a C string would.
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `problem` after its path: UTF-8, with the string found (which may hold any bytes) as it is.
    private static func words(of problem: pk_problem) -> [UInt8] {
        let expected = problem.expected.map { String(cString: $0) } ?? ""
        let type = problem.got_type.map { String(cString: $0) } ?? ""
        let found: [UInt8]? = problem.got_text.map { Array(UnsafeRawBufferPointer(start: $0, count: problem.got_length)) }
        let word = found.map { String(decoding: $0, as: UTF8.self) }
        func quoted(_ raw: [UInt8]) -> [UInt8] { Array("\"".utf8) + raw + Array("\"".utf8) }
        func hint(_ near: String?) -> String { near.map { "; did you mean \"\($0)\"?" } ?? "" }
        let n = NumberFormat.string
        let text: String
        switch Int32(problem.kind) {
        case Int32(PK_PROBLEM_TYPE): text = "expected \(expected), got \(type)"
        case Int32(PK_PROBLEM_NOT_FINITE): text = "expected a finite number, got \(NumberFormat.message(problem.got.0))"
        case Int32(PK_PROBLEM_UNEXPECTED_KEY): text = "unexpected key; expected \(expected)"
        case Int32(PK_PROBLEM_NOT_A_LIST): text = "unexpected key; \(expected) is a list"
        case Int32(PK_PROBLEM_SHADOW_KEY): text = "unexpected key; a shadow has radius, opacity, offset, color"
        case Int32(PK_PROBLEM_GIVEN_TWICE): text = "given twice"
        case Int32(PK_PROBLEM_NEGATIVE): text = "expected a number ≥ \(n(problem.got.1)), got \(n(problem.got.0))"
        case Int32(PK_PROBLEM_NEGATIVE_SIZE):
            text = "expected a width and a height ≥ 0, got \(n(problem.got.0))x\(n(problem.got.1))"
        case Int32(PK_PROBLEM_NOT_INTEGER): text = "expected an integer, got \(n(problem.got.0))"
        case Int32(PK_PROBLEM_COLOR):
            let got = found.map(quoted) ?? Array(type.utf8)
            return Array("expected a colour such as \"#000000\" or \"#00000080\", got ".utf8) + got
        case Int32(PK_PROBLEM_UNKNOWN_OPERATION):
            let head = Array("expected one of \(operations.map(\.name).joined(separator: ", ")), got ".utf8)
            guard let found, let word else { return head + Array(type.utf8) }
            return head + quoted(found) + Array(hint(near(word, habits: operations, among: operations.map(\.name))).utf8)
        case Int32(PK_PROBLEM_ROTATE_COUNT):
            text = "expected {\"rotate\", radians} (about z) or {\"rotate\", radians, ax, ay, az}, got \(problem.count) numbers"
        case Int32(PK_PROBLEM_OPS_COMBINED):
            text = "ops cannot be combined with scale, rotate, perspective, translate or transform; put every step in ops"
        case Int32(PK_PROBLEM_MATRIX_COMBINED):
            text = "a whole matrix cannot be combined with scale, rotate, perspective or translate; use ops"
        case Int32(PK_PROBLEM_UNKNOWN_KEY):
            let keys = editKeys.map(\.name).sorted()
            text =
                "unknown key; edits are \(keys.joined(separator: ", "))"
                + (word.map { hint(near($0, habits: editKeys.map { (name: $0.name, habits: $0.habits) }, among: keys)) } ?? "")
        case Int32(PK_PROBLEM_UNKNOWN_ROLE):
            let names = [drawerKey] + roles
            text =
                "unknown role; roles are \(names.joined(separator: ", "))"
                + (word.map { hint(Suggestion.nearest(to: $0, among: names)) } ?? "")
        case Int32(PK_PROBLEM_SAME_NODE):
            let role = (0..<Role.count).contains(Int(problem.count)) ? Role.withIndex(Int(problem.count)).rawValue : "?"
            text = "the same node as \(drawerKey) (\(role) here); give only one of them"
        case Int32(PK_PROBLEM_NOT_A_TABLE):
            text =
                "style returned \(type); expected a table of edits such as { pane = { alpha = 0.5 } }"
                + (type == "nil" ? " (return {} for no edits)" : "")
        default: text = "memory limit exceeded while reading the result"
        }
        return Array(text.utf8)
    }

    /// The name `word` means: the one whose habit it is (compared without case, `-` and `_`), else the nearest of
    /// `candidates` (Suggestion).
    private static func near(_ word: String, habits: [(name: String, habits: [String])], among candidates: [String]) -> String? {
        if let folded = fold(word), let match = habits.first(where: { $0.habits.contains(folded) }) { return match.name }
        return Suggestion.nearest(to: word, among: candidates)
    }
}
