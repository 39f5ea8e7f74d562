// Issue 23 in the writers: cornerRadius in JSON, the rounded path projected exactly in SVG, images embedded and
// clipped, wireframes in SVG and CSS, and one theme across SVG, CSS and the studio's colours.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitScenario
import PaneKitTestSupport
import Testing

@Suite struct AppearanceRenderTests {
    static let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
        .first(where: FileManager.default.isExecutableFile(atPath:))
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first(where: FileManager.default.isExecutableFile(atPath:))

    static func node(_ role: Role = .pane, radius: CornerRadius?, transform: Transform3D = .identity, frame: Rect? = nil) -> Node {
        Node(
            role: role, frame: frame ?? Rect(x: 40, y: 60, width: 280, height: 500),
            style: NodeStyle(transform: transform, cornerRadius: radius))
    }

    // MARK: - JSON

    @Test func framesCarryTheRadiusOnlyWhenSet() {
        var out = ""
        FrameJSON.appendNode(Self.node(radius: nil), to: &out)
        #expect(!out.contains("cornerRadius"))
        out = ""
        FrameJSON.appendNode(Self.node(radius: 12), to: &out)
        #expect(out.hasSuffix(",\"cornerRadius\":12}"), "\(out)")
        out = ""
        FrameJSON.appendNode(Self.node(radius: CornerRadius(topLeft: 0, topRight: 20, bottomRight: 20.5, bottomLeft: 0)), to: &out)
        #expect(out.hasSuffix(",\"cornerRadius\":[0,20,20.5,0]}"), "\(out)")
    }

    // MARK: - The rounded path under perspective

    /// The points of the first `<path d="M… L… Z">` after `marker` in `svg`.
    static func pathPoints(_ svg: String, after marker: String = "") -> [Point] {
        let start = marker.isEmpty ? svg.startIndex : svg.range(of: marker)!.upperBound
        let d = svg[start...].range(of: "<path d=\"")!
        let text = svg[d.upperBound...].prefix { $0 != "\"" }
        return text.split(separator: " ").compactMap { part -> Point? in
            let xy = part.drop { $0 == "M" || $0 == "L" }.split(separator: ",")
            guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
            return Point(x: x, y: y)
        }
    }

    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
        let t = length > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1) : 0
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }

    @Test func theRoundedPathFollowsTheProjectedCornersUnderPerspective() throws {
        // mm.swinging-door half open: a rotation about y with perspective.
        var edits = StyleEdits()
        let context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 375, height: 667))
        try MMSwingingDoorStyler().style(context, into: &edits)
        let edit = edits[.drawerLeft]
        let transform = try #require(edit.transform)
        #expect(transform.m34 != 0, "a perspective styler")
        let radius = CornerRadius(topLeft: 36, topRight: 24, bottomRight: 60, bottomLeft: 0)
        var node = Self.node(.drawerLeft, radius: radius, transform: transform, frame: Rect(x: 0, y: 0, width: 280, height: 667))
        node.style.anchor = edit.anchor ?? node.style.anchor
        let svg = SVGRenderer(labels: false).render(
            Frame(
                index: 0, time: 0, container: .drawer, state: .opening, fractions: Fractions(), size: Size(width: 375, height: 667),
                nodes: [node], events: []))
        let path = Self.pathPoints(svg)
        #expect(path.count > 8)
        // Every point of the exact outline (each arc sampled densely, then projected) lies within 0.25 pt of the path.
        func local(_ x: Double, _ y: Double) -> Point { node.project(Point(x: node.frame.x + x, y: node.frame.y + y)) }
        var exact: [Point] = []
        let w = node.frame.width, h = node.frame.height
        let arcs: [(Double, Double, Double, Double)] = [
            (radius.topLeft, radius.topLeft, radius.topLeft, .pi), (radius.topRight, w - radius.topRight, radius.topRight, 1.5 * .pi),
            (radius.bottomRight, w - radius.bottomRight, h - radius.bottomRight, 0),
            (radius.bottomLeft, radius.bottomLeft, h - radius.bottomLeft, 0.5 * .pi),
        ]
        for (r, cx, cy, start) in arcs {
            for k in 0...400 {
                let t = start + Double(k) / 400 * .pi / 2
                exact.append(local(cx + r * cos(t), cy + r * sin(t)))
            }
        }
        var worst = 0.0
        for p in exact {
            var best = Double.infinity
            for i in path.indices { best = min(best, Self.distance(p, toSegment: path[i], path[(i + 1) % path.count])) }
            worst = max(worst, best)
        }
        #expect(worst <= 0.25, "the path is \(worst) pt from the exact outline")
        // The square corner is exactly the projected corner; the path's vertices lie on the outline.
        #expect(path.contains { abs($0.x - local(0, h).x) < 1e-6 && abs($0.y - local(0, h).y) < 1e-6 })
        // The shadow follows the same shape.
        node.style.shadow = Shadow(radius: 4, opacity: 0.5, offset: Point(x: 3, y: 0))
        let shadowed = SVGRenderer(labels: false).render(Fixtures.frame([node]))
        let shadow = Self.pathPoints(shadowed)
        #expect(shadow.count == path.count && zip(shadow, path).allSatisfy { abs($0.x - $1.x - 3) < 1e-6 && abs($0.y - $1.y) < 1e-6 })
    }

    @Test func aNodeWithoutRadiusIsTheSamePolygonAsBefore() {
        let svg = SVGRenderer().render(Fixtures.frame([Self.node(radius: nil)]))
        #expect(svg.contains("<polygon points=\"40,60 320,60 320,560 40,560\" fill=\"#f4f5f7\" stroke=\"#000000\" stroke-opacity=\"0.35\""))
        #expect(!svg.contains("<path"))
    }

    @Test func asciiRoundsTheCornersWhereTheGridAllows() {
        let frame = Fixtures.frame([Self.node(radius: CornerRadius(topLeft: 40, topRight: 40, bottomRight: 0, bottomLeft: 2))])
        let text = ASCIIRenderer(columns: 75, rows: 40).render(frame)
        let lines = text.split(separator: "\n").map(String.init).filter { $0.contains("|") || $0.contains("-") }
        let top = lines.first { $0.contains("---") } ?? "", bottom = lines.last { $0.contains("---") } ?? ""
        #expect(top.contains(".---") && top.contains("---."), "\(top)")
        // A 0 pt corner stays square, and so does one thinner than a cell (2 pt on a 5 pt grid).
        #expect(bottom.contains("+---") && bottom.contains("---+"), "\(bottom)")
        let square = ASCIIRenderer(columns: 75, rows: 40).render(Fixtures.frame([Self.node(radius: nil)]))
        #expect(!square.contains(".---") && square.contains("+---"))
    }

    // MARK: - Images

    /// The RGB pixels of `png`, decoded by a few lines of Python (zlib and the PNG filters).
    static func pixels(_ png: URL) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let output = try run(Self.python!, ["-c", PNGPixels.script, png.path])
        return try #require(PNGPixels.parse(output), "\(output.prefix(200))")
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: rsvg != nil && python != nil, "needs rsvg-convert and python3 (Scripts/ensure-deps.sh --tests)"))
    func anImageIsEmbeddedAndClippedToTheRoundedShape() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A pure red PNG, made by rsvg-convert from an SVG.
        let red = dir.appendingPathComponent("red.svg")
        try "<svg xmlns='http://www.w3.org/2000/svg' width='64' height='64'><rect width='64' height='64' fill='#ff0000'/></svg>"
            .write(to: red, atomically: true, encoding: .utf8)
        _ = try Self.run(Self.rsvg!, [red.path, "-o", dir.appendingPathComponent("red.png").path])
        let look = try ScenarioLoader.loadAppearance(
            "{ \"pane\": { \"image\": \"red.png\" } }", file: dir.appendingPathComponent("look.json").path)
        #expect(look[.pane]?.image?.format == .png)
        let node = Self.node(radius: 60, frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let svg = SVGRenderer(labels: false, appearance: look).render(
            Frame(
                index: 0, time: 0, container: .drawer, state: .closed, fractions: Fractions(), size: Size(width: 300, height: 300),
                nodes: [node], events: []))
        #expect(svg.contains("href=\"data:image/png;base64,"), "embedded, never referenced")
        #expect(!svg.contains("red.png"))
        let file = dir.appendingPathComponent("out.svg"), png = dir.appendingPathComponent("out.png")
        try svg.write(to: file, atomically: true, encoding: .utf8)
        _ = try Self.run(Self.rsvg!, [file.path, "-o", png.path])
        let image = try Self.pixels(png)
        #expect(image.width == 300 && image.height == 300)
        // Inside the rounded rectangle, 1.5 px in from its edge, only red; outside it, 1.5 px out, no red at all.
        func signedDistance(_ x: Double, _ y: Double) -> Double {
            let cx = min(max(x, 110), 190), cy = min(max(y, 110), 190)  // the centres of the 60 pt arcs
            let dx = x - cx, dy = y - cy
            return (dx * dx + dy * dy).squareRoot() - 60
        }
        var inside = 0, redOutside = 0, notRedInside = 0
        for y in 0..<300 {
            for x in 0..<300 {
                let i = 3 * (y * 300 + x)
                let isRed = image.rgb[i] > 200 && image.rgb[i + 1] < 60 && image.rgb[i + 2] < 60
                let d = signedDistance(Double(x) + 0.5, Double(y) + 0.5)
                if d < -1.5 {
                    inside += 1
                    if !isRed { notRedInside += 1 }
                } else if d > 1.5, image.rgb[i] > 100 {
                    redOutside += 1
                }
            }
        }
        #expect(inside > 30_000 && notRedInside == 0, "\(notRedInside) of \(inside) pixels inside are not red")
        #expect(redOutside == 0, "\(redOutside) red pixels outside the rounded shape")
    }

    @Test func underPerspectiveAnImageIsCutIntoCellsWithinHalfAPoint() throws {
        let image = AppearanceImage(path: "a.png", bytes: [1, 2, 3], format: .png, size: Size(width: 10, height: 10))
        let look = Appearance([.pane: RoleLook(image: image)])
        var edits = StyleEdits()
        try MMSwingingDoorStyler().style(
            StyleContext(direction: .left, closed: 0.3, reveal: 280, size: Size(width: 375, height: 667)), into: &edits)
        var node = Self.node(radius: 20, transform: edits[.drawerLeft].transform!, frame: Rect(x: 0, y: 0, width: 280, height: 667))
        node.style.anchor = edits[.drawerLeft].anchor ?? node.style.anchor
        let svg = SVGRenderer(appearance: look).render(Fixtures.frame([node]))
        let cells = svg.components(separatedBy: "<use href=\"#image-pane\"").count - 1
        #expect(cells > 1)
        let n = Int(Double(cells).squareRoot())
        #expect(n * n == cells)
        // The grid's worst fourth corner is within the tolerance, and half as many cells would not be.
        let worst = SVGRendererProbe.worstCellError(node, cells: n)
        #expect(worst <= 0.5)
        #expect(SVGRendererProbe.worstCellError(node, cells: n / 2) > 0.5)
        // Without perspective, one cell.
        let flat = SVGRenderer(appearance: look).render(Fixtures.frame([Self.node(radius: 20)]))
        #expect(flat.components(separatedBy: "<use href=\"#image-pane\"").count - 1 == 1)
    }

    // MARK: - Wireframes

    @Test(arguments: ContentKind.allCases)
    func everyWireframeIsDrawnInSVGAndCSS(kind: ContentKind) throws {
        let look = Appearance([.pane: RoleLook(content: kind)])
        let frame = Fixtures.frame([Self.node(radius: 16, frame: Rect(x: 0, y: 0, width: 375, height: 667))])
        let shapes = WireframeContent.shapes(kind, size: Size(width: 375, height: 667))
        #expect(shapes.count >= 12, "\(kind): \(shapes.count) shapes")
        for shape in shapes {
            switch shape.geometry {
            case .rect(let r, _), .ellipse(let r):
                #expect(r.minX >= -1e-9 && r.minY >= -1e-9 && r.maxX <= 375 + 1e-9 && r.maxY <= 667 + 1e-9, "\(kind) \(r)")
            case .polygon(let points):
                #expect(points.allSatisfy { $0.x >= 0 && $0.x <= 375 && $0.y >= 0 && $0.y <= 667 })
            }
        }
        let svg = SVGRenderer(appearance: look).render(frame)
        #expect(svg.contains("<clipPath id=\"clip-0\">"))
        // The node's own path, the clip's, then one path per shape.
        #expect(svg.components(separatedBy: "<path d=").count - 1 == shapes.count + 2)
        #expect(!svg.contains(">pane</text>"), "a node with content carries no label")
        let css = CSSKeyframes(appearance: look).render([frame], fps: 30, title: "t")
        let rule = try #require(css.split(separator: "\n").first { $0.hasPrefix(".panekit-pane {") })
        let encoded = try #require(rule.range(of: "data:image/svg+xml;base64,"))
        let base64 = rule[encoded.upperBound...].prefix { $0 != "\"" }
        let document = String(decoding: Data(base64Encoded: String(base64)) ?? Data(), as: UTF8.self)
        #expect(document.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"375\" height=\"667\""))
        #expect(document.components(separatedBy: "fill=").count - 1 == shapes.count)
    }

    @Test func nodeLookGivesWritersTheOutlineTheWireframeAndTheImage() throws {
        let image = AppearanceImage(path: "a.png", bytes: [1], format: .png, size: Size(width: 100, height: 50))
        let look = Appearance([.pane: RoleLook(color: Color(hex: "#112233"), image: image, fit: .contain, content: .list)])
        let node = Self.node(radius: CornerRadius(topLeft: 10, topRight: 0, bottomRight: 10, bottomLeft: 0))
        let nodeLook = NodeLook(node, theme: .dark, appearance: look)
        #expect(nodeLook.fill == Color(hex: "#112233"))
        #expect(nodeLook.path.filter { if case .cubic = $0 { true } else { false } }.count == 2)
        #expect(nodeLook.path.first == .move(Point(x: 10, y: 0)) && nodeLook.path.last == .close)
        #expect(nodeLook.content.count == WireframeContent.shapes(.list, size: node.frame.size).count)
        #expect(nodeLook.content.allSatisfy { $0.color == $0.shape.paint.color(in: Theme.dark.onDark) }, "light lines on a dark fill")
        let placed = try #require(nodeLook.image)
        #expect(placed.scaleX == 2.8 && placed.scaleY == 2.8 && placed.x == 0 && placed.y == 180)
        #expect(NodeLook.cssRadius(CornerRadius(8)) == "8px")
    }

    // MARK: - One theme

    @Test(arguments: Theme.Name.allCases)
    func oneThemeAcrossSVGAndCSS(name: Theme.Name) throws {
        let theme = Theme.named(name)
        let nodes = [Role.pane, .drawerLeft, .overlay].map { Self.node($0, radius: nil) }
        let frame = Fixtures.frame(nodes)
        let svg = SVGRenderer(theme: theme).render(frame)
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"375\" height=\"667\" fill=\"\(theme.background.hex)\"/>"))
        let css = CSSKeyframes(theme: theme).render([frame], fps: 30, title: "t")
        #expect(css.contains(".panekit-stage {") && css.contains("background: \(theme.background.hex); perspective: none;"))
        for role in [Role.pane, .drawerLeft] {
            #expect(svg.contains("fill=\"\(theme.color(of: role).hex)\" stroke="), "\(role) in SVG")
            #expect(
                css.contains(
                    ".\(CSSKeyframes.name(role)) { animation-name: \(CSSKeyframes.name(role)); background: \(theme.color(of: role).hex);"))
        }
        #expect(Theme.dark.background.hex == "#20242a" && Theme.light.background.hex == "#ffffff")
    }

    @Test func cssWritesBorderRadiusAtEachKeyframe() {
        let frame = Fixtures.frame([
            Self.node(radius: 12), Self.node(.drawerLeft, radius: CornerRadius(topLeft: 0, topRight: 20, bottomRight: 20, bottomLeft: 0)),
        ])
        let css = CSSKeyframes().render([frame], fps: 30, title: "t")
        #expect(css.contains("border-radius: 12px;"))
        #expect(css.contains("border-radius: 0px 20px 20px 0px;"))
    }
}

/// The SVG renderer's cell measure, reached through its package interface.
enum SVGRendererProbe {
    static func worstCellError(_ node: Node, cells: Int) -> Double { SVGRenderer.worstCellError(node, cells: cells) }
}
