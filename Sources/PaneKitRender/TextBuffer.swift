// A growable UTF-8 byte buffer for the SVG and terminal writers; numbers go through NumberFormat.

import PaneKit

/// UTF-8 text built byte by byte. Renderers append to one buffer and turn it into a `String` once.
package struct TextBuffer: Sendable {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The number of bytes written so far.
    package var count: Int { bytes.count }

    /// Runs `body` on a buffer that holds `bytes`' storage, then hands the storage back with what `body` appended:
    /// the `TextBuffer` writers appending to a caller's byte array.
    /// - Complexity: no copy and no allocation beyond the array's growth.
    package static func appending<Failure: Error>(
        to bytes: inout [UInt8], _ body: (inout TextBuffer) throws(Failure) -> Void
    ) throws(Failure) {
        var buffer = TextBuffer()
        swap(&buffer.bytes, &bytes)
        defer { swap(&buffer.bytes, &bytes) }
        try body(&buffer)
    }

    /// Empties the buffer, keeping its storage.
    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends text.
    /// - Complexity: per byte; no allocation beyond the buffer's growth.
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a literal.
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends one byte.
    package mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Appends raw bytes.
    package mutating func append(bytes other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Appends another buffer's bytes.
    package mutating func append(_ other: TextBuffer) { bytes.append(contentsOf: other.bytes) }

    /// Appends a decimal integer.
    /// - Complexity: no allocation.
    package mutating func append(int value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `x` exactly as `NumberFormat.string` writes it: at most 6 decimals, shortest form, no `-0`.
    /// - Complexity: no allocation for |x| < 10⁹.
    package mutating func append(number x: Double) {
        NumberFormat.append(x, to: &bytes)
    }

    /// Appends `x y`: two numbers with a space between (a translation, a size).
    /// - Complexity: no allocation for |x|, |y| < 10⁹.
    package mutating func append(number x: Double, _ y: Double) {
        append(number: x)
        bytes.append(UInt8(ascii: " "))
        append(number: y)
    }

    /// Appends ` name="value"`, an XML attribute with a number.
    /// - Complexity: no allocation for |value| < 10⁹.
    package mutating func append(attribute name: StaticString, _ value: Double) {
        bytes.append(UInt8(ascii: " "))
        append(name)
        append("=\"")
        append(number: value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ` x="…" y="…" width="…" height="…"`, the attributes that place an SVG box on `rect`.
    /// - Complexity: no allocation for coordinates under 10⁹.
    package mutating func append(attributesOf rect: Rect) {
        append(attribute: "x", rect.x)
        append(attribute: "y", rect.y)
        append(attribute: "width", rect.width)
        append(attribute: "height", rect.height)
    }

    /// Appends `<name` and its number attributes in order, leaving the tag open for the rest.
    /// - Complexity: the literal's storage; for charts, not per-frame paths.
    package mutating func append(element name: StaticString, _ attributes: KeyValuePairs<StaticString, Double>) {
        bytes.append(UInt8(ascii: "<"))
        append(name)
        for (attribute, value) in attributes { append(attribute: attribute, value) }
    }

    /// Appends text escaped for XML character data and attribute values.
    package mutating func append(xml text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case 0..<0x20 where byte != 0x09 && byte != 0x0a && byte != 0x0d: append(byte: UInt8(ascii: "?"))
            default: bytes.append(byte)
            }
        }
    }

    /// Appends a colour as `#rrggbb` (its alpha is written separately, as SVG's opacity attributes).
    /// - Complexity: no allocation.
    package mutating func append(rgb color: Color) {
        bytes.append(UInt8(ascii: "#"))
        appendHexByte(color.red)
        appendHexByte(color.green)
        appendHexByte(color.blue)
    }

    private mutating func appendHexByte(_ channel: Double) {
        let b = channel.isNaN ? 0 : Int((min(max(channel, 0), 1) * 255).rounded())  // NaN would trap Int(_:)
        bytes.append(Self.hexDigit(b >> 4))
        bytes.append(Self.hexDigit(b & 15))
    }

    private static func hexDigit(_ d: Int) -> UInt8 {
        d < 10 ? UInt8(ascii: "0") + UInt8(d) : UInt8(ascii: "a") + UInt8(d - 10)
    }
}
