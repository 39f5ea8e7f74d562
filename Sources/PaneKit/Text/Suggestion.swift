// "Did you mean": the nearest known word to a misspelt one.

/// Finds the nearest of a set of known words by edit distance.
package enum Suggestion {
    /// The nearest word within a distance of about a third of its length, if any.
    /// - Complexity: O(word × candidate) for words near a candidate's length; a word too long to be within reach
    ///   of any candidate (a megabyte key from a plugin) is refused in O(1).
    package static func nearest(to word: String, among candidates: [String]) -> String? {
        // A word of n characters is at least n - m edits from one of m, and only n / 3 are allowed, so n ≤ 1.5 m.
        // UTF-8 has at most 4 bytes a character: past 6 m + 8 bytes, n > 1.5 m + 2 for sure.
        let longest = candidates.map(\.utf8.count).max() ?? 0
        if word.utf8.count > 6 * longest + 8 { return nil }
        let limit = max(2, word.count / 3)
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.word
    }

    /// `; did you mean "x"?` when a near word exists, else nothing.
    package static func hint(for word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The Levenshtein distance between two strings.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
