// The one theme every drawing output shares (DESIGN §13 `--theme`): stage, role colours, labels, wireframes.

import PaneKit

/// The colours of a drawing: the stage behind the nodes, each role's fill and label colour, and the colours of the
/// built-in wireframes. SVG, PNG, GIF, MP4, the studio and html page, CSS and Lottie all draw with the same one.
///
/// `dark` (the default) is the look the SVG renderer always had: a #20242a stage and the role colours of
/// ``RoleAppearance``. `light` puts the same drawers on a white stage with white panes.
public struct Theme: Sendable, Hashable {
    /// The themes `--theme` names.
    public enum Name: String, Sendable, CaseIterable {
        /// A dark stage (#20242a); the default.
        case dark
        /// A light stage (#ffffff).
        case light
    }

    /// Which theme this is.
    public var name: Name
    /// The stage behind the nodes.
    public var background: Color
    /// Text drawn on the stage (captions of sheets and charts).
    public var text: Color
    /// The thin border drawn round every node.
    public var outline: Color
    /// Wireframe colours on a light fill.
    public var onLight: Wireframe
    /// Wireframe colours on a dark fill.
    public var onDark: Wireframe
    /// The fills that differ from the roles' own (``RoleAppearance``), by role.
    private var fills: [Role: Color] = [:]

    /// The colours of wireframe content on one kind of fill.
    public struct Wireframe: Sendable, Hashable {
        /// Bars and cards raised above the node's fill.
        public var surface: Color
        /// Placeholder blocks: pictures, avatars, thumbnails.
        public var block: Color
        /// Lines standing for text.
        public var text: Color
        /// Lines standing for secondary text, separators.
        public var faint: Color
        /// The accent: buttons, switches, the route, progress.
        public var accent: Color
    }

    /// The theme `--theme` names.
    public static func named(_ name: Name) -> Theme { name == .dark ? dark : light }

    /// The dark theme: the SVG renderer's original colours.
    public static let dark: Theme = {
        Theme(
            name: .dark, background: Color(hex: "#20242a")!, text: Color(hex: "#e8eaed")!,
            outline: Color(red: 0, green: 0, blue: 0, alpha: 0.35), onLight: lightFill, onDark: darkFill)
    }()

    /// The light theme: a white stage, white panes, the same drawers.
    public static let light: Theme = {
        var theme = dark
        theme.name = .light
        theme.background = .white
        theme.text = Color(hex: "#1d1d1f")!
        theme.outline = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
        for (role, hex) in [(Role.pane, "#ffffff"), (.detail, "#ffffff"), (.master, "#f2f4f7"), (.popover, "#ffffff")] {
            theme.fills[role] = Color(hex: hex)!
        }
        return theme
    }()

    private static let lightFill = Wireframe(
        surface: .white, block: Color(hex: "#d5dbe3")!, text: Color(hex: "#5f6b7a")!, faint: Color(hex: "#c3cad4")!,
        accent: Color(hex: "#2f6fba")!)
    private static let darkFill = Wireframe(
        surface: Color(red: 1, green: 1, blue: 1, alpha: 0.14), block: Color(red: 1, green: 1, blue: 1, alpha: 0.28),
        text: Color(red: 1, green: 1, blue: 1, alpha: 0.85), faint: Color(red: 1, green: 1, blue: 1, alpha: 0.4),
        accent: .white)

    /// The fill of `role` in this theme.
    /// - Complexity: a table lookup, no allocation (a grid cell's node: its name parsed once).
    public func color(of role: Role) -> Color {
        if let inner = role.cellInner { return color(of: inner) }  // a grid cell's node: its role in the cell
        return fills[role.group] ?? RoleAppearance.of(role).color
    }

    /// The label colour of `role` in this theme.
    /// - Complexity: a table lookup, no allocation.
    public func ink(of role: Role) -> Color { RoleAppearance.of(role).ink }

    /// The wireframe colours for content on `fill`: dark lines on a light fill, light lines on a dark one.
    public func wireframe(on fill: Color) -> Wireframe {
        0.2126 * fill.red + 0.7152 * fill.green + 0.0722 * fill.blue > 0.55 ? onLight : onDark
    }

    /// The fill `node` is drawn with: its style's colour, else the scenario's colour for its role, else the theme's.
    public func fill(of node: Node, appearance: Appearance) -> Color {
        node.style.color ?? appearance[node.role]?.color ?? color(of: node.role)
    }
}
