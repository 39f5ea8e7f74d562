// Nodes and their styles: what a container lays out and stylers change.

/// An sRGB colour with alpha, each channel 0…1.
public struct Color: Hashable, Sendable, Codable {
    /// The channels in sRGB, each 0…1; `alpha` 1 is opaque.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from sRGB channels and alpha, each 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, the default shadow colour.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
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
    /// The blur radius in points.
    public var radius: Double
    /// How dark the shadow is, 0 (none) … 1.
    public var opacity: Double
    /// How far the shadow is moved from the node, in points (positive y is down).
    public var offset: Point
    /// The shadow's colour; its alpha multiplies ``opacity``.
    public var color: Color

    /// A shadow of `radius` points at `opacity` (0…1), moved by `offset` points.
    public init(radius: Double, opacity: Double, offset: Point = .zero, color: Color = .black) {
        self.radius = radius
        self.opacity = opacity
        self.offset = offset
        self.color = color
    }
}

/// How a node looks on one frame: everything a styler can change about it.
public struct NodeStyle: Hashable, Sendable {
    /// The node's 3-D transform about its ``anchor``, composed from every styler's transforms in order.
    public var transform: Transform3D
    /// The pivot of `transform` in unit coordinates of the frame (CSS's transform-origin).
    public var anchor: Point
    /// The opacity, 0 (invisible) … 1; stylers' alphas multiply.
    public var alpha: Double
    /// The drop shadow, or `nil` for none.
    public var shadow: Shadow?
    /// The stacking order among the frame's nodes: higher is nearer the viewer.
    public var z: Int
    /// Whether the node is not drawn at all (and not reachable by a screen reader).
    public var hidden: Bool
    /// The fill of a node that has a colour of its own (the overlay's scrim); renderers choose the rest.
    public var color: Color?
    /// The radius of the node's corners, or `nil` for square ones (no renderer writes a radius then).
    public var cornerRadius: CornerRadius?

    /// A style; every argument defaults to the identity style's value.
    public init(
        transform: Transform3D = .identity, anchor: Point = Point(x: 0.5, y: 0.5), alpha: Double = 1,
        shadow: Shadow? = nil, z: Int = 0, hidden: Bool = false, color: Color? = nil, cornerRadius: CornerRadius? = nil
    ) {
        self.transform = transform
        self.anchor = anchor
        self.alpha = alpha
        self.shadow = shadow
        self.z = z
        self.hidden = hidden
        self.color = color
        self.cornerRadius = cornerRadius
    }

    /// The style every node starts each frame with: no transform, centre anchor, opaque, no shadow, z 0, shown.
    public static let identity = NodeStyle()
}

/// A scrolled part of a node's content: a scroll region that moves with the node (a sheet's `"in": "sheet"`
/// region) and its content offset, for renderers to draw the content under `rect` moved up by `offset`.
public struct ContentScroll: Hashable, Sendable {
    /// The region, in the node's own coordinates (origin at the frame's top left, y down).
    public var rect: Rect
    /// The region's vertical content offset in points: its content is drawn `offset` points higher, clipped to `rect`.
    public var offset: Double

    /// A region at `rect` (node coordinates) scrolled by `offset` points.
    public init(rect: Rect, offset: Double) {
        self.rect = rect
        self.offset = offset
    }
}

/// One node of a frame: a role, the frame the container gave it, and its style.
public struct Node: Hashable, Sendable {
    /// What the node is: the pane, a drawer, the scrim, a split's master, …
    public var role: Role
    /// The untransformed rectangle the container laid the node out in, in container points.
    public var frame: Rect
    /// The node's appearance on this frame, after every styler's edits.
    public var style: NodeStyle
    /// Whether a screen reader can reach the node (set by the host from the container's `Accessibility`).
    public var accessible: Bool
    /// Whether the node should hold the accessibility focus.
    public var focus: Bool
    /// The scroll regions in the node whose content offset is not 0 (a sheet's scrolled content); empty for most
    /// nodes. A node holds at most four (a sheet's configuration puts at most four regions in the sheet); setting
    /// more stops the program.
    public var scroll: [ContentScroll] {
        get { scrolls.isEmpty ? [] : Array(scrolls) }
        set { scrolls = NodeScrolls(newValue) }
    }
    /// The scroll regions, stored in the node so that a node is plain data (``NodeScrolls``).
    var scrolls: NodeScrolls

    /// A node with the identity style unless `style` is given.
    public init(
        role: Role, frame: Rect, style: NodeStyle = .identity, accessible: Bool = true, focus: Bool = false,
        scroll: [ContentScroll] = []
    ) {
        self.role = role
        self.frame = frame
        self.style = style
        self.accessible = accessible
        self.focus = focus
        scrolls = scroll.isEmpty ? NodeScrolls() : NodeScrolls(scroll)
    }

    /// The pivot of the transform in container coordinates.
    package var pivot: Point {
        Point(x: frame.x + style.anchor.x * frame.width, y: frame.y + style.anchor.y * frame.height)
    }

    /// Where a point of the frame lands: pivot + project((p − pivot) × M).
    /// - Complexity: no allocation.
    package func project(_ p: Point) -> Point {
        let pivot = self.pivot
        let q = style.transform.project(x: p.x - pivot.x, y: p.y - pivot.y)
        return Point(x: pivot.x + q.x, y: pivot.y + q.y)
    }

    /// The frame's four corners projected through anchor and transform.
    package var corners: Quad {
        Quad(
            topLeft: project(Point(x: frame.minX, y: frame.minY)),
            topRight: project(Point(x: frame.maxX, y: frame.minY)),
            bottomRight: project(Point(x: frame.maxX, y: frame.maxY)),
            bottomLeft: project(Point(x: frame.minX, y: frame.maxY)))
    }
}

extension [Node] {
    /// Orders the nodes back to front by `style.z`, keeping the order of equal ones: an insertion sort (a frame has
    /// few nodes) that allocates nothing, as the host's per-frame path must. It moves nodes through the array's
    /// subscript, not `swapAt`: the generic `MutableCollection.swapAt` allocated a coroutine frame on every swap
    /// (a styler that reorders pages by z, a carousel, allocated on every frame).
    @inline(__always)
    mutating func sortByZ() {
        guard count > 1 else { return }
        // Usually already in order: a read-only look first, since the sort's first write checks the array's uniqueness.
        let ordered = withUnsafeBufferPointer { nodes in
            for i in 1..<nodes.count where nodes[i - 1].style.z > nodes[i].style.z { return false }
            return true
        }
        if !ordered { insertionSortByZ() }
    }

    /// The sort of `sortByZ()` once its look found nodes out of order: kept out of line so that the look, inlined
    /// into the host's frame, stays small (outlined, the call cost more than the look).
    @inline(never)
    private mutating func insertionSortByZ() {
        for i in 1..<count where self[i - 1].style.z > self[i].style.z {
            let moving = self[i], z = moving.style.z
            var j = i
            while j > 0, self[j - 1].style.z > z {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = moving
        }
    }
}
