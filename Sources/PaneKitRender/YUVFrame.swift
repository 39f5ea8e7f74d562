// A video frame as H.264 takes it: opaque BGRA words converted to BT.601 limited-range YUV 4:2:0 planes (the
// conversion ffmpeg makes by default), an odd size padded with the stage's colour, so the encoder reads 1.5 bytes
// a pixel and converts nothing.

import Foundation

/// Opaque BGRA frames to YUV 4:2:0 planes.
package enum YUVFrame {
    /// The planes' width and height for a frame of `width × height`: each rounded up to even (H.264's 4:2:0).
    package static func size(width: Int, height: Int) -> (width: Int, height: Int) { ((width + 1) & ~1, (height + 1) & ~1) }

    /// The bytes of the three planes of a frame of `width × height`: Y, then U and V at half the size each way.
    package static func byteCount(width: Int, height: Int) -> Int {
        let (w, h) = size(width: width, height: height)
        return w * h + 2 * (w / 2) * (h / 2)
    }

    /// Y of a BGRA word, BT.601 limited range, 8-bit fixed point.
    @inline(__always) static func luma(_ p: UInt32) -> UInt8 {
        let r = Int32(p >> 16 & 0xff), g = Int32(p >> 8 & 0xff), b = Int32(p & 0xff)
        return UInt8(truncatingIfNeeded: ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16)
    }

    /// U and V of the sums of four pixels' channels (a 2 × 2 block), rounded.
    @inline(__always) static func chroma(_ r: Int32, _ g: Int32, _ b: Int32) -> (UInt8, UInt8) {
        // The block's mean times 256: (sum · 64); the product over 256 again, rounded.
        let u = (-38 * r - 74 * g + 112 * b + 512) >> 10
        let v = (112 * r - 94 * g - 18 * b + 512) >> 10
        return (UInt8(truncatingIfNeeded: u + 128), UInt8(truncatingIfNeeded: v + 128))
    }

    /// Converts `frame` (`width × height` opaque BGRA words) into `target` (`byteCount` bytes), the padding column
    /// and row `background`. A pair of rows equal to the pair above is the pair above's planes, copied; within a row
    /// a pixel (a block) equal to the last one repeats its value.
    package static func convert(
        _ frame: UnsafePointer<UInt32>, width: Int, height: Int, background: UInt32, into target: UnsafeMutablePointer<UInt8>
    ) {
        let (w, h) = size(width: width, height: height)
        let cw = w / 2
        let yPlane = target, uPlane = target + w * h, vPlane = target + w * h + cw * (h / 2)
        // The padded rows, read as the frame's own: a row of the frame and, to its right, the background.
        let padded = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * w)
        defer { padded.deallocate() }
        func row(_ y: Int, _ slot: Int) -> UnsafePointer<UInt32> {
            let to = padded + slot * w
            if y < height {
                if w == width { return frame + y * width }
                to.update(from: frame + y * width, count: width)
                to[width] = background
            } else {
                to.update(repeating: background, count: w)
            }
            return UnsafePointer(to)
        }
        for j in 0..<(h / 2) {
            let y0 = yPlane + 2 * j * w, y1 = y0 + w, u = uPlane + j * cw, v = vPlane + j * cw
            // Two rows of the frame equal to the two above them (the padding is the same on every row).
            if j > 0 && 2 * j + 1 < height {
                let here = frame + 2 * j * width
                if memcmp(here, here - 2 * width, 4 * 2 * width) == 0 {
                    y0.update(from: y0 - 2 * w, count: 2 * w)
                    u.update(from: u - cw, count: cw)
                    v.update(from: v - cw, count: cw)
                    continue
                }
            }
            let top = row(2 * j, 0), bottom = row(2 * j + 1, 1)
            lumaRow(top, into: y0, count: w)
            lumaRow(bottom, into: y1, count: w)
            var lastBlock: UInt32 = ~top[0], lastChroma: (UInt8, UInt8) = (0, 0)
            for x in 0..<cw {
                let a = top[2 * x], b = top[2 * x + 1], c = bottom[2 * x], d = bottom[2 * x + 1]
                if a == b && b == c && c == d {
                    if a != lastBlock {
                        lastBlock = a
                        lastChroma = chroma(Int32(a >> 16 & 0xff) * 4, Int32(a >> 8 & 0xff) * 4, Int32(a & 0xff) * 4)
                    }
                    (u[x], v[x]) = lastChroma
                    continue
                }
                func sum(_ shift: UInt32) -> Int32 {
                    Int32(a >> shift & 0xff) + Int32(b >> shift & 0xff) + Int32(c >> shift & 0xff) + Int32(d >> shift & 0xff)
                }
                (u[x], v[x]) = chroma(sum(16), sum(8), sum(0))
            }
        }
    }

    /// The Y of a row of pixels; a pixel equal to the last repeats its value.
    @inline(__always) static func lumaRow(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        var (lastPixel, lastLuma) = (source[0], luma(source[0]))
        for x in 0..<count {
            let p = source[x]
            if p != lastPixel { (lastPixel, lastLuma) = (p, luma(p)) }
            out[x] = lastLuma
        }
    }
}
