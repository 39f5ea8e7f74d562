// A small JSON reader that keeps key order and reports syntax errors by line and column.

import PaneKit

/// A parsed JSON value. Objects keep their keys in file order.
///
/// Not `indirect`: arrays and objects already hold their items out of line, and an indirect enum would put every
/// number and string of a document in a heap box of its own (a 20 MB bake file made 4 million of them).
package enum JSONValue: Sendable, Hashable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, read as a double.
    case number(Double)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object's members in file order (a repeated key is kept twice; validators report it).
    case object([(key: String, value: JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (k, v) in o {
                hasher.combine(k)
                hasher.combine(v)
            }
        }
    }

    /// How an error message names this kind of value: "a number", "a string", …
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A short rendering of the value for "got …" in messages.
    package var brief: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): NumberFormat.message(n)
        case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON syntax error with its line and column (1-based).
public struct JSONSyntaxError: ReasonedError {
    /// Why the text is not JSON, for an app to compare or `switch` on; new reasons may be added, so a `switch`
    /// needs a `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String { case unexpectedToken, duplicateKey, tooDeep, invalidString, invalidNumber }
        package let kind: Kind
        /// Something other than what the grammar allows there, or the end of the file too early.
        public static let unexpectedToken = Reason(kind: .unexpectedToken)
        /// An object gives the same key twice.
        public static let duplicateKey = Reason(kind: .duplicateKey)
        /// Arrays and objects nested deeper than 512 levels.
        public static let tooDeep = Reason(kind: .tooDeep)
        /// A string that is unterminated, holds a control character, or has a bad escape or lone surrogate.
        public static let invalidString = Reason(kind: .invalidString)
        /// A number without digits where they are required, or out of the range of a double.
        public static let invalidNumber = Reason(kind: .invalidNumber)
    }

    /// Why the text is not JSON.
    public var reason: Reason
    /// The line of the error, from 1.
    public var line: Int
    /// The column of the error in characters, from 1.
    public var column: Int
    /// What was expected and what was found.
    public var message: String
    public var description: String { "\(line):\(column): \(message)" }
}

/// Parses JSON text (RFC 8259) into a `JSONValue`.
package struct JSONReader {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    /// False while checking a document's syntax only: arrays and objects are read but not kept.
    private var building = true

    /// Parses one JSON document.
    /// - Throws: `JSONSyntaxError` naming the line and column of the first problem.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: Array(text.utf8))
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        guard reader.i == reader.bytes.count else {
            throw reader.error(.unexpectedToken, "expected the end of the document, got \(reader.found)")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// A document checked whole, read one value at a time from where it starts.
    ///
    /// For large files whose reader keeps only what it needs (a bake file's table): the syntax is checked in one
    /// pass that builds nothing, so syntax errors come first with their line and column as `parse` reports them;
    /// then values are built one at a time, and arrays and objects can be walked by the offsets of their items.
    package struct Document {
        private var reader: JSONReader
        /// Where the root value starts.
        package let root: Int

        /// Checks `text` whole.
        /// - Throws: `JSONSyntaxError` naming the line and column of the first problem, as `parse` does.
        package init(_ text: String) throws(JSONSyntaxError) {
            var reader = JSONReader(bytes: Array(text.utf8))
            reader.building = false
            reader.skipSpace()
            root = reader.i
            _ = try reader.value()
            reader.skipSpace()
            guard reader.i == reader.bytes.count else {
                throw reader.error(.unexpectedToken, "expected the end of the document, got \(reader.found)")
            }
            reader.building = true
            self.reader = reader
        }

        /// The value that starts at `offset`, built whole.
        package func value(at offset: Int) -> JSONValue {
            var r = reader
            r.i = offset
            return (try? r.value()) ?? .null  // the document was checked: this does not fail
        }

        /// The value at `offset` as messages name it (`brief`), without building an array or an object.
        package func brief(at offset: Int) -> String {
            switch reader.bytes[offset] {
            case UInt8(ascii: "["): "an array"
            case UInt8(ascii: "{"): "an object"
            default: value(at: offset).brief
            }
        }

        /// Where each item of the array at `offset` starts, or nil when the value there is no array.
        package func elements(at offset: Int) -> [Int]? {
            guard reader.bytes[offset] == UInt8(ascii: "[") else { return nil }
            var r = reader
            r.i = offset + 1
            var starts: [Int] = []
            r.skipSpace()
            while r.bytes[r.i] != UInt8(ascii: "]") {
                starts.append(r.i)
                r.i = r.end(of: r.i)
                r.skipSpace()
                if r.bytes[r.i] == UInt8(ascii: ",") { r.i += 1 }
                r.skipSpace()
            }
            return starts
        }

        /// Each member of the object at `offset` with where its value starts, in file order, or nil when the value
        /// there is no object.
        package func members(at offset: Int) -> [(key: String, offset: Int)]? {
            guard reader.bytes[offset] == UInt8(ascii: "{") else { return nil }
            var r = reader
            r.i = offset + 1
            var members: [(key: String, offset: Int)] = []
            r.skipSpace()
            while r.bytes[r.i] != UInt8(ascii: "}") {
                guard let key = try? r.string() else { return members }  // checked: a key is a string
                r.skipSpace()
                r.i += 1  // ":"
                r.skipSpace()
                members.append((key, r.i))
                r.i = r.end(of: r.i)
                r.skipSpace()
                if r.bytes[r.i] == UInt8(ascii: ",") { r.i += 1 }
                r.skipSpace()
            }
            return members
        }
    }

    /// Where the value starting at `start` ends, found without reading it (the syntax was checked).
    private func end(of start: Int) -> Int {
        var k = start
        switch bytes[k] {
        case UInt8(ascii: "\""):
            k += 1
            while bytes[k] != UInt8(ascii: "\"") { k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1 }
            return k + 1
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            var open = 0
            repeat {
                switch bytes[k] {
                case UInt8(ascii: "\""):
                    k = end(of: k)
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"): open += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): open -= 1
                default: break
                }
                k += 1
            } while open > 0
            return k
        default:
            while k < bytes.count {
                switch bytes[k] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return k
                default: k += 1
                }
            }
            return k
        }
    }

    private var found: String {
        guard i < bytes.count else { return "the end of the file" }
        // The whole UTF-8 sequence, not its first byte read as Latin-1.
        let text = String(decoding: bytes[i..<min(i + 4, bytes.count)], as: UTF8.self)
        return JSONValue.string(String(text.first ?? "?")).brief
    }

    private func error(_ reason: JSONSyntaxError.Reason, _ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(reason: reason, line: line, column: column, message: message)
    }

    private mutating func skipSpace() {
        // A switch, not `[…].contains`: that builds an array per call in unoptimised builds.
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw error(.unexpectedToken, "expected a value, got the end of the file") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error(.unexpectedToken, "expected a value, got \(found)")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
            throw error(.unexpectedToken, "expected a value, got \(found)")
        }
        i += w.count
        return value
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        if depth > 512 { throw error(.tooDeep, "nesting deeper than 512 levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error(.unexpectedToken, "expected a key in quotes, got \(found)")
            }
            let keyStart = i
            let key = try string()
            // A scan for the few keys of most objects, a set once there are many (linear in the keys); only the
            // set when the members are not kept.
            if building, members.count == 16 { keys = Set(members.map(\.key)) }
            let duplicate = building && members.count < 16 ? members.contains { $0.key == key } : !keys.insert(key).inserted
            guard !duplicate else {
                i = keyStart
                throw error(.duplicateKey, "duplicate key \(JSONValue.string(key).brief)")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error(.unexpectedToken, "expected \":\", got \(found)") }
            i += 1
            skipSpace()
            let item = try value()
            if building { members.append((key, item)) }
            skipSpace()
            guard i < bytes.count else { throw error(.unexpectedToken, "expected \",\" or \"}\", got the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw error(.unexpectedToken, "expected \",\" or \"}\", got \(found)")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            let item = try value()
            if building { items.append(item) }
            skipSpace()
            guard i < bytes.count else { throw error(.unexpectedToken, "expected \",\" or \"]\", got the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw error(.unexpectedToken, "expected \",\" or \"]\", got \(found)")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw error(.invalidString, "unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error(.invalidString, "control character in a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { throw error(.invalidString, "unterminated string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                out.append(contentsOf: try unicodeEscape())
            default:
                i -= 1
                throw error(.invalidString, "unknown escape; expected one of \\\" \\\\ / b f n r t u after \\\\, got \(found)")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The scalar of a `\uXXXX` escape (the `\u` just read), joining a surrogate pair; a surrogate without its
    /// partner is refused, since it is no character and has no UTF-8 form.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> String.UTF8View {
        let start = i - 2
        let code = try hex4(escapeAt: start)
        var scalar: UInt32 = code
        if (0xDC00...0xDFFF).contains(code) {
            i = start
            throw error(.invalidString, "lone low surrogate \\u\(Self.hex(code)); expected it after a high surrogate \\uD800–\\uDBFF")
        }
        if (0xD800...0xDBFF).contains(code) {
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                i = start
                throw error(.invalidString, "lone high surrogate \\u\(Self.hex(code)); expected a low surrogate \\uDC00–\\uDFFF after it")
            }
            let lowStart = i
            i += 2
            let low = try hex4(escapeAt: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                i = start
                throw error(
                    .invalidString,
                    "high surrogate \\u\(Self.hex(code)) followed by \\u\(Self.hex(low)); expected a low surrogate \\uDC00–\\uDFFF")
            }
            scalar = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        // Every code outside the surrogates, and every joined pair, is a scalar.
        return String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8
    }

    private static func hex(_ code: UInt32) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Four hex digits, exactly (no sign, no spaces).
    private mutating func hex4(escapeAt start: Int) throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 {
            let digit: UInt32
            switch i + k < bytes.count ? bytes[i + k] : 0 {
            case let b where b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case let b where b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case let b where b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default:
                i = start
                throw error(.invalidString, "expected 4 hex digits after \\u")
            }
            v = v << 4 | digit
        }
        i += 4
        return v
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ r: inout JSONReader) -> Int {
            let s = r.i
            while r.i < r.bytes.count, r.bytes[r.i] >= UInt8(ascii: "0"), r.bytes[r.i] <= UInt8(ascii: "9") { r.i += 1 }
            return r.i - s
        }
        guard digits(&self) > 0 else { throw error(.invalidNumber, "expected a digit, got \(found)") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error(.invalidNumber, "expected a digit after \".\", got \(found)") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error(.invalidNumber, "expected a digit in the exponent, got \(found)") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let n = Double(text), n.isFinite else { throw error(.invalidNumber, "number \(text) is out of range") }
        return .number(n)
    }
}
