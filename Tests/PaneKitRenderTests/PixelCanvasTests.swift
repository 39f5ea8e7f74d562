// The canvas's shortcuts (a row repeated when its inputs repeat, full runs written at once, opaque rows copied)
// against OVER computed pixel by pixel.

import PaneKit
@testable import PaneKitRender
import Testing

@Suite struct PixelCanvasTests {
    static let (width, height) = (40, 30)

    /// A rectangle of coverage `value(x, y)` over the whole canvas.
    static func coverage(_ value: (Int, Int) -> UInt8) -> Coverage {
        Coverage(
            x0: 0, y0: 0, width: width, height: height, values: (0..<(width * height)).map { value($0 % width, $0 / width) })
    }

    /// `source` over each pixel of `pixels` through `mask`, plainly.
    static func over(_ pixels: inout [UInt32], _ mask: Coverage, _ source: UInt32) {
        for i in pixels.indices {
            let m = mask.at(i % width, i / width)
            if m > 0 { pixels[i] = Pixel.over(Pixel.scale(source, by: UInt32(m)), pixels[i]) }
        }
    }

    @Test func aRowIsRepeatedOnlyWhenWhatItIsDrawnOverRepeats() throws {
        let (width, height) = (Self.width, Self.height)
        var canvas = PixelCanvas(width: width, height: height)
        var plain = [UInt32](repeating: 0, count: width * height)
        func draw(_ mask: Coverage, _ color: UInt32) {
            canvas.fill(mask, color: color)
            Self.over(&plain, mask, color)
        }
        // Below: the stage, then bands of three equal rows, a column that changes every row, a half-covered edge.
        draw(Self.coverage { _, _ in 255 }, 0xff20_242a)
        draw(Self.coverage { x, y in (5..<15).contains(x) && (y / 3) % 2 == 0 ? 255 : 0 }, 0xff1f_5fa8)
        draw(Self.coverage { x, y in x == 20 ? UInt8(y * 8) : 0 }, 0xfff4_f5f7)
        draw(Self.coverage { x, y in x == 30 && y > 4 ? 128 : 0 }, 0xffff_ffff)
        // Translucent fills over them: whole rows, then rows of the same coverage over different pixels.
        draw(Self.coverage { _, _ in 255 }, Pixel.premultiplied(Color(red: 1, green: 1, blue: 1), opacity: 0.28))
        draw(Self.coverage { x, y in y > 10 && x < 36 ? 200 : 0 }, Pixel.premultiplied(Color(red: 0, green: 0, blue: 0), opacity: 0.35))
        #expect(canvas.pixels == plain, "translucent fills")

        // A black shadow: its flat inside over the bands.
        let shadow = ShadowDrawing(
            outline: [Point(x: 8, y: 6), Point(x: 32, y: 6), Point(x: 32, y: 24), Point(x: 8, y: 24)],
            color: Color(red: 0, green: 0, blue: 0), opacity: 0.8, sigma: 2.5)
        let mask = try #require(ShadowMask(shadow, stage: (width, height)))
        canvas.paint(mask)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let i = (mask.y0 + y) * width + mask.x0 + x, a = mask.pixel(x, y) >> 24
                if a > 0 { plain[i] = a << 24 &+ Pixel.scale(plain[i], by: 255 - a) }
            }
        }
        #expect(canvas.pixels == plain, "a black shadow")

        // A group at an opacity: its pixels, then the group's, over what is below.
        canvas.beginGroup(opacity: 0.3)
        canvas.fill(Self.coverage { x, y in y % 7 < 4 && x > 2 ? 255 : 0 }, color: 0xff00_0000)
        canvas.endGroup()
        var group = [UInt32](repeating: 0, count: width * height)
        Self.over(&group, Self.coverage { x, y in y % 7 < 4 && x > 2 ? 255 : 0 }, 0xff00_0000)
        for i in plain.indices {
            let s = Pixel.scale(group[i], by: UInt32(Pixel.byte(0.3)))
            plain[i] = s &+ Pixel.scale(plain[i], by: 255 - (s >> 24))
        }
        #expect(canvas.pixels == plain, "a group")

        // Over an opaque background: opaque rows copied, a transparent corner coloured.
        var cleared = PixelCanvas(width: width, height: height)
        cleared.fill(Self.coverage { x, y in x < 30 || y < 20 ? 255 : 0 }, color: 0xff20_242a)
        var video = [UInt32](repeating: 0, count: width * height)
        video.withUnsafeMutableBufferPointer { cleared.composite(over: 0xff11_2233, into: $0.baseAddress!) }
        #expect(video.enumerated().allSatisfy { i, p in p == (i % width < 30 || i / width < 20 ? 0xff20_242a : 0xff11_2233) })
    }
}
