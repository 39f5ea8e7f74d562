// The one string writer of the text outputs: a quoted literal, JSON's (frames, bake and lock files) or Swift's
// (event descriptions).

/// Writes text as a quoted string literal, escaping what its language needs.
package enum StringLiteral {
    /// How the characters below U+0020 other than the newline are written.
    package enum Controls: Sendable {
        /// JSON's short escapes `\t` and `\r`, every other one as `\u00XX` (frame JSON, lock files).
        case json
        /// Every one as `\u00XX` (bake files).
        case jsonUnicode
        /// As they are: a literal a person reads (an event's description).
        case verbatim
    }

    /// Appends `text` in double quotes, with `"`, `\` and the newline escaped and the other control characters
    /// written as `controls` says.
    /// - Complexity: one pass over the text's scalars; used on output paths only.
    package static func append(_ text: String, controls: Controls = .json, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t" where controls == .json: out += "\\t"
            case "\r" where controls == .json: out += "\\r"
            case _ where scalar.value < 0x20 && controls != .verbatim:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `text` as a quoted literal, as ``append(_:controls:to:)`` writes it.
    package static func quoted(_ text: String, controls: Controls = .json) -> String {
        var out = ""
        append(text, controls: controls, to: &out)
        return out
    }
}
