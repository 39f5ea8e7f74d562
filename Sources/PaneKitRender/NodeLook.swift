// Everything a writer needs to draw one node as the scenario and theme say: fill, rounded outline, wireframe
// shapes in their colours and the image with its placement. SVG, CSS, the page and Lottie read it from here.

import Foundation
import PaneKit

/// How one node looks in a theme and an appearance, in the node's own coordinates (origin at its frame's top left):
/// the one description every writer draws from, so that they agree.
public struct NodeLook: Sendable {
    /// The node's fill: its style's colour, else the appearance's colour for its role, else the theme's.
    public var fill: Color
    /// The node's corner radii fitted to its frame, or `nil` for square corners.
    public var radius: CornerRadius?
    /// The node's outline as cubics in its own coordinates (a rectangle when it has no radius).
    public var path: [PathSegment]
    /// The wireframe's shapes and their colours, back to front (none without `content`).
    public var content: [(shape: ContentShape, color: Color)]
    /// The image, and where its own coordinates go in the node's: scale x, scale y, offset x, offset y.
    public var image: (image: AppearanceImage, scaleX: Double, scaleY: Double, x: Double, y: Double)?

    /// The look of `node` in `theme` with `appearance`.
    /// - Complexity: O(wireframe shapes); allocates the lists.
    public init(_ node: Node, theme: Theme, appearance: Appearance) {
        fill = theme.fill(of: node, appearance: appearance)
        radius = NodeShape.radius(of: node)
        let box = Rect(origin: .zero, size: node.frame.size)
        path = NodeShape.localPath(box, radius: radius ?? .zero)
        let look = appearance[node.role]
        let colors = theme.wireframe(on: fill)
        content =
            look?.content.map { kind in
                WireframeContent.shapes(kind, size: node.frame.size).map { ($0, $0.paint.color(in: colors)) }
            } ?? []
        image = look?.image.map { image in
            let (sx, sy, x, y) = SVGRenderer.imagePlacement(image, fit: look?.fit ?? .fill, in: node.frame.size)
            return (image, sx, sy, x, y)
        }
    }

    /// CSS `border-radius` of `radius`: one length, or four clockwise from the top left.
    public static func cssRadius(_ radius: CornerRadius) -> String {
        if radius.isUniform { return NumberFormat.string(radius.topLeft) + "px" }
        return radius.values.map { NumberFormat.string($0) + "px" }.joined(separator: " ")
    }

    /// The CSS declarations that draw `role`'s image and wireframe over its background colour, for a node of
    /// `size` (the wireframe an SVG image laid out for that size; empty without either.
    public static func cssBackground(_ role: Role, size: Size, theme: Theme, appearance: Appearance) -> String {
        guard let layers = cssLayers(role, size: size, theme: theme, appearance: appearance) else { return "" }
        return
            "background-image: \(layers.images); background-size: \(layers.sizes); background-position: center; background-repeat: no-repeat;"
    }

    /// `role`'s background layers for a node of `size`: the `background-image` list (its image, then its wireframe
    /// drawn for that size) and their `background-size` list; nil without either. The wireframe fills the node
    /// (`100% 100%`), which is undistorted at `size`: a node whose size changes takes the drawing of its current
    /// size (`LookSizes`).
    public static func cssLayers(_ role: Role, size: Size, theme: Theme, appearance: Appearance) -> (images: String, sizes: String)? {
        guard let look = appearance[role], look.image != nil || look.content != nil else { return nil }
        var images: [String] = [], sizes: [String] = []
        if let image = look.image {
            images.append("url(\"\(SVGRenderer.dataURL(image))\")")
            sizes.append(look.fit == .fill ? "100% 100%" : look.fit.rawValue)
        }
        if let kind = look.content {
            let fill = look.color ?? theme.color(of: role)
            let svg = WireframeContent.svgDocument(kind, size: size, colors: theme.wireframe(on: fill))
            images.append("url(\"data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())\")")
            sizes.append("100% 100%")
        }
        return (images.joined(separator: ", "), sizes.joined(separator: ", "))
    }
}
