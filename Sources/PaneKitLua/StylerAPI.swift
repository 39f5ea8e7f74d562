// The version of the styler API (what a plugin sees and may return) and the ranges a plugin's `panekit` key gives.

/// A semantic version `MAJOR.MINOR.PATCH` (a leading `v` and missing parts are allowed when read: `v1.2` is 1.2.0).
public struct SemanticVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Incremented when something a plugin relies on changes or goes away.
    public var major: Int
    /// Incremented when something is added (a context field, an edit, a helper).
    public var minor: Int
    /// Incremented for fixes that change no plugin's meaning.
    public var patch: Int

    /// A version from its three numbers.
    public init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads `1.2.3`, `1.2`, `1` or `v1.2.3`; a pre-release or build suffix (`-rc.1`, `+abc`) is ignored.
    /// - Returns: nil when the text is not a version.
    public init?(_ text: String) {
        guard let parts = Self.parts(text), !parts.isEmpty else { return nil }
        self.init(parts[0], parts.count > 1 ? parts[1] : 0, parts.count > 2 ? parts[2] : 0)
    }

    /// The numbers of `1.2` → [1, 2], at most three, each at most six digits; nil when the text is not one.
    static func parts(_ text: String) -> [Int]? {
        var body = Substring(text)
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        if let cut = body.firstIndex(where: { $0 == "-" || $0 == "+" }) { body = body[..<cut] }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var numbers: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.count <= 6, piece.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(piece) else {
                return nil
            }
            numbers.append(n)
        }
        return numbers
    }

    /// `1.2.3`.
    public var description: String { "\(major).\(minor).\(patch)" }

    /// Orders by major, then minor, then patch.
    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

/// The styler API versions a plugin accepts, as its manifest's `panekit` key gives them: `">=1.2"`, `"^1.0"`,
/// `"~1.2"`, `"1.x"`, `">=1.0 <2"`, `"1.0.0"`. Space- or comma-separated comparators must all hold.
public struct VersionRange: Hashable, Sendable, CustomStringConvertible {
    /// The range as written.
    public let text: String
    private let bounds: [(op: String, version: SemanticVersion)]

    /// Reads a range.
    /// - Throws: `VersionRangeError` naming the part that is not a comparator.
    public init(_ text: String) throws(VersionRangeError) {
        self.text = text
        var bounds: [(String, SemanticVersion)] = []
        let terms = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard !terms.isEmpty else { throw VersionRangeError(text: text, part: text) }
        for term in terms {
            guard let parsed = Self.comparators(String(term)) else { throw VersionRangeError(text: text, part: String(term)) }
            bounds += parsed
        }
        self.bounds = bounds
    }

    /// The comparators one term stands for: `^1.2` is `>=1.2.0 <2.0.0`, `~1.2` and `1.2` and `1.2.x` are
    /// `>=1.2.0 <1.3.0`, `1` and `1.x` are `>=1.0.0 <2.0.0`, `1.2.3` is `=1.2.3`.
    private static func comparators(_ term: String) -> [(String, SemanticVersion)]? {
        let ops = [">=", "<=", ">", "<", "=", "^", "~"]
        let op = ops.first { term.hasPrefix($0) } ?? ""
        var body = String(term.dropFirst(op.count))
        if body == "*" || body.lowercased() == "x" { return op.isEmpty ? [] : nil }
        while body.hasSuffix(".x") || body.hasSuffix(".X") || body.hasSuffix(".*") { body.removeLast(2) }
        guard let parts = SemanticVersion.parts(body), let low = SemanticVersion(body) else { return nil }
        let nextMajor = SemanticVersion(low.major + 1, 0, 0)
        let nextMinor = SemanticVersion(low.major, low.minor + 1, 0)
        switch op {
        case ">=", "<=", ">", "<": return [(op, low)]
        case "=": return [("=", low)]
        case "^": return [(">=", low), ("<", low.major == 0 && parts.count > 1 ? nextMinor : nextMajor)]
        case "~": return [(">=", low), ("<", parts.count == 1 ? nextMajor : nextMinor)]
        default:
            switch parts.count {
            case 1: return [(">=", low), ("<", nextMajor)]
            case 2: return [(">=", low), ("<", nextMinor)]
            default: return [("=", low)]
            }
        }
    }

    /// Whether `version` satisfies every comparator.
    public func contains(_ version: SemanticVersion) -> Bool {
        bounds.allSatisfy { bound in
            switch bound.op {
            case ">=": version >= bound.version
            case "<=": version <= bound.version
            case ">": version > bound.version
            case "<": version < bound.version
            default: version == bound.version
            }
        }
    }

    /// The range as written.
    public var description: String { text }

    /// Ranges are equal when written alike.
    public static func == (a: VersionRange, b: VersionRange) -> Bool { a.text == b.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// A `panekit` range that does not read.
public struct VersionRangeError: Error, Sendable, CustomStringConvertible {
    /// The whole range.
    public var text: String
    /// The part that is not a comparator.
    public var part: String

    /// `expected a version range such as ">=1.0" or "^1.2", got "abc"`.
    public var description: String {
        let got = part == text ? "\"\(text)\"" : "\"\(part)\" in \"\(text)\""
        return "expected a version range such as \">=1.0\", \"^1.0\" or \">=1.0 <2\", got \(got)"
    }
}

/// The styler API: what a plugin's `style` function is given and may return, the manifest and the `panekit`
/// helpers. docs/plugins.md (API versions) lists what changed at each version.
public enum StylerAPI {
    /// The version this PaneKit provides.
    public static let version = SemanticVersion(1, 3, 0)

    /// Each version with what it changed, oldest first.
    public static let history: [(version: SemanticVersion, changes: String)] = [
        (
            SemanticVersion(1, 0, 0),
            "the first numbered version: the context, edits, manifest (with `tests` and `panekit`) and helpers "
                + "of docs/plugins.md"
        ),
        (SemanticVersion(1, 1, 0), "the edit `cornerRadius` (a number or four, one per corner)"),
        (SemanticVersion(1, 2, 0), "ctx.detent, ctx.detents and ctx.position for sheets"),
        (
            SemanticVersion(1, 3, 0),
            "the manifest key `containers` (the families a styler is for) and a test's `container` and `behavior`"
        ),
    ]

    /// The message for a plugin whose range leaves out this version: both versions and the range it asked for.
    /// - Parameters:
    ///   - plugin: the plugin's name and version, such as `wobble 2.0.0`.
    ///   - range: what its `panekit` key says.
    public static func refusal(plugin: String, range: VersionRange) -> String {
        "\(plugin) needs styler API \"\(range.text)\", and this PaneKit provides styler API \(version); "
            + "use a version of the plugin made for API \(version.major).x, or a PaneKit whose API the range accepts"
    }
}
