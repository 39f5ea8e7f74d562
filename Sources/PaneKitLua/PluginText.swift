// Text that comes from a plugin (its messages, keys and description), made safe to show and cheap to keep.

/// Caps and escapes text from a plugin before it goes into a message, an event or a terminal.
///
/// A plugin controls its error messages, the keys of its results and its description, so each may be megabytes
/// long or hold terminal control sequences. Messages keep at most `limit` bytes (cut at a character, with an
/// ellipsis), and control characters are written as Lua writes them in a string, `\27`.
public enum PluginText {
    /// The most bytes of plugin text kept in one message or event field.
    public static let limit = 300
    /// The most bytes of a traceback kept.
    public static let tracebackLimit = 4000

    /// `text` cut to `limit` bytes, with control characters (newline and tab too) escaped.
    /// - Complexity: O(min(text, limit)): a huge text is not read past the cut.
    public static func excerpt(_ text: some StringProtocol, limit: Int = limit) -> String {
        escaped(text, limit: limit, keepingLines: false)
    }

    /// `text` cut to `limit` bytes, with control characters other than newline and tab escaped.
    public static func lines(_ text: some StringProtocol, limit: Int = tracebackLimit) -> String {
        escaped(text, limit: limit, keepingLines: true)
    }

    private static func escaped(_ text: some StringProtocol, limit: Int, keepingLines: Bool) -> String {
        var out = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            if bytes + size > limit {
                out += "…"
                break
            }
            bytes += size
            let v = scalar.value
            if v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) {
                if keepingLines && (scalar == "\n" || scalar == "\t") {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\\(v)"
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
