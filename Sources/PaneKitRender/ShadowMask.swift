// A drop shadow's pixels as librsvg draws a `filter="url(#blur-R)"` shadow: the outline filled at the shadow's colour
// and opacity on the stage (cairo's premultiplied bytes), blurred as SVG's feGaussianBlur specifies and librsvg
// does it (`ShadowBlur`; nothing outside the stage), a coloured shadow in linear RGB.

import Foundation
import PaneKit

/// A drop shadow as the SVG renderer writes it: a closed outline (in pixels) filled with `color` at `opacity`,
/// blurred by a Gaussian of σ `sigma` pixels (`filter="url(#blur-R)"`, σ = R / 2 points).
package struct ShadowDrawing: Sendable, Equatable {
    /// The outline, in pixels.
    package var outline: [Point]
    /// The fill colour (its alpha folded into `opacity`).
    package var color: Color
    /// The fill opacity.
    package var opacity: Double
    /// The blur's standard deviation in pixels.
    package var sigma: Double
}

/// The premultiplied pixels of one blurred shadow over a rectangle of the stage.
package struct ShadowMask {
    /// The first pixel column and row the mask covers.
    package let x0: Int, y0: Int
    /// The mask's size in pixels.
    package let width: Int, height: Int
    /// Row-major planes of `width × height` bytes: the alpha, then (a coloured shadow only) blue, green and red,
    /// premultiplied. A black shadow has only the alpha.
    package private(set) var planes: [[UInt8]]

    /// The mask of `shadow` on a stage of `stage` pixels; nil when nothing of it is on the stage.
    package init?(_ shadow: ShadowDrawing, stage: (width: Int, height: Int), scratch: Coverage.Scratch? = nil) {
        let blur = ShadowBlur(sigma: shadow.sigma)
        // The outline's box widened by the blur's reach, within the stage: librsvg blurs on the stage's surface,
        // so what lies outside it is transparent to the blur.
        guard let coverage = Coverage([shadow.outline], bounds: stage, margin: blur.reach + 1, scratch: scratch) else { return nil }
        (x0, y0, width, height) = (coverage.x0, coverage.y0, coverage.width, coverage.height)
        // The fill as cairo stores it: the colour premultiplied by the opacity in bytes, times the coverage.
        let opacity = min(max(shadow.opacity, 0), 1)
        let channels = [shadow.color.blue, shadow.color.green, shadow.color.red]
        let coloured = channels.contains { $0 > 0 }
        let values = [Pixel.byte(opacity)] + (coloured ? channels.map { Pixel.byte(min(max($0, 0), 1) * opacity) } : [])
        planes = values.map { value in Self.multiplied(coverage.values, by: value) }
        if coloured { mapColour(Self.linearize) }
        for p in planes.indices { blur.apply(to: &planes[p], width: width, height: height) }
        if coloured { mapColour(Self.unlinearize) }
    }

    /// Each byte of `values` times `value` / 255 (MUL_UN8), through a table of the 256 products.
    static func multiplied(_ values: [UInt8], by value: UInt8) -> [UInt8] {
        let table = (0...255).map { Pixel.multiply(value, UInt8($0)) }
        return [UInt8](unsafeUninitializedCapacity: values.count) { out, count in
            values.withUnsafeBufferPointer { source in
                table.withUnsafeBufferPointer { table in
                    for i in 0..<source.count { out[i] = table[Int(source[i])] }
                }
            }
            count = values.count
        }
    }

    /// The premultiplied pixel at (x, y) of the mask's rectangle.
    @inline(__always) package func pixel(_ x: Int, _ y: Int) -> UInt32 {
        let i = y * width + x
        let a = UInt32(planes[0][i]) << 24
        guard planes.count == 4 else { return a }
        return a | UInt32(planes[1][i]) | UInt32(planes[2][i]) << 8 | UInt32(planes[3][i]) << 16
    }

    // MARK: - Colour

    /// sRGB to linear RGB (and back) as librsvg's byte tables do it.
    static let linearize: [UInt8] = (0...255).map { i in
        let c = Double(i) / 255
        return UInt8(((c <= 12.92 * 0.0031308 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)) * 255).rounded())
    }
    static let unlinearize: [UInt8] = (0...255).map { i in
        let c = Double(i) / 255
        return UInt8(((c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055) * 255).rounded())
    }

    /// Maps each colour channel through `table` as librsvg does: unpremultiplied, mapped, premultiplied again.
    mutating func mapColour(_ table: [UInt8]) {
        for i in 0..<(width * height) {
            let a = planes[0][i]
            guard a > 0 else { continue }
            let alpha = Double(a) / 255
            for p in 1..<planes.count {
                let straight = min(255, Double(planes[p][i]) / alpha + 0.5)
                planes[p][i] = UInt8(min(255, Double(table[Int(straight)]) * alpha + 0.5))
            }
        }
    }
}
