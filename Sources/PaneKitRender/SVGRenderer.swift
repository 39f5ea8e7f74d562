// Frames as static SVG: each node's projected quad or rounded outline, with labels, alpha, shadows and split chrome.

import PaneKit

/// Draws frames as SVG 1.1 without animation, so browsers and rsvg-convert show the same picture.
///
/// Every visible node is a polygon through its four projected corners (perspective included), or with a corner
/// radius a path through its rounded outline projected point by point (``NodeShape``), filled with the theme's
/// colour for its role (or the scenario's, or its own for the scrim, status bar, divider and corners), its label
/// in its centre when it fits, its shadow an offset copy blurred by a Gaussian of σ = radius / 2, its alpha a
/// group opacity. A node with an `appearance` shows its wireframe and image instead of its label, clipped to its
/// outline. The divider is drawn in MG's thin or pane-splitter style with its grip, the corner views as concave
/// pieces. A grid's cell (`FrameCell`) is a group clipped to its rectangle; the captions are drawn outside it.
public struct SVGRenderer: Sendable {
    /// Whether nodes carry their role's label.
    public var labels: Bool
    /// Whether shadows are drawn.
    public var shadows: Bool
    /// The colours of the stage, the roles and the wireframes.
    public var theme: Theme
    /// What each role's node shows: a colour, an image, a wireframe (a scenario's `appearance`).
    public var appearance: Appearance

    /// A renderer that writes role labels and drop shadows unless told not to, in the dark theme.
    public init(labels: Bool = true, shadows: Bool = true, theme: Theme = .dark, appearance: Appearance = .none) {
        self.labels = labels
        self.shadows = shadows
        self.theme = theme
        self.appearance = appearance
    }

    static let background = Theme.dark.background

    /// One standalone SVG document for `frame`, its size the container's.
    /// - Complexity: per frame O(nodes); one buffer.
    public func render(_ frame: Frame) -> String {
        var out = TextBuffer(capacity: 2048 + 400 * frame.nodes.count)
        appendDocument(frame, to: &out)
        return out.string
    }

    /// Appends `render(frame)` to `out`.
    /// - Complexity: per frame O(nodes); no allocation beyond the buffer's growth, except for the title and labels.
    package func appendDocument(_ frame: Frame, to out: inout TextBuffer) {
        Self.appendHeader(width: frame.size.width, height: frame.size.height, to: &out)
        out.append("<title>")
        out.append(xml: frame.container.rawValue + " · " + ASCIIRenderer.caption(frame))
        out.append("</title>\n")
        Self.appendDefinitions(blurs: shadows ? Self.blurRadii([frame]) : [], size: frame.size, to: &out)
        appendImageDefinitions(to: &out)
        Self.appendBackground(Rect(origin: .zero, size: frame.size), color: theme.background, to: &out)
        appendBody(frame, idPrefix: "", to: &out)
        out.append("</svg>\n")
    }

    /// Appends the frame's nodes as SVG elements in container coordinates, back to front.
    /// - Parameters:
    ///   - frame: the frame to draw.
    ///   - idPrefix: makes the ids of this body unique in a document holding several frames.
    ///   - out: the buffer the elements are appended to.
    /// - Complexity: per frame O(nodes); no allocation beyond the buffer's growth, except for labels that fit.
    package func appendBody(_ frame: Frame, idPrefix: String, to out: inout TextBuffer) {
        let fontSize = max(8, min(frame.size.width, frame.size.height) * 0.045)
        // A grid's cell is a group clipped to its rectangle (`FrameCell`): a carousel's neighbouring pages do not
        // cover the next cell. The nodes outside every cell (the captions) are drawn as they are.
        var next = 0
        for (c, cell) in frame.cells.enumerated() {
            appendNodes(frame, next..<cell.nodes.lowerBound, idPrefix: idPrefix, fontSize: fontSize, to: &out)
            out.append("<clipPath id=\"")
            out.append(idPrefix)
            out.append("cell-")
            out.append(int: c)
            out.append("\"><rect")
            out.append(attributesOf: cell.rect)
            out.append("/></clipPath>\n<g clip-path=\"url(#")
            out.append(idPrefix)
            out.append("cell-")
            out.append(int: c)
            out.append(")\">\n")
            appendNodes(frame, cell.nodes, idPrefix: idPrefix, fontSize: fontSize, to: &out)
            out.append("</g>\n")
            next = cell.nodes.upperBound
        }
        appendNodes(frame, next..<frame.nodes.count, idPrefix: idPrefix, fontSize: fontSize, to: &out)
    }

    /// The visible nodes among `frame.nodes[range]`, back to front.
    private func appendNodes(_ frame: Frame, _ range: Range<Int>, idPrefix: String, fontSize: Double, to out: inout TextBuffer) {
        for index in range where !frame.nodes[index].style.hidden && frame.nodes[index].style.alpha > 0 {
            appendNode(frame.nodes[index], index: index, idPrefix: idPrefix, fontSize: fontSize, to: &out)
        }
    }

    // MARK: - Document parts

    /// `<?xml …?><svg …>` for a document of the given size.
    static func appendHeader(width: Double, height: Double, to out: inout TextBuffer) {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"")
        out.append(attribute: "width", width)
        out.append(attribute: "height", height)
        out.append(" viewBox=\"0 0 ")
        out.append(number: width, height)
        out.append("\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n")
    }

    /// The shadow radii used by `frames`, sorted, for one blur filter each.
    /// Radii that print alike (they differ below the written 6 decimals) share one filter, so every id is unique.
    static func blurRadii(_ frames: [Frame]) -> [Double] {
        var radii: [String: Double] = [:]
        for frame in frames {
            for node in frame.nodes where !node.style.hidden {
                if let s = node.style.shadow, s.radius > 0, s.opacity > 0 { radii[NumberFormat.string(s.radius)] = s.radius }
            }
        }
        return radii.values.sorted()
    }

    /// `<defs>` with one Gaussian blur per shadow radius, its region the whole container and a margin.
    static func appendDefinitions(blurs: [Double], size: Size, to out: inout TextBuffer) {
        guard !blurs.isEmpty else { return }
        out.append("<defs>\n")
        for radius in blurs {
            out.append("<filter id=\"")
            appendBlurID(radius, to: &out)
            out.append("\" filterUnits=\"userSpaceOnUse\"")
            out.append(attributesOf: Rect(x: -size.width, y: -size.height, width: 3 * size.width, height: 3 * size.height))
            out.append("><feGaussianBlur stdDeviation=\"")
            out.append(number: radius / 2)
            out.append("\"/></filter>\n")
        }
        out.append("</defs>\n")
    }

    static func appendBlurID(_ radius: Double, to out: inout TextBuffer) {
        out.append("blur-")
        out.append(number: radius)
    }

    static func appendBackground(_ rect: Rect, color: Color = background, to out: inout TextBuffer) {
        out.append("<rect")
        out.append(attributesOf: rect)
        out.append(" fill=\"")
        out.append(rgb: color)
        out.append("\"/>\n")
    }

    /// A line of text for charts and sheets (labels of nodes are written by `appendLabel`).
    static func appendText(
        _ s: String, x: Double, y: Double, size: Double, anchor: StaticString = "start",
        fill: StaticString, bold: Bool = false, to out: inout TextBuffer
    ) {
        out.append("<text")
        out.append(attribute: "x", x)
        out.append(attribute: "y", y)
        out.append(attribute: "font-size", size)
        out.append(" text-anchor=\"")
        out.append(anchor)
        out.append("\" fill=\"")
        out.append(fill)
        out.append(bold ? "\" font-weight=\"bold\">" : "\">")
        out.append(xml: s)
        out.append("</text>\n")
    }

    // MARK: - Nodes

    private func appendNode(_ node: Node, index: Int, idPrefix: String, fontSize: Double, to out: inout TextBuffer) {
        let q = node.corners
        let appearance = RoleAppearance.of(node.role)
        let alpha = min(node.style.alpha, 1)
        let color = theme.fill(of: node, appearance: self.appearance)
        // A rounded node is one path through its projected outline: fill, shadow and clip follow it.
        let outline = NodeShape.radius(of: node) == nil ? nil : NodeShape.outline(node)
        if shadows, let shadow = node.style.shadow, shadow.opacity > 0, node.role != .overlay {
            if let outline {
                Self.appendPath(outline, dx: shadow.offset.x, dy: shadow.offset.y, to: &out)
            } else {
                out.append("<polygon points=\"")
                Self.appendPoints(q, dx: shadow.offset.x, dy: shadow.offset.y, to: &out)
            }
            out.append("\" fill=\"")
            out.append(rgb: shadow.color)
            out.append("\" fill-opacity=\"")
            out.append(number: min(shadow.opacity, 1) * shadow.color.alpha * alpha)
            if shadow.radius > 0 {
                out.append("\" filter=\"url(#")
                Self.appendBlurID(shadow.radius, to: &out)
                out.append(")")
            }
            out.append("\"/>\n")
        }
        if alpha < 1 {
            out.append("<g opacity=\"")
            out.append(number: alpha)
            out.append("\">\n")
        }
        switch node.role {
        case .overlay:
            appendShape(outline, q, fill: color, to: &out)
        case .divider:
            appendDivider(node, quad: q, id: idPrefix + "divider-\(index)", to: &out)
        case .cornerLeading, .cornerTrailing:
            for piece in CornerPiece.pieces(node) {
                out.append("<polygon points=\"")
                for (i, p) in piece.outline().enumerated() {
                    if i > 0 { out.append(byte: UInt8(ascii: " ")) }
                    Self.appendPoint(node.project(Point(x: node.frame.x + p.x, y: node.frame.y + p.y)), to: &out)
                }
                out.append("\" fill=\"")
                out.append(rgb: color)
                out.append("\"/>\n")
            }
        default:
            appendShape(outline, q, fill: color, outlined: true, to: &out)
            if let look = self.appearance[node.role], look.content != nil || look.image != nil {
                // A node that shows content carries no label.
                appendLook(look, node: node, outline: outline ?? q.points, fill: color, id: idPrefix + "clip-\(index)", to: &out)
            } else if labels {
                // A grid cell's caption is a strip of its own height: its label is set to fit it.
                let size = node.role.group == .cell ? min(fontSize, 0.55 * node.frame.height) : fontSize
                appendLabel(appearance, quad: q, fontSize: size, to: &out)
            }
        }
        if alpha < 1 { out.append("</g>\n") }
    }

    /// The node's fill: a path through `outline` when it is rounded, else the quad's polygon.
    private func appendShape(_ outline: [Point]?, _ q: Quad, fill: Color, outlined: Bool = false, to out: inout TextBuffer) {
        guard let outline else { return appendPolygon(q, fill: fill, outlined: outlined, to: &out) }
        Self.appendPath(outline, to: &out)
        appendFill(fill, outlined: outlined, to: &out)
    }

    /// The label at the quad's centre, if it fits between the midpoints of its edges.
    private func appendLabel(_ appearance: RoleAppearance, quad q: Quad, fontSize: Double, to out: inout TextBuffer) {
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        let width = distance(mid(q.topLeft, q.bottomLeft), mid(q.topRight, q.bottomRight))
        let height = distance(mid(q.topLeft, q.topRight), mid(q.bottomLeft, q.bottomRight))
        let cx = (q.topLeft.x + q.topRight.x + q.bottomRight.x + q.bottomLeft.x) / 4
        let cy = (q.topLeft.y + q.topRight.y + q.bottomRight.y + q.bottomLeft.y) / 4
        guard cx.isFinite, cy.isFinite, fontSize * 1.3 <= height else { return }
        let text = [appearance.label, appearance.shortLabel].first {
            !$0.isEmpty && 0.62 * fontSize * Double($0.utf8.count) <= 0.9 * width
        }
        guard let text else { return }
        out.append("<text")
        out.append(attribute: "x", cx)
        out.append(attribute: "y", cy)
        out.append(" dy=\"0.35em\" font-size=\"")
        out.append(number: fontSize)
        out.append("\" text-anchor=\"middle\" fill=\"")
        out.append(rgb: appearance.ink)
        out.append("\">")
        out.append(xml: text)
        out.append("</text>\n")
    }

    /// MG's divider: the thin style is a solid strip; the pane splitter a light-to-dark gradient across it,
    /// grey 0.7 borders on its long edges and the grip's dark and light strips (reference/mgsplit.md §6).
    private func appendDivider(_ node: Node, quad q: Quad, id: String, to out: inout TextBuffer) {
        switch DividerDrawing.of(node) {
        case .thin(let color):
            Self.appendPolygon(q, fill: color, to: &out)
        case .paneSplitter:
            let w = node.frame.width, h = node.frame.height
            let vertical = DividerDrawing.isVertical(node)
            let start = local(node, vertical ? 0 : w / 2, vertical ? h / 2 : 0)
            let end = local(node, vertical ? w : w / 2, vertical ? h / 2 : h)
            out.append("<linearGradient id=\"")
            out.append(id)
            out.append("\" gradientUnits=\"userSpaceOnUse\"")
            out.append(attribute: "x1", start.x)
            out.append(attribute: "y1", start.y)
            out.append(attribute: "x2", end.x)
            out.append(attribute: "y2", end.y)
            out.append("><stop offset=\"0\" stop-color=\"#fcfcfc\"/><stop offset=\"1\" stop-color=\"#dfdfdf\"/></linearGradient>\n")
            out.append("<polygon points=\"")
            Self.appendPoints(q, to: &out)
            out.append("\" fill=\"url(#")
            out.append(id)
            out.append(")\"/>\n")
            let borders =
                vertical
                ? [Rect(x: 0, y: 0, width: 1, height: h), Rect(x: w - 1, y: 0, width: 1, height: h)]
                : [Rect(x: 0, y: 0, width: w, height: 1), Rect(x: 0, y: h - 1, width: w, height: 1)]
            let grey = Color(red: 0.7, green: 0.7, blue: 0.7)
            for rect in borders { appendLocalRect(node, rect, fill: grey, to: &out) }
            let strips = DividerDrawing.gripStrips(node)
            for rect in strips.dark { appendLocalRect(node, rect, fill: Color(red: 0.35, green: 0.35, blue: 0.35), to: &out) }
            for rect in strips.light { appendLocalRect(node, rect, fill: .white, to: &out) }
        }
    }

    private func local(_ node: Node, _ x: Double, _ y: Double) -> Point {
        node.project(Point(x: node.frame.x + x, y: node.frame.y + y))
    }

    /// A rectangle given in the node's own coordinates, projected through the node's transform.
    private func appendLocalRect(_ node: Node, _ r: Rect, fill: Color, to out: inout TextBuffer) {
        let quad = Quad(
            topLeft: local(node, r.minX, r.minY), topRight: local(node, r.maxX, r.minY),
            bottomRight: local(node, r.maxX, r.maxY), bottomLeft: local(node, r.minX, r.maxY))
        Self.appendPolygon(quad, fill: fill, to: &out)
    }

    // MARK: - Primitives

    /// A filled polygon through the quad's corners; `outlined` adds a node's thin dark border.
    static func appendPolygon(_ q: Quad, fill: Color, outlined: Bool = false, to out: inout TextBuffer) {
        SVGRenderer().appendPolygon(q, fill: fill, outlined: outlined, to: &out)
    }

    /// A filled polygon through the quad's corners; `outlined` adds the theme's thin border.
    func appendPolygon(_ q: Quad, fill: Color, outlined: Bool = false, to out: inout TextBuffer) {
        out.append("<polygon points=\"")
        Self.appendPoints(q, to: &out)
        appendFill(fill, outlined: outlined, to: &out)
    }

    /// Ends an open `points` or `d` attribute with the fill (and the theme's border when `outlined`).
    func appendFill(_ fill: Color, outlined: Bool, to out: inout TextBuffer) {
        out.append("\" fill=\"")
        out.append(rgb: fill)
        if fill.alpha < 1 {
            out.append("\" fill-opacity=\"")
            out.append(number: fill.alpha)
        }
        if outlined {
            out.append("\" stroke=\"")
            out.append(rgb: theme.outline)
            out.append("\" stroke-opacity=\"")
            out.append(number: theme.outline.alpha)
            out.append("\" stroke-width=\"1\" stroke-linejoin=\"round")
        }
        out.append("\"/>\n")
    }

    /// `<path d="M … L … Z` through `points` moved by (dx, dy), its attribute left open for the fill.
    static func appendPath(_ points: [Point], dx: Double = 0, dy: Double = 0, to out: inout TextBuffer) {
        out.append("<path d=\"")
        appendPathData(points, dx: dx, dy: dy, to: &out)
    }

    /// `M x,y L x,y … Z` through `points` moved by (dx, dy).
    static func appendPathData(_ points: [Point], dx: Double = 0, dy: Double = 0, to out: inout TextBuffer) {
        for (i, p) in points.enumerated() {
            out.append(i == 0 ? "M" : " L")
            appendPoint(Point(x: p.x + dx, y: p.y + dy), to: &out)
        }
        out.append(" Z")
    }

    static func appendPoints(_ q: Quad, dx: Double = 0, dy: Double = 0, to out: inout TextBuffer) {
        appendPoint(Point(x: q.topLeft.x + dx, y: q.topLeft.y + dy), to: &out)
        out.append(byte: UInt8(ascii: " "))
        appendPoint(Point(x: q.topRight.x + dx, y: q.topRight.y + dy), to: &out)
        out.append(byte: UInt8(ascii: " "))
        appendPoint(Point(x: q.bottomRight.x + dx, y: q.bottomRight.y + dy), to: &out)
        out.append(byte: UInt8(ascii: " "))
        appendPoint(Point(x: q.bottomLeft.x + dx, y: q.bottomLeft.y + dy), to: &out)
    }

    static func appendPoint(_ p: Point, to out: inout TextBuffer) {
        out.append(number: p.x)
        out.append(byte: UInt8(ascii: ","))
        out.append(number: p.y)
    }
}

extension SVGRenderer {
    /// `--format svg`: one standalone SVG document per frame, as `render(_:)` writes it.
    public struct Writer: FrameWriter, Sendable {
        /// SVG files end in `.svg`.
        public static let fileExtension = "svg"

        /// Draws each frame.
        public let renderer: SVGRenderer

        /// A document per frame.
        public var layout: FrameWriterLayout { .documentPerFrame }

        /// A writer drawing with `renderer`.
        public init(renderer: SVGRenderer = SVGRenderer()) {
            self.renderer = renderer
        }

        /// Appends the frame's SVG document.
        /// - Complexity: O(nodes).
        public mutating func write(_ frame: Frame, into out: inout [UInt8]) {
            TextBuffer.appending(to: &out) { renderer.appendDocument(frame, to: &$0) }
        }
    }
}
