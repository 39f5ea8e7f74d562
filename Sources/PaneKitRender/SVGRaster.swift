// The in-process rasteriser of the SVG PaneKit writes: its frames drawn into premultiplied pixels as librsvg draws
// them (cairo's byte arithmetic, the shadows' blur as librsvg computes it), for the GIF and MP4 encoders.

import Foundation
import PaneKit

/// A text element of a frame, drawn from a stamp (`TextStamps`): everything but its position.
package struct SVGText: Hashable, Sendable {
    /// The element's content, as written (XML-escaped).
    package var content: String
    /// Its attributes other than x and y, as written (`dy`, `font-size`, `text-anchor`, `fill`, `font-weight`).
    package var attributes: [String]
    /// The document's `font-family`.
    package var fontFamily: String
    /// Pixels per point.
    package var scale: Double
}

/// A text drawn once by librsvg: premultiplied pixels with the text's anchor at (`originX`, `originY`) plus the
/// phase it was drawn for.
package struct TextStamp: Sendable {
    package var pixels: [UInt32]
    package var width: Int
    package var originX: Int, originY: Int

    package init(pixels: [UInt32], width: Int, originX: Int, originY: Int) {
        (self.pixels, self.width, self.originX, self.originY) = (pixels, width, originX, originY)
    }
}

/// Where texts come from: librsvg has the fonts, so each text is drawn by it once per quarter-pixel phase.
package protocol TextStamps: Sendable {
    /// `text` with its anchor `phaseX`/4 and `phaseY`/4 of a pixel right of and below a pixel corner (0…3 each).
    func stamp(_ text: SVGText, phaseX: Int, phaseY: Int) -> TextStamp?
}

/// What the rasteriser cannot draw; the caller draws such frames with librsvg.
package struct SVGRasterUnsupported: Error, Equatable {
    /// The element or attribute.
    package var what: String
}

/// Draws PaneKit's SVG frames into a `PixelCanvas`.
///
/// It reads exactly what `SVGRenderer` writes: `rect`, `polygon` and `path` (M, L, Z) filled with a colour or a
/// linear gradient at an opacity, stroked with round joins, blurred through a `filter` (a drop shadow, see
/// `ShadowMask`); `clipPath` (non-zero or even-odd) and `g` with a clip or an opacity; `text` (from `TextStamps`).
/// Images (`image`, `use`, nested `svg`, `g transform`) are refused with `SVGRasterUnsupported`.
package struct SVGRaster {
    package private(set) var canvas: PixelCanvas
    let texts: (any TextStamps)?
    /// Pixels per unit of the documents' own size.
    let scale: Double
    /// The rasteriser's buffer, reused shape after shape.
    let scratch = Coverage.Scratch()
    /// The last shape rasterised and its coverage: a node's outline is filled and then clips its content.
    private var lastShape: (subpaths: [[Point]], evenOdd: Bool, coverage: Coverage?)?

    /// A rasteriser for frames of `width × height` pixels, drawn at `scale` pixels per unit of a document's size
    /// (as `rsvg-convert --zoom`).
    package init(width: Int, height: Int, scale: Double = 1, texts: (any TextStamps)? = nil) {
        canvas = PixelCanvas(width: width, height: height)
        self.texts = texts
        self.scale = scale
    }

    /// The pixel width and height of a frame of `size` drawn at `scale` (rounded up, as `rsvg-convert --zoom`).
    package static func pixelSize(_ size: Size, scale: Double) -> (width: Int, height: Int) {
        // A product such as 375 × 0.2 lands a hair above its whole number; that is not another pixel.
        func up(_ x: Double) -> Int { max(1, Int((x * scale - 1e-9).rounded(.up))) }
        return (up(size.width), up(size.height))
    }

    /// The frame's pixels, premultiplied BGRA words.
    package var pixels: [UInt32] { canvas.pixels }

    /// Draws one SVG document (over a cleared canvas).
    /// - Throws: `SVGRasterUnsupported` for an element it does not draw.
    package mutating func draw(_ svg: [UInt8]) throws(SVGRasterUnsupported) {
        canvas.clear()
        var reader = SVGReader(svg)
        var state = State()
        var opened: [Opened] = []
        while let tag = reader.nextTag() {
            switch tag.name {
            case "svg":
                guard state.scale == nil else { throw SVGRasterUnsupported(what: "a nested svg") }
                let width = tag.number("width") ?? 1
                let box = tag.numbers("viewBox")
                state.scale = scale * (box.count == 4 && box[2] > 0 ? width / box[2] : 1)
                state.fontFamily = tag["font-family"] ?? ""
            case "/svg": return
            case "title":
                reader.skipText()
            case "defs", "/defs", "/title", "/filter", "/clipPath", "/linearGradient", "/text", "stop":
                if tag.name == "stop", let id = state.gradientID {
                    state.gradients[id, default: Gradient()].stops.append(
                        (tag.number("offset") ?? 0, Self.color(tag["stop-color"]) ?? Color(red: 0, green: 0, blue: 0)))
                }
            case "filter":
                state.filterID = tag["id"]
            case "feGaussianBlur":
                if let id = state.filterID { state.blurs[id] = tag.number("stdDeviation") ?? 0 }
            case "linearGradient":
                let id = tag["id"] ?? ""
                state.gradientID = id
                state.gradients[id] = Gradient(
                    start: state.point(tag.number("x1") ?? 0, tag.number("y1") ?? 0),
                    end: state.point(tag.number("x2") ?? 0, tag.number("y2") ?? 0))
            case "clipPath":
                state.clipID = tag["id"]
            case "rect", "polygon", "path":
                let subpaths = try state.shape(tag)
                if let id = state.clipID {
                    state.clips[id] = coverage(subpaths, evenOdd: tag["clip-rule"] == "evenodd")
                    state.clipID = nil
                } else {
                    try paint(tag, subpaths, state)
                }
            case "g":
                if tag["transform"] != nil { throw SVGRasterUnsupported(what: "a transformed group (an image)") }
                if let reference = tag["clip-path"] {
                    canvas.beginClip(state.clips[Self.reference(reference)] ?? nil)
                    opened.append(.clip)
                } else if let opacity = tag.number("opacity") {
                    canvas.beginGroup(opacity: opacity)
                    opened.append(.group)
                } else {
                    opened.append(.nothing)
                }
            case "/g":
                switch opened.popLast() {
                case .clip: canvas.endClip()
                case .group: canvas.endGroup()
                default: break
                }
            case "text":
                try drawText(tag, content: reader.skipText(), state)
            case "image", "use":
                throw SVGRasterUnsupported(what: "an image")
            default:
                throw SVGRasterUnsupported(what: "<\(tag.name)>")
            }
        }
    }

    private var bounds: (width: Int, height: Int) { (canvas.width, canvas.height) }

    /// The coverage of `subpaths` on the canvas: the last shape's again when they are the same.
    private mutating func coverage(_ subpaths: [[Point]], evenOdd: Bool = false) -> Coverage? {
        if let last = lastShape, last.evenOdd == evenOdd, last.subpaths == subpaths { return last.coverage }
        let coverage = Coverage(subpaths, evenOdd: evenOdd, bounds: bounds, scratch: scratch)
        lastShape = (subpaths, evenOdd, coverage)
        return coverage
    }

    /// What a `g` started, to end it at its `</g>`.
    private enum Opened { case clip, group, nothing }

    /// A linear gradient in pixels.
    struct Gradient {
        var start = Point(x: 0, y: 0), end = Point(x: 0, y: 0)
        var stops: [(Double, Color)] = []
    }

    /// What the document has defined so far, and its scale.
    struct State {
        var scale: Double?
        var fontFamily = ""
        var blurs: [String: Double] = [:]
        var clips: [String: Coverage?] = [:]
        var gradients: [String: Gradient] = [:]
        var filterID: String?, clipID: String?, gradientID: String?

        func point(_ x: Double, _ y: Double) -> Point { Point(x: x * (scale ?? 1), y: y * (scale ?? 1)) }

        /// The closed subpaths of a `rect`, `polygon` or `path`, in pixels.
        func shape(_ tag: SVGReader.Tag) throws(SVGRasterUnsupported) -> [[Point]] {
            switch tag.name {
            case "rect":
                let x = tag.number("x") ?? 0, y = tag.number("y") ?? 0, w = tag.number("width") ?? 0, h = tag.number("height") ?? 0
                return [[point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)]]
            case "polygon":
                let n = tag.numbers("points")
                return [stride(from: 0, to: n.count - 1, by: 2).map { point(n[$0], n[$0 + 1]) }]
            default:
                return try SVGReader.pathData(tag["d"] ?? "").map { $0.map { point($0.x, $0.y) } }
            }
        }
    }

    /// Fills (a colour, a gradient or a blurred shadow) and strokes one shape.
    private mutating func paint(_ tag: SVGReader.Tag, _ subpaths: [[Point]], _ state: State) throws(SVGRasterUnsupported) {
        let opacity = tag.number("fill-opacity") ?? 1
        let fill = tag["fill"] ?? "#000000"
        if let filter = tag["filter"] {
            let sigma = (state.blurs[Self.reference(filter)] ?? 0) * (state.scale ?? 1)
            let shadow = ShadowDrawing(
                outline: subpaths.first ?? [], color: Self.color(fill) ?? Color(red: 0, green: 0, blue: 0), opacity: opacity, sigma: sigma)
            if let mask = ShadowMask(shadow, stage: bounds, scratch: scratch) { canvas.paint(mask) }
        } else if fill.hasPrefix("url(") {
            guard let gradient = state.gradients[Self.reference(fill)], let coverage = coverage(subpaths)
            else { return }
            canvas.paint(coverage) { x, y in Self.shade(gradient, x, y, opacity: opacity) }
        } else if fill != "none", let color = Self.color(fill), let coverage = coverage(subpaths) {
            canvas.fill(coverage, color: Pixel.premultiplied(color, opacity: opacity))
        }
        if let stroke = tag["stroke"], let color = Self.color(stroke) {
            let width = (tag.number("stroke-width") ?? 1) * (state.scale ?? 1)
            let ring = subpaths.flatMap { Coverage.strokeRing($0, width: width) }
            if let coverage = Coverage(ring, bounds: bounds, scratch: scratch) {
                canvas.fill(coverage, color: Pixel.premultiplied(color, opacity: tag.number("stroke-opacity") ?? 1))
            }
        }
    }

    /// A text element, from its stamp at the nearest quarter-pixel phase.
    private mutating func drawText(_ tag: SVGReader.Tag, content: String, _ state: State) throws(SVGRasterUnsupported) {
        guard let texts else { throw SVGRasterUnsupported(what: "text") }
        let anchor = state.point(tag.number("x") ?? 0, tag.number("y") ?? 0)
        let text = SVGText(
            content: content, attributes: tag.attributes.filter { $0.0 != "x" && $0.0 != "y" }.map { "\($0.0)=\"\($0.1)\"" },
            fontFamily: state.fontFamily, scale: state.scale ?? 1)
        func place(_ v: Double) -> (Int, Int) {
            let quarters = Int((v * 4).rounded())
            return (quarters >> 2, quarters & 3)
        }
        let (x, phaseX) = place(anchor.x), (y, phaseY) = place(anchor.y)
        guard let stamp = texts.stamp(text, phaseX: phaseX, phaseY: phaseY) else { throw SVGRasterUnsupported(what: "text") }
        canvas.stamp(stamp.pixels, width: stamp.width, at: x - stamp.originX, y - stamp.originY)
    }

    /// The premultiplied colour of a two-stop gradient at a pixel's centre (padded beyond its ends).
    static func shade(_ gradient: Gradient, _ x: Int, _ y: Int, opacity: Double) -> UInt32 {
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((Double(x) + 0.5 - gradient.start.x) * dx + (Double(y) + 0.5 - gradient.start.y) * dy) / length : 0
        t = min(max(t, 0), 1)
        let stops = gradient.stops.sorted { $0.0 < $1.0 }
        guard let first = stops.first, let last = stops.last else { return 0 }
        var color = t <= first.0 ? first.1 : last.1
        for k in 1..<max(1, stops.count) where stops[k - 1].0 <= t && t <= stops[k].0 {
            let (a, b) = (stops[k - 1], stops[k])
            let f = b.0 > a.0 ? (t - a.0) / (b.0 - a.0) : 0
            color = Color(
                red: a.1.red + (b.1.red - a.1.red) * f, green: a.1.green + (b.1.green - a.1.green) * f,
                blue: a.1.blue + (b.1.blue - a.1.blue) * f)
        }
        return Pixel.premultiplied(color, opacity: opacity)
    }

    /// `#rrggbb` as a colour; nil for anything else.
    static func color(_ text: String?) -> Color? {
        guard let text, text.utf8.count == 7, text.hasPrefix("#"), let v = UInt32(text.dropFirst(), radix: 16) else { return nil }
        return Color(red: Double(v >> 16 & 0xff) / 255, green: Double(v >> 8 & 0xff) / 255, blue: Double(v & 0xff) / 255)
    }

    /// The id in `url(#id)`.
    static func reference(_ text: String) -> String {
        String(text.dropFirst(text.hasPrefix("url(#") ? 5 : 0).prefix { $0 != ")" })
    }
}
