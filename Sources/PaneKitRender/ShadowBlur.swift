// feGaussianBlur as librsvg computes it on one byte plane: from σ = 2 up three box blurs (SVG's d, each pass's
// average rounded to a byte), below it librsvg's own kernel; rows first, then columns; zero outside the plane.

import Foundation

/// The blur of one standard deviation (in pixels), applied to byte planes.
package struct ShadowBlur {
    /// One pass: the source offsets `-left…right` around each pixel, averaged (a box) or weighted (`weights`).
    struct Pass {
        var left: Int
        var right: Int
        var weights: [Double]?
    }

    let passes: [Pass]

    /// How many pixels the blur spreads a value on each side.
    package var reach: Int { passes.reduce(0) { $0 + max($1.left, $1.right) } }

    package init(sigma: Double) {
        guard sigma > 0 else {
            passes = []
            return
        }
        if sigma >= 2 {
            // SVG's box size d = ⌊σ · 3√(2π) / 4 + 0.5⌋: three boxes of d when odd; when even two of d, off centre
            // by half a pixel each way, and one of d + 1.
            let d = min(500, Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)))
            passes =
                d % 2 == 1
                ? Array(repeating: Pass(left: d / 2, right: d / 2), count: 3)
                : [Pass(left: d / 2, right: d / 2 - 1), Pass(left: d / 2 - 1, right: d / 2), Pass(left: d / 2, right: d / 2)]
        } else {
            let r = Self.kernelRadius(sigma)
            passes = [Pass(left: r, right: r, weights: Self.kernel(sigma))]
        }
    }

    static func kernelRadius(_ sigma: Double) -> Int { Int(min(sigma, 250 / 3) * 3 + 0.5) }

    /// librsvg's kernel for σ < 2: radius ⌊3σ + 0.5⌋, each weight the mean of 50 samples of the Gaussian over a
    /// pixel one pixel further out than the weight's place (as librsvg samples it), the centre the mean of 51
    /// samples over −0.5…0.5, normalised.
    static func kernel(_ sigma: Double) -> [Double] {
        let r = kernelRadius(sigma)
        func gauss(_ x: Double) -> Double { exp(-x * x / (2 * sigma * sigma)) }
        var side: [Double] = []
        for i in 0..<r {
            let base = Double(r + 1 - i) - 0.5
            side.append((1...50).map { gauss(base + 0.02 * Double($0)) }.reduce(0, +) / 50)
        }
        let centre = (0...50).map { gauss(-0.5 + 0.02 * Double($0)) }.reduce(0, +) / 51
        let kernel = side + [centre] + side.reversed()
        let total = kernel.reduce(0, +)
        return kernel.map { $0 / total }
    }

    /// Blurs `plane` (`width × height` bytes, row-major) in place.
    ///
    /// A pass changes a pixel only where its window holds two different values, so only the pixels within a
    /// window of a change are summed again, and the next pass looks for changes only where this one wrote: a
    /// shadow's flat inside and its empty outside cost one look a pixel per direction. A row equal to the one above
    /// it blurs to the same bytes and is copied. Box columns run down the rows with a running sum a column, and a
    /// row whose window gains and loses equal rows is the row above it again; the kernel's columns run on the
    /// transposed plane.
    package func apply(to plane: inout [UInt8], width: Int, height: Int) {
        guard !passes.isEmpty, width > 0, height > 0 else { return }
        let tables = passes.map { pass -> [UInt8] in
            // librsvg's (sum / d + 0.5) truncated is ⌊(2·sum + d) / 2d⌋.
            let d = pass.left + pass.right + 1
            return pass.weights == nil ? (0...(255 * d)).map { UInt8((2 * $0 + d) / (2 * d)) } : []
        }
        var scratch = [UInt8](repeating: 0, count: max(width, height))
        var previous = [UInt8](repeating: 0, count: width)
        var work = Spans()
        plane.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { s in
                previous.withUnsafeMutableBufferPointer { before in
                    for y in 0..<height {
                        let row = a.baseAddress! + y * width
                        // `before` holds row y − 1 as it was before its blur.
                        if y > 0 && memcmp(row, before.baseAddress!, width) == 0 {
                            row.update(from: row - width, count: width)
                            continue
                        }
                        before.baseAddress!.update(from: row, count: width)
                        blur(row, count: width, tables, scratch: s.baseAddress!, &work)
                    }
                }
            }
        }
        if passes.allSatisfy({ $0.weights == nil }) {
            boxColumns(&plane, width: width, height: height, tables)
            return
        }
        var transposed = [UInt8](repeating: 0, count: plane.count)
        plane.withUnsafeMutableBufferPointer { a in
            transposed.withUnsafeMutableBufferPointer { b in
                scratch.withUnsafeMutableBufferPointer { s in
                    Self.transpose(a.baseAddress!, width: width, height: height, into: b.baseAddress!)
                    for x in 0..<width { blur(b.baseAddress! + x * height, count: height, tables, scratch: s.baseAddress!, &work) }
                    Self.transpose(b.baseAddress!, width: height, height: width, into: a.baseAddress!)
                }
            }
        }
    }

    /// The box passes down the columns of `plane`, every column at once: output row y holds each column's sum of
    /// rows y − left … y + right (zero beyond the ends) through the pass's table.
    func boxColumns(_ plane: inout [UInt8], width: Int, height: Int, _ tables: [[UInt8]]) {
        var target = [UInt8](repeating: 0, count: plane.count)
        var sums = [Int32](repeating: 0, count: width)
        let zero = [UInt8](repeating: 0, count: width)
        for (pass, table) in zip(passes, tables) {
            plane.withUnsafeBufferPointer { source in
                target.withUnsafeMutableBufferPointer { target in
                    sums.withUnsafeMutableBufferPointer { sums in
                        table.withUnsafeBufferPointer { table in
                            zero.withUnsafeBufferPointer { zero in
                                let rows = source.baseAddress!, out = target.baseAddress!
                                func row(_ y: Int) -> UnsafePointer<UInt8> { y >= 0 && y < height ? rows + y * width : zero.baseAddress! }
                                sums.update(repeating: 0)
                                for j in 0...min(height - 1, pass.right) {
                                    let r = rows + j * width
                                    for x in 0..<width { sums[x] &+= Int32(r[x]) }
                                }
                                for x in 0..<width { out[x] = table[Int(sums[x])] }
                                for y in 1..<max(1, height) {
                                    let entering = row(y + pass.right), leaving = row(y - pass.left - 1)
                                    let to = out + y * width
                                    if entering == leaving || memcmp(entering, leaving, width) == 0 {
                                        to.update(from: to - width, count: width)
                                        continue
                                    }
                                    for x in 0..<width {
                                        let sum = sums[x] &+ Int32(entering[x]) &- Int32(leaving[x])
                                        sums[x] = sum
                                        to[x] = table[Int(sum)]
                                    }
                                }
                            }
                        }
                    }
                }
            }
            swap(&plane, &target)
        }
    }

    /// The places a line may change value (`candidates`: ranges of c, a change being between c − 1 and c) and
    /// the outputs a pass recomputes (`outputs`), reused from line to line.
    struct Spans {
        var candidates: [(Int, Int)] = []
        var outputs: [(Int, Int)] = []
    }

    /// Every pass along one line of `count` bytes, in place, zero beyond its ends.
    func blur(
        _ line: UnsafeMutablePointer<UInt8>, count: Int, _ tables: [[UInt8]], scratch: UnsafeMutablePointer<UInt8>, _ work: inout Spans
    ) {
        work.candidates.removeAll(keepingCapacity: true)
        Self.findChanges(line, count: count, into: &work.candidates)
        for (pass, table) in zip(passes, tables) {
            // The outputs whose window spans a change between c − 1 and c: c − right … c − 1 + left, merged.
            work.outputs.removeAll(keepingCapacity: true)
            for (lo, hi) in work.candidates {
                for c in lo...hi where (c > 0 ? line[c - 1] : 0) != (c < count ? line[c] : 0) {
                    let a = max(0, c - pass.right), b = min(count - 1, c - 1 + pass.left)
                    guard a <= b else { continue }
                    if let last = work.outputs.last, a <= last.1 + 1 {
                        work.outputs[work.outputs.count - 1].1 = max(last.1, b)
                    } else {
                        work.outputs.append((a, b))
                    }
                }
            }
            // All new values first (each window reads the pass's input), then written back.
            for (a, b) in work.outputs { Self.recompute(pass, table, line, into: scratch, count: count, a, b) }
            work.candidates.removeAll(keepingCapacity: true)
            for (a, b) in work.outputs {
                (line + a).update(from: scratch + a, count: b - a + 1)
                // The next pass's changes lie where this one wrote (and at its ends).
                work.candidates.append((a, min(count, b + 1)))
            }
        }
    }

    /// The places c (0…count) where the line changes value, zero beyond its ends, as ranges: eight bytes at a
    /// time through a flat run.
    static func findChanges(_ line: UnsafeMutablePointer<UInt8>, count: Int, into changes: inout [(Int, Int)]) {
        var previous: UInt8 = 0
        var c = 0
        while c <= count {
            if c + 8 <= count {
                let word = UnsafeRawPointer(line + c).loadUnaligned(as: UInt64.self)
                if word == UInt64(previous) &* 0x0101_0101_0101_0101 {
                    c += 8
                    continue
                }
            }
            let value = c < count ? line[c] : 0
            if value != previous {
                if let last = changes.last, last.1 == c - 1 { changes[changes.count - 1].1 = c } else { changes.append((c, c)) }
                previous = value
            }
            c += 1
        }
    }

    /// `source` (`width × height`) transposed into `target` (`height × width`).
    static func transpose(_ source: UnsafePointer<UInt8>, width: Int, height: Int, into target: UnsafeMutablePointer<UInt8>) {
        let block = 32
        for y0 in stride(from: 0, to: height, by: block) {
            for x0 in stride(from: 0, to: width, by: block) {
                for y in y0..<min(height, y0 + block) {
                    for x in x0..<min(width, x0 + block) { target[x * height + y] = source[y * width + x] }
                }
            }
        }
    }

    /// The pass's outputs `start…end` of `source` into the same places of `target`.
    static func recompute(
        _ pass: Pass, _ table: [UInt8], _ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count: Int,
        _ start: Int, _ end: Int
    ) {
        if let weights = pass.weights {
            for i in start...end {
                var total = 0.0
                for k in max(-pass.left, -i)...min(pass.right, count - 1 - i) { total += weights[k + pass.left] * Double(source[i + k]) }
                target[i] = UInt8(min(max(total, 0), 255) + 0.5)
            }
            return
        }
        var sum = 0
        for j in max(0, start - pass.left)...min(count - 1, start + pass.right) { sum += Int(source[j]) }
        table.withUnsafeBufferPointer { table in
            target[start] = table[sum]
            guard start < end else { return }
            for i in (start + 1)...end {
                if i + pass.right < count { sum += Int(source[i + pass.right]) }
                if i - pass.left - 1 >= 0 { sum -= Int(source[i - pass.left - 1]) }
                target[i] = table[sum]
            }
        }
    }
}
