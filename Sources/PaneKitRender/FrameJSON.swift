// Frames as JSON Lines, exactly in the shape of DESIGN §8 (a contract other tools parse).

import PaneKit

/// Writes frames and nodes as compact JSON, one frame a line, keys in a fixed order.
public enum FrameJSON {
    /// The version of the frame schema, for readers that track it.
    public static let schemaVersion = 1

    /// One frame as a single line of JSON (no trailing newline); a grid's frame has `"cells"` (each cell's label and
    /// rectangle, which clips its nodes) after `"escape"`, and no other frame has the key.
    public static func line(_ frame: Frame) -> String {
        var out = ""
        out.reserveCapacity(256 + frame.nodes.count * 320)
        out += "{\"frame\":\(frame.index),\"time\":\(NumberFormat.string(frame.time)),\"container\":"
        appendString(frame.container.rawValue, to: &out)
        out += ",\"state\":"
        appendString(frame.state.rawValue, to: &out)
        for field in frame.fields.entries {
            out += ","
            appendString(field.key, to: &out)
            out += ":"
            appendValue(field.value, to: &out)
        }
        out += ",\"fractions\":{"
        for (i, entry) in frame.fractions.values.enumerated() {
            if i > 0 { out += "," }
            out += "\"\(entry.direction.rawValue)\":\(NumberFormat.string(entry.closed))"
        }
        // `escape` sits before the nodes so the line still ends with the events (readers pin that end).
        out += "},\"escape\":\(frame.escape)"
        // A grid's frame says where each cell is (its nodes, `cell.LABEL/…`, are clipped to it); other frames have
        // no `cells` key at all.
        if !frame.cells.isEmpty {
            out += ",\"cells\":["
            for (i, cell) in frame.cells.enumerated() {
                if i > 0 { out += "," }
                out += "{\"label\":"
                appendString(cell.label, to: &out)
                let r = cell.rect
                out +=
                    ",\"rect\":[\(NumberFormat.string(r.x)),\(NumberFormat.string(r.y)),\(NumberFormat.string(r.width)),\(NumberFormat.string(r.height))]}"
            }
            out += "]"
        }
        out += ",\"nodes\":["
        for (i, node) in frame.nodes.enumerated() {
            if i > 0 { out += "," }
            appendNode(node, to: &out, semantics: true)
        }
        out += "],\"events\":["
        for (i, event) in frame.events.enumerated() {
            if i > 0 { out += "," }
            appendEvent(event, to: &out)
        }
        out += "]}"
        return out
    }

    /// A family's frame field value: a number, a whole number, a string, or a list of strings.
    static func appendValue(_ value: FrameValue, to out: inout String) {
        switch value {
        case .number(let number): out += NumberFormat.string(number)
        case .integer(let whole): out += String(whole)
        case .text(let text): appendString(text, to: &out)
        case .texts(let texts):
            out += "["
            for (i, text) in texts.enumerated() {
                if i > 0 { out += "," }
                appendString(text, to: &out)
            }
            out += "]"
        }
    }

    /// A node as `{"role":…,"frame":[x,y,w,h],"anchor":[ax,ay],"transform":[16],"alpha":…,"z":…,"hidden":…,
    /// "corners":[[x,y]×4]}`, then `"shadow":{"radius","opacity","offset":[x,y],"color"}`, `"color"` and
    /// `"cornerRadius"` (one number, or four clockwise from the top left) when the style sets them (colours as
    /// `#rrggbb` or `#rrggbbaa`), then `"scroll":[{"rect":[x,y,w,h],"offset":v}]` when the node carries scrolled
    /// regions (`Node.scroll`, node coordinates), then, with `semantics` (frames, not samples), `"accessible"` and
    /// `"focus"`.
    public static func appendNode(_ node: Node, to out: inout String, semantics: Bool = false) {
        let f = node.frame, s = node.style
        out +=
            "{\"role\":\"\(node.role.rawValue)\",\"frame\":[\(NumberFormat.string(f.x)),\(NumberFormat.string(f.y)),\(NumberFormat.string(f.width)),\(NumberFormat.string(f.height))]"
        out += ",\"anchor\":[\(NumberFormat.string(s.anchor.x)),\(NumberFormat.string(s.anchor.y))],\"transform\":["
        out += s.transform.values.map(NumberFormat.string).joined(separator: ",")
        out += "],\"alpha\":\(NumberFormat.string(s.alpha)),\"z\":\(s.z),\"hidden\":\(s.hidden),\"corners\":["
        out += node.corners.points.map { "[\(NumberFormat.string($0.x)),\(NumberFormat.string($0.y))]" }.joined(separator: ",")
        out += "]"
        if let shadow = s.shadow {
            out += ",\"shadow\":{\"radius\":\(NumberFormat.string(shadow.radius)),\"opacity\":\(NumberFormat.string(shadow.opacity))"
            out +=
                ",\"offset\":[\(NumberFormat.string(shadow.offset.x)),\(NumberFormat.string(shadow.offset.y))],\"color\":\"\(shadow.color.hex)\"}"
        }
        if let color = s.color { out += ",\"color\":\"\(color.hex)\"" }
        if let radius = s.cornerRadius {
            out += ",\"cornerRadius\":"
            out +=
                radius.isUniform
                ? NumberFormat.string(radius.topLeft) : "[" + radius.values.map(NumberFormat.string).joined(separator: ",") + "]"
        }
        if !node.scroll.isEmpty {
            out += ",\"scroll\":["
            for (i, region) in node.scroll.enumerated() {
                let r = region.rect
                if i > 0 { out += "," }
                out +=
                    "{\"rect\":[\(NumberFormat.string(r.x)),\(NumberFormat.string(r.y)),\(NumberFormat.string(r.width)),\(NumberFormat.string(r.height))],\"offset\":\(NumberFormat.string(region.offset))}"
            }
            out += "]"
        }
        if semantics { out += ",\"accessible\":\(node.accessible),\"focus\":\(node.focus)" }
        out += "}"
    }

    /// A pose of `sample` and `panekit test` as `{"closed":c,"nodes":[NODE,…]}`.
    package static func appendSample(_ sample: Sample, to out: inout String) {
        out += "{\"closed\":\(NumberFormat.string(sample.closed)),\"nodes\":["
        for (i, node) in sample.nodes.enumerated() {
            if i > 0 { out += "," }
            appendNode(node, to: &out)
        }
        out += "]}"
    }

    /// An event as `{"type":…, then its fields in order}`.
    public static func appendEvent(_ event: Event, to out: inout String) {
        out += "{\"type\":"
        appendString(event.type, to: &out)
        for field in event.fields {
            out += ","
            appendString(field.key, to: &out)
            out += ":"
            appendString(field.value, to: &out)
        }
        out += "}"
    }

    /// `text` as a JSON string literal.
    package static func appendString(_ text: String, to out: inout String) {
        StringLiteral.append(text, to: &out)
    }

    /// `text` as a JSON string literal.
    public static func string(_ text: String) -> String {
        var out = ""
        appendString(text, to: &out)
        return out
    }

}

extension FrameJSON {
    /// `--format json`: JSON Lines, one frame a line as `line(_:)` writes it, each line ended by a newline.
    public struct Writer: FrameWriter, Sendable {
        /// JSON Lines files end in `.jsonl`.
        public static let fileExtension = "jsonl"

        /// One document that grows a line per frame.
        public var layout: FrameWriterLayout { .stream }

        /// The JSON Lines writer; it has no options.
        public init() {}

        /// Appends the frame's line and a newline.
        public mutating func write(_ frame: Frame, into out: inout [UInt8]) {
            out.append(contentsOf: FrameJSON.line(frame).utf8)
            out.append(UInt8(ascii: "\n"))
        }
    }
}
