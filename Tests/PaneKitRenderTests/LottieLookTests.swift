// The Lottie writer draws what the SVG renderer draws for a node (issue 23 in Lottie): the rounded outline
// projected, the theme's and the appearance's colours, the wireframe content masked by the outline, and an image
// asset placed by the affine map that best fits the projected corners.

import Foundation
import PaneKit
import PaneKitRender
import Testing

@Suite struct LottieLookTests {
    static let size = Size(width: 375, height: 667)

    static func frame(_ nodes: [Node]) -> Frame {
        Frame(index: 0, time: 0, container: .drawer, state: .opening, fractions: Fractions(), size: size, nodes: nodes, events: [])
    }

    /// mm.swinging-door half open: a rotation about y with perspective, and its anchor.
    static func door(radius: CornerRadius?) throws -> Node {
        var edits = StyleEdits()
        try MMSwingingDoorStyler().style(
            StyleContext(direction: .left, closed: 0.5, reveal: 280, size: size), into: &edits)
        var node = Node(
            role: .pane, frame: Rect(x: 0, y: 0, width: 280, height: 667),
            style: NodeStyle(transform: try #require(edits[.drawerLeft].transform), cornerRadius: radius))
        node.style.anchor = edits[.drawerLeft].anchor ?? node.style.anchor
        return node
    }

    static func document(_ frames: [Frame], _ writer: LottieWriter) throws -> (json: [String: Any], warnings: [String]) {
        let result = writer.render(frames, fps: 30, title: "look")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.json.utf8)) as? [String: Any])
        return (json, result.warnings)
    }

    static func layers(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["layers"] as? [[String: Any]])
    }

    static func layer(_ document: [String: Any], _ name: String) throws -> [String: Any] {
        try #require(try layers(document).first { $0["nm"] as? String == name }, "no layer \(name)")
    }

    /// The vertices of a path property at frame 0: a static path is one bezier object, an animated one a list of
    /// keyframes whose `s` holds the bezier.
    static func vertices(_ property: Any?) throws -> [Point] {
        let p = try #require(property as? [String: Any])
        let bezier: [String: Any]
        if p["a"] as? Int == 0 {
            bezier = try #require(p["k"] as? [String: Any], "a static path is a bezier object, not a list (rlottie)")
        } else {
            let keys = try #require(p["k"] as? [[String: Any]])
            bezier = try #require((keys.first?["s"] as? [[String: Any]])?.first)
        }
        let v = try #require(bezier["v"] as? [[Double]])
        return v.map { Point(x: $0[0], y: $0[1]) }
    }

    static func near(_ a: [Point], _ b: [Point], _ tolerance: Double = 1e-5) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
    }

    /// The items of a shape layer's first group.
    static func items(_ layer: [String: Any]) throws -> [[String: Any]] {
        try #require((layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
    }

    static func staticValue(_ property: Any?) -> [Double]? { (property as? [String: Any])?["k"] as? [Double] }

    // MARK: - Outline and theme

    @Test func aRoundedNodeIsItsOutlineProjectedAsTheSVGDrawsIt() throws {
        let node = try Self.door(radius: CornerRadius(topLeft: 36, topRight: 24, bottomRight: 60, bottomLeft: 0))
        let (document, _) = try Self.document([Self.frame([node])], LottieWriter())
        let items = try Self.items(try Self.layer(document, "pane"))
        let path = try Self.vertices(items.first { $0["ty"] as? String == "sh" }?["ks"])
        #expect(path.count > 8)
        #expect(Self.near(path, NodeShape.outline(node)), "the path is the projected rounded outline")
    }

    @Test func theThemeAndTheAppearanceColourTheNodes() throws {
        let pane = Node(role: .pane, frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let drawer = Node(role: .drawerLeft, frame: Rect(x: 0, y: 0, width: 280, height: 667))
        let frames = [Self.frame([pane, drawer])]
        let look = Appearance([.drawerLeft: RoleLook(color: Color(hex: "#1f5fa8"))])
        for (theme, paneFill, border) in [(Theme.dark, "#f4f5f7", 35.0), (.light, "#ffffff", 20)] {
            let (document, _) = try Self.document(frames, LottieWriter(theme: theme, appearance: look))
            let paneItems = try Self.items(try Self.layer(document, "pane"))
            let fill = try #require(Self.staticValue(paneItems.first { $0["ty"] as? String == "fl" }?["c"]))
            let expected = try #require(Color(hex: paneFill))
            #expect(abs(fill[0] - expected.red) < 1e-6 && abs(fill[1] - expected.green) < 1e-6 && abs(fill[2] - expected.blue) < 1e-6)
            let stroke = try #require(paneItems.first { $0["ty"] as? String == "st" })
            #expect((stroke["o"] as? [String: Any])?["k"] as? Double == border)
            let drawerItems = try Self.items(try Self.layer(document, "drawer.left"))
            let drawerFill = try #require(Self.staticValue(drawerItems.first { $0["ty"] as? String == "fl" }?["c"]))
            #expect(abs(drawerFill[0] - 0x1f / 255.0) < 1e-6 && abs(drawerFill[2] - 0xa8 / 255.0) < 1e-6, "the appearance's colour")
        }
    }

    // MARK: - Wireframe content

    @Test func wireframeContentIsALayerOfProjectedShapesMaskedByTheOutline() throws {
        let node = try Self.door(radius: CornerRadius(20))
        let look = Appearance([.pane: RoleLook(content: .feed)])
        let (document, _) = try Self.document([Self.frame([node])], LottieWriter(appearance: look))
        let names = try Self.layers(document).map { $0["nm"] as? String }
        #expect(names == ["pane content", "pane"], "the content layer lies just above the node's")
        let content = try Self.layer(document, "pane content")
        #expect(content["hasMask"] as? Bool == true)
        let mask = try #require((content["masksProperties"] as? [[String: Any]])?.first)
        #expect(mask["mode"] as? String == "a" && mask["inv"] as? Bool == false)
        #expect(Self.near(try Self.vertices(mask["pt"]), NodeShape.outline(node)), "masked by the projected rounded outline")
        let shapes = WireframeContent.shapes(.feed, size: node.frame.size)
        let groups = try #require(content["shapes"] as? [[String: Any]])
        #expect(groups.count == shapes.count)
        // Lottie lists the front shape first: the last group is the feed's first shape, its navigation bar.
        let back = try #require(groups.last?["it"] as? [[String: Any]])
        guard case .rect(let bar, 0) = try #require(shapes.first).geometry else {
            Issue.record("the feed starts with a square bar")
            return
        }
        let corners = [
            Point(x: bar.minX, y: bar.minY), Point(x: bar.maxX, y: bar.minY), Point(x: bar.maxX, y: bar.maxY),
            Point(x: bar.minX, y: bar.maxY),
        ].map { NodeShape.local(node, $0) }
        #expect(Self.near(try Self.vertices(back.first { $0["ty"] as? String == "sh" }?["ks"]), corners), "each point projected")
        let colour = try #require(Self.staticValue(back.first { $0["ty"] as? String == "fl" }?["c"]))
        #expect(colour == [1, 1, 1, 1], "the theme's surface on a light fill")
    }

    /// Through an affine map the wireframe is written once in the node's own coordinates and a null layer places
    /// it: composed, each shape's points land where the SVG renderer projects them, and the mask is the node's
    /// own rounded outline.
    @Test func anAffineNodesWireframeIsPlacedByANullLayer() throws {
        var node = Node(role: .pane, frame: Rect(x: 30, y: 80, width: 300, height: 500), style: NodeStyle(cornerRadius: CornerRadius(24)))
        var skew = Transform3D.identity
        skew.m21 = 0.3
        node.style.transform = Transform3D.scale(x: 0.8, y: 0.6).concatenating(skew).concatenating(.rotation(angle: 2.5, x: 0, y: 0, z: 1))
        let (document, _) = try Self.document(
            [Self.frame([node])], LottieWriter(appearance: Appearance([.pane: RoleLook(content: .settings)])))
        let layers = try Self.layers(document)
        #expect(layers.map { $0["nm"] as? String } == ["pane content", "pane content place", "pane"])
        let content = layers[0], parent = layers[1]
        #expect(parent["ty"] as? Int == 3 && content["parent"] as? Int == parent["ind"] as? Int)
        let shapes = WireframeContent.shapes(.settings, size: node.frame.size)
        let groups = try #require(content["shapes"] as? [[String: Any]])
        #expect(groups.count == shapes.count && shapes.count > 10)
        for (group, shape) in zip(groups.reversed(), shapes) {
            let items = try #require(group["it"] as? [[String: Any]])
            let local = try Self.curve(items.first { $0["ty"] as? String == "sh" }?["ks"])
            let placed = try local.map { try Self.place($0.x, $0.y, image: content, parent: parent) }
            let expected: [Point]
            switch shape.geometry {
            case .rect(let r, let radius) where radius > 0:
                expected = NodeShape.roundedRect(r, radius: CornerRadius(radius), in: node)
            case .rect(let r, _):
                expected = [
                    Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
                ].map { NodeShape.local(node, $0) }
            case .ellipse(let r):
                expected = NodeShape.ellipse(centre: Point(x: r.midX, y: r.midY), rx: r.width / 2, ry: r.height / 2, in: node)
            case .polygon(let points):
                expected = points.map { NodeShape.local(node, $0) }
            }
            // Every point of the Lottie curve lies on the shape the SVG renderer projects (within its 0.1 pt
            // sampling), and the curve reaches every corner of it.
            let off = placed.map { Self.distance($0, to: expected) }.max() ?? .infinity
            #expect(off <= 0.25, "\(shape): \(off) pt")
            let reach = expected.map { Self.distance($0, to: placed) }.max() ?? .infinity
            #expect(reach <= 0.25, "\(shape): \(reach) pt")
        }
        let maskCurve = try Self.curve((content["masksProperties"] as? [[String: Any]])?.first?["pt"])
        let maskPlaced = try maskCurve.map { try Self.place($0.x, $0.y, image: content, parent: parent) }
        #expect((maskPlaced.map { Self.distance($0, to: NodeShape.outline(node)) }.max() ?? .infinity) <= 0.25)
    }

    /// Points along a static Lottie path (8 per segment, tangents included), in its own coordinates.
    static func curve(_ property: Any?) throws -> [Point] {
        let p = try #require(property as? [String: Any])
        let bezier = try #require(p["k"] as? [String: Any], "a static path")
        func points(_ key: String) throws -> [Point] { try #require(bezier[key] as? [[Double]]).map { Point(x: $0[0], y: $0[1]) } }
        let v = try points("v"), i = try points("i"), o = try points("o")
        var out: [Point] = []
        for k in v.indices {
            let n = (k + 1) % v.count
            let p0 = v[k], p3 = v[n]
            let p1 = Point(x: p0.x + o[k].x, y: p0.y + o[k].y), p2 = Point(x: p3.x + i[n].x, y: p3.y + i[n].y)
            for step in 0..<8 {
                let t = Double(step) / 8, u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                out.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
        }
        return out
    }

    /// The distance from `p` to the closed polygon through `polygon`.
    static func distance(_ p: Point, to polygon: [Point]) -> Double {
        var best = Double.infinity
        for k in polygon.indices {
            let a = polygon[k], b = polygon[(k + 1) % polygon.count]
            let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
            let t = length > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1) : 0
            let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
            best = min(best, (x * x + y * y).squareRoot())
        }
        return best
    }

    /// A node that fades with content is one precomposition carrying its alpha, so the players fade fill and
    /// wireframe together as SVG's group opacity does; its own layers only show or hide.
    @Test func aNodeFadingWithContentIsOnePrecompositionWithItsAlpha() throws {
        var faded = Node(role: .pane, frame: Rect(x: 0, y: 0, width: 375, height: 667))
        faded.style.alpha = 0.5
        var hidden = faded
        hidden.style.hidden = true
        let frames = [Self.frame([hidden]), Self.frame([faded])]
        let (document, _) = try Self.document(frames, LottieWriter(appearance: Appearance([.pane: RoleLook(content: .list)])))
        let layers = try Self.layers(document)
        #expect(layers.count == 1 && layers[0]["ty"] as? Int == 0 && layers[0]["nm"] as? String == "pane")
        let keys = try #require(((layers[0]["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keys.map { ($0["s"] as? [Double])?.first } == [0, 50])
        let group = try #require((document["assets"] as? [[String: Any]])?.first { $0["id"] as? String == layers[0]["refId"] as? String })
        let inner = try #require(group["layers"] as? [[String: Any]])
        #expect(inner.map { $0["nm"] as? String } == ["pane content", "pane content place", "pane"])
        for layer in inner where layer["ty"] as? Int == 4 {
            let o = try #require(((layer["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
            #expect(o.map { ($0["s"] as? [Double])?.first } == [0, 100], "the inner layers only show or hide")
        }
        // Without a fade (and without content) the layers stay flat.
        faded.style.alpha = 1
        let (flat, _) = try Self.document([Self.frame([faded])], LottieWriter(appearance: Appearance([.pane: RoleLook(content: .list)])))
        #expect(try Self.layers(flat).map { $0["ty"] as? Int } == [4, 3, 4])
    }

    // MARK: - Images

    /// World point of image point (u, v) through the image layer and its parent: p + R(turn)·S·R(spin)·(u, v).
    static func place(_ u: Double, _ v: Double, image: [String: Any], parent: [String: Any]) throws -> Point {
        let ks = try #require(image["ks"] as? [String: Any]), pks = try #require(parent["ks"] as? [String: Any])
        func number(_ p: Any?) throws -> Double { try #require((p as? [String: Any])?["k"] as? Double) }
        let spin = try number(ks["r"]) * .pi / 180, turn = try number(pks["r"]) * .pi / 180
        let p = try #require(Self.staticValue(pks["p"])), s = try #require(Self.staticValue(pks["s"]))
        let x1 = cos(spin) * u - sin(spin) * v, y1 = sin(spin) * u + cos(spin) * v
        let x2 = x1 * s[0] / 100, y2 = y1 * s[1] / 100
        return Point(x: p[0] + cos(turn) * x2 - sin(turn) * y2, y: p[1] + sin(turn) * x2 + cos(turn) * y2)
    }

    @Test func anImageIsAnEmbeddedAssetPlacedOnTheNodeAndMaskedByItsOutline() throws {
        // Rotated, scaled unevenly and skewed: an affine node, so the fitted map is exact.
        var node = Node(role: .pane, frame: Rect(x: 30, y: 80, width: 300, height: 400), style: NodeStyle(cornerRadius: CornerRadius(24)))
        var skew = Transform3D.identity
        skew.m21 = 0.3
        node.style.transform = Transform3D.scale(x: 0.8, y: 0.6).concatenating(skew).concatenating(
            .rotation(angle: 0.4, x: 0, y: 0, z: 1))
        let image = AppearanceImage(path: "a.png", bytes: [1, 2, 3], format: .png, size: Size(width: 100, height: 50))
        let (document, warnings) = try Self.document(
            [Self.frame([node])], LottieWriter(appearance: Appearance([.pane: RoleLook(image: image)])))
        #expect(warnings.isEmpty, "\(warnings)")
        let asset = try #require((document["assets"] as? [[String: Any]])?.first)
        #expect(asset["p"] as? String == "data:image/png;base64,AQID" && asset["e"] as? Int == 1 && asset["u"] as? String == "")
        #expect(asset["w"] as? Double == 100 && asset["h"] as? Double == 50)
        let layers = try Self.layers(document)
        #expect(layers.map { $0["nm"] as? String } == ["pane image", "pane image place", "pane"])
        let picture = layers[0], parent = layers[1]
        #expect(picture["ty"] as? Int == 2 && picture["refId"] as? String == asset["id"] as? String)
        #expect(parent["ty"] as? Int == 3 && picture["parent"] as? Int == parent["ind"] as? Int)
        // `fill`: the image's corners land on the node's projected corners.
        let q = node.corners
        for (u, v, corner) in [(0.0, 0.0, q.topLeft), (100, 0, q.topRight), (100, 50, q.bottomRight), (0, 50, q.bottomLeft)] {
            let p = try Self.place(u, v, image: picture, parent: parent)
            #expect(abs(p.x - corner.x) < 1e-3 && abs(p.y - corner.y) < 1e-3, "(\(u), \(v)) → \(p), expected \(corner)")
        }
        // The mask, in the image's coordinates, lands on the rounded outline.
        let mask = try Self.vertices((picture["masksProperties"] as? [[String: Any]])?.first?["pt"])
        let placed = try mask.map { try Self.place($0.x, $0.y, image: picture, parent: parent) }
        #expect(Self.near(placed, NodeShape.outline(node), 1e-3))
    }

    @Test func underPerspectiveTheImageTakesTheBestAffineFitAndSaysHowFarOff() throws {
        let node = try Self.door(radius: nil)
        let image = AppearanceImage(path: "a.jpg", bytes: [60], format: .jpeg, size: Size(width: 10, height: 10))
        let (document, warnings) = try Self.document(
            [Self.frame([node])], LottieWriter(appearance: Appearance([.pane: RoleLook(image: image)])))
        #expect(warnings.contains { $0.hasPrefix("the image of pane is placed by the affine map that best fits its projected corners") })
        #expect(!warnings.contains { $0.contains("an SVG") })
        // An SVG image cannot be a Lottie image asset (a data URL of image/svg+xml is not one in Lottie 1.0).
        let svg = AppearanceImage(path: "a.svg", bytes: [60], format: .svg, size: Size(width: 10, height: 10))
        let (without, said) = try Self.document(
            [Self.frame([node])], LottieWriter(appearance: Appearance([.pane: RoleLook(image: svg)])))
        let withoutLayers = try Self.layers(without)
        #expect((without["assets"] as? [Any])?.isEmpty == true && withoutLayers.count == 1)
        #expect(said.contains("the image of pane is an SVG, which a Lottie image asset cannot hold; it is left out (give a PNG or JPEG)"))
        // The fit's corners average to the projected corners' mean.
        let layers = try Self.layers(document)
        var mean = Point(x: 0, y: 0)
        for (u, v) in [(0.0, 0.0), (10, 0), (10, 10), (0, 10)] {
            let p = try Self.place(u, v, image: layers[0], parent: layers[1])
            mean = Point(x: mean.x + p.x / 4, y: mean.y + p.y / 4)
        }
        let q = node.corners.points
        #expect(abs(mean.x - q.map(\.x).reduce(0, +) / 4) < 1e-3 && abs(mean.y - q.map(\.y).reduce(0, +) / 4) < 1e-3)
    }
}
