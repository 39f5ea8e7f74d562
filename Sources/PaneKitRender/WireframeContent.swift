// The built-in wireframes of `appearance.ROLE.content`: design-mock shapes in a node's own coordinates.

import PaneKit

/// One shape of a wireframe, in the node's own coordinates (origin at the frame's top left, y down).
public struct ContentShape: Sendable, Hashable {
    /// The geometry of a shape.
    public enum Geometry: Sendable, Hashable {
        /// A rectangle with rounded corners (radius 0 for square ones).
        case rect(Rect, radius: Double)
        /// The ellipse inscribed in the rectangle.
        case ellipse(Rect)
        /// A closed polygon (straight edges).
        case polygon([Point])
    }

    /// Which of the theme's wireframe colours a shape is painted with.
    public enum Paint: Sendable, Hashable {
        /// ``Theme/Wireframe/surface``.
        case surface
        /// ``Theme/Wireframe/block``.
        case block
        /// ``Theme/Wireframe/text``.
        case text
        /// ``Theme/Wireframe/faint``.
        case faint
        /// ``Theme/Wireframe/accent``.
        case accent

        /// The colour of this paint in `colors`.
        public func color(in colors: Theme.Wireframe) -> Color {
            switch self {
            case .surface: colors.surface
            case .block: colors.block
            case .text: colors.text
            case .faint: colors.faint
            case .accent: colors.accent
            }
        }
    }

    /// Where the shape is.
    public var geometry: Geometry
    /// What it is painted with.
    public var paint: Paint
}

/// The shapes of each `ContentKind` for a node of a given size: the same list for SVG (each point projected
/// through the node's transform) and for the page and CSS (an SVG image the browser transforms with the node).
public enum WireframeContent {
    /// The shapes of `kind` in a node of `size`, back to front; none reach past the frame.
    /// - Complexity: O(shapes), a few dozen for a phone-sized node.
    public static func shapes(_ kind: ContentKind, size: Size) -> [ContentShape] { shapes(kind, size: size, bottom: size.height) }

    /// The shapes of `kind` laid out for a node of `size` but continued down to `bottom` (≥ the height): the content
    /// a scroll region shows once scrolled, whose rows keep their places and go on past the frame's bottom.
    /// - Complexity: O(shapes).
    public static func shapes(_ kind: ContentKind, size: Size, bottom: Double) -> [ContentShape] {
        var b = Builder(size: size, bottom: max(bottom, size.height))
        switch kind {
        case .menu: b.menu()
        case .feed: b.feed()
        case .list: b.list()
        case .settings: b.settings()
        case .map: b.map()
        case .player: b.player()
        case .form: b.form()
        case .keyboard: b.keyboard()
        }
        return b.shapes
    }

    /// The shapes as a standalone SVG document of `size` (its own coordinates), for a CSS background.
    public static func svgDocument(_ kind: ContentKind, size: Size, colors: Theme.Wireframe) -> String {
        var out = TextBuffer(capacity: 4096)
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        out.append(attribute: "width", size.width)
        out.append(attribute: "height", size.height)
        out.append(" viewBox=\"0 0 ")
        out.append(number: size.width, size.height)
        out.append("\" preserveAspectRatio=\"none\">")
        for shape in shapes(kind, size: size) {
            switch shape.geometry {
            case .rect(let r, let radius):
                out.append("<rect")
                out.append(attributesOf: r)
                if radius > 0 { out.append(attribute: "rx", radius) }
            case .ellipse(let r):
                out.append("<ellipse")
                out.append(attribute: "cx", r.midX)
                out.append(attribute: "cy", r.midY)
                out.append(attribute: "rx", r.width / 2)
                out.append(attribute: "ry", r.height / 2)
            case .polygon(let points):
                out.append("<polygon points=\"")
                for (i, p) in points.enumerated() {
                    if i > 0 { out.append(" ") }
                    SVGRenderer.appendPoint(p, to: &out)
                }
                out.append("\"")
            }
            let c = shape.paint.color(in: colors)
            out.append(" fill=\"")
            out.append(rgb: c)
            if c.alpha < 1 {
                out.append("\" fill-opacity=\"")
                out.append(number: c.alpha)
            }
            out.append("\"/>")
        }
        out.append("</svg>")
        return out.string
    }

    /// Lays out one wireframe: a unit `u` that follows the node's width (1 at 375 pt), a margin, and a cursor.
    private struct Builder {
        /// The width and height the layout is proportioned to, and how far down rows go on (the height, unless the
        /// content is scrolled).
        let w: Double, h: Double, bottom: Double, u: Double, m: Double
        var shapes: [ContentShape] = []

        init(size: Size, bottom: Double) {
            w = size.width
            h = size.height
            self.bottom = bottom
            u = min(max(size.width / 375, 0.4), 2.5)
            m = 16 * u
        }

        mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ radius: Double, _ paint: ContentShape.Paint) {
            // Cut at the bottom and right edges; drop what starts outside.
            let width = min(width, w - x), height = min(height, bottom - y)
            guard x >= 0, y >= 0, width > 0.5, height > 0.5 else { return }
            shapes.append(
                ContentShape(
                    geometry: .rect(Rect(x: x, y: y, width: width, height: height), radius: min(radius, width / 2, height / 2)),
                    paint: paint))
        }

        mutating func circle(_ cx: Double, _ cy: Double, _ r: Double, _ paint: ContentShape.Paint) {
            guard cx - r >= 0, cy - r >= 0, cx + r <= w, cy + r <= bottom else { return }
            shapes.append(ContentShape(geometry: .ellipse(Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)), paint: paint))
        }

        mutating func polygon(_ points: [Point], _ paint: ContentShape.Paint) {
            guard points.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x <= w && $0.y <= bottom }) else { return }
            shapes.append(ContentShape(geometry: .polygon(points), paint: paint))
        }

        /// A line of text: a rounded bar.
        mutating func text(_ x: Double, _ y: Double, _ width: Double, _ paint: ContentShape.Paint = .text, height: Double = 8) {
            rect(x, y, width, height * u, height * u / 2, paint)
        }

        /// A navigation bar with a back chevron, a title and an action; returns the y below it.
        mutating func navigationBar(title: Double = 0.32) -> Double {
            let bar = 44 * u, top = min(20 * u, h * 0.03)
            rect(0, 0, w, top + bar, 0, .surface)
            polygon(
                [
                    Point(x: m + 8 * u, y: top + bar / 2 - 7 * u), Point(x: m + 1 * u, y: top + bar / 2),
                    Point(x: m + 8 * u, y: top + bar / 2 + 7 * u), Point(x: m + 10.5 * u, y: top + bar / 2 + 5 * u),
                    Point(x: m + 5.5 * u, y: top + bar / 2), Point(x: m + 10.5 * u, y: top + bar / 2 - 5 * u),
                ], .accent)
            text((w - w * title) / 2, top + bar / 2 - 5 * u, w * title, height: 10)
            circle(w - m - 9 * u, top + bar / 2, 9 * u, .block)
            rect(0, top + bar - max(0.5, u * 0.5), w, max(0.5, u * 0.5), 0, .faint)
            return top + bar
        }

        mutating func menu() {
            let top = min(28 * u, h * 0.05)
            circle(m + 28 * u, top + 28 * u, 28 * u, .block)
            text(m, top + 68 * u, w * 0.45, height: 11)
            text(m, top + 88 * u, w * 0.6, .faint)
            var y = top + 120 * u
            rect(m, y, w - 2 * m, max(0.5, u * 0.5), 0, .faint)
            y += 16 * u
            let widths = [0.42, 0.34, 0.5, 0.3, 0.46, 0.38, 0.28, 0.44]
            for (i, width) in widths.enumerated() where y + 24 * u <= bottom - m {
                if i == 0 { rect(m - 8 * u, y - 8 * u, w - 2 * m + 16 * u, 40 * u, 10 * u, .surface) }
                rect(m, y, 24 * u, 24 * u, 6 * u, i == 0 ? .accent : .block)
                text(m + 40 * u, y + 7 * u, w * width, i == 0 ? .text : .text, height: 10)
                y += 48 * u
                if i == 4 {
                    rect(m, y - 12 * u, w - 2 * m, max(0.5, u * 0.5), 0, .faint)
                    y += 12 * u
                }
            }
        }

        mutating func feed() {
            var y = navigationBar() + 12 * u
            // Stories: a row of circles.
            var x = m + 26 * u
            while x + 26 * u <= w - m / 2 {
                circle(x, y + 26 * u, 26 * u, .block)
                circle(x, y + 26 * u, 22 * u, .surface)
                circle(x, y + 26 * u, 19 * u, .block)
                x += 66 * u
            }
            y += 64 * u
            let cardWidth = w - 2 * m
            while y + 80 * u <= bottom {
                let picture = cardWidth * 0.56
                rect(m, y, cardWidth, picture + 84 * u, 14 * u, .surface)
                rect(m, y, cardWidth, picture, 14 * u, .block)
                rect(m, y + picture - 14 * u, cardWidth, 14 * u, 0, .block)
                circle(m + 26 * u, y + picture + 28 * u, 14 * u, .block)
                text(m + 50 * u, y + picture + 18 * u, cardWidth * 0.45, height: 9)
                text(m + 50 * u, y + picture + 34 * u, cardWidth * 0.3, .faint)
                text(m + 12 * u, y + picture + 60 * u, cardWidth * 0.7, .faint)
                y += picture + 84 * u + 14 * u
            }
        }

        mutating func list() {
            var y = navigationBar() + 8 * u
            rect(m, y, w - 2 * m, 34 * u, 10 * u, .surface)
            circle(m + 16 * u, y + 17 * u, 6 * u, .faint)
            text(m + 30 * u, y + 13 * u, w * 0.3, .faint)
            y += 46 * u
            let widths = [0.5, 0.38, 0.56, 0.42, 0.34, 0.48, 0.4, 0.52, 0.36, 0.46, 0.44, 0.3]
            var i = 0
            while y + 64 * u <= bottom {
                let width = widths[i % widths.count]
                rect(m, y + 10 * u, 44 * u, 44 * u, 10 * u, .block)
                text(m + 58 * u, y + 18 * u, w * width, height: 10)
                text(m + 58 * u, y + 36 * u, w * (width * 0.7), .faint)
                text(w - m - 30 * u, y + 18 * u, 30 * u, .faint)
                rect(m + 58 * u, y + 64 * u - 0.5, w - m - 58 * u, max(0.5, u * 0.5), 0, .faint)
                y += 64 * u
                i += 1
            }
        }

        mutating func settings() {
            let top = min(20 * u, h * 0.03)
            text(m, top + 24 * u, w * 0.42, height: 18)
            var y = top + 64 * u
            let groups = [3, 4, 2, 3, 4]
            var row = 0
            for count in groups {
                let height = Double(count) * 44 * u
                guard y + height <= bottom - 8 * u else { break }
                rect(m, y, w - 2 * m, height, 12 * u, .surface)
                for r in 0..<count {
                    let cy = y + Double(r) * 44 * u
                    rect(m + 12 * u, cy + 8 * u, 28 * u, 28 * u, 7 * u, row % 3 == 0 ? .accent : .block)
                    text(m + 52 * u, cy + 18 * u, w * [0.3, 0.38, 0.26, 0.34][row % 4], height: 9)
                    if row % 2 == 0 {
                        rect(w - m - 60 * u, cy + 11 * u, 48 * u, 22 * u, 11 * u, .accent)
                        circle(w - m - 23 * u, cy + 22 * u, 9 * u, .surface)
                    } else {
                        text(w - m - 30 * u, cy + 18 * u, 16 * u, .faint, height: 9)
                    }
                    if r < count - 1 { rect(m + 52 * u, cy + 44 * u - 0.5, w - 2 * m - 52 * u, max(0.5, u * 0.5), 0, .faint) }
                    row += 1
                }
                y += height + 28 * u
            }
        }

        mutating func map() {
            // Blocks between roads, a park, a route along the roads and a pin.
            let road = 10 * u
            let columns = stride(from: -20 * u, to: w, by: 110 * u).map { $0 }
            let rows = stride(from: 70 * u, to: bottom, by: 130 * u).map { $0 }
            for x in columns { rect(max(x, 0), 0, road - min(x, 0), bottom, 0, .surface) }
            for y in rows { rect(0, y, w, road, 0, .surface) }
            for (i, x) in columns.enumerated() {
                for (j, y) in rows.enumerated() where (i + 2 * j) % 5 == 1 {
                    rect(x + road + 8 * u, y + road + 8 * u, 110 * u - road - 16 * u, 130 * u - road - 16 * u, 8 * u, .block)
                }
            }
            // The route keeps to the streets of the frame itself when the map is scrolled.
            let streets = Array(rows.prefix { $0 < h })
            if columns.count > 2, streets.count > 3 {
                // From below the search field down a street, then along a cross street to the pin.
                let x1 = columns[1] + road / 2, x2 = columns[2] + road / 2, y1 = streets[1] + road / 2
                let y2 = streets[streets.count - 2] + road / 2
                rect(x1 - 3 * u, y1, 6 * u, y2 - y1, 3 * u, .accent)
                rect(x1 - 3 * u, y2 - 3 * u, x2 - x1 + 6 * u, 6 * u, 3 * u, .accent)
                circle(x1, y1, 9 * u, .accent)
                circle(x1, y1, 4 * u, .surface)
                polygon(
                    [Point(x: x2 - 12 * u, y: y2 - 22 * u), Point(x: x2 + 12 * u, y: y2 - 22 * u), Point(x: x2, y: y2 - 2 * u)], .accent)
                circle(x2, y2 - 26 * u, 13 * u, .accent)
                circle(x2, y2 - 26 * u, 5 * u, .surface)
            }
            let top = min(28 * u, h * 0.05)
            rect(m, top, w - 2 * m, 44 * u, 22 * u, .surface)
            circle(m + 22 * u, top + 22 * u, 7 * u, .faint)
            text(m + 40 * u, top + 18 * u, w * 0.36, .text)
        }

        mutating func player() {
            let top = min(40 * u, h * 0.06)
            rect((w - 36 * u) / 2, top - 20 * u, 36 * u, 5 * u, 2.5 * u, .faint)
            let art = min(w - 2 * m - 24 * u, h * 0.5)
            rect((w - art) / 2, top + 12 * u, art, art, 16 * u, .block)
            circle(w / 2, top + 12 * u + art / 2, art * 0.18, .surface)
            var y = top + art + 40 * u
            text(m + 12 * u, y, w * 0.5, height: 14)
            text(m + 12 * u, y + 24 * u, w * 0.34, .faint, height: 10)
            y += 56 * u
            rect(m + 12 * u, y, w - 2 * m - 24 * u, 4 * u, 2 * u, .faint)
            rect(m + 12 * u, y, (w - 2 * m - 24 * u) * 0.38, 4 * u, 2 * u, .accent)
            circle(m + 12 * u + (w - 2 * m - 24 * u) * 0.38, y + 2 * u, 7 * u, .accent)
            y += 48 * u
            let cx = w / 2
            circle(cx, y + 12 * u, 30 * u, .accent)
            polygon([Point(x: cx - 8 * u, y: y), Point(x: cx + 13 * u, y: y + 12 * u), Point(x: cx - 8 * u, y: y + 24 * u)], .surface)
            for side in [-1.0, 1.0] {
                let bx = cx + side * 88 * u
                let tip = bx + side * 10 * u, back = bx - side * 10 * u
                polygon([Point(x: back, y: y + 2 * u), Point(x: tip, y: y + 12 * u), Point(x: back, y: y + 22 * u)], .text)
                rect(side < 0 ? tip - 4 * u : tip, y + 2 * u, 4 * u, 20 * u, 1 * u, .text)
            }
        }

        mutating func form() {
            var y = navigationBar(title: 0.28) + 20 * u
            for (i, width) in [0.22, 0.3, 0.18, 0.26].enumerated() where y + 76 * u <= h - 70 * u {
                text(m, y, w * width, .text, height: 9)
                rect(m, y + 18 * u, w - 2 * m, 44 * u, 10 * u, .faint)
                rect(m + 1.5 * u, y + 19.5 * u, w - 2 * m - 3 * u, 41 * u, 9 * u, .surface)
                if i == 0 {
                    rect(m + 14 * u, y + 31 * u, 2 * u, 18 * u, 1 * u, .accent)
                } else {
                    text(m + 14 * u, y + 36 * u, w * 0.3, .faint)
                }
                y += 84 * u
            }
            rect(m, y + 8 * u, w - 2 * m, 50 * u, 12 * u, .accent)
            text((w - w * 0.24) / 2, y + 29 * u, w * 0.24, .surface, height: 9)
        }

        mutating func keyboard() {
            let gap = 6 * u, side = 3 * u
            let keyHeight = max(8, min(42 * u, (h - 5 * gap - 8 * u) / 4))
            let key = (w - 2 * side - 9 * gap) / 10
            // The keys sit at the bottom of a node taller than a keyboard, as a keyboard sits on the screen's.
            let block = 4 * keyHeight + 3 * (gap + 4 * u)
            var y = max(gap + 2 * u, h - block - gap - 2 * u)
            for (count, inset) in [(10, 0.0), (9, 0.5), (7, 1.5)] {
                var x = side + inset * (key + gap)
                if count == 7 {
                    rect(side, y, key * 1.3, keyHeight, 5 * u, .block)
                    rect(w - side - key * 1.3, y, key * 1.3, keyHeight, 5 * u, .block)
                }
                for _ in 0..<count {
                    rect(x, y, key, keyHeight, 5 * u, .surface)
                    rect(x + key / 2 - 3 * u, y + keyHeight / 2 - 3 * u, 6 * u, 6 * u, 1.5 * u, .faint)
                    x += key + gap
                }
                y += keyHeight + gap + 4 * u
            }
            rect(side, y, key * 2.4, keyHeight, 5 * u, .block)
            rect(side + key * 2.4 + gap, y, w - 2 * side - key * 4.8 - 2 * gap, keyHeight, 5 * u, .surface)
            rect(w - side - key * 2.4, y, key * 2.4, keyHeight, 5 * u, .accent)
        }
    }
}
