// Lists in messages and help: `a, b or c`, `a, b and c`.

enum Words {
    /// `words` joined by commas, the last two by ` or ` (`or`) or ` and `: `sheet, navigation or pager`.
    static func list(_ words: [String], or: Bool) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + last
    }
}
