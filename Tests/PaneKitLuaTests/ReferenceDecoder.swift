// The reference decoder of the property and equivalence tests: the Swift decoder PaneKitLua used before the C
// decoder (CLuaEdits) became the only one, kept here so that every verdict, edit and message of the C decoder
// is checked against an independent reading of the same grammar.

@testable import PaneKit
@testable import PaneKitLua

/// Turns a returned edits table into `StyleEdits` (DESIGN §9), or into the list of its problems.
///
/// Roles are the JSON names of `Role` plus `drawer` (the context's own drawer). Without `ops` the keyed parts
/// compose as scale, then rotate (about x, then y, then z), then perspective, then translate; `ops` is applied
/// first to last; `transform` is a whole matrix. Alpha and shadow opacity are clamped to 0…1, as UIKit does.
/// NaN and infinities are errors. Table traversal order never matters: parts are composed in a fixed order
/// and problems are sorted.
final class ReferenceDecoder {
    /// The keys of one node's edits (sorted, for messages).
    static let keys = [
        "alpha", "anchor", "color", "cornerRadius", "frame", "hidden", "ops", "perspective", "rotate", "scale", "shadow",
        "transform", "translate", "z",
    ]
    static let roleNames = ["drawer"] + Role.allCases.map(\.rawValue)
    static let operations = ["translate", "scale", "rotate", "perspective", "matrix"]
    /// At most this many problems are listed for one result.
    static let problemLimit = 20

    private let lua: LuaState
    private var problems: [String] = []
    private var scratch: [Double] = []

    init(_ lua: LuaState) {
        self.lua = lua
        scratch.reserveCapacity(17)
    }

    /// Decodes the value at `index` into `edits` (which arrive empty).
    /// - Returns: the problems, sorted; empty when the result is valid.
    /// - Complexity: per key of the result; no allocation for a valid result with short keys.
    func decode(at index: Int32, drawer: Role, into edits: inout StyleEdits) -> [String] {
        problems.removeAll()
        guard lua.type(at: index) == .table else {
            let what = lua.typeName(at: index)
            let hint = what == "nil" ? " (return {} for no edits)" : ""
            problems.append("style returned \(what); expected a table of edits such as { pane = { alpha = 0.5 } }\(hint)")
            return problems
        }
        var seen = 0
        lua.forEachField(of: lua.absolute(index)) { key in
            guard case .name(let name) = key else { return report("\(key)", unknownRole(nil)) }
            let role: Role
            if name == "drawer" {
                role = drawer
            } else if let named = Role(rawValue: name) {
                role = named
            } else {
                return report(name, unknownRole(name))
            }
            let bit = 1 << role.index
            if seen & bit != 0 {
                return report(name, "the same node as drawer (\(drawer.rawValue) here); give only one of them")
            }
            seen |= bit
            guard lua.type(at: -1) == .table else {
                return report(name, "expected a table of edits such as { alpha = 0.5 }, got \(lua.typeName(at: -1))")
            }
            edits[role] = node(at: lua.absolute(-1), role: name)
        }
        problems.sort()
        if problems.count > Self.problemLimit { problems.removeLast(problems.count - Self.problemLimit) }
        return problems
    }

    private func unknownRole(_ name: String?) -> String {
        "unknown role; roles are \(Self.roleNames.joined(separator: ", "))"
            + (name.map { Suggestion.hint(for: $0, among: Self.roleNames) } ?? "")
    }

    private func report(_ path: String, _ message: String) {
        problems.append("\(path): \(message)")
    }

    // MARK: - One node

    private func node(at table: Int32, role: String) -> NodeEdit {
        var edit = NodeEdit()
        var scale: (Double, Double, Double)?
        var rotate: (x: Double, y: Double, z: Double)?
        var perspective: Double?
        var translate: (Double, Double, Double)?
        var matrix: Transform3D?
        var ops: Transform3D?
        lua.forEachField(of: table) { key in
            guard case .name(let k) = key else {
                return report("\(role)\(key)", "unknown key; edits are \(Self.keys.joined(separator: ", "))")
            }
            switch k {
            case "translate":
                guard let n = list("\(role).translate", 2...3, "a list {x, y[, z]}") else { return }
                translate = (scratch[0], scratch[1], n == 3 ? scratch[2] : 0)
            case "scale":
                if lua.type(at: -1) == .number {
                    guard let s = number("\(role).scale") else { return }
                    scale = (s, s, s)
                } else {
                    guard let n = list("\(role).scale", 2...3, "a number or a list {sx, sy[, sz]}") else { return }
                    scale = (scratch[0], scratch[1], n == 3 ? scratch[2] : 1)
                }
            case "rotate":
                rotate = self.rotate("\(role).rotate")
            case "perspective":
                perspective = number("\(role).perspective")
            case "transform":
                guard list("\(role).transform", 16...16, "a list of 16 numbers (m11 … m44)") != nil else { return }
                matrix = Transform3D(scratch)
            case "ops":
                ops = self.ops("\(role).ops")
            case "anchor":
                guard list("\(role).anchor", 2...2, "a list {x, y}") != nil else { return }
                edit.anchor = Point(x: scratch[0], y: scratch[1])
            case "alpha":
                edit.alpha = number("\(role).alpha").map { min(max($0, 0), 1) }
            case "shadow":
                edit.shadow = shadow("\(role).shadow")
            case "z":
                edit.z = integer("\(role).z")
            case "frame":
                edit.frame = frame("\(role).frame")
            case "hidden":
                guard lua.type(at: -1) == .boolean else {
                    return report("\(role).hidden", "expected a boolean, got \(lua.typeName(at: -1))")
                }
                edit.hidden = lua.boolean(at: -1)
            case "color":
                edit.color = color("\(role).color")
            case "cornerRadius":
                edit.cornerRadius = cornerRadius("\(role).cornerRadius")
            default:
                report(
                    "\(role).\(k)",
                    "unknown key; edits are \(Self.keys.joined(separator: ", "))" + Suggestion.hint(for: k, among: Self.keys))
            }
        }
        let keyed = scale != nil || rotate != nil || perspective != nil || translate != nil
        if let ops {
            if keyed || matrix != nil {
                report(
                    "\(role).ops", "ops cannot be combined with scale, rotate, perspective, translate or transform; put every step in ops")
            }
            edit.transform = ops
        } else if let matrix {
            if keyed {
                report("\(role).transform", "a whole matrix cannot be combined with scale, rotate, perspective or translate; use ops")
            }
            edit.transform = matrix
        } else if keyed {
            var t = Transform3D.identity
            if let (x, y, z) = scale { t = t.concatenating(.scale(x: x, y: y, z: z)) }
            if let r = rotate {
                if r.x != 0 { t = t.concatenating(.rotation(angle: r.x, x: 1, y: 0, z: 0)) }
                if r.y != 0 { t = t.concatenating(.rotation(angle: r.y, x: 0, y: 1, z: 0)) }
                if r.z != 0 { t = t.concatenating(.rotation(angle: r.z, x: 0, y: 0, z: 1)) }
            }
            if let perspective { t = t.concatenating(.perspective(perspective)) }
            if let (x, y, z) = translate { t = t.concatenating(.translation(x: x, y: y, z: z)) }
            edit.transform = t
        }
        return edit
    }

    // MARK: - Values

    /// The number on top of the stack, finite.
    private func number(_ path: @autoclosure () -> String) -> Double? {
        guard lua.type(at: -1) == .number else {
            report(path(), "expected a number, got \(lua.typeName(at: -1))")
            return nil
        }
        let n = lua.number(at: -1)
        guard n.isFinite else {
            report(path(), "expected a finite number, got \(n.isNaN ? "nan" : (n > 0 ? "inf" : "-inf"))")
            return nil
        }
        return n
    }

    private func integer(_ path: @autoclosure () -> String) -> Int? {
        guard let n = number(path()) else { return nil }
        guard n == n.rounded(), abs(n) <= 1e9 else {
            report(path(), "expected an integer, got \(NumberFormat.string(n))")
            return nil
        }
        return Int(n)
    }

    /// The list on top of the stack: `range` numbers at keys 1, 2, …, into `scratch` (after `skip` leading
    /// entries, which the caller reads). Reports a missing entry as `path[i]: expected a number, got nil`.
    /// - Returns: how many numbers, or nil after a problem.
    private func list(_ path: @autoclosure () -> String, _ range: ClosedRange<Int>, _ what: String, skip: Int = 0) -> Int? {
        guard lua.type(at: -1) == .table else {
            report(path(), "expected \(what), got \(lua.typeName(at: -1))")
            return nil
        }
        let table = lua.absolute(-1)
        var highest = 0
        var valid = true
        lua.forEachField(of: table) { key in
            if case .index(let i) = key, i >= 1, i <= range.upperBound + skip {
                highest = max(highest, i)
            } else {
                report("\(path())\(key.description.hasPrefix("[") ? "" : ".")\(key)", "unexpected key; expected \(what)")
                valid = false
            }
        }
        let count = max(highest - skip, range.lowerBound)
        scratch.removeAll(keepingCapacity: true)
        for i in (skip + 1)...(skip + count) {
            lua.pushElement(of: table, at: i)
            if let n = number("\(path())[\(i)]") { scratch.append(n) } else { valid = false }
            lua.pop()
        }
        return valid ? count : nil
    }

    private func rotate(_ path: @autoclosure () -> String) -> (x: Double, y: Double, z: Double)? {
        if lua.type(at: -1) == .number { return number(path()).map { (0, 0, $0) } }
        guard lua.type(at: -1) == .table else {
            report(path(), "expected a table {x = rad, y = rad, z = rad} or a number (about z), got \(lua.typeName(at: -1))")
            return nil
        }
        var r = (x: 0.0, y: 0.0, z: 0.0)
        var valid = true
        lua.forEachField(of: lua.absolute(-1)) { key in
            switch key {
            case .name("x"): if let n = number("\(path()).x") { r.x = n } else { valid = false }
            case .name("y"): if let n = number("\(path()).y") { r.y = n } else { valid = false }
            case .name("z"): if let n = number("\(path()).z") { r.z = n } else { valid = false }
            default:
                report(
                    "\(path())\(key.description.hasPrefix("[") ? "" : ".")\(key)", "unexpected key; expected {x = rad, y = rad, z = rad}")
                valid = false
            }
        }
        return valid ? r : nil
    }

    private func ops(_ path: @autoclosure () -> String) -> Transform3D? {
        guard lua.type(at: -1) == .table else {
            report(path(), "expected a list of operations such as {{\"scale\", 0.9}, {\"translate\", 10, 0}}, got \(lua.typeName(at: -1))")
            return nil
        }
        let list = lua.absolute(-1)
        var count = 0
        var valid = true
        lua.forEachField(of: list) { key in
            if case .index(let i) = key, i >= 1 {
                count = max(count, i)
            } else {
                report("\(path())\(key.description.hasPrefix("[") ? "" : ".")\(key)", "unexpected key; ops is a list")
                valid = false
            }
        }
        var t = Transform3D.identity
        for i in 0..<count {
            lua.pushElement(of: list, at: i + 1)
            defer { lua.pop() }
            if let step = operation("\(path())[\(i + 1)]") { t = t.concatenating(step) } else { valid = false }
        }
        return valid ? t : nil
    }

    private func operation(_ path: @autoclosure () -> String) -> Transform3D? {
        guard lua.type(at: -1) == .table else {
            report(path(), "expected an operation such as {\"translate\", x, y}, got \(lua.typeName(at: -1))")
            return nil
        }
        let table = lua.absolute(-1)
        lua.pushElement(of: table, at: 1)
        let name = lua.type(at: -1) == .string ? lua.string(at: -1) : nil
        let typeName = lua.typeName(at: -1)
        lua.pop()
        guard let name, Self.operations.contains(name) else {
            let names = Self.operations.joined(separator: ", "), got = name.map { "\"\($0)\"" } ?? typeName
            report(
                "\(path())[1]",
                "expected one of \(names), got \(got)" + (name.map { Suggestion.hint(for: $0, among: Self.operations) } ?? ""))
            return nil
        }
        switch name {
        case "translate":
            guard let n = list(path(), 2...3, "{\"translate\", x, y[, z]}", skip: 1) else { return nil }
            return .translation(x: scratch[0], y: scratch[1], z: n == 3 ? scratch[2] : 0)
        case "scale":
            guard let n = list(path(), 1...3, "{\"scale\", s} or {\"scale\", sx, sy[, sz]}", skip: 1) else { return nil }
            return n == 1 ? .scale(scratch[0]) : .scale(x: scratch[0], y: scratch[1], z: n == 3 ? scratch[2] : 1)
        case "rotate":
            guard let n = list(path(), 1...4, "{\"rotate\", radians[, ax, ay, az]}", skip: 1) else { return nil }
            guard n == 1 || n == 4 else {
                report(path(), "expected {\"rotate\", radians} (about z) or {\"rotate\", radians, ax, ay, az}, got \(n) numbers")
                return nil
            }
            return n == 1
                ? .rotation(angle: scratch[0], x: 0, y: 0, z: 1)
                : .rotation(angle: scratch[0], x: scratch[1], y: scratch[2], z: scratch[3])
        case "perspective":
            guard list(path(), 1...1, "{\"perspective\", m34}", skip: 1) != nil else { return nil }
            return .perspective(scratch[0])
        default:
            guard list(path(), 16...16, "{\"matrix\", m11, …, m44}", skip: 1) != nil else { return nil }
            return Transform3D(scratch)
        }
    }

    private func frame(_ path: @autoclosure () -> String) -> Rect? {
        guard lua.type(at: -1) == .table else {
            report(path(), "expected {x, y, w, h} or {x = …, y = …, w = …, h = …}, got \(lua.typeName(at: -1))")
            return nil
        }
        let table = lua.absolute(-1)
        var named = false
        lua.forEachField(of: table) { key in if case .name = key { named = true } }
        var rect: Rect?
        if named {
            var values: [String: Double] = [:]
            var valid = true
            lua.forEachField(of: table) { key in
                guard case .name(let k) = key, ["x", "y", "w", "h"].contains(k) else {
                    report(
                        "\(path())\(key.description.hasPrefix("[") ? "" : ".")\(key)",
                        "unexpected key; expected {x = …, y = …, w = …, h = …}")
                    valid = false
                    return
                }
                if let n = number("\(path()).\(k)") { values[k] = n } else { valid = false }
            }
            for k in ["x", "y", "w", "h"] where values[k] == nil && valid {
                report("\(path()).\(k)", "expected a number, got nil")
                valid = false
            }
            guard valid else { return nil }
            rect = Rect(x: values["x"]!, y: values["y"]!, width: values["w"]!, height: values["h"]!)
        } else {
            guard list(path(), 4...4, "{x, y, w, h}") != nil else { return nil }
            rect = Rect(x: scratch[0], y: scratch[1], width: scratch[2], height: scratch[3])
        }
        if let rect, rect.width < 0 || rect.height < 0 {
            report(path(), "expected a width and a height ≥ 0, got \(NumberFormat.string(rect.width))x\(NumberFormat.string(rect.height))")
            return nil
        }
        return rect
    }

    private func cornerRadius(_ path: @autoclosure () -> String) -> CornerRadius? {
        let radii: [Double]
        if lua.type(at: -1) == .number {
            guard let r = number(path()) else { return nil }
            guard r >= 0 else {
                report(path(), "expected a number ≥ 0, got \(NumberFormat.string(r))")
                return nil
            }
            return CornerRadius(r)
        } else if lua.type(at: -1) == .table {
            let what = "a number ≥ 0 or a list {topLeft, topRight, bottomRight, bottomLeft}"
            guard list(path(), 4...4, what) != nil else { return nil }
            radii = Array(scratch.prefix(4))
        } else {
            report(
                path(), "expected a number ≥ 0 or a list {topLeft, topRight, bottomRight, bottomLeft}, got \(lua.typeName(at: -1))")
            return nil
        }
        var valid = true
        for (i, r) in radii.enumerated() where r < 0 {
            report("\(path())[\(i + 1)]", "expected a number ≥ 0, got \(NumberFormat.string(r))")
            valid = false
        }
        return valid ? CornerRadius(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3]) : nil
    }

    private func color(_ path: @autoclosure () -> String) -> Color? {
        guard lua.type(at: -1) == .string, let c = Color(css: lua.string(at: -1)) else {
            let got = lua.type(at: -1) == .string ? "\"\(lua.string(at: -1))\"" : lua.typeName(at: -1)
            report(path(), "expected a colour such as \"#000000\" or \"#00000080\", got \(got)")
            return nil
        }
        return c
    }

    private func shadow(_ path: @autoclosure () -> String) -> Shadow? {
        guard lua.type(at: -1) == .table else {
            report(path(), "expected {radius = …, opacity = …[, offset = {x, y}][, color = \"#000000\"]}, got \(lua.typeName(at: -1))")
            return nil
        }
        var radius: Double?, opacity: Double?
        var offset = Point.zero
        var color = Color.black
        var valid = true
        lua.forEachField(of: lua.absolute(-1)) { key in
            switch key {
            case .name("radius"), .index(1):
                if radius != nil { report("\(path()).radius", "given twice"); valid = false }
                radius = number("\(path()).radius")
                if let r = radius, r < 0 {
                    report("\(path()).radius", "expected a number ≥ 0, got \(NumberFormat.string(r))"); radius = nil
                }
                if radius == nil { valid = false }
            case .name("opacity"), .index(2):
                if opacity != nil { report("\(path()).opacity", "given twice"); valid = false }
                opacity = number("\(path()).opacity").map { min(max($0, 0), 1) }
                if opacity == nil { valid = false }
            case .name("offset"):
                if list("\(path()).offset", 2...2, "a list {x, y}") != nil {
                    offset = Point(x: scratch[0], y: scratch[1])
                } else {
                    valid = false
                }
            case .name("color"), .index(3):
                if let c = self.color("\(path()).color") { color = c } else { valid = false }
            default:
                report(
                    "\(path())\(key.description.hasPrefix("[") ? "" : ".")\(key)",
                    "unexpected key; a shadow has radius, opacity, offset, color")
                valid = false
            }
        }
        if valid, radius == nil { report("\(path()).radius", "expected a number, got nil"); valid = false }
        if valid, opacity == nil { report("\(path()).opacity", "expected a number, got nil"); valid = false }
        guard valid, let radius, let opacity else { return nil }
        return Shadow(radius: radius, opacity: opacity, offset: offset, color: color)
    }
}
