// Frames as character grids: every node's projected quad rasterised back to front, for terminals and text files.

import PaneKit

/// Draws frames as a grid of characters (default 80 × 24), the container scaled to fill it.
///
/// Each visible node is rasterised from its projected corners (perspective included) back to front: a border
/// (`+ - |`) where the node ends, the fill of its role, its label in its centre when it fits. A node below full
/// opacity is filled with the density ramp ` .,:;ox%#@` (its border and label only from alpha 0.5); the overlay
/// (scrim) shades what lies under it instead of hiding it; the divider and the split corners have drawings of
/// their own (see `DividerDrawing`, `CornerPiece`). With colour, alpha blends the colours. What a grid's cell
/// (`FrameCell`) draws shows only on the characters whose centres lie in its rectangle.
public struct ASCIIRenderer: Sendable {
    /// The grid's width in characters.
    public var columns: Int
    /// The grid's height in lines (the caption is not counted).
    public var rows: Int
    /// Which terminal colours the text uses, or none.
    public var color: TerminalColor

    /// - Parameters:
    ///   - columns: characters per line (at least 1).
    ///   - rows: lines (at least 1).
    ///   - color: how colour is written; `.none` writes characters only.
    public init(columns: Int = 80, rows: Int = 24, color: TerminalColor = .none) {
        precondition(columns >= 1 && rows >= 1, "the grid needs at least one cell")
        self.columns = columns
        self.rows = rows
        self.color = color
    }

    /// The frame as `rows` lines, each ending in a newline.
    /// - Complexity: per frame O(nodes × cells covered); allocates the grid and the text.
    public func render(_ frame: Frame) -> String {
        var canvas = ASCIICanvas(columns: columns, rows: rows)
        var out = TextBuffer(capacity: (columns + 1) * rows * (color == .none ? 1 : 4))
        render(frame, canvas: &canvas, into: &out)
        return out.string
    }

    /// Draws `frame` on a reused canvas and appends its lines (ended by `lineEnd`) to `out`.
    /// - Complexity: per frame O(nodes × cells covered); no allocation once `canvas` and `out` have grown.
    package func render(_ frame: Frame, canvas: inout ASCIICanvas, into out: inout TextBuffer, lineEnd: StaticString = "\n") {
        if canvas.columns != columns || canvas.rows != rows { canvas = ASCIICanvas(columns: columns, rows: rows) }
        canvas.draw(frame, shadeWithGlyphs: color == .none)
        canvas.write(to: &out, color: color, lineEnd: lineEnd)
    }

    /// One line about the frame: `frame 5  t=0.166667s  opening  left=0.5 right=1`.
    public static func caption(_ frame: Frame) -> String {
        var out = TextBuffer(capacity: 64)
        appendCaption(frame, to: &out)
        return out.string
    }

    /// Appends `caption(frame)`.
    package static func appendCaption(_ frame: Frame, to out: inout TextBuffer) {
        out.append("frame ")
        out.append(int: frame.index)
        out.append("  t=")
        out.append(number: frame.time)
        out.append("s  ")
        out.append(frame.state.rawValue)
        out.append(" ")
        for entry in frame.fractions.values {
            out.append(" ")
            out.append(entry.direction.rawValue)
            out.append("=")
            out.append(number: entry.closed)
        }
    }
}

/// A character grid with a colour per cell, reused from frame to frame.
package struct ASCIICanvas: Sendable {
    /// The grid's width in characters.
    package let columns: Int
    /// The grid's height in lines.
    package let rows: Int
    /// One ASCII byte per cell, row by row.
    package private(set) var glyphs: [UInt8]
    private var foreground: [CellColor]
    private var background: [CellColor]
    // The columns a node covers on each row r, at index r + 1 (rows −1 and `rows` too, for the border test).
    private var spanLow: [Int]
    private var spanHigh: [Int]
    private var firstRow = 0, lastRow = -1
    // Whether the node is one row tall: it is then all fill and label, with no top and bottom border.
    private var singleRow = false
    // Whether the colour layers are kept (off in the no-colour mode, where only glyphs are written).
    private var colored = true
    // The grid as it was before a grid's cell was drawn (`keep`, `restore`); empty until a frame has cells.
    private var kept: (glyphs: [UInt8], foreground: [CellColor], background: [CellColor]) = ([], [], [])

    static let ramp: [UInt8] = Array(" .,:;ox%#@".utf8)
    static let paper = CellColor(red: 0.11, green: 0.12, blue: 0.14)
    static let pencil = CellColor(red: 0.75, green: 0.77, blue: 0.8)

    /// A blank grid of `columns` × `rows` cells; its storage is reused by every frame drawn into it.
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        glyphs = Array(repeating: UInt8(ascii: " "), count: columns * rows)
        foreground = Array(repeating: Self.paper, count: columns * rows)
        background = foreground
        spanLow = Array(repeating: 1, count: rows + 2)
        spanHigh = Array(repeating: 0, count: rows + 2)
    }

    /// The text of row `r`, without colour.
    package func line(_ r: Int) -> String {
        String(decoding: glyphs[(r * columns)..<((r + 1) * columns)], as: UTF8.self)
    }

    /// The ramp character for an opacity in 0…1: `.` for a trace, `@` for opaque.
    static func rampGlyph(_ alpha: Double) -> UInt8 {
        alpha.isNaN ? ramp[1] : ramp[min(9, max(1, Int((min(max(alpha, 0), 1) * 9).rounded(.up))))]
    }

    // MARK: - Drawing

    /// Clears the grid and draws every visible node of `frame`, back to front.
    /// - Parameters:
    ///   - frame: the frame to draw, scaled to the grid.
    ///   - shadeWithGlyphs: whether the scrim turns blank cells into ramp characters (without colour,
    ///   the characters are the only way to show it). This is the no-colour mode: the colour layers are then
    ///   not computed, and `write(to:color:)` must be given `.none`.
    /// - Complexity: per frame O(nodes × cells covered); no allocation.
    package mutating func draw(_ frame: Frame, shadeWithGlyphs: Bool = true) {
        colored = !shadeWithGlyphs
        glyphs.withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(ascii: " ")) }
        if colored {
            foreground.withUnsafeMutableBufferPointer { $0.update(repeating: Self.pencil) }
            background.withUnsafeMutableBufferPointer { $0.update(repeating: Self.paper) }
        }
        let sx = frame.size.width > 0 ? Double(columns) / frame.size.width : 0
        let sy = frame.size.height > 0 ? Double(rows) / frame.size.height : 0
        // A grid's cell is drawn clipped to its rectangle (`FrameCell`): a carousel's neighbouring pages do not
        // cover the next cell. The nodes outside every cell (the captions) are drawn as they are.
        var next = 0
        for cell in frame.cells {
            for i in next..<cell.nodes.lowerBound { drawNode(frame.nodes[i], sx: sx, sy: sy, shadeWithGlyphs: shadeWithGlyphs) }
            keep()
            for i in cell.nodes { drawNode(frame.nodes[i], sx: sx, sy: sy, shadeWithGlyphs: shadeWithGlyphs) }
            restore(outside: cell.rect, sx: sx, sy: sy)
            next = cell.nodes.upperBound
        }
        for i in next..<frame.nodes.count { drawNode(frame.nodes[i], sx: sx, sy: sy, shadeWithGlyphs: shadeWithGlyphs) }
    }

    /// Draws one node over what is drawn, if it shows.
    private mutating func drawNode(_ node: Node, sx: Double, sy: Double, shadeWithGlyphs: Bool) {
        guard !node.style.hidden && node.style.alpha > 0.004 else { return }
        let q = node.corners
        let xs = SIMD4(q.topLeft.x, q.topRight.x, q.bottomRight.x, q.bottomLeft.x) * sx
        let ys = SIMD4(q.topLeft.y, q.topRight.y, q.bottomRight.y, q.bottomLeft.y) * sy
        guard computeSpans(xs, ys) else { return }
        let appearance = RoleAppearance.of(node.role)
        let alpha = min(node.style.alpha, 1)
        switch node.role {
        case .overlay:
            shade(node.style.color ?? appearance.color, alpha: alpha, glyphs: shadeWithGlyphs)
        case .divider:
            drawDivider(node, sx: sx, sy: sy, alpha: alpha)
        case .cornerLeading, .cornerTrailing:
            drawCorners(node, sx: sx, sy: sy, alpha: alpha, color: node.style.color ?? appearance.color)
        default:
            drawBox(appearance, color: node.style.color ?? appearance.color, alpha: alpha)
            if alpha >= 0.5, let radius = NodeShape.radius(of: node) { roundCorners(radius, sx: sx, sy: sy) }
            if alpha >= 0.5 { drawLabel(appearance, xs: xs, ys: ys) }
        }
    }

    // MARK: - Clipping a grid's cell

    /// Keeps a copy of the grid as drawn so far, for `restore(outside:sx:sy:)` (storage reused from cell to cell).
    private mutating func keep() {
        if kept.glyphs.count != glyphs.count { kept = (glyphs, foreground, background) }
        for i in glyphs.indices { kept.glyphs[i] = glyphs[i] }
        guard colored else { return }
        for i in foreground.indices {
            kept.foreground[i] = foreground[i]
            kept.background[i] = background[i]
        }
    }

    /// Puts back what `keep()` copied on every character cell whose centre lies outside `rect` (frame points), so
    /// what was drawn since shows only inside it: the clip of a grid's cell, with the coverage rule of the spans.
    private mutating func restore(outside rect: Rect, sx: Double, sy: Double) {
        let c0 = clampedInt((rect.minX * sx - 0.5).rounded(.up)), c1 = clampedInt((rect.maxX * sx - 0.5).rounded(.up)) - 1
        let r0 = clampedInt((rect.minY * sy - 0.5).rounded(.up)), r1 = clampedInt((rect.maxY * sy - 0.5).rounded(.up)) - 1
        for r in 0..<rows {
            for c in 0..<columns where r < r0 || r > r1 || c < c0 || c > c1 {
                let i = r * columns + c
                glyphs[i] = kept.glyphs[i]
                guard colored else { continue }
                foreground[i] = kept.foreground[i]
                background[i] = kept.background[i]
            }
        }
    }

    /// Finds the columns the quad covers on each row: cells whose centre lies inside it. A quad thinner than a
    /// cell still covers one cell per row (or one row), so a 1 pt divider shows.
    /// - Returns: false when no row on the grid is covered.
    private mutating func computeSpans(_ xs: SIMD4<Double>, _ ys: SIMD4<Double>) -> Bool {
        let minY = ys.min(), maxY = ys.max(), minX = xs.min(), maxX = xs.max()
        guard minY.isFinite, maxY.isFinite, minX.isFinite, maxX.isFinite else { return false }
        for i in spanLow.indices {
            spanLow[i] = 1
            spanHigh[i] = 0
        }
        var first = clampedInt((minY - 0.5).rounded(.up)), last = clampedInt((maxY - 0.5).rounded(.up)) - 1
        var thinY: Double?
        if last < first {
            thinY = (minY + maxY) / 2
            first = clampedInt(thinY!.rounded(.down))
            last = first
        }
        firstRow = max(first, 0)
        lastRow = min(last, rows - 1)
        singleRow = first == last
        guard firstRow <= lastRow else { return false }
        for r in max(first, -1)...min(last, rows) {
            let y = thinY ?? (Double(r) + 0.5)
            var low = Double.infinity, high = -Double.infinity, crossings = 0
            for i in 0..<4 {
                let j = (i + 1) & 3
                let ya = ys[i], yb = ys[j]
                guard (ya <= y && y < yb) || (yb <= y && y < ya) else { continue }
                let x = xs[i] + (y - ya) * (xs[j] - xs[i]) / (yb - ya)
                low = min(low, x)
                high = max(high, x)
                crossings += 1
            }
            if crossings < 2 {
                guard thinY != nil else { continue }
                low = minX
                high = maxX
            }
            var cLow = clampedInt((low - 0.5).rounded(.up)), cHigh = clampedInt((high - 0.5).rounded(.up)) - 1
            if cHigh < cLow {
                cLow = clampedInt(((low + high) / 2).rounded(.down))
                cHigh = cLow
            }
            spanLow[r + 1] = cLow
            spanHigh[r + 1] = cHigh
        }
        return true
    }

    /// A cell coordinate kept a little beyond the grid, so off-grid geometry never overflows an `Int`.
    private func clampedInt(_ v: Double) -> Int {
        v.isNaN ? -8 : Int(min(max(v, -8), Double(max(columns, rows) + 8)))
    }

    private func covers(_ r: Int, _ c: Int) -> Bool {
        guard r >= -1, r <= rows else { return false }
        return spanLow[r + 1] <= c && c <= spanHigh[r + 1]
    }

    private mutating func paint(_ i: Int, _ glyph: UInt8, ink: CellColor, fill: CellColor, alpha: Float) {
        glyphs[i] = glyph
        guard colored else { return }
        background[i] = background[i].blended(with: fill, alpha: alpha)
        foreground[i] = foreground[i].blended(with: ink, alpha: alpha)
    }

    /// Rounds the box just drawn: each corner whose radius spans at least a cell across and half a cell down
    /// becomes `.` (top) or `'` (bottom) instead of `+`, the box-drawing habit of plain text.
    private mutating func roundCorners(_ radius: CornerRadius, sx: Double, sy: Double) {
        guard !singleRow else { return }
        let corners = [
            (radius.topLeft, firstRow, spanLow[firstRow + 1], UInt8(ascii: ".")),
            (radius.topRight, firstRow, spanHigh[firstRow + 1], UInt8(ascii: ".")),
            (radius.bottomRight, lastRow, spanHigh[lastRow + 1], UInt8(ascii: "'")),
            (radius.bottomLeft, lastRow, spanLow[lastRow + 1], UInt8(ascii: "'")),
        ]
        for (r, row, column, glyph) in corners where r * sx >= 1 && r * sy >= 0.5 && column >= 0 && column < columns {
            let i = row * columns + column
            if glyphs[i] == UInt8(ascii: "+") { glyphs[i] = glyph }
        }
    }

    /// A node's fill, border and (with colour) blended colours over its covered cells.
    /// - Complexity: per covered cell, through raw buffers (this is the renderer's hot loop).
    private mutating func drawBox(_ appearance: RoleAppearance, color: Color, alpha: Double) {
        let opaque = alpha >= 0.999, outlined = alpha >= 0.5
        let fillGlyph = opaque ? appearance.fill : Self.rampGlyph(alpha)
        let ink = CellColor(appearance.ink), fill = CellColor(color), a = Float(alpha * color.alpha)
        let (columns, rows, first, last, single) = (self.columns, self.rows, firstRow, lastRow, singleRow)
        spanLow.withUnsafeBufferPointer { lows in
            spanHigh.withUnsafeBufferPointer { highs in
                glyphs.withUnsafeMutableBufferPointer { g in
                    for r in first...last {
                        let low = lows[r + 1], high = highs[r + 1]
                        guard low <= high, high >= 0, low < columns else { continue }
                        // The neighbouring rows' spans decide the top and bottom border (rows −1 and `rows` exist).
                        let aboveLow = r >= -1 ? lows[r] : 1, aboveHigh = r >= -1 ? highs[r] : 0
                        let belowLow = r + 2 <= rows + 1 ? lows[r + 2] : 1, belowHigh = r + 2 <= rows + 1 ? highs[r + 2] : 0
                        let base = r * columns
                        for c in max(low, 0)...min(high, columns - 1) {
                            var glyph = fillGlyph
                            if outlined {
                                let side = c == low || c == high
                                let end = !single && (c < aboveLow || c > aboveHigh || c < belowLow || c > belowHigh)
                                if side || end { glyph = side && end ? UInt8(ascii: "+") : side ? UInt8(ascii: "|") : UInt8(ascii: "-") }
                            }
                            g[base + c] = glyph
                        }
                    }
                }
            }
        }
        guard colored else { return }
        for r in first...last {
            let low = spanLow[r + 1], high = spanHigh[r + 1]
            guard low <= high, high >= 0, low < columns else { continue }
            let range = (r * columns + max(low, 0))...(r * columns + min(high, columns - 1))
            background.withUnsafeMutableBufferPointer { b in
                for i in range { b[i] = b[i].blended(with: fill, alpha: a) }
            }
            foreground.withUnsafeMutableBufferPointer { f in
                for i in range { f[i] = f[i].blended(with: ink, alpha: a) }
            }
        }
    }

    /// The role's label centred on the quad, padded with a space each side when there is room; only where every
    /// character lands inside the node and off its border.
    private mutating func drawLabel(_ appearance: RoleAppearance, xs: SIMD4<Double>, ys: SIMD4<Double>) {
        let cy = ys.sum() / 4, cx = xs.sum() / 4
        // Off the grid a label is not drawn; checking cx too keeps Int(_:) from trapping on a huge coordinate.
        guard cy.isFinite, cx.isFinite, cy >= 0, cy < Double(rows), abs(cx) < Double(1 << 30) else { return }
        let r = Int(cy.rounded(.down))
        guard r >= firstRow, r <= lastRow else { return }
        let low = spanLow[r + 1], high = spanHigh[r + 1]
        for (text, padding) in [(appearance.label, 1), (appearance.label, 0), (appearance.shortLabel, 0)] where !text.isEmpty {
            let length = text.utf8.count + 2 * padding
            let start = Int((cx - Double(length) / 2).rounded())
            guard start > low, start + length - 1 < high, start >= 0, start + length <= columns else { continue }
            guard singleRow || (start..<(start + length)).allSatisfy({ covers(r - 1, $0) && covers(r + 1, $0) }) else { continue }
            let ink = CellColor(appearance.ink)
            for c in start..<(start + length) { glyphs[r * columns + c] = UInt8(ascii: " ") }
            var c = start + padding
            for byte in text.utf8 {
                glyphs[r * columns + c] = byte
                foreground[r * columns + c] = ink
                c += 1
            }
            return
        }
    }

    /// The scrim: darkens what lies under it and, without colour, turns blank cells into ramp characters.
    private mutating func shade(_ color: Color, alpha: Double, glyphs shadeGlyphs: Bool) {
        let a = alpha * color.alpha
        guard a > 0.004 else { return }
        let glyph = Self.rampGlyph(a), tint = CellColor(color)
        for r in firstRow...lastRow {
            let low = spanLow[r + 1], high = spanHigh[r + 1]
            guard low <= high, high >= 0, low < columns else { continue }
            for c in max(low, 0)...min(high, columns - 1) {
                let i = r * columns + c
                if shadeGlyphs && glyphs[i] == UInt8(ascii: " ") { glyphs[i] = glyph }
                guard colored else { continue }
                background[i] = background[i].blended(with: tint, alpha: Float(a))
                foreground[i] = foreground[i].blended(with: tint, alpha: Float(a))
            }
        }
    }

    /// MG's divider: thin is a solid strip (`#`); the pane splitter has borders on its long edges and the grip
    /// (`:` across a vertical divider, `=` along a horizontal one).
    private mutating func drawDivider(_ node: Node, sx: Double, sy: Double, alpha: Double) {
        let vertical = DividerDrawing.isVertical(node), a = Float(alpha)
        switch DividerDrawing.of(node) {
        case .thin(let color):
            let fill = CellColor(color), ink = CellColor(red: 0.35, green: 0.35, blue: 0.35)
            for r in firstRow...lastRow {
                let low = spanLow[r + 1], high = spanHigh[r + 1]
                guard low <= high, high >= 0, low < columns else { continue }
                for c in max(low, 0)...min(high, columns - 1) { paint(r * columns + c, UInt8(ascii: "#"), ink: ink, fill: fill, alpha: a) }
            }
        case .paneSplitter:
            let fill = CellColor(red: 0.93, green: 0.93, blue: 0.93), border = CellColor(red: 0.7, green: 0.7, blue: 0.7)
            for r in firstRow...lastRow {
                let low = spanLow[r + 1], high = spanHigh[r + 1]
                guard low <= high, high >= 0, low < columns else { continue }
                for c in max(low, 0)...min(high, columns - 1) {
                    let edge = vertical ? (c == low || c == high) : (!covers(r - 1, c) || !covers(r + 1, c))
                    let glyph = edge ? (vertical ? UInt8(ascii: "|") : UInt8(ascii: "-")) : UInt8(ascii: " ")
                    paint(r * columns + c, glyph, ink: border, fill: fill, alpha: a)
                }
            }
            let grip = DividerDrawing.gripBox(node)
            let a0 = node.project(Point(x: node.frame.x + grip.minX, y: node.frame.y + grip.minY))
            let a1 = node.project(Point(x: node.frame.x + grip.maxX, y: node.frame.y + grip.maxY))
            let c0 = clampedInt((min(a0.x, a1.x) * sx).rounded(.down)), c1 = max(c0, clampedInt((max(a0.x, a1.x) * sx).rounded(.up)) - 1)
            let r0 = clampedInt((min(a0.y, a1.y) * sy).rounded(.down)), r1 = max(r0, clampedInt((max(a0.y, a1.y) * sy).rounded(.up)) - 1)
            let glyph = vertical ? UInt8(ascii: ":") : UInt8(ascii: "=")
            let dark = CellColor(red: 0.35, green: 0.35, blue: 0.35)
            // The grip may lie off the canvas (a divider moving in from beyond an edge): empty ranges draw nothing.
            let rLow = max(r0, 0), rHigh = min(r1, rows - 1), cLow = max(c0, 0), cHigh = min(c1, columns - 1)
            guard rLow <= rHigh, cLow <= cHigh else { return }
            for r in rLow...rHigh {
                for c in cLow...cHigh where covers(r, c) {
                    glyphs[r * columns + c] = glyph
                    foreground[r * columns + c] = foreground[r * columns + c].blended(with: dark, alpha: a)
                }
            }
        }
    }

    /// MG's corner views: each piece marks the pane corner it rounds, `.` for a top corner, `'` for a bottom one.
    private mutating func drawCorners(_ node: Node, sx: Double, sy: Double, alpha: Double, color: Color) {
        for piece in CornerPiece.pieces(node) {
            let centre = node.project(Point(x: node.frame.x + piece.square.midX, y: node.frame.y + piece.square.midY))
            let cx = centre.x * sx, cy = centre.y * sy
            guard cx.isFinite, cy.isFinite, cx >= 0, cy >= 0, cx < Double(columns), cy < Double(rows) else { continue }
            let i = Int(cy) * columns + Int(cx)
            glyphs[i] = piece.roundsTopCorner ? UInt8(ascii: ".") : UInt8(ascii: "'")
            foreground[i] = foreground[i].blended(with: CellColor(color), alpha: Float(alpha))
        }
    }

    // MARK: - Writing

    /// Appends the grid, one line per row ended by `lineEnd`, with SGR colour escapes when `color` asks for them
    /// (written only where the colour changes, reset at each line's end).
    /// - Complexity: per cell; no allocation beyond the buffer's growth.
    package func write(to out: inout TextBuffer, color: TerminalColor, lineEnd: StaticString = "\n") {
        for r in 0..<rows {
            var lastForeground = -1, lastBackground = -1
            for c in 0..<columns {
                let i = r * columns + c
                if color != .none {
                    let f = Self.code(foreground[i], color), b = Self.code(background[i], color)
                    if f != lastForeground {
                        foreground[i].appendEscape(background: false, mode: color, to: &out)
                        lastForeground = f
                    }
                    if b != lastBackground {
                        background[i].appendEscape(background: true, mode: color, to: &out)
                        lastBackground = b
                    }
                }
                out.append(byte: glyphs[i])
            }
            if color != .none { out.append("\u{1b}[0m") }
            out.append(lineEnd)
        }
    }

    /// A number that differs exactly when the written escape would.
    private static func code(_ c: CellColor, _ mode: TerminalColor) -> Int {
        if mode == .ansi256 { return c.ansi256 }
        let (r, g, b) = c.bytes
        return Int(r) << 16 | Int(g) << 8 | Int(b)
    }
}

extension ASCIIRenderer {
    /// `--format ascii`: each frame as its caption line, a newline and its grid.
    ///
    /// As a `.stream` the frames follow each other in one text, a blank line between two frames; as
    /// `.documentPerFrame` each frame is a text of its own.
    public struct Writer: FrameWriter, Sendable {
        /// Text files end in `.txt`.
        public static let fileExtension = "txt"

        /// Draws each frame's grid.
        public let renderer: ASCIIRenderer
        /// `.stream` (one text) or `.documentPerFrame` (a text per frame).
        public let layout: FrameWriterLayout
        private var canvas: ASCIICanvas
        private var frames = 0

        /// A writer drawing with `renderer`; it allocates its canvas once here.
        /// - Precondition: `layout` is `.stream` or `.documentPerFrame`.
        public init(renderer: ASCIIRenderer = ASCIIRenderer(), layout: FrameWriterLayout = .stream) {
            precondition(layout != .wholeRun, "ASCII frames go out one at a time")
            self.renderer = renderer
            self.layout = layout
            canvas = ASCIICanvas(columns: renderer.columns, rows: renderer.rows)
        }

        /// Appends the frame's caption and grid (after a blank line when it follows a frame of the same text).
        /// - Complexity: O(nodes × cells covered); no allocation once the canvas and `out` have grown.
        public mutating func write(_ frame: Frame, into out: inout [UInt8]) {
            let separated = layout == .stream && frames > 0
            TextBuffer.appending(to: &out) { text in
                if separated { text.append("\n") }
                ASCIIRenderer.appendCaption(frame, to: &text)
                text.append("\n")
                renderer.render(frame, canvas: &canvas, into: &text)
            }
            frames += 1
        }
    }
}
