// A grid scenario's cells clip their nodes (Examples/pager-contact-sheet.json): a carousel's neighbouring pages,
// posed past its cell's edges, show in no other cell and in no gap, in every writer that draws.

import Foundation
import PaneKit
import PaneKitScenario
import Testing

@testable import PaneKitRender

@Suite struct ContactSheetClipTests {
    /// The sheet's frames, its cells' rectangles and their labels, worked out from the scenario's own grid.
    struct Sheet {
        var frames: [Frame]
        var cells: [(label: String, rect: Rect)]
        var captions: [Rect]
    }

    static let sheet: Sheet = {
        let scenario = try! CarouselContactSheetTests.scenario()
        let grid = scenario.grid!
        let cells = grid.cells.indices.map { i in
            (grid.cells[i].label, Rect(origin: grid.origin(ofCell: i, cell: scenario.size), size: scenario.size))
        }
        let captions = cells.map {
            Rect(x: $0.1.x, y: $0.1.y - ScenarioGrid.captionHeight, width: $0.1.width, height: ScenarioGrid.captionHeight)
        }
        return Sheet(frames: try! Fixtures.frames(CarouselContactSheetTests.name), cells: cells, captions: captions)
    }()

    /// The frames whose pages reach past their cell's rectangle by more than `margin` points (so a writer that does
    /// not clip draws them in a gap or another cell): a frame every 15, from 0.
    static func spilling(margin: Double = 8) -> [Frame] {
        let frames = stride(from: 0, to: sheet.frames.count, by: 15).map { sheet.frames[$0] }.filter { frame in
            frame.nodes.contains { node in
                guard !node.style.hidden, node.style.alpha > 0,
                    let cell = sheet.cells.first(where: { node.role.rawValue.hasPrefix("cell.\($0.label)/") })
                else { return false }
                return node.corners.points.contains { p in
                    p.x < cell.rect.minX - margin || p.x > cell.rect.maxX + margin || p.y < cell.rect.minY - margin
                        || p.y > cell.rect.maxY + margin
                }
            }
        }
        return frames
    }

    /// Whether `point` lies in no cell and no caption, `margin` points clear of them (a border's antialiasing).
    static func inGap(_ point: Point, margin: Double) -> Bool {
        (sheet.cells.map(\.rect) + sheet.captions).allSatisfy { r in
            point.x < r.minX - margin || point.x > r.maxX + margin || point.y < r.minY - margin || point.y > r.maxY + margin
        }
    }

    @Test func theSheetHasPagesPastTheirCells() {
        // The premise of every test below: without a clip, pages would show outside their cells.
        #expect(Self.spilling().count >= 3, "\(Self.spilling().count) frames have a page past its cell")
    }

    @Test func theSVGClipsEachCellToItsRectangle() throws {
        let frame = try #require(Self.spilling().first)
        let svg = SVGRenderer().render(frame)
        for (i, cell) in Self.sheet.cells.enumerated() {
            let r = cell.rect
            let clip = "<clipPath id=\"cell-\(i)\"><rect x=\"\(NumberFormat.string(r.x))\" y=\"\(NumberFormat.string(r.y))\""
            #expect(svg.contains(clip), "no clip path for \(cell.label)")
            #expect(svg.contains("<g clip-path=\"url(#cell-\(i))\">"), "no clipped group for \(cell.label)")
        }
        // The captions are drawn outside every clip: each is still written.
        for cell in Self.sheet.cells { #expect(svg.contains(">\(cell.label)</text>"), "the caption \(cell.label) is gone") }
    }

    /// The PNG drawn from the SVG (the same paths the PNG, GIF and MP4 writers draw), at half a pixel a point: every
    /// pixel of the gaps between the cells is the stage's background, with the pages past the cells' edges clipped.
    @Test func noPageShowsInTheGapsOfThePNG() throws {
        let frames = Self.spilling()
        try #require(!frames.isEmpty)
        for frame in frames.prefix(1) {
            let scale = 0.5
            let (width, height) = SVGRaster.pixelSize(frame.size, scale: scale)
            var raster = SVGRaster(width: width, height: height, scale: scale)
            try raster.draw(Array(SVGRenderer(labels: false).render(frame).utf8))
            let pixels = raster.pixels, background = pixels[0]
            var spilled = 0
            for y in 0..<height {
                for x in 0..<width where Self.inGap(Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale), margin: 3) {
                    if pixels[y * width + x] != background { spilled += 1 }
                }
            }
            #expect(spilled == 0, "frame \(frame.index): \(spilled) pixels of the gaps are not the stage")
        }
    }

    /// The terminal's drawing: no character cell whose centre lies in a gap shows anything.
    @Test func noPageShowsInTheGapsOfTheASCII() throws {
        let frames = Self.spilling()
        try #require(!frames.isEmpty)
        let columns = 281, rows = 88
        for frame in frames {
            let lines = ASCIIRenderer(columns: columns, rows: rows).render(frame).split(separator: "\n", omittingEmptySubsequences: false)
            var spilled = 0
            for r in 0..<rows {
                let line = Array(lines[r].utf8)
                for c in 0..<columns {
                    let centre = Point(
                        x: (Double(c) + 0.5) * frame.size.width / Double(columns), y: (Double(r) + 0.5) * frame.size.height / Double(rows))
                    if Self.inGap(centre, margin: 12), line[c] != UInt8(ascii: " ") { spilled += 1 }
                }
            }
            #expect(spilled == 0, "frame \(frame.index): \(spilled) characters in the gaps")
        }
    }

    /// The CSS and its page: each cell is a box with `overflow: hidden` at its rectangle, its nodes nested in it and
    /// posed in its coordinates.
    @Test func theCSSHidesEachCellsOverflow() throws {
        let frames = Self.sheet.frames
        let css = CSSKeyframes()
        let sheet = css.render(frames, fps: 30, title: "sheet")
        let page = css.page(frames, stylesheet: "sheet.css", title: "sheet")
        for cell in Self.sheet.cells {
            let r = cell.rect, name = "panekit-clip-" + cell.label.replacingOccurrences(of: ".", with: "-")
            #expect(
                sheet.contains(
                    ".\(name) { position: absolute; overflow: hidden; left: \(NumberFormat.string(r.x))px; top: \(NumberFormat.string(r.y))px; "
                        + "width: \(NumberFormat.string(r.width))px; height: \(NumberFormat.string(r.height))px; }"),
                "no clipping box for \(cell.label)")
            let open = try #require(page.range(of: "<div class=\"panekit-cell \(name)\">\n"), "no box for \(cell.label)")
            let close = try #require(page.range(of: "</div>\n</div>\n", range: open.upperBound..<page.endIndex))
            let nested = page[open.upperBound..<close.upperBound]
            #expect(nested.contains("title=\"cell.\(cell.label)/page."), "the box of \(cell.label) holds none of its pages")
            #expect(!nested.contains("title=\"cell.\(cell.label)\""), "the caption of \(cell.label) is clipped with its cell")
        }
        // A cell's node is posed relative to its cell: its first keyframe's left is its x less the cell's.
        let node = try #require(frames[0].nodes.first { $0.role.rawValue.hasPrefix("cell.\(Self.sheet.cells[1].label)/page.") })
        let left = NumberFormat.string(node.frame.x - Self.sheet.cells[1].rect.x)
        let rule = try #require(sheet.range(of: "@keyframes \(CSSKeyframes.name(node.role)) {\n"))
        #expect(sheet[rule.upperBound...].hasPrefix("  0% { left: \(left)px;"), "\(sheet[rule.upperBound...].prefix(60))")
    }

    /// Lottie: each cell's layers are one precomposition whose layer is masked by the cell's rectangle.
    @Test func theLottieMasksEachCell() throws {
        let frames = Array(Self.sheet.frames.prefix(40))
        let json = LottieWriter().render(frames, fps: 30, title: "sheet").json
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let layers = try #require(root["layers"] as? [[String: Any]])
        let assets = try #require(root["assets"] as? [[String: Any]])
        for cell in Self.sheet.cells {
            let id = "cell-" + cell.label.replacingOccurrences(of: ".", with: "-")
            #expect(!layers.contains { ($0["nm"] as? String)?.hasPrefix("cell.\(cell.label)/") == true }, "\(cell.label)'s nodes unmasked")
            let layer = try #require(layers.first { $0["refId"] as? String == id }, "no layer shows \(id)")
            let masks = try #require(layer["masksProperties"] as? [[String: Any]])
            let path = try #require(((masks.first?["pt"] as? [String: Any])?["k"] as? [String: Any])?["v"] as? [[Double]])
            let r = cell.rect
            #expect(path == [[r.minX, r.minY], [r.maxX, r.minY], [r.maxX, r.maxY], [r.minX, r.maxY]], "\(cell.label): \(path)")
            let asset = try #require(assets.first { $0["id"] as? String == id })
            let inner = (asset["layers"] as? [[String: Any]] ?? []).compactMap { $0["nm"] as? String }
            #expect(inner.contains { $0.hasPrefix("cell.\(cell.label)/page.") }, "\(id) holds \(inner)")
            #expect(inner.allSatisfy { $0.hasPrefix("cell.\(cell.label)/") }, "\(id) holds \(inner)")
        }
        // The captions stay in the main composition, unclipped.
        for cell in Self.sheet.cells {
            #expect(layers.contains { $0["nm"] as? String == "cell.\(cell.label)" }, "no caption \(cell.label)")
        }
    }

    /// JSON Lines: a grid frame names each cell's rectangle (the studio clips with it); other frames have no `cells`.
    @Test func aGridFrameCarriesItsCellsInJSON() throws {
        let line = FrameJSON.line(Self.sheet.frames[0])
        let cells = Self.sheet.cells.map { cell in
            let r = cell.rect
            return
                "{\"label\":\"\(cell.label)\",\"rect\":[\([r.x, r.y, r.width, r.height].map(NumberFormat.string).joined(separator: ","))]}"
        }
        #expect(line.contains(",\"escape\":false,\"cells\":[" + cells.joined(separator: ",") + "],\"nodes\":["))
        #expect(!FrameJSON.line(try Fixtures.frames("pager-swiper")[0]).contains("\"cells\""))
        // Each cell's nodes are its range of the frame's nodes, and no caption is in any.
        for frame in Self.spilling() {
            #expect(frame.cells.map(\.label) == Self.sheet.cells.map(\.label))
            for cell in frame.cells {
                let inside = frame.nodes.indices.filter { frame.nodes[$0].role.rawValue.hasPrefix("cell.\(cell.label)/") }
                #expect(Array(cell.nodes) == inside, "frame \(frame.index), \(cell.label): \(cell.nodes) against \(inside)")
            }
        }
    }
}
