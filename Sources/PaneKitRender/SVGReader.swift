// Reads the SVG that SVGRenderer writes, tag by tag: names, attributes, numbers and path data. Not a general XML
// parser: PaneKit's own output only (no comments, CDATA or entities inside attributes it reads as numbers).

import PaneKit

/// A cursor over an SVG document's bytes.
package struct SVGReader {
    let bytes: [UInt8]
    var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// One tag: its name (`/g` for an end tag) and attributes in order.
    package struct Tag {
        package var name: String
        package var attributes: [(String, String)]

        package subscript(_ name: String) -> String? { attributes.first { $0.0 == name }?.1 }

        /// The attribute as one number.
        package func number(_ name: String) -> Double? { self[name].flatMap { SVGReader.numbers($0).first } }

        /// The attribute's numbers (separated by spaces or commas).
        package func numbers(_ name: String) -> [Double] { self[name].map(SVGReader.numbers) ?? [] }
    }

    /// The next tag, skipping `<?xml …?>`; nil at the end.
    package mutating func nextTag() -> Tag? {
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else {
                position += 1
                continue
            }
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "?") {
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
                continue
            }
            let name = word()
            var attributes: [(String, String)] = []
            while position < bytes.count {
                skipSpaces()
                guard position < bytes.count else { break }
                let c = bytes[position]
                if c == UInt8(ascii: ">") {
                    position += 1
                    break
                }
                if c == UInt8(ascii: "/") {
                    position += 1
                    continue
                }
                let key = word()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                    position += 1
                    continue
                }
                position += 1
                let quote = bytes[position]
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != quote { position += 1 }
                attributes.append((key, String(decoding: bytes[start..<position], as: UTF8.self)))
                position += 1
            }
            return Tag(name: name, attributes: attributes)
        }
        return nil
    }

    /// The text up to the next tag.
    @discardableResult
    package mutating func skipText() -> String {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func word() -> String {
        let start = position
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: ">") || c == UInt8(ascii: "=") || c == 10 { break }
            if c == UInt8(ascii: "/") && position > start { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == 10 { position += 1 }
    }

    /// The numbers in `text`, separated by anything that cannot be part of a number.
    package static func numbers(_ text: String) -> [Double] {
        var out: [Double] = []
        var utf8 = Array(text.utf8)[...]
        while let n = number(&utf8) { out.append(n) }
        return out
    }

    /// The next number in `text` (skipping separators), consumed; nil when none is left.
    static func number(_ text: inout ArraySlice<UInt8>) -> Double? {
        while let c = text.first, !(c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || (c >= 48 && c <= 57)) { text.removeFirst() }
        guard !text.isEmpty else { return nil }
        var end = text.startIndex
        while end < text.endIndex {
            let c = text[end]
            let isPart =
                (c >= 48 && c <= 57) || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                || ((c == UInt8(ascii: "-") || c == UInt8(ascii: "+"))
                    && (end == text.startIndex || text[end - 1] == UInt8(ascii: "e") || text[end - 1] == UInt8(ascii: "E")))
            guard isPart else { break }
            end += 1
        }
        let value = fastNumber(text[text.startIndex..<end]) ?? Double(String(decoding: text[text.startIndex..<end], as: UTF8.self))
        text = text[end...]
        return value ?? 0
    }

    /// A plain decimal (`-12.345678`, as NumberFormat writes) without Foundation; nil for other forms.
    static func fastNumber(_ digits: ArraySlice<UInt8>) -> Double? {
        var negative = false, whole: UInt64 = 0, fraction: UInt64 = 0, scale: UInt64 = 1, seenPoint = false
        var index = digits.startIndex
        if index < digits.endIndex, digits[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < digits.endIndex else { return nil }
        while index < digits.endIndex {
            let c = digits[index]
            if c == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if c >= 48 && c <= 57 {
                if seenPoint {
                    guard scale < 1_000_000_000_000 else { return nil }
                    fraction = fraction * 10 + UInt64(c - 48)
                    scale *= 10
                } else {
                    guard whole < 100_000_000_000 else { return nil }
                    whole = whole * 10 + UInt64(c - 48)
                }
            } else {
                return nil
            }
            index += 1
        }
        let value = Double(whole) + Double(fraction) / Double(scale)
        return negative ? -value : value
    }

    /// Path data of M, L and Z commands as closed subpaths.
    /// - Throws: `SVGRasterUnsupported` for another command.
    static func pathData(_ d: String) throws(SVGRasterUnsupported) -> [[Point]] {
        var paths: [[Point]] = []
        var current: [Point] = []
        var text = Array(d.utf8)[...]
        while true {
            while let c = text.first, c == UInt8(ascii: " ") || c == UInt8(ascii: ",") { text.removeFirst() }
            guard let c = text.first else { break }
            switch c {
            case UInt8(ascii: "M"):
                text.removeFirst()
                if !current.isEmpty { paths.append(current) }
                current = []
            case UInt8(ascii: "L"):
                text.removeFirst()
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                text.removeFirst()
                if !current.isEmpty { paths.append(current) }
                current = []
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "."), 48...57:
                break
            default:
                throw SVGRasterUnsupported(what: "path command \(Character(Unicode.Scalar(c)))")
            }
            guard let x = number(&text), let y = number(&text) else { break }
            current.append(Point(x: x, y: y))
        }
        if !current.isEmpty { paths.append(current) }
        return paths
    }
}
