// The step response of a spring as SVG: value and velocity against time, with the settle band and time marked.

import Foundation
import PaneKit

/// Draws a spring's step response (0 → 1) from t = 0 to a little past its settle time.
public struct SpringPlot: Sendable {
    static let width = 760.0, height = 420.0, left = 64.0, right = 24.0, top = 78.0, bottom = 48.0
    /// Samples along the time axis.
    static let samples = 600

    /// The spring plotter; it has no options.
    public init() {}

    /// - Parameters:
    ///   - spring: the spring to draw.
    ///   - title: the first line (the form as given).
    ///   - notes: lines under it (ζ, ω0, settle time).
    public func render(_ spring: Spring, title: String, notes: [String]) -> String {
        let settle = spring.settlingDuration
        let end = max(settle * 1.15, 0.05)
        let values = (0...Self.samples).map { spring.value(at: end * Double($0) / Double(Self.samples)) }
        var lo = min(values.min() ?? 0, 0), hi = max(values.max() ?? 1, 1)
        let (ticks, step) = CurvePlot.niceTicks(lo, hi)
        lo = min(lo, ticks.first ?? lo)
        hi = max(hi, ticks.last ?? hi)
        let plotRight = Self.width - Self.right, plotBottom = Self.height - Self.bottom
        func px(_ t: Double) -> Double { Self.left + t / end * (plotRight - Self.left) }
        func py(_ v: Double) -> Double { plotBottom - (v - lo) / (hi - lo) * (plotBottom - Self.top) }

        var out = TextBuffer(capacity: 32_768)
        CurvePlot.appendTitle(title, notes: notes, width: Self.width, height: Self.height, to: &out)
        CurvePlot.rect(Self.left, Self.top, plotRight - Self.left, plotBottom - Self.top, fill: "#fafafa", stroke: "#999999", to: &out)
        // The settle band: within Spring.restDistance of the target (widened to one pixel so it shows).
        let band = max(py(1 - Spring.restDistance) - py(1 + Spring.restDistance), 1)
        CurvePlot.rect(Self.left, py(1) - band / 2, plotRight - Self.left, band, fill: "#d8ecd8", stroke: nil, to: &out)
        for tick in ticks {
            CurvePlot.line(Self.left - 4, py(tick), plotRight, py(tick), color: "#e2e2e2", to: &out)
            SVGRenderer.appendText(
                CurvePlot.label(tick, step: step), x: Self.left - 7, y: py(tick) + 4, size: 10, anchor: "end",
                fill: "#444444", to: &out)
        }
        let (timeTicks, timeStep) = CurvePlot.niceTicks(0, end)
        for tick in timeTicks where tick <= end + 1e-9 {
            CurvePlot.line(px(tick), Self.top, px(tick), plotBottom + 4, color: "#e2e2e2", to: &out)
            SVGRenderer.appendText(
                CurvePlot.label(tick, step: timeStep) + " s", x: px(tick), y: plotBottom + 16, size: 10,
                anchor: "middle", fill: "#444444", to: &out)
        }
        CurvePlot.line(px(settle), Self.top, px(settle), plotBottom, color: "#3a8a3a", to: &out)
        SVGRenderer.appendText(
            "settled " + NumberFormat.string(settle) + " s", x: px(settle) - 4, y: Self.top + 12, size: 10,
            anchor: "end", fill: "#3a8a3a", to: &out)
        out.append("<path fill=\"none\" stroke-width=\"2\" stroke=\"#33475b\" d=\"")
        for (i, v) in values.enumerated() {
            out.append(i == 0 ? "M" : " L")
            out.append(number: px(end * Double(i) / Double(Self.samples)))
            out.append(",")
            out.append(number: py(v))
        }
        out.append("\"/>\n")
        SVGRenderer.appendText(
            "x: seconds; y: value of a step from 0 to 1 (green band: the settle threshold)", x: 16,
            y: Self.height - 12, size: 11, anchor: "start", fill: "#777777", to: &out)
        out.append("</svg>\n")
        return out.string
    }
}
