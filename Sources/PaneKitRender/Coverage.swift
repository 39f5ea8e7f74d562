// How much of each pixel a set of polygons covers: the exact area (the accumulation rasteriser), as bytes over the
// polygons' box on the canvas. The in-process rasteriser's one primitive: fills, strokes, clips and shadows.

import Foundation
import PaneKit

/// The covered fraction of each pixel of a rectangle of the canvas (0…255), outside it 0.
package struct Coverage {
    /// The first pixel column and row covered.
    package let x0: Int, y0: Int
    /// The rectangle's size in pixels.
    package let width: Int, height: Int
    /// Row-major coverage, `width × height` bytes.
    package var values: [UInt8]

    /// The coverage of `subpaths` (closed polygons in pixels) under the non-zero rule, or even-odd, within the
    /// canvas `bounds` widened by `margin` on each side; nil when nothing of them is inside.
    package init?(
        _ subpaths: [[Point]], evenOdd: Bool = false, bounds: (width: Int, height: Int), margin: Int = 0, scratch: Scratch? = nil
    ) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for path in subpaths {
            for p in path {
                guard p.x.isFinite, p.y.isFinite else { return nil }
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        let left = max(Int(max(minX, -1e9).rounded(.down)) - margin, 0)
        let right = min(Int(min(maxX, 1e9).rounded(.up)) + margin, bounds.width)
        let top = max(Int(max(minY, -1e9).rounded(.down)) - margin, 0)
        let bottom = min(Int(min(maxY, 1e9).rounded(.up)) + margin, bounds.height)
        guard right > left, bottom > top else { return nil }
        (x0, y0, width, height) = (left, top, right - left, bottom - top)
        values = Self.rasterise(
            subpaths, dx: -Double(left), dy: -Double(top), width: width, height: height, evenOdd: evenOdd, scratch: scratch ?? Scratch())
    }

    /// A rectangle of the given coverage values (for clips and masks built from others).
    package init(x0: Int, y0: Int, width: Int, height: Int, values: [UInt8]) {
        (self.x0, self.y0, self.width, self.height, self.values) = (x0, y0, width, height, values)
    }

    /// The coverage at canvas pixel (x, y), 0 outside.
    @inline(__always) package func at(_ x: Int, _ y: Int) -> UInt8 {
        let cx = x - x0, cy = y - y0
        guard cx >= 0, cy >= 0, cx < width, cy < height else { return 0 }
        return values[cy * width + cx]
    }

    /// One row of the coverage, for looking values up by column; nil when the row is outside it.
    package struct Row {
        let values: ArraySlice<UInt8>
        let x0: Int
        /// Canvas columns where the row is fully covered (one run; empty when unknown).
        package let full: Range<Int>

        /// Whether columns `columns` are all fully covered (so a clip of this row changes nothing there).
        @inline(__always) package func covers(_ columns: Range<Int>) -> Bool {
            full.lowerBound <= columns.lowerBound && columns.upperBound <= full.upperBound
        }

        /// The coverage at canvas column x, 0 outside.
        @inline(__always) package func at(_ x: Int) -> UInt8 {
            let i = values.startIndex + x - x0
            return i >= values.startIndex && i < values.endIndex ? values[i] : 0
        }
    }

    /// Row `y` of the canvas.
    @inline(__always) package func row(_ y: Int) -> Row? {
        guard y >= y0, y < y0 + height else { return nil }
        let full = fullRuns.isEmpty ? 0..<0 : Int(fullRuns[2 * (y - y0)])..<Int(fullRuns[2 * (y - y0) + 1])
        return Row(values: values[((y - y0) * width)..<((y - y0 + 1) * width)], x0: x0, full: full)
    }

    /// Per row, the canvas columns of its longest run of full coverage (start, end), once `findFullRuns` ran.
    private(set) var fullRuns: [Int32] = []

    /// Finds each row's longest fully covered run, so a clip can be skipped where it covers a shape's row.
    package mutating func findFullRuns() {
        var runs = [Int32](repeating: 0, count: 2 * height)
        for y in 0..<height {
            var best = (0, 0), start = -1
            var x = 0
            while x <= width {
                // Eight full bytes at a time inside a run.
                if start >= 0 && x + 8 <= width,
                    values.withUnsafeBufferPointer({ UnsafeRawPointer($0.baseAddress! + y * width + x).loadUnaligned(as: UInt64.self) })
                        == UInt64.max
                {
                    x += 8
                    continue
                }
                let full = x < width && values[y * width + x] == 255
                if full && start < 0 { start = x }
                if !full && start >= 0 {
                    if x - start > best.1 - best.0 { best = (start, x) }
                    start = -1
                }
                x += 1
            }
            runs[2 * y] = Int32(x0 + best.0)
            runs[2 * y + 1] = Int32(x0 + best.1)
        }
        fullRuns = runs
    }

    /// Both coverages multiplied (rounded as pixman), over the intersection of their rectangles; nil when empty.
    package func intersected(with other: Coverage) -> Coverage? {
        let left = max(x0, other.x0), right = min(x0 + width, other.x0 + other.width)
        let top = max(y0, other.y0), bottom = min(y0 + height, other.y0 + other.height)
        guard right > left, bottom > top else { return nil }
        var out = [UInt8](repeating: 0, count: (right - left) * (bottom - top))
        for y in top..<bottom {
            for x in left..<right {
                out[(y - top) * (right - left) + x - left] = Pixel.multiply(at(x, y), other.at(x, y))
            }
        }
        return Coverage(x0: left, y0: top, width: right - left, height: bottom - top, values: out)
    }

    // MARK: - Rasterising

    /// The accumulation buffer of `subpaths` summed along each row into bytes. A row is summed cell by cell only
    /// in the blocks of eight cells an edge touched (marked as they are written); between them the value holds, and
    /// each run of untouched blocks is written at once.
    static func rasterise(
        _ subpaths: [[Point]], dx: Double, dy: Double, width: Int, height: Int, evenOdd: Bool, scratch: Scratch
    ) -> [UInt8] {
        let stride = width + 2
        let blocks = (stride + 7) / 8, words = (blocks + 63) / 64
        scratch.reserve(cells: stride * height, words: words * height)
        let a = scratch.acc, m = scratch.marks
        let touched = Touched(marks: m, words: words)
        for path in subpaths where path.count > 1 {
            for i in path.indices {
                let p = Point(x: path[i].x + dx, y: path[i].y + dy)
                let q = Point(x: path[(i + 1) % path.count].x + dx, y: path[(i + 1) % path.count].y + dy)
                addClipped(p, q, width: Double(width), stride: stride, height: height, to: a, touched)
            }
        }
        // Every byte is written below (a run of untouched blocks with its value, zero included).
        return [UInt8](unsafeUninitializedCapacity: width * height) { o, count in
            for y in 0..<height {
                var sum: Float = 0, value: UInt8 = 0
                let row = y * stride, to = o.baseAddress! + y * width, marks = m + y * words
                var block = 0
                while block < blocks {
                    if marks[block >> 6] & (1 << UInt64(block & 63)) == 0 {
                        // A run of untouched blocks holds the value: its end found a word of marks at a time, and
                        // the run written at once.
                        var word = block >> 6
                        var bits = marks[word] & ~((1 << UInt64(block & 63)) - 1)
                        while bits == 0 && word + 1 < words {
                            word += 1
                            bits = marks[word]
                        }
                        let end = bits == 0 ? blocks : min(blocks, word * 64 + bits.trailingZeroBitCount)
                        let x0 = block * 8, x1 = min(end * 8, width)
                        if x1 > x0 { (to + x0).initialize(repeating: value, count: x1 - x0) }
                        block = end
                        continue
                    }
                    let x0 = block * 8
                    block += 1
                    // Summed, and the cells cleared for the next shape.
                    for x in x0..<min(x0 + 8, stride) {
                        sum += a[row + x]
                        a[row + x] = 0
                        guard x < width else { continue }
                        var c = abs(sum)
                        if evenOdd {
                            c = c.truncatingRemainder(dividingBy: 2)
                            if c > 1 { c = 2 - c }
                        }
                        value = UInt8(min(c, 1) * 255 + 0.5)
                        (to + x).initialize(to: value)
                    }
                }
                marks.update(repeating: 0, count: words)
            }
            count = width * height
        }
    }

    /// The accumulation buffer and its marks, kept zero between shapes (each shape clears the cells it wrote), so
    /// one rasteriser draws shape after shape without clearing a canvas-sized buffer each time.
    package final class Scratch {
        private(set) var acc = UnsafeMutableBufferPointer<Float>.allocate(capacity: 0)
        private(set) var marks = UnsafeMutablePointer<UInt64>.allocate(capacity: 0)
        private var markCount = 0

        package init() {}

        deinit {
            acc.deallocate()
            marks.deallocate()
        }

        /// Room for `cells` and `words`, all zero.
        func reserve(cells: Int, words: Int) {
            if acc.count < cells {
                acc.deallocate()
                acc = .allocate(capacity: cells)
                acc.initialize(repeating: 0)
            }
            if markCount < words {
                marks.deallocate()
                marks = .allocate(capacity: words)
                marks.initialize(repeating: 0, count: words)
                markCount = words
            }
        }
    }

    /// Marks the blocks of eight accumulation cells an edge writes to, a bit each, `words` words a row.
    struct Touched {
        let marks: UnsafeMutablePointer<UInt64>
        let words: Int

        @inline(__always) func mark(row y: Int, from a: Int, to b: Int) {
            for block in (a >> 3)...(b >> 3) { marks[y * words + (block >> 6)] |= 1 << UInt64(block & 63) }
        }
    }

    /// The edge from `p` to `q` cut where it crosses x = 0 and x = `width`, each piece's x clamped to 0…width (a
    /// piece left of the rectangle becomes a vertical edge on its left side, which covers the row to the right as
    /// the shape out there does), added to the accumulation buffer.
    static func addClipped(
        _ p: Point, _ q: Point, width: Double, stride: Int, height: Int, to a: UnsafeMutableBufferPointer<Float>, _ touched: Touched
    ) {
        guard p.y != q.y else { return }
        if p.x >= 0 && p.x <= width && q.x >= 0 && q.x <= width { return addLine(p, q, stride: stride, height: height, to: a, touched) }
        var cuts = [0.0, 1.0]
        for bound in [0.0, width] where (p.x - bound) * (q.x - bound) < 0 { cuts.append((bound - p.x) / (q.x - p.x)) }
        cuts.sort()
        func at(_ t: Double) -> Point { Point(x: min(max(p.x + (q.x - p.x) * t, 0), width), y: p.y + (q.y - p.y) * t) }
        for k in 1..<cuts.count { addLine(at(cuts[k - 1]), at(cuts[k]), stride: stride, height: height, to: a, touched) }
    }

    /// Adds one edge (x within 0…width) to the accumulation buffer: the signed area it leaves to its right in each
    /// pixel of its rows.
    static func addLine(
        _ p: Point, _ q: Point, stride: Int, height: Int, to a: UnsafeMutableBufferPointer<Float>, _ touched: Touched
    ) {
        guard p.y != q.y else { return }
        let (dir, top, bottom): (Double, Point, Point) = p.y < q.y ? (1, p, q) : (-1, q, p)
        let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        // x stays within the row's cells: stepping along the edge must not round a hair past either side.
        let right = Double(stride - 2)
        var x = top.x
        if top.y < 0 { x -= top.y * dxdy }
        x = min(max(x, 0), right)
        let yStart = max(0, Int(top.y.rounded(.down))), yEnd = min(height, Int(bottom.y.rounded(.up)))
        guard yStart < yEnd else { return }
        for y in yStart..<yEnd {
            let row = y * stride
            let dy = min(Double(y + 1), bottom.y) - max(Double(y), top.y)
            let xNext = min(max(x + dxdy * dy, 0), right)
            let d = dy * dir
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            let xaFloor = xa.rounded(.down), xbCeil = xb.rounded(.up)
            let ia = Int(xaFloor), ib = Int(xbCeil)
            touched.mark(row: y, from: ia, to: max(ib, ia + 1))
            if ib <= ia + 1 {
                let middle = 0.5 * (x + xNext) - xaFloor
                a[row + ia] += Float(d - d * middle)
                a[row + ia + 1] += Float(d * middle)
            } else {
                let s = 1 / (xb - xa)
                let fa = xa - xaFloor
                let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                let fb = xb - xbCeil + 1
                let am = 0.5 * s * fb * fb
                a[row + ia] += Float(d * a0)
                if ib == ia + 2 {
                    a[row + ia + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - fa)
                    a[row + ia + 1] += Float(d * (a1 - a0))
                    for i in (ia + 2)..<(ib - 1) { a[row + i] += Float(d * s) }
                    let a2 = a1 + Double(ib - ia - 3) * s
                    a[row + ib - 1] += Float(d * (1 - a2 - am))
                }
                a[row + ib] += Float(d * am)
            }
            x = xNext
        }
    }

    // MARK: - Strokes

    /// The ring a stroke of `width` with round joins paints along the closed `outline`: the outline widened by
    /// half the width with an arc at each corner, and, reversed inside it, the outline narrowed by half the
    /// width (so the non-zero rule leaves the inside out). Exact for a convex outline.
    package static func strokeRing(_ outline: [Point], width: Double) -> [[Point]] {
        let points = outline.enumerated().filter { i, p in
            let q = outline[(i + 1) % outline.count]
            return p.x != q.x || p.y != q.y
        }.map(\.element)
        guard points.count >= 2 else { return [] }
        var area = 0.0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            area += p.x * q.y - q.x * p.y
        }
        // The outward normal of each edge, for either winding.
        let h = width / 2, turn = area >= 0 ? 1.0 : -1.0
        let n = points.count
        let normals = (0..<n).map { i -> Point in
            let p = points[i], q = points[(i + 1) % n]
            let len = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            return Point(x: turn * (q.y - p.y) / len, y: -turn * (q.x - p.x) / len)
        }
        var outer: [Point] = [], inner: [Point] = []
        for i in 0..<n {
            let p = points[i], before = normals[(i + n - 1) % n], after = normals[i]
            // Outside: the arc from the previous edge's normal to this edge's, at half the width.
            let a0 = atan2(before.y, before.x)
            var sweep = atan2(after.y, after.x) - a0
            while sweep > Double.pi { sweep -= 2 * Double.pi }
            while sweep < -Double.pi { sweep += 2 * Double.pi }
            let steps = max(1, Int((abs(sweep) / (Double.pi / 8)).rounded(.up)))
            for k in 0...steps {
                let angle = a0 + sweep * Double(k) / Double(steps)
                outer.append(Point(x: p.x + h * cos(angle), y: p.y + h * sin(angle)))
            }
            // Inside: where the two edges moved in by half the width meet.
            let cross = before.x * after.y - before.y * after.x
            let dot = before.x * after.x + before.y * after.y
            if abs(cross) < 1e-9 || dot < -0.99 {
                inner.append(Point(x: p.x - h * after.x, y: p.y - h * after.y))
            } else {
                let scale = h / (1 + dot)
                inner.append(Point(x: p.x - scale * (before.x + after.x), y: p.y - scale * (before.y + after.y)))
            }
        }
        // A shape narrower than the stroke has no inside left: where an inner edge runs against its outline edge,
        // the offset has folded over, and the stroke covers the whole shape.
        for i in 0..<n {
            let a = inner[i], b = inner[(i + 1) % n], p = points[i], q = points[(i + 1) % n]
            if (b.x - a.x) * (q.x - p.x) + (b.y - a.y) * (q.y - p.y) < 0 { return [outer] }
        }
        return [outer, inner.reversed()]
    }
}
