// The bake file: a BakedStyler as versioned JSON text, written and read back with every problem's place.

import PaneKit

/// Reads and writes `NAME.bake.json` (format `panekit.bake`, version 1).
///
/// ```
/// {"format":"panekit.bake","version":1,"styler":"zoom","params":{"scale":0.75},"container":"drawer",
///  "size":[375,667],"sizing":"fixed","bound":{"points":0.25,"alpha":0.005},
///  "error":{"points":0.03,"alpha":0.0004},"samples":61,
///  "directions":[{"direction":"left","reveal":280,"roles":["pane","drawer.left"],
///    "closed":[-0.3,-0.2,…],"edits":[[{"transform":[16 numbers],"alpha":1},null],…]}]}
/// ```
/// `edits[i][r]` is the edit of `roles[r]` at `closed[i]` (null when the styler wrote nothing there), with the
/// keys of a node edit: `transform`, `anchor`, `alpha`, `shadow` {radius, opacity, offset, color}, `z`, `frame`,
/// `hidden`, `color`; colours as [r, g, b, a] in 0…1. `sizing` is `fixed`: the table plays only on the
/// container type, size and reveal it was baked for.
public enum BakeFile {
    /// The `format` value every bake file carries, `panekit.bake`.
    public static let format = "panekit.bake"
    /// The bake file version this reader and writer speak (1); a file of another version is refused.
    public static let version = 1

    /// The file's text for `baked`, with the bound it was baked to and the difference measured.
    package static func text(_ baked: BakedStyler, bound: BakeBound, difference: BakeDifference) -> String {
        let o = baked.origin
        var out = "{\"format\":\"\(format)\",\"version\":\(version),\"styler\":\(quoted(o.styler)),\"params\":{"
        out += o.params.keys.sorted().map { key in
            let value: String
            switch o.params[key]! {
            case .number(let n): value = num(n)
            case .bool(let b): value = b ? "true" : "false"
            case .color(let c): value = quoted(c.hex)
            case .string(let s): value = quoted(s)
            }
            return quoted(key) + ":" + value
        }.joined(separator: ",")
        out += "},\"container\":\(quoted(o.container.rawValue))"
        if o.layoutDirection == .rtl { out += ",\"layoutDirection\":\"rtl\"" }  // ltr files keep their bytes
        out += ",\"size\":[\(num(o.size.width)),\(num(o.size.height))],\"sizing\":\"fixed\""
        out += ",\"bound\":{\"points\":\(num(bound.points)),\"alpha\":\(num(bound.alpha))}"
        out += ",\"error\":{\"points\":\(num(difference.points)),\"alpha\":\(num(difference.alpha))}"
        out += ",\"samples\":\(baked.tracks.reduce(0) { $0 + $1.fractions.count }),\"directions\":["
        for (t, track) in baked.tracks.enumerated() {
            if t > 0 { out += "," }
            // A drawer's track names its direction (`direction`), another group's its name (`group`).
            out += "\n{\"\(track.group.direction == nil ? "group" : "direction")\":\"\(track.group.rawValue)\","
            // A subject styled in step with the group's first (a navigation stack's screen below) says which it is;
            // a first subject's track keeps the bytes it always had.
            if track.member > 0 { out += "\"member\":\(track.member)," }
            out += "\"reveal\":\(num(track.reveal)),\"roles\":["
            out += track.roles.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "],\"closed\":["
            out += track.fractions.map(num).joined(separator: ",") + "],\"edits\":["
            for i in 0..<track.fractions.count {
                out += i == 0 ? "\n[" : ",\n["
                for r in 0..<track.roles.count {
                    if r > 0 { out += "," }
                    append(track.edits[i * track.roles.count + r].edit, to: &out)
                }
                out += "]"
            }
            out += "]}"
        }
        out += "]}\n"
        return out
    }

    /// The shortest text that reads back as exactly `x` (`-0` as `0`). Unlike other PaneKit text, a bake file
    /// keeps every digit: samples sit a billionth apart around a jump, and a perspective entry rounded to 6
    /// decimals would move a corner 667 pt from the pivot by a third of a point.
    private static func num(_ x: Double) -> String { x == 0 ? "0" : x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)" }

    /// A JSON string with every control character as `\u00XX`, as bake files have always written them.
    private static func quoted(_ s: String) -> String { StringLiteral.quoted(s, controls: .jsonUnicode) }

    private static func append(_ e: NodeEdit, to out: inout String) {
        guard !e.isEmpty else { return out += "null" }
        var parts: [String] = []
        func color(_ c: Color) -> String { "[\(num(c.red)),\(num(c.green)),\(num(c.blue)),\(num(c.alpha))]" }
        if let t = e.transform { parts.append("\"transform\":[" + t.values.map(num).joined(separator: ",") + "]") }
        if let a = e.anchor { parts.append("\"anchor\":[\(num(a.x)),\(num(a.y))]") }
        if let a = e.alpha { parts.append("\"alpha\":\(num(a))") }
        if let s = e.shadow {
            parts.append(
                "\"shadow\":{\"radius\":\(num(s.radius)),\"opacity\":\(num(s.opacity)),\"offset\":[\(num(s.offset.x)),\(num(s.offset.y))],\"color\":\(color(s.color))}"
            )
        }
        if let z = e.z { parts.append("\"z\":\(z)") }
        if let f = e.frame { parts.append("\"frame\":[\(num(f.x)),\(num(f.y)),\(num(f.width)),\(num(f.height))]") }
        if let h = e.hidden { parts.append("\"hidden\":\(h)") }
        if let c = e.color { parts.append("\"color\":" + color(c)) }
        if let r = e.cornerRadius { parts.append("\"cornerRadius\":[" + r.values.map(num).joined(separator: ",") + "]") }
        out += "{" + parts.joined(separator: ",") + "}"
    }

    // MARK: - Reading

    /// Reads a bake file.
    ///
    /// Values are held to the live edit grammar: what a Lua styler may not write (a negative shadow radius, a
    /// frame of negative width or height, a colour channel outside 0…1) is refused with its place, and alpha and
    /// shadow opacity are clamped to 0…1 as Lua's are; the container size and the reveal must be positive. The
    /// table is read row by row, never as one tree of the whole file.
    /// - Parameters:
    ///   - text: the file's contents, the JSON that `panekit bake` writes.
    ///   - file: the name used in messages.
    ///   - name: the name the styler registers under (a scenario's `stylers` entry).
    /// - Throws: `BakeError` naming the file and the place of the first problem.
    /// - Complexity: O(n) in the text; beside the text and the table, it holds one row of the table at a time.
    public static func read(_ text: String, file: String, name: String) throws(BakeError) -> BakedStyler {
        let document: JSONReader.Document
        do { document = try JSONReader.Document(text) } catch {
            throw BakeError(
                .syntax, "\(file):\(error.line):\(error.column): \(error.message)", file: file, path: "\(error.line):\(error.column)")
        }
        return try Reader(file: file, document: document).styler(name: name)
    }

    private struct Reader {
        let file: String
        let document: JSONReader.Document

        func fail(_ path: String, _ expected: String, _ got: JSONValue?) -> BakeError {
            fail(path, expected, brief: got?.brief ?? "nothing")
        }

        func fail(_ path: String, _ expected: String, brief: String) -> BakeError {
            BakeError(.invalidFile, "\(file): \(path): expected \(expected), got \(brief)", file: file, path: path)
        }

        /// The members of the object at `offset`, each by where its value starts.
        func offsets(_ offset: Int?, _ path: String) throws(BakeError) -> [String: Int] {
            guard let offset, let members = document.members(at: offset) else {
                throw fail(path, "an object", brief: offset.map(document.brief) ?? "nothing")
            }
            return Dictionary(members.map { ($0.key, $0.offset) }, uniquingKeysWith: { a, _ in a })
        }

        func members(_ v: JSONValue?, _ path: String) throws(BakeError) -> [String: JSONValue] {
            guard case .object(let m)? = v else { throw fail(path, "an object", v) }
            return Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        }

        func array(_ v: JSONValue?, _ path: String, count: Int? = nil) throws(BakeError) -> [JSONValue] {
            guard case .array(let a)? = v, count == nil || a.count == count else {
                throw fail(path, count.map { "an array of \($0)" } ?? "an array", v)
            }
            return a
        }

        func number(_ v: JSONValue?, _ path: String) throws(BakeError) -> Double {
            guard case .number(let n)? = v, n.isFinite else { throw fail(path, "a number", v) }
            return n
        }

        func string(_ v: JSONValue?, _ path: String) throws(BakeError) -> String {
            guard case .string(let s)? = v else { throw fail(path, "a string", v) }
            return s
        }

        func numbers(_ v: JSONValue?, _ path: String, count: Int) throws(BakeError) -> [Double] {
            var out: [Double] = []
            for (i, item) in try array(v, path, count: count).enumerated() { out.append(try number(item, "\(path)[\(i)]")) }
            return out
        }

        /// A colour [r, g, b, a], each channel 0…1 as a Lua colour's are.
        func color(_ v: JSONValue?, _ path: String) throws(BakeError) -> Color {
            let c = try numbers(v, path, count: 4)
            if let i = c.firstIndex(where: { !(0...1).contains($0) }) {
                throw BakeError(
                    .invalidFile, "\(file): \(path)[\(i)]: expected a number from 0 to 1, got \(NumberFormat.string(c[i]))", file: file,
                    path: "\(path)[\(i)]")
            }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }

        /// A width and a height > 0 (`size`), or ≥ 0 (a node's frame), in the words of the live grammar.
        func extent(_ width: Double, _ height: Double, _ path: String, zero: Bool) throws(BakeError) {
            guard zero ? width < 0 || height < 0 : width <= 0 || height <= 0 else { return }
            throw BakeError(
                .invalidFile,
                "\(file): \(path): expected a width and a height \(zero ? "≥" : ">") 0, got "
                    + "\(NumberFormat.string(width))x\(NumberFormat.string(height))", file: file, path: path)
        }

        func styler(name: String) throws(BakeError) -> BakedStyler {
            let offsets = try offsets(document.root, "(root)")
            // Everything but the table is small: read it whole.
            let root = offsets.filter { $0.key != "directions" }.mapValues(document.value(at:))
            guard case .string(format)? = root["format"] else { throw fail("format", "\"\(format)\"", root["format"]) }
            let version = try number(root["version"], "version")
            guard version == Double(BakeFile.version) else {
                throw BakeError(
                    .unsupportedVersion,
                    "\(file): version: this PaneKit reads bake files of version \(BakeFile.version), got \(NumberFormat.string(version)); bake it again",
                    file: file, path: "version")
            }
            var params: [String: ParamValue] = [:]
            for (key, value) in try members(root["params"], "params") {
                switch value {
                case .number(let n): params[key] = .number(n)
                case .bool(let b): params[key] = .bool(b)
                case .string(let s): params[key] = Color(hex: s).map(ParamValue.color) ?? .string(s)
                default: throw fail("params.\(key)", "a number, boolean or string", value)
                }
            }
            let size = try numbers(root["size"], "size", count: 2)
            try extent(size[0], size[1], "size", zero: false)
            let container = try string(root["container"], "container")
            guard ScenarioLoader.containerTypes.contains(container), let kind = ContainerKind(rawValue: container) else {
                throw fail("container", ScenarioLoader.containerTypes.joined(separator: ", "), root["container"])
            }
            guard case .string("fixed")? = root["sizing"] else { throw fail("sizing", "\"fixed\"", root["sizing"]) }
            var layoutDirection = LayoutDirection.ltr
            if let value = root["layoutDirection"] {
                guard case .string(let text) = value, let read = LayoutDirection(rawValue: text) else {
                    throw fail("layoutDirection", "\"ltr\" or \"rtl\"", value)
                }
                layoutDirection = read
            }
            let origin = BakeOrigin(
                styler: try string(root["styler"], "styler"), params: params, container: kind,
                size: Size(width: size[0], height: size[1]), layoutDirection: layoutDirection)
            guard let directions = offsets["directions"], let items = document.elements(at: directions) else {
                throw fail("directions", "an array", brief: offsets["directions"].map(document.brief) ?? "nothing")
            }
            var tracks: [BakedTrack] = []
            for (t, item) in items.enumerated() {
                tracks.append(try track(item, "directions[\(t)]"))
            }
            guard !tracks.isEmpty else { throw fail("directions", "at least one direction", brief: "an array") }
            guard Set(tracks.map { "\($0.group.rawValue) \($0.member)" }).count == tracks.count else {
                throw BakeError(.invalidFile, "\(file): directions: a direction appears twice", file: file, path: "directions")
            }
            return BakedStyler(name: name, origin: origin, tracks: tracks)
        }

        func track(_ offset: Int, _ path: String) throws(BakeError) -> BakedTrack {
            let offsets = try offsets(offset, path)
            let o = offsets.filter { $0.key != "edits" }.mapValues(document.value(at:))
            let group: StylerGroup
            if o["direction"] == nil, let groupJSON = o["group"] {
                guard let read = StylerGroup(rawValue: try string(groupJSON, "\(path).group")), read.direction == nil else {
                    throw fail("\(path).group", "a styler group of a registered container (\(StylerGroup.declared))", groupJSON)
                }
                group = read
            } else {
                let directionName = try string(o["direction"], "\(path).direction")
                guard let direction = Direction(rawValue: directionName) else {
                    throw fail("\(path).direction", "left, right, top or bottom", o["direction"])
                }
                group = StylerGroup(direction)
            }
            var member = 0
            if let json = o["member"] {
                let read = try number(json, "\(path).member")
                guard read >= 1, read <= 16, read == read.rounded() else {
                    throw fail("\(path).member", "a whole number from 1 to 16", json)
                }
                member = Int(read)
            }
            let reveal = try number(o["reveal"], "\(path).reveal")
            guard reveal > 0 else { throw fail("\(path).reveal", "a width > 0", o["reveal"]) }
            var roles: [Role] = []
            for (i, item) in try array(o["roles"], "\(path).roles").enumerated() {
                guard case .string(let s) = item, let role = Role(rawValue: s), !roles.contains(role) else {
                    throw fail("\(path).roles[\(i)]", "a role name not given before", item)
                }
                roles.append(role)
            }
            let closedJSON = try array(o["closed"], "\(path).closed")
            guard !closedJSON.isEmpty else { throw fail("\(path).closed", "at least one fraction", o["closed"]) }
            var fractions: [Double] = []
            fractions.reserveCapacity(closedJSON.count)
            for (i, item) in closedJSON.enumerated() {
                let c = try number(item, "\(path).closed[\(i)]")
                if let last = fractions.last, c <= last {
                    throw fail("\(path).closed[\(i)]", "a fraction above \(NumberFormat.string(last))", item)
                }
                fractions.append(c)
            }
            // The table row by row: one row's values are built at a time.
            guard let editsAt = offsets["edits"], let rows = document.elements(at: editsAt), rows.count == fractions.count else {
                throw fail("\(path).edits", "an array of \(fractions.count)", brief: offsets["edits"].map(document.brief) ?? "nothing")
            }
            var edits: [BakedEdit] = []
            edits.reserveCapacity(rows.count * roles.count)
            for (i, row) in rows.enumerated() {
                for (r, item) in try array(document.value(at: row), "\(path).edits[\(i)]", count: roles.count).enumerated() {
                    edits.append(BakedEdit(try edit(item, "\(path).edits[\(i)][\(r)]")))
                }
            }
            return BakedTrack(group: group, member: member, reveal: reveal, roles: roles, fractions: fractions, edits: edits)
        }

        func edit(_ json: JSONValue, _ path: String) throws(BakeError) -> NodeEdit {
            if case .null = json { return NodeEdit() }
            let o = try members(json, path)
            let known: Set = ["transform", "anchor", "alpha", "shadow", "z", "frame", "hidden", "color", "cornerRadius"]
            if let unknown = o.keys.sorted().first(where: { !known.contains($0) }) {
                throw BakeError(
                    .invalidFile, "\(file): \(path).\(unknown): unknown key; expected one of \(known.sorted().joined(separator: ", "))",
                    file: file, path: "\(path).\(unknown)")
            }
            var e = NodeEdit()
            if o["transform"] != nil { e.transform = Transform3D(try numbers(o["transform"], "\(path).transform", count: 16)) }
            if o["anchor"] != nil {
                let a = try numbers(o["anchor"], "\(path).anchor", count: 2)
                e.anchor = Point(x: a[0], y: a[1])
            }
            // Clamped as Lua's alpha and shadow opacity are.
            if o["alpha"] != nil { e.alpha = min(max(try number(o["alpha"], "\(path).alpha"), 0), 1) }
            if let s = o["shadow"] {
                let m = try members(s, "\(path).shadow")
                let offset = try numbers(m["offset"], "\(path).shadow.offset", count: 2)
                let radius = try number(m["radius"], "\(path).shadow.radius")
                guard radius >= 0 else { throw fail("\(path).shadow.radius", "a number ≥ 0", m["radius"]) }
                let opacity = min(max(try number(m["opacity"], "\(path).shadow.opacity"), 0), 1)
                e.shadow = Shadow(
                    radius: radius, opacity: opacity, offset: Point(x: offset[0], y: offset[1]),
                    color: try color(m["color"], "\(path).shadow.color"))
            }
            if let z = o["z"] {
                let n = try number(z, "\(path).z")
                guard n == n.rounded(), abs(n) <= 1e9 else { throw fail("\(path).z", "a whole number", z) }
                e.z = Int(n)
            }
            if o["frame"] != nil {
                let f = try numbers(o["frame"], "\(path).frame", count: 4)
                try extent(f[2], f[3], "\(path).frame", zero: true)
                e.frame = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
            }
            if let h = o["hidden"] {
                guard case .bool(let b) = h else { throw fail("\(path).hidden", "a boolean", h) }
                e.hidden = b
            }
            if o["color"] != nil { e.color = try color(o["color"], "\(path).color") }
            if o["cornerRadius"] != nil {
                let r = try numbers(o["cornerRadius"], "\(path).cornerRadius", count: 4)
                for (i, v) in r.enumerated() where v < 0 {
                    throw fail("\(path).cornerRadius[\(i + 1)]", "a number ≥ 0", .number(v))
                }
                e.cornerRadius = CornerRadius(topLeft: r[0], topRight: r[1], bottomRight: r[2], bottomLeft: r[3])
            }
            return e
        }
    }
}
