// How each role looks in every renderer: label, ASCII fill, colours; and the split chrome's geometry.

import Foundation
import PaneKit

/// The look of one role: what the ASCII and SVG renderers draw for a node of that role.
public struct RoleAppearance: Sendable {
    /// The label drawn in the node's centre when it fits.
    public var label: String
    /// A shorter label tried when `label` does not fit (empty: none).
    public var shortLabel: String
    /// The ASCII fill character at full opacity.
    public var fill: UInt8
    /// The node's fill colour (SVG, terminal colour).
    public var color: Color
    /// The colour of its border and label.
    public var ink: Color

    /// The appearance of `role`: a built-in family's own, or one made from the name of a role declared elsewhere
    /// (its colour picked from a fixed palette by the name, so every run draws it alike); a group's member is
    /// labelled with its own name and coloured by its number from its group's colour on (`page.3` three colours of
    /// the palette after `page`), so neighbouring pages or cards differ; a named member (`screen.inbox`) by its
    /// name's hash from its group's colour on.
    /// - Complexity: a table lookup under a lock, no allocation for a fixed role once its look is made.
    public static func of(_ role: Role) -> RoleAppearance {
        // A grid cell's node looks as its role in the cell; a cell's caption is labelled with the cell's label.
        if let inner = role.cellInner { return of(inner) }
        var look = cache.look(of: role.group)
        if let caption = role.cellCaption {
            look.label = caption
            look.shortLabel = caption
            return look
        }
        if role.isMember {
            look.label = role.rawValue
            look.shortLabel = String(role.rawValue.split(separator: ".").last ?? "")
            // A named member (`screen.inbox`) steps by its name: its number is the order names were first met in
            // the process, so it would change with what ran before. The hash's bits from the 15th on: FNV-1a's
            // lowest bits follow the last bytes, so names ending alike (`inbox`, `compose`) would share a colour.
            let step = role.memberName.map { Int((nameHash($0) >> 15) % UInt32(palette.count)) } ?? role.memberNumber
            if let step, let start = palette.firstIndex(of: look.color) {
                look.color = palette[(start + step) % palette.count]
            }
        }
        return look
    }

    /// The colours of roles no built-in family draws, chosen by name (and, for a numbered member, by number).
    private static let palette = ["#4f7cac", "#9c6644", "#5a8f5a", "#8e5ea2", "#b5838d", "#3d8a8a", "#a68a3a", "#6c757d"].map {
        Color(hex: $0)!
    }

    /// The looks made so far, by slot, with the name each was made for.
    private static let cache = LookCache()

    private final class LookCache: @unchecked Sendable {
        private let lock = NSLock()
        private var looks: [(name: String, look: RoleAppearance)?] = Array(repeating: nil, count: Role.capacity)

        func look(of role: Role) -> RoleAppearance {
            let name = role.rawValue
            lock.lock()
            defer { lock.unlock() }
            if let made = looks[role.index], made.name == name { return made.look }
            let look = RoleAppearance.make(role)
            looks[role.index] = (name, look)
            return look
        }
    }

    /// A look for a role no built-in family draws: labelled with its name, a fill and colour chosen by the name.
    private static func generic(_ role: Role) -> RoleAppearance {
        RoleAppearance(
            label: role.rawValue, shortLabel: "", fill: UInt8(ascii: "+"),
            color: palette[Int(nameHash(role.rawValue) % UInt32(palette.count))],
            ink: .white)
    }

    /// FNV-1a of `name`'s bytes: the same on every run and platform.
    private static func nameHash(_ name: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    private static func make(_ role: Role) -> RoleAppearance {
        let dark = Color(hex: "#33475b")!, white = Color.white
        // A drawer labelled `drawer.SIDE` (short: `SIDE`), in white ink on `hex`.
        func drawer(_ side: String, fill: Unicode.Scalar, _ hex: String) -> RoleAppearance {
            RoleAppearance(label: "drawer." + side, shortLabel: side, fill: UInt8(ascii: fill), color: Color(hex: hex)!, ink: white)
        }
        switch role {
        case .pane: return RoleAppearance(label: "pane", shortLabel: "", fill: UInt8(ascii: " "), color: Color(hex: "#f4f5f7")!, ink: dark)
        case .drawerLeft: return drawer("left", fill: "/", "#2f6fba")
        case .drawerRight: return drawer("right", fill: "\\", "#c4622d")
        case .drawerTop: return drawer("top", fill: "~", "#6a4fb3")
        case .drawerBottom: return drawer("bottom", fill: "~", "#2e8b6f")
        case .overlay: return RoleAppearance(label: "", shortLabel: "", fill: UInt8(ascii: " "), color: .black, ink: white)
        case .statusbar:
            return RoleAppearance(label: "statusbar", shortLabel: "", fill: UInt8(ascii: "="), color: Color(hex: "#111111")!, ink: white)
        case .master:
            return RoleAppearance(label: "master", shortLabel: "", fill: UInt8(ascii: " "), color: Color(hex: "#e3e8ee")!, ink: dark)
        case .detail:
            return RoleAppearance(label: "detail", shortLabel: "", fill: UInt8(ascii: " "), color: Color(hex: "#f4f5f7")!, ink: dark)
        case .divider: return RoleAppearance(label: "", shortLabel: "", fill: UInt8(ascii: "#"), color: .black, ink: .black)
        case .cornerLeading, .cornerTrailing:
            return RoleAppearance(label: "", shortLabel: "", fill: UInt8(ascii: "."), color: .black, ink: Color(hex: "#9aa0a6")!)
        case .popover:
            return RoleAppearance(
                label: "popover", shortLabel: "", fill: UInt8(ascii: " "), color: Color(hex: "#fffbe6")!, ink: Color(hex: "#5b4a00")!)
        case .sheet:
            return RoleAppearance(label: "sheet", shortLabel: "sheet", fill: UInt8(ascii: "="), color: Color(hex: "#3d5a80")!, ink: white)
        case .grabber:
            return RoleAppearance(label: "", shortLabel: "", fill: UInt8(ascii: "-"), color: Color(hex: "#9aa0a6")!, ink: .black)
        case .cell:  // a grid cell's caption: a quiet strip, its label in light ink
            return RoleAppearance(
                label: "", shortLabel: "", fill: UInt8(ascii: " "), color: Color(hex: "#2b3038")!, ink: Color(hex: "#e6e8eb")!)
        case .keyboard:
            return RoleAppearance(
                label: "keyboard", shortLabel: "kbd", fill: UInt8(ascii: "#"), color: Color(hex: "#2b2d31")!, ink: white)
        default:
            return generic(role)
        }
    }
}

/// How a renderer draws a divider node (MGSplitViewController's divider styles, reference/mgsplit.md §6); named
/// apart from the core's `DividerStyle`, the split container's setting, so that both modules import together.
///
/// Frames carry no divider style, so it is read from the node: a divider with a colour of its own is drawn as
/// MG's thin style (a solid strip of that colour), and so is any divider at most 2 pt thick (black); a thicker
/// one without a colour is drawn as the pane splitter (gradient, borders and grip).
public enum DividerDrawing: Sendable, Equatable {
    /// MG's thin divider: a solid strip of the given colour.
    case thin(Color)
    /// MG's pane splitter: a gradient with borders and a grip.
    case paneSplitter

    /// The style a divider node is drawn in.
    public static func of(_ node: Node) -> DividerDrawing {
        if let color = node.style.color { return .thin(color) }
        return min(node.frame.width, node.frame.height) <= 2 ? .thin(.black) : .paneSplitter
    }

    /// Whether the divider runs top to bottom (a vertical split): it is taller than wide.
    public static func isVertical(_ node: Node) -> Bool { node.frame.height >= node.frame.width }

    /// The pane-splitter grip box in the divider's own coordinates: 9 × 30 (vertical) or 30 × 9, centred.
    public static func gripBox(_ node: Node) -> Rect {
        let w = node.frame.width, h = node.frame.height
        return isVertical(node)
            ? Rect(x: (w - 9) / 2, y: (h - 30) / 2, width: 9, height: 30)
            : Rect(x: (w - 30) / 2, y: (h - 9) / 2, width: 30, height: 9)
    }

    /// The grip's strips in the divider's own coordinates: three dark (grey 0.35) then three light (white),
    /// the light ones one point right and down (vertical) or one point down and left (horizontal), as MG draws.
    public static func gripStrips(_ node: Node) -> (dark: [Rect], light: [Rect]) {
        let g = gripBox(node)
        if isVertical(node) {
            return (
                (0..<3).map { Rect(x: g.x + Double(4 * $0), y: g.y, width: 1, height: 30) },
                (0..<3).map { Rect(x: g.x + Double(4 * $0) + 1, y: g.y + 1, width: 1, height: 30) }
            )
        }
        return (
            (0..<3).map { Rect(x: g.x, y: g.y + Double(4 * $0), width: 30, height: 1) },
            (0..<3).map { Rect(x: g.x - 1, y: g.y + Double(4 * $0) + 1, width: 30, height: 1) }
        )
    }
}

/// One concave piece of MG's corner views: an r × r square minus the quarter disc centred on the corner opposite
/// the pane corner it rounds (reference/mgsplit.md §7).
public struct CornerPiece: Sendable, Equatable {
    /// The square, in the corner node's own coordinates.
    public var square: Rect
    /// The filled corner of the square: the pane corner being rounded.
    public var filled: Point
    /// Whether the rounded pane corner is a top corner (drawn `.` in ASCII) rather than a bottom one (`'`).
    public var roundsTopCorner: Bool

    /// The two pieces of a corner node: it is (2r + w) × r for a vertical split, r × (2r + w) otherwise.
    /// No pieces when r ≤ 0.
    public static func pieces(_ node: Node) -> [CornerPiece] {
        let w = node.frame.width, h = node.frame.height
        let vertical = w > h
        let r = min(w, h), gap = max(w, h) - 2 * r
        guard r > 0, gap >= 0 else { return [] }
        let leading = node.role == .cornerLeading
        if vertical {
            let y = leading ? 0 : r
            return [
                CornerPiece(square: Rect(x: 0, y: 0, width: r, height: r), filled: Point(x: r, y: y), roundsTopCorner: leading),
                CornerPiece(square: Rect(x: r + gap, y: 0, width: r, height: r), filled: Point(x: r + gap, y: y), roundsTopCorner: leading),
            ]
        }
        let x = leading ? 0 : r
        return [
            CornerPiece(square: Rect(x: 0, y: 0, width: r, height: r), filled: Point(x: x, y: r), roundsTopCorner: false),
            CornerPiece(square: Rect(x: 0, y: r + gap, width: r, height: r), filled: Point(x: x, y: r + gap), roundsTopCorner: true),
        ]
    }

    /// The piece's outline in the node's own coordinates: the filled corner, its two neighbours and the
    /// quarter arc between them, `segments` straight pieces long.
    public func outline(segments: Int = 8) -> [Point] {
        let s = square
        let centre = Point(x: filled.x == s.minX ? s.maxX : s.minX, y: filled.y == s.minY ? s.maxY : s.minY)
        let a1 = Point(x: filled.x, y: centre.y), a2 = Point(x: centre.x, y: filled.y)
        let r = s.width
        let start = atan2(a2.y - centre.y, a2.x - centre.x)
        var end = atan2(a1.y - centre.y, a1.x - centre.x)
        if end - start > Double.pi { end -= 2 * Double.pi }
        if start - end > Double.pi { end += 2 * Double.pi }
        var points = [a1, filled, a2]
        for i in 1..<segments {
            let t = start + (end - start) * Double(i) / Double(segments)
            points.append(Point(x: centre.x + r * cos(t), y: centre.y + r * sin(t)))
        }
        return points
    }
}
