// What the SVG renderer draws inside a node with an `appearance`: its wireframe, projected point by point, and
// its image, affine when it can be and in small cells under perspective, both clipped to the node's outline.

import Foundation
import PaneKit

extension SVGRenderer {
    /// The most a corner of an image cell may be off under perspective, in points (docs/export.md).
    public static let imageTolerance = 0.5

    /// `<defs>` with each role's image once, at its own size, for every node of that role to `<use>`.
    package func appendImageDefinitions(to out: inout TextBuffer) {
        let images = Role.allCases.compactMap { role in appearance[role]?.image.map { (role, $0) } }
        guard !images.isEmpty else { return }
        out.append("<defs>\n")
        for (role, image) in images {
            out.append("<image id=\"")
            out.append(Self.imageID(role))
            out.append("\"")
            out.append(attribute: "width", image.size.width)
            out.append(attribute: "height", image.size.height)
            out.append(" preserveAspectRatio=\"none\" href=\"")
            out.append(Self.dataURL(image))
            out.append("\"/>\n")
        }
        out.append("</defs>\n")
    }

    /// The id of `role`'s image in the document's definitions.
    static func imageID(_ role: Role) -> String { "image-" + role.rawValue.replacingOccurrences(of: ".", with: "-") }

    /// The image as a `data:` URL.
    public static func dataURL(_ image: AppearanceImage) -> String {
        "data:\(image.format.mimeType);base64," + Data(image.bytes).base64EncodedString()
    }

    /// The node's wireframe and image, clipped to `outline` (its projected shape).
    func appendLook(_ look: RoleLook, node: Node, outline: [Point], fill: Color, id: String, to out: inout TextBuffer) {
        out.append("<clipPath id=\"")
        out.append(id)
        out.append("\"><path d=\"")
        Self.appendPathData(outline, to: &out)
        out.append("\"/></clipPath>\n<g clip-path=\"url(#")
        out.append(id)
        out.append(")\">\n")
        if let kind = look.content {
            let colors = theme.wireframe(on: fill)
            if node.scroll.isEmpty {
                for shape in WireframeContent.shapes(kind, size: node.frame.size) {
                    Self.appendPath(Self.project(shape.geometry, in: node), to: &out)
                    appendFill(shape.paint.color(in: colors), outlined: false, to: &out)
                }
            } else {
                appendScrolledWireframe(kind, colors: colors, node: node, id: id, to: &out)
            }
        }
        if let image = look.image { appendImage(image, fit: look.fit, role: node.role, node: node, to: &out) }
        out.append("</g>\n")
    }

    /// A wireframe whose node carries scrolled regions (`Node.scroll`): the content outside the regions stays
    /// still; inside each region it is drawn `offset` points higher, continued below the frame, and clipped to the
    /// region's projected rectangle.
    func appendScrolledWireframe(_ kind: ContentKind, colors: Theme.Wireframe, node: Node, id: String, to out: inout TextBuffer) {
        let size = node.frame.size
        func quad(_ r: Rect) -> [Point] {
            [
                NodeShape.local(node, Point(x: r.minX, y: r.minY)), NodeShape.local(node, Point(x: r.maxX, y: r.minY)),
                NodeShape.local(node, Point(x: r.maxX, y: r.maxY)), NodeShape.local(node, Point(x: r.minX, y: r.maxY)),
            ]
        }
        // The still part: the frame with the regions cut out (even-odd).
        out.append("<clipPath id=\"")
        out.append(id)
        out.append("-still\"><path clip-rule=\"evenodd\" d=\"")
        Self.appendPathData(quad(Rect(x: 0, y: 0, width: size.width, height: size.height)), to: &out)
        for region in node.scroll {
            out.append(" ")
            Self.appendPathData(quad(region.rect), to: &out)
        }
        out.append("\"/></clipPath>\n<g clip-path=\"url(#")
        out.append(id)
        out.append("-still)\">\n")
        for shape in WireframeContent.shapes(kind, size: size) {
            Self.appendPath(Self.project(shape.geometry, in: node), to: &out)
            appendFill(shape.paint.color(in: colors), outlined: false, to: &out)
        }
        out.append("</g>\n")
        for (k, region) in node.scroll.enumerated() {
            out.append("<clipPath id=\"")
            out.append(id)
            out.append("-scroll-\(k)\"><path d=\"")
            Self.appendPathData(quad(region.rect), to: &out)
            out.append("\"/></clipPath>\n<g clip-path=\"url(#")
            out.append(id)
            out.append("-scroll-\(k))\">\n")
            let r = region.rect
            for shape in WireframeContent.shapes(kind, size: size, bottom: max(size.height, r.maxY) + max(region.offset, 0)) {
                let moved = Self.shifted(shape.geometry, by: -region.offset)
                // Only what shows in the region.
                guard let span = Self.verticalSpan(moved), span.upperBound > r.minY, span.lowerBound < r.maxY else { continue }
                Self.appendPath(Self.project(moved, in: node), to: &out)
                appendFill(shape.paint.color(in: colors), outlined: false, to: &out)
            }
            out.append("</g>\n")
        }
    }

    /// A wireframe shape moved down by `dy` points (up when negative).
    static func shifted(_ geometry: ContentShape.Geometry, by dy: Double) -> ContentShape.Geometry {
        switch geometry {
        case .rect(let r, let radius): .rect(Rect(x: r.x, y: r.y + dy, width: r.width, height: r.height), radius: radius)
        case .ellipse(let r): .ellipse(Rect(x: r.x, y: r.y + dy, width: r.width, height: r.height))
        case .polygon(let points): .polygon(points.map { Point(x: $0.x, y: $0.y + dy) })
        }
    }

    /// The lowest and highest y a wireframe shape reaches, in the node's coordinates.
    static func verticalSpan(_ geometry: ContentShape.Geometry) -> ClosedRange<Double>? {
        switch geometry {
        case .rect(let r, _), .ellipse(let r): r.minY...r.maxY
        case .polygon(let points):
            points.isEmpty ? nil : points.map(\.y).min()!...points.map(\.y).max()!
        }
    }

    /// A wireframe shape's outline in container points.
    static func project(_ geometry: ContentShape.Geometry, in node: Node) -> [Point] {
        switch geometry {
        case .rect(let r, let radius):
            guard radius > 0 else {
                return [
                    NodeShape.local(node, Point(x: r.minX, y: r.minY)), NodeShape.local(node, Point(x: r.maxX, y: r.minY)),
                    NodeShape.local(node, Point(x: r.maxX, y: r.maxY)), NodeShape.local(node, Point(x: r.minX, y: r.maxY)),
                ]
            }
            return NodeShape.roundedRect(r, radius: CornerRadius(radius), in: node)
        case .ellipse(let r):
            return NodeShape.ellipse(centre: Point(x: r.midX, y: r.midY), rx: r.width / 2, ry: r.height / 2, in: node)
        case .polygon(let points):
            return points.map { NodeShape.local(node, $0) }
        }
    }

    /// Where the image's own coordinates go in the node's: `fill` stretches, `contain` and `cover` scale evenly and
    /// centre. Returns (scale x, scale y, offset x, offset y).
    public static func imagePlacement(_ image: AppearanceImage, fit: ImageFit, in size: Size) -> (Double, Double, Double, Double) {
        let sx = size.width / image.size.width, sy = size.height / image.size.height
        let s: Double
        switch fit {
        case .fill: return (sx, sy, 0, 0)
        case .contain: s = min(sx, sy)
        case .cover: s = max(sx, sy)
        }
        return (s, s, (size.width - image.size.width * s) / 2, (size.height - image.size.height * s) / 2)
    }

    /// The image over the node. Without perspective one `<use>` carries the node's affine map; with it the
    /// frame is cut into cells, each drawn with the affine map through three of its projected corners, halving
    /// them until no fourth corner is off by more than `imageTolerance`.
    func appendImage(_ image: AppearanceImage, fit: ImageFit, role: Role, node: Node, to out: inout TextBuffer) {
        let size = node.frame.size
        guard size.width > 0, size.height > 0 else { return }
        let (sx, sy, ox, oy) = Self.imagePlacement(image, fit: fit, in: size)
        var cells = 1
        while cells < 64 {
            if Self.worstCellError(node, cells: cells) <= Self.imageTolerance { break }
            cells *= 2
        }
        let cw = size.width / Double(cells), ch = size.height / Double(cells)
        for i in 0..<cells {
            for j in 0..<cells {
                let x = Double(i) * cw, y = Double(j) * ch
                let o = NodeShape.local(node, Point(x: x, y: y))
                let a = NodeShape.local(node, Point(x: x + cw, y: y)), b = NodeShape.local(node, Point(x: x, y: y + ch))
                // local (u, v) ↦ o + (u − x)/cw·(a − o) + (v − y)/ch·(b − o)
                let m11 = (a.x - o.x) / cw, m12 = (a.y - o.y) / cw, m21 = (b.x - o.x) / ch, m22 = (b.y - o.y) / ch
                let e = o.x - x * m11 - y * m21, f = o.y - x * m12 - y * m22
                out.append("<g transform=\"matrix(")
                for (k, v) in [m11, m12, m21, m22, e, f].enumerated() {
                    if k > 0 { out.append(" ") }
                    out.append(number: v)
                }
                out.append(")\">")
                if cells > 1 {
                    // A nested viewport clips the image to the cell in the node's own coordinates.
                    out.append("<svg overflow=\"hidden\"")
                    out.append(attribute: "x", x)
                    out.append(attribute: "y", y)
                    out.append(attribute: "width", cw)
                    out.append(attribute: "height", ch)
                    out.append(" viewBox=\"")
                    out.append(number: x)
                    out.append(" ")
                    out.append(number: y)
                    out.append(" ")
                    out.append(number: cw)
                    out.append(" ")
                    out.append(number: ch)
                    out.append("\">")
                }
                out.append("<use href=\"#")
                out.append(Self.imageID(role))
                out.append("\" transform=\"matrix(")
                for (k, v) in [sx, 0, 0, sy, ox, oy].enumerated() {
                    if k > 0 { out.append(" ") }
                    out.append(number: v)
                }
                out.append(")\"/>")
                if cells > 1 { out.append("</svg>") }
                out.append("</g>\n")
            }
        }
    }

    /// The largest distance between a cell's projected fourth corner and where the cell's affine map puts it,
    /// over an n × n grid of the node's frame.
    package static func worstCellError(_ node: Node, cells n: Int) -> Double {
        let w = node.frame.width / Double(n), h = node.frame.height / Double(n)
        var worst = 0.0
        for i in 0..<n {
            for j in 0..<n {
                let x = Double(i) * w, y = Double(j) * h
                let o = NodeShape.local(node, Point(x: x, y: y)), a = NodeShape.local(node, Point(x: x + w, y: y))
                let b = NodeShape.local(node, Point(x: x, y: y + h)), c = NodeShape.local(node, Point(x: x + w, y: y + h))
                let dx = a.x + b.x - o.x - c.x, dy = a.y + b.y - o.y - c.y
                worst = max(worst, (dx * dx + dy * dy).squareRoot())
                if !worst.isFinite { return .infinity }
            }
        }
        return worst
    }
}
