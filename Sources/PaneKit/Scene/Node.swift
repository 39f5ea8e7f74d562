// Nodes and their styles: what a container lays out and stylers change.

/// An sRGB colour with alpha, each channel 0…1.
public struct Color: Hashable, Sendable, Codable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = String(hex.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
        let hasAlpha = digits.count == 8
        let v = hasAlpha ? value : (value << 8 | 0xff)
        self.init(
            red: Double((v >> 24) & 0xff) / 255, green: Double((v >> 16) & 0xff) / 255,
            blue: Double((v >> 8) & 0xff) / 255, alpha: Double(v & 0xff) / 255)
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String {
        func byte(_ c: Double) -> String {
            let b = c.isNaN ? 0 : Int((min(max(c, 0), 1) * 255).rounded())  // NaN would trap Int(_:)
            let s = String(b, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}

/// A drop shadow cast by a node.
public struct Shadow: Hashable, Sendable, Codable {
    public var radius: Double
    public var opacity: Double
    public var offset: Point
    public var color: Color

    public init(radius: Double, opacity: Double, offset: Point = .zero, color: Color = .black) {
        self.radius = radius
        self.opacity = opacity
        self.offset = offset
        self.color = color
    }
}

/// How a node looks on one frame: everything a styler can change about it.
public struct NodeStyle: Hashable, Sendable {
    public var transform: Transform3D
    /// The pivot of `transform` in unit coordinates of the frame (CSS's transform-origin).
    public var anchor: Point
    public var alpha: Double
    public var shadow: Shadow?
    public var z: Int
    public var hidden: Bool
    /// The fill of a node that has a colour of its own (the overlay's scrim); renderers choose the rest.
    public var color: Color?

    public init(
        transform: Transform3D = .identity, anchor: Point = Point(x: 0.5, y: 0.5), alpha: Double = 1,
        shadow: Shadow? = nil, z: Int = 0, hidden: Bool = false, color: Color? = nil
    ) {
        self.transform = transform
        self.anchor = anchor
        self.alpha = alpha
        self.shadow = shadow
        self.z = z
        self.hidden = hidden
        self.color = color
    }

    public static let identity = NodeStyle()
}

/// One node of a frame: a role, the frame the container gave it, and its style.
public struct Node: Hashable, Sendable {
    public var role: Role
    public var frame: Rect
    public var style: NodeStyle
    /// Whether a screen reader can reach the node (set by the host from the container's `Accessibility`).
    public var accessible: Bool
    /// Whether the node should hold the accessibility focus.
    public var focus: Bool

    public init(role: Role, frame: Rect, style: NodeStyle = .identity, accessible: Bool = true, focus: Bool = false) {
        self.role = role
        self.frame = frame
        self.style = style
        self.accessible = accessible
        self.focus = focus
    }

    /// The pivot of the transform in container coordinates.
    public var pivot: Point {
        Point(x: frame.x + style.anchor.x * frame.width, y: frame.y + style.anchor.y * frame.height)
    }

    /// Where a point of the frame lands: pivot + project((p − pivot) × M).
    /// - Complexity: no allocation.
    public func project(_ p: Point) -> Point {
        let pivot = self.pivot
        let q = style.transform.project(x: p.x - pivot.x, y: p.y - pivot.y)
        return Point(x: pivot.x + q.x, y: pivot.y + q.y)
    }

    /// The frame's four corners projected through anchor and transform.
    public var corners: Quad {
        Quad(
            topLeft: project(Point(x: frame.minX, y: frame.minY)),
            topRight: project(Point(x: frame.maxX, y: frame.minY)),
            bottomRight: project(Point(x: frame.maxX, y: frame.maxY)),
            bottomLeft: project(Point(x: frame.minX, y: frame.maxY)))
    }
}
