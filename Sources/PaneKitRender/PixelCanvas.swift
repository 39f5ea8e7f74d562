// The pixels of the in-process rasteriser: premultiplied BGRA words as cairo keeps them, with the rounding of
// pixman's OVER, a stack of groups (for group opacity) and of clips.

import Foundation
import PaneKit

/// Byte arithmetic on premultiplied pixels as cairo and pixman do it.
package enum Pixel {
    /// x · a / 255, rounded as pixman's MUL_UN8.
    @inline(__always) package static func multiply(_ x: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(x) * UInt32(a) + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// Every channel of a pixel (B, G, R, A from the low byte) times `a` / 255, each rounded as MUL_UN8: two
    /// channels a multiply, as pixman's UN8x4_MUL_UN8.
    @inline(__always) package static func scale(_ pixel: UInt32, by a: UInt32) -> UInt32 {
        var even = (pixel & 0x00ff_00ff) &* a &+ 0x0080_0080
        even = ((even &+ ((even >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
        var odd = ((pixel >> 8) & 0x00ff_00ff) &* a &+ 0x0080_0080
        odd = (odd &+ ((odd >> 8) & 0x00ff_00ff)) & 0xff00_ff00
        return even | odd
    }

    /// `source` over `destination`.
    @inline(__always) package static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let a = source >> 24
        if a == 255 { return source }
        if a == 0 { return destination }
        return source &+ scale(destination, by: 255 - a)
    }

    /// A colour channel (0…1) as cairo stores it in a byte: through its 16-bit value, truncated.
    package static func byte(_ value: Double) -> UInt8 { UInt8(UInt32(min(max(value, 0), 1) * (65536 - 1e-5)) >> 8) }

    /// The premultiplied word of a colour at `opacity`, as cairo makes its source of it.
    package static func premultiplied(_ color: Color, opacity: Double) -> UInt32 {
        let a = min(max(opacity, 0), 1)
        return UInt32(byte(color.blue * a)) | UInt32(byte(color.green * a)) << 8 | UInt32(byte(color.red * a)) << 16
            | UInt32(byte(a)) << 24
    }
}

/// A canvas of premultiplied pixels with groups and clips.
package struct PixelCanvas {
    package let width: Int, height: Int
    /// The canvas and the groups being drawn (`depth` of them in use), each `width × height` words; a group's
    /// buffer is kept for the next group and cleared where it was drawn.
    private var layers: [[UInt32]]
    private var depth = 0
    /// What each layer in use has been drawn on (x0, y0, x1, y1), to put a group down and clear it there only.
    private var dirty: [(Int, Int, Int, Int)] = [(0, 0, 0, 0)]
    /// Each group's opacity.
    private var opacities: [UInt8] = [255]
    /// The clips in force, innermost last, each already intersected with those around it (nil: nothing shows).
    private var clips: [Coverage?] = []
    /// The last row a per-pixel operation read, to repeat a row that reads the same.
    private let memo = RowMemo()

    /// A transparent canvas.
    package init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        layers = [[UInt32](repeating: 0, count: width * height)]
    }

    /// The finished pixels (the canvas, groups closed).
    package var pixels: [UInt32] { layers[0] }

    /// Empties the canvas for the next frame.
    package mutating func clear() {
        while depth > 0 { endGroup() }
        clips = []
        layers[0].withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        dirty[0] = (0, 0, 0, 0)
    }

    // MARK: - Groups and clips

    /// Starts a group drawn on its own and put down with `opacity` when it ends.
    package mutating func beginGroup(opacity: Double) {
        depth += 1
        if layers.count <= depth { layers.append([UInt32](repeating: 0, count: width * height)) }
        if dirty.count <= depth { dirty.append((0, 0, 0, 0)) } else { dirty[depth] = (0, 0, 0, 0) }
        if opacities.count <= depth { opacities.append(Pixel.byte(opacity)) } else { opacities[depth] = Pixel.byte(opacity) }
    }

    /// Ends the innermost group: its pixels times its opacity over what is below, within the clip; the group's
    /// buffer is cleared for the next.
    package mutating func endGroup() {
        guard depth > 0 else { return }
        let (x0, y0, x1, y1) = dirty[depth], alpha = UInt32(opacities[depth])
        let group = depth
        depth -= 1
        guard x1 > x0, y1 > y0 else { return }
        let clip: Coverage?
        switch currentClip {
        case .visible(let c): clip = c
        case .hidden: clip = Coverage(x0: 0, y0: 0, width: 0, height: 0, values: [])
        }
        let w = width
        var taken: [UInt32] = []
        swap(&taken, &layers[group])
        defer { swap(&taken, &layers[group]) }
        let count = x1 - x0
        memo.start(count: count)
        taken.withUnsafeMutableBufferPointer { source in
            layers[depth].withUnsafeMutableBufferPointer { dst in
                for y in y0..<y1 {
                    let from = source.baseAddress! + y * w + x0, to = dst.baseAddress! + y * w + x0
                    let clipRow = clip.flatMap { $0.row(y) }
                    if clip != nil && clipRow == nil {
                        memo.forget()
                        continue
                    }
                    if let clipRow, !clipRow.covers(x0..<x1) {
                        memo.forget()
                        for x in 0..<count {
                            let s = Pixel.scale(Pixel.scale(from[x], by: alpha), by: UInt32(clipRow.at(x0 + x)))
                            to[x] = s &+ Pixel.scale(to[x], by: 255 - (s >> 24))
                        }
                        continue
                    }
                    let same = y > y0 && memcmp(from, from - w, count * 4) == 0
                    if memo.repeatAbove(to, count: count, stride: w, sameSource: same) { continue }
                    // A transparent pixel leaves what is below as it is (x · 255 / 255 = x); a run of one pixel over
                    // one colour repeats its result.
                    var (lastSource, lastBelow, lastResult): (UInt32, UInt32, UInt32) = (0, 0, 0)
                    for x in 0..<count {
                        let (source, below) = (from[x], to[x])
                        if source == lastSource && below == lastBelow {
                            to[x] = lastResult
                            continue
                        }
                        let s = Pixel.scale(source, by: alpha)
                        (lastSource, lastBelow, lastResult) = (source, below, s &+ Pixel.scale(below, by: 255 - (s >> 24)))
                        to[x] = lastResult
                    }
                }
                // Cleared for the next group once every row has been compared with the one above it.
                for y in y0..<y1 { (source.baseAddress! + y * w + x0).update(repeating: 0, count: count) }
            }
        }
        touch(x0, y0, x1, y1)
    }

    /// What the clips in force let through: everything (`.visible(nil)`), a coverage, or nothing.
    private enum ClipState {
        case visible(Coverage?)
        case hidden
    }

    private var currentClip: ClipState {
        guard let last = clips.last else { return .visible(nil) }
        return last.map { .visible($0) } ?? .hidden
    }

    /// Starts clipping to `coverage` (within the clips already in force).
    package mutating func beginClip(_ coverage: Coverage?) {
        var clip = clips.last.map { outer in outer.flatMap { o in coverage.flatMap { o.intersected(with: $0) } } } ?? coverage
        clip?.findFullRuns()
        clips.append(clip)
    }

    /// Ends the innermost clip.
    package mutating func endClip() { if !clips.isEmpty { clips.removeLast() } }

    /// Adds a rectangle to what the current layer has been drawn on.
    private mutating func touch(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        let d = dirty[depth]
        dirty[depth] = d.2 <= d.0 ? (x0, y0, x1, y1) : (min(d.0, x0), min(d.1, y0), max(d.2, x1), max(d.3, y1))
    }

    // MARK: - Painting

    /// Paints `color` (premultiplied) through `coverage`, within the clip. Runs of eight uncovered pixels are
    /// skipped, and fully covered ones of an opaque colour outside any clip written at once.
    package mutating func fill(_ coverage: Coverage, color: UInt32) {
        guard case .visible(let clip) = currentClip else { return }
        let (w, cw) = (width, coverage.width)
        let span = coverage.x0..<(coverage.x0 + cw)
        memo.start(count: cw)
        coverage.values.withUnsafeBufferPointer { values in
            layers[depth].withUnsafeMutableBufferPointer { dst in
                for y in 0..<coverage.height {
                    let py = coverage.y0 + y
                    let row = values.baseAddress! + y * cw, to = dst.baseAddress! + py * w + coverage.x0
                    var clipRow = clip.flatMap { $0.row(py) }
                    if clip != nil && clipRow == nil {
                        memo.forget()
                        continue
                    }
                    // A row the clip covers fully is drawn as if unclipped.
                    if let r = clipRow, r.covers(span) { clipRow = nil }
                    let opaque = color >> 24 == 255 && clipRow == nil
                    // A translucent colour: a row of the same coverage over the same pixels as the row above.
                    if color >> 24 != 255 && clipRow == nil {
                        let same = y > 0 && memcmp(row, row - cw, cw) == 0
                        if memo.repeatAbove(to, count: cw, stride: w, sameSource: same) { continue }
                    } else {
                        memo.forget()
                    }
                    var x = 0
                    while x < cw {
                        if x + 8 <= cw {
                            let word = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                            if word == 0 {
                                x += 8
                                continue
                            }
                            if opaque && word == UInt64.max {
                                // The whole run of full coverage at once.
                                var end = x + 8
                                while end + 8 <= cw && UnsafeRawPointer(row + end).loadUnaligned(as: UInt64.self) == UInt64.max { end += 8 }
                                (to + x).update(repeating: color, count: end - x)
                                x = end
                                continue
                            }
                        }
                        var m = row[x]
                        if let clipRow { m = Pixel.multiply(m, clipRow.at(coverage.x0 + x)) }
                        if m == 255 && color >> 24 == 255 {
                            to[x] = color
                        } else if m != 0 {
                            to[x] = Pixel.over(m == 255 ? color : Pixel.scale(color, by: UInt32(m)), to[x])
                        }
                        x += 1
                    }
                }
            }
        }
        touch(coverage.x0, coverage.y0, coverage.x0 + cw, coverage.y0 + coverage.height)
    }

    /// Paints through `coverage` the premultiplied colour `source(x, y)` gives for each pixel, within the clip.
    package mutating func paint(_ coverage: Coverage, source: (Int, Int) -> UInt32) {
        guard case .visible(let clip) = currentClip else { return }
        let (w, cw) = (width, coverage.width)
        coverage.values.withUnsafeBufferPointer { values in
            layers[depth].withUnsafeMutableBufferPointer { dst in
                for y in 0..<coverage.height {
                    let py = coverage.y0 + y
                    let row = values.baseAddress! + y * cw
                    let clipRow = clip.flatMap { $0.row(py) }
                    if clip != nil && clipRow == nil { continue }
                    var x = 0
                    while x < cw {
                        if x + 8 <= cw, UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 {
                            x += 8
                            continue
                        }
                        var m = row[x]
                        let px = coverage.x0 + x
                        x += 1
                        if m == 0 { continue }
                        if let clipRow {
                            m = Pixel.multiply(m, clipRow.at(px))
                            if m == 0 { continue }
                        }
                        let s = source(px, py)
                        let i = py * w + px
                        dst[i] = Pixel.over(m == 255 ? s : Pixel.scale(s, by: UInt32(m)), dst[i])
                    }
                }
            }
        }
        touch(coverage.x0, coverage.y0, coverage.x0 + cw, coverage.y0 + coverage.height)
    }

    /// Puts premultiplied pixels (`bitmap`, `bitmapWidth` wide) down with their top left at (x, y), within the clip.
    package mutating func stamp(_ bitmap: [UInt32], width bitmapWidth: Int, at x: Int, _ y: Int) {
        guard bitmapWidth > 0, case .visible(let clip) = currentClip else { return }
        let rows = bitmap.count / bitmapWidth, w = width
        let left = max(0, x), right = min(width, x + bitmapWidth), top = max(0, y), bottom = min(height, y + rows)
        guard left < right, top < bottom else { return }
        let xs = left..<right, ys = top..<bottom
        layers[depth].withUnsafeMutableBufferPointer { dst in
            for py in ys {
                for px in xs {
                    var s = bitmap[(py - y) * bitmapWidth + px - x]
                    if s == 0 { continue }
                    if let clip { s = Pixel.scale(s, by: UInt32(clip.at(px, py))) }
                    dst[py * w + px] = Pixel.over(s, dst[py * w + px])
                }
            }
        }
        touch(xs.lowerBound, ys.lowerBound, xs.upperBound, ys.upperBound)
    }

    /// Paints a blurred shadow's pixels, within the clip.
    package mutating func paint(_ shadow: ShadowMask) {
        guard case .visible(let clip) = currentClip else { return }
        let w = width, sw = shadow.width, coloured = shadow.planes.count == 4
        memo.start(count: sw)
        shadow.planes[0].withUnsafeBufferPointer { alpha in
            layers[depth].withUnsafeMutableBufferPointer { dst in
                for y in 0..<shadow.height {
                    let row = alpha.baseAddress! + y * sw, py = shadow.y0 + y
                    let to = dst.baseAddress! + py * w + shadow.x0
                    let clipRow = clip.flatMap { $0.row(py) }
                    if clip != nil && clipRow == nil {
                        memo.forget()
                        continue
                    }
                    // Black and unclipped: a row of the same alpha over the same pixels as the row above.
                    if !coloured && clip == nil {
                        let same = y > 0 && memcmp(row, row - sw, sw) == 0
                        if memo.repeatAbove(to, count: sw, stride: w, sameSource: same) { continue }
                    } else {
                        memo.forget()
                    }
                    // The last black pixel put down: a flat shadow over a flat stage repeats it.
                    var (lastAlpha, lastBelow, lastResult): (UInt32, UInt32, UInt32) = (0, 0, 0)
                    var x = 0
                    while x < shadow.width {
                        if x + 8 <= shadow.width, UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 {
                            x += 8
                            continue
                        }
                        let a = UInt32(row[x])
                        if a != 0 {
                            if coloured || clipRow != nil {
                                var s = coloured ? shadow.pixel(x, y) : a << 24
                                if let clipRow { s = Pixel.scale(s, by: UInt32(clipRow.at(shadow.x0 + x))) }
                                to[x] = Pixel.over(s, to[x])
                            } else {
                                // Black: only the alpha adds; what is below keeps 1 − a of itself.
                                let below = to[x]
                                if a != lastAlpha || below != lastBelow {
                                    (lastAlpha, lastBelow, lastResult) = (a, below, a << 24 &+ Pixel.scale(below, by: 255 - a))
                                }
                                to[x] = lastResult
                            }
                        }
                        x += 1
                    }
                }
            }
        }
        touch(shadow.x0, shadow.y0, shadow.x0 + shadow.width, shadow.y0 + shadow.height)
    }

    /// The canvas put over an opaque `background` into `target` (`width × height` words): what a video shows.
    package func composite(over background: UInt32, into target: UnsafeMutablePointer<UInt32>) {
        layers[0].withUnsafeBufferPointer { source in
            for y in 0..<height {
                let from = source.baseAddress! + y * width, to = target + y * width
                // An opaque row (the stage drawn first makes every row one) is copied.
                var all: UInt32 = 0xffff_ffff
                for x in 0..<width { all &= from[x] }
                if all >> 24 == 255 {
                    to.update(from: from, count: width)
                    continue
                }
                for x in 0..<width {
                    let s = from[x]
                    to[x] = s >> 24 == 255 ? s : Pixel.over(s, background)
                }
            }
        }
    }
}

/// The destination row a per-pixel operation last read, before it wrote it: when the next row's inputs (its source
/// row and what it is drawn over) equal the last row's, its result is the last row's result, copied. Flat
/// regions (a stage, a shadow's inside, a scrim over them) cost a comparison a row. One a canvas, reused.
final class RowMemo {
    private var before: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    /// Whether `before` holds the previous row of the current operation.
    private var valid = false

    init() {
        before = .allocate(capacity: 1)
        capacity = 1
    }

    deinit { before.deallocate() }

    /// Starts an operation on rows of `count` words.
    func start(count: Int) {
        valid = false
        guard count > capacity else { return }
        before.deallocate()
        before = .allocate(capacity: count)
        capacity = count
    }

    /// Copies the row above into `row` (`count` words of a canvas `stride` words wide) when `sameSource` (the
    /// source row equals the one above) and `row` equals the row above as it was before the operation wrote it;
    /// otherwise notes `row` as it is (the caller then computes it) and returns false.
    func repeatAbove(_ row: UnsafeMutablePointer<UInt32>, count: Int, stride: Int, sameSource: Bool) -> Bool {
        if valid && sameSource && memcmp(row, before, count * 4) == 0 {
            row.update(from: row - stride, count: count)
            return true
        }
        before.update(from: row, count: count)
        valid = true
        return false
    }

    /// The next row is not computed by this operation (skipped or drawn through a clip).
    func forget() { valid = false }
}
