// The easing-graph view of a styler: every channel it writes, per node, against the closed fraction, as SVG.

import Foundation
import PaneKit

/// One curve of a plot: a channel of one node sampled at the plot's fractions (NaN where undefined).
package struct CurveChannel: Sendable, Equatable {
    /// The node the channel belongs to.
    package var role: Role
    /// The channel's name: `translate x`, `rotate y`, `alpha`, …
    package var name: String
    /// The unit shown on the axis (`pt`, `°`, or empty).
    package var unit: String
    /// The channel's value at each of the plot's fractions, in ``unit``, within ±``CurvePlot/largestValue``.
    package var values: [Double]
    /// Whether some value lay beyond ±``CurvePlot/largestValue`` and is drawn at that bound instead.
    package var clamped = false
}

/// Samples a styler from closed fraction −0.1 to 1.1 and draws one panel per channel it writes, a line per node,
/// with axes, ticks, a legend and sample dots.
package struct CurvePlot: Sendable {
    /// The closed fractions sampled: −0.1 to 1.1 by 0.01.
    package static let fractions: [Double] = (0...120).map { (Double($0) - 10) / 100 }

    /// The closed fractions from `low` to `high` by 0.01 (both included; `high` − `low` ≥ 0.01).
    package static func fractions(from low: Double, to high: Double) -> [Double] {
        let steps = max(1, Int(((high - low) * 100).rounded()))
        return (0...steps).map { low + (high - low) * Double($0) / Double(steps) }
    }
    /// Every how many samples a dot is drawn (every 0.05).
    static let dotEvery = 5

    /// The largest magnitude a curve is drawn at: a value beyond it (a styler may write any finite number, up to
    /// ±1.8e308) is drawn at ±1e300 and its panel says so, so that a channel's span, its ticks and its scale stay
    /// finite numbers.
    package static let largestValue = 1e300

    /// `values` clamped to ±`largestValue` (NaN stays NaN), and whether any was beyond it.
    static func clamped(_ values: [Double]) -> (values: [Double], clamped: Bool) {
        var beyond = false
        let kept = values.map { v -> Double in
            guard abs(v) > largestValue else { return v }
            beyond = true
            return v < 0 ? -largestValue : largestValue
        }
        return (kept, beyond)
    }

    /// The curve plotter; it has no options.
    package init() {}

    /// The channels `styler` changes: each node's decomposed transform (translate, scale, skew, rotate, and the
    /// perspective as the eye's distance), alpha, anchor, shadow (its colour too), z, hidden, frame, corner radius
    /// (one channel when the four corners agree) and colour, kept where it differs from the container's own pose at
    /// some fraction.
    /// - Throws: `HostError` when the styler fails.
    package static func channels(
        of styler: any Styler, container: ContainerSpec, group: StylerGroup, fractions: [Double] = fractions
    ) throws -> [CurveChannel] {
        let styled = try Sampler.sample(styler, container: container, group: group, fractions: fractions)
        return try channels(styled: styled, container: container, group: group)
    }

    /// The channels of poses already sampled with `Sampler.sample` (so that a caller that also needs the poses
    /// runs the styler once): those where `styled` differs from the container's own pose at the same fractions.
    /// - Throws: `HostError` when posing the container fails.
    /// - Complexity: O(poses × nodes²); the container is posed once per sample, without a styler.
    package static func channels(styled: [Sample], container: ContainerSpec, group: StylerGroup) throws -> [CurveChannel] {
        let unstyled = try Sampler.sample(
            ClosureStyler(name: "none") { _, _ in }, container: container, group: group, fractions: styled.map(\.closed))
        var result: [CurveChannel] = []
        // ORDER ROLE: nodes keep the container's order in the first sample.
        let roles = styled.first?.nodes.map(\.role) ?? []
        for role in roles {
            var table: [[Double]] = []
            var baseTable: [[Double]] = []
            for (sample, base) in zip(styled, unstyled) {
                table.append(values(sample.nodes.first { $0.role == role }))
                baseTable.append(values(base.nodes.first { $0.role == role }))
            }
            for (c, definition) in definitions.enumerated() {
                let series = table.map { $0[c] }
                let baseSeries = baseTable.map { $0[c] }
                let written = zip(series, baseSeries).contains { a, b in
                    a.isNaN != b.isNaN || (!a.isNaN && abs(a - b) > 1e-9)
                }
                guard written else { continue }
                let (values, clamped) = Self.clamped(series)
                result.append(CurveChannel(role: role, name: definition.name, unit: definition.unit, values: values, clamped: clamped))
            }
        }
        return mergingUniformCorners(result)
    }

    /// The four corner radii of a node as one `corner radius` channel where they are equal at every fraction (a
    /// uniform radius), each apart otherwise.
    private static func mergingUniformCorners(_ channels: [CurveChannel]) -> [CurveChannel] {
        let corners = Set(["corner radius top left", "corner radius top right", "corner radius bottom right", "corner radius bottom left"])
        var result: [CurveChannel] = []
        for channel in channels {
            guard corners.contains(channel.name) else {
                result.append(channel)
                continue
            }
            let four = channels.filter { $0.role == channel.role && corners.contains($0.name) }
            let uniform =
                four.count == 4 && four.allSatisfy { $0.values.elementsEqual(four[0].values) { $0 == $1 || ($0.isNaN && $1.isNaN) } }
            guard uniform else {
                result.append(channel)
                continue
            }
            if channel.name == "corner radius top left" {
                result.append(CurveChannel(role: channel.role, name: "corner radius", unit: "pt", values: channel.values))
            }
        }
        return result
    }

    private static let definitions: [(name: String, unit: String)] = [
        ("translate x", "pt"), ("translate y", "pt"), ("translate z", "pt"),
        ("scale x", ""), ("scale y", ""), ("scale z", ""),
        ("skew xy", ""), ("skew xz", ""), ("skew yz", ""),
        ("rotate x", "°"), ("rotate y", "°"), ("rotate z", "°"),
        ("eye distance", "pt"),
        ("alpha", ""), ("anchor x", ""), ("anchor y", ""),
        ("shadow opacity", ""), ("shadow radius", "pt"), ("shadow offset x", "pt"), ("shadow offset y", "pt"),
        ("z", ""), ("hidden", ""),
        ("frame x", "pt"), ("frame y", "pt"), ("frame width", "pt"), ("frame height", "pt"),
        ("corner radius top left", "pt"), ("corner radius top right", "pt"), ("corner radius bottom right", "pt"),
        ("corner radius bottom left", "pt"),
        ("color red", ""), ("color green", ""), ("color blue", ""), ("color alpha", ""),
        ("shadow color red", ""), ("shadow color green", ""), ("shadow color blue", ""), ("shadow color alpha", ""),
    ]

    /// One value per definition, in order (NaN when the node is missing or the transform is singular).
    private static func values(_ node: Node?) -> [Double] {
        guard let node else { return Array(repeating: .nan, count: definitions.count) }
        let s = node.style
        let d = TransformDecomposition(s.transform)
        let nan = Double.nan
        let degrees = 180 / Double.pi
        var v: [Double] = []
        v += d.map { [$0.translate.x, $0.translate.y, $0.translate.z] } ?? [nan, nan, nan]
        v += d.map { [$0.scale.x, $0.scale.y, $0.scale.z] } ?? [nan, nan, nan]
        v += d.map { [$0.skew.x, $0.skew.y, $0.skew.z] } ?? [nan, nan, nan]
        v += d.map { [$0.rotation.x * degrees, $0.rotation.y * degrees, $0.rotation.z * degrees] } ?? [nan, nan, nan]
        // The perspective as the distance of the eye (-1/m34 of the perspective part): m34 itself is a tiny number
        // that reads as a flat 0 on any axis that also holds 1. No perspective leaves a gap.
        v.append(d.map { $0.perspective.z != 0 ? -1 / $0.perspective.z : nan } ?? nan)
        v += [s.alpha, s.anchor.x, s.anchor.y]
        v += [s.shadow?.opacity ?? 0, s.shadow?.radius ?? 0, s.shadow?.offset.x ?? 0, s.shadow?.offset.y ?? 0]
        v += [Double(s.z), s.hidden ? 1 : 0]
        v += [node.frame.x, node.frame.y, node.frame.width, node.frame.height]
        // A corner radius or a colour the style does not set is a gap (no renderer draws one then).
        v += s.cornerRadius.map { [$0.topLeft, $0.topRight, $0.bottomRight, $0.bottomLeft] } ?? [nan, nan, nan, nan]
        v += s.color.map { [$0.red, $0.green, $0.blue, $0.alpha] } ?? [nan, nan, nan, nan]
        v += s.shadow.map { [$0.color.red, $0.color.green, $0.color.blue, $0.color.alpha] } ?? [nan, nan, nan, nan]
        return v
    }

    // MARK: - Drawing

    static let width = 760.0, left = 78.0, right = 24.0, panelHeight = 120.0, panelGap = 46.0, header = 104.0

    /// The chart as one SVG document.
    /// - Parameters:
    ///   - title: the first line (the styler's name).
    ///   - notes: lines under it (its description; the container, direction, size, reveal and parameters).
    ///   - channels: the curves, each sampled at `fractions`.
    ///   - fractions: the closed fractions on the horizontal axis, where every channel has a value.
    ///   - axis: what the horizontal axis means (its legend and the words marked on it): a pager's offset.
    package func render(
        title: String, notes: [String], channels: [CurveChannel], fractions: [Double] = fractions, axis: PoseAxis = .closedFraction
    ) -> String {
        var panels: [(name: String, unit: String, curves: [CurveChannel])] = []
        for channel in channels {
            // A channel made by hand may hold any number: it is drawn within the same bound.
            var channel = channel
            let (values, clamped) = Self.clamped(channel.values)
            channel.values = values
            channel.clamped = channel.clamped || clamped
            if let i = panels.firstIndex(where: { $0.name == channel.name }) {
                panels[i].curves.append(channel)
            } else {
                panels.append((channel.name, channel.unit, [channel]))
            }
        }
        var roles: [Role] = []
        for channel in channels where !roles.contains(channel.role) { roles.append(channel.role) }
        let header = Self.header + 16 * Double(notes.count)
        let height = header + Double(max(panels.count, 1)) * (Self.panelHeight + Self.panelGap) + 10

        var out = TextBuffer(capacity: 4096 + channels.count * fractions.count * 24)
        Self.appendTitle(title, notes: notes, width: Self.width, height: height, to: &out)
        let legend = 60 + 16 * Double(notes.count)
        var lx = 16.0
        for role in roles {
            out.append("<rect")
            out.append(attribute: "x", lx)
            out.append(attribute: "y", legend)
            out.append(" width=\"14\" height=\"4\" fill=\"")
            out.append(rgb: Self.color(role))
            out.append("\"/>\n")
            SVGRenderer.appendText(role.rawValue, x: lx + 18, y: legend + 6, size: 12, anchor: "start", fill: "#222222", to: &out)
            lx += 30 + 7 * Double(role.rawValue.count)
        }
        SVGRenderer.appendText(
            axis.legend, x: 16, y: legend + 24, size: 11,
            anchor: "start", fill: "#777777", to: &out)
        if panels.isEmpty {
            SVGRenderer.appendText(
                "this styler changes nothing on this container", x: Self.width / 2, y: header + 40, size: 14,
                anchor: "middle", fill: "#aa3333", to: &out)
        }
        for (p, panel) in panels.enumerated() {
            let top = header + Double(p) * (Self.panelHeight + Self.panelGap) + 18
            appendPanel(panel.name, unit: panel.unit, curves: panel.curves, fractions: fractions, axis: axis, top: top, to: &out)
        }
        out.append("</svg>\n")
        return out.string
    }

    private func appendPanel(
        _ name: String, unit: String, curves: [CurveChannel], fractions: [Double], axis: PoseAxis, top: Double,
        to out: inout TextBuffer
    ) {
        let plotLeft = Self.left, plotRight = Self.width - Self.right, bottom = top + Self.panelHeight
        let xMin = fractions.first ?? -0.1, xMax = fractions.last ?? 1.1
        let all = curves.flatMap(\.values).filter(\.isFinite)
        var lo = all.min() ?? 0, hi = all.max() ?? 1
        if hi - lo < 1e-9 {
            let pad = max(abs(lo) * 0.1, 0.5)
            lo -= pad
            hi += pad
        }
        let (ticks, step) = Self.niceTicks(lo, hi)
        lo = min(lo, ticks.first ?? lo)
        hi = max(hi, ticks.last ?? hi)
        func px(_ x: Double) -> Double { plotLeft + (x - xMin) / (xMax - xMin) * (plotRight - plotLeft) }
        func py(_ y: Double) -> Double { bottom - (y - lo) / (hi - lo) * Self.panelHeight }

        let clamped = curves.contains(where: \.clamped) ? " \u{2014} " + Self.clampedNote : ""
        SVGRenderer.appendText(
            name + (unit.isEmpty ? "" : " (\(unit))") + clamped, x: plotLeft, y: top - 6, size: 13, anchor: "start",
            fill: "#111111", bold: true, to: &out)
        Self.rect(plotLeft, top, plotRight - plotLeft, Self.panelHeight, fill: "#fafafa", stroke: "#999999", to: &out)
        for tick in ticks {
            let y = py(tick)
            Self.line(plotLeft - 4, y, plotRight, y, color: "#e2e2e2", to: &out)
            SVGRenderer.appendText(
                Self.label(tick, step: step), x: plotLeft - 7, y: y + 4, size: 10, anchor: "end", fill: "#444444", to: &out)
        }
        // Quarter marks (0, 0.25, … 1 by default) unless the range is too wide or too narrow for them.
        let quarters = Int((xMin * 4 - 1e-9).rounded(.up))...Int((xMax * 4 + 1e-9).rounded(.down))
        let marks =
            (2...9).contains(quarters.count)
            ? quarters.map { Double($0) / 4 } : Self.niceTicks(xMin, xMax).0.filter { $0 >= xMin - 1e-9 && $0 <= xMax + 1e-9 }
        for x in marks {
            let sx = px(x)
            Self.line(sx, top, sx, bottom + 4, color: axis.guides.contains { $0.at == x } ? "#b0b0b0" : "#e2e2e2", to: &out)
            SVGRenderer.appendText(
                NumberFormat.string((x * 1e6).rounded() / 1e6), x: sx, y: bottom + 16, size: 10, anchor: "middle", fill: "#444444", to: &out
            )
        }
        // The guides' labels where no curve or dot passes (PaneKit's curves and dots are drawn after them).
        let drawn = curves.map { curve in zip(fractions, curve.values).map { Point(x: px($0), y: py($1)) } }
        let dots = curves.flatMap { curve in
            zip(fractions, curve.values).enumerated().filter { $0.offset % Self.dotEvery == 0 && $0.element.1.isFinite }
                .map { Point(x: px($0.element.0), y: py($0.element.1)) }
        }
        // The last of several guides is labelled before its line (`closed`), the others after it (`open`).
        for (i, (word, x)) in axis.guides.enumerated() {
            let end = axis.guides.count > 1 && i == axis.guides.count - 1
            guard end ? xMax >= x && xMin < x - 0.1 : xMin <= x && xMax > x + 0.1 else { continue }
            let place = Self.labelPlace(word, guide: px(x), end: end, top: top, bottom: bottom, lines: drawn, dots: dots)
            SVGRenderer.appendText(word, x: place.x, y: place.baseline, size: 9, anchor: place.anchor, fill: "#999999", to: &out)
        }
        for curve in curves {
            // A NaN (singular transform) breaks the line.
            var started = false
            out.append("<path fill=\"none\" stroke-width=\"2\" stroke=\"")
            out.append(rgb: Self.color(curve.role))
            out.append("\" d=\"")
            for (x, y) in zip(fractions, curve.values) {
                guard y.isFinite else {
                    started = false
                    continue
                }
                out.append(started ? " L" : " M")
                out.append(number: px(x))
                out.append(",")
                out.append(number: py(y))
                started = true
            }
            out.append("\"/>\n")
            for (i, (x, y)) in zip(fractions, curve.values).enumerated() where i % Self.dotEvery == 0 && y.isFinite {
                out.append("<circle r=\"2.5\"")
                out.append(attribute: "cx", px(x))
                out.append(attribute: "cy", py(y))
                out.append(" fill=\"")
                out.append(rgb: Self.color(curve.role))
                out.append("\"/>\n")
            }
        }
    }

    /// Where a 9 px guide label `text` goes beside the guide at `guide`: its x, anchor and baseline. First on its own
    /// side (`end`: left of the guide, ending 3 px from it), the highest place in the panel (from `top`, by 6 px)
    /// whose box no curve crosses and no dot touches; then the same on the other side; then above the panel, where
    /// no curve is drawn.
    static func labelPlace(
        _ text: String, guide: Double, end: Bool, top: Double, bottom: Double, lines: [[Point]], dots: [Point]
    ) -> (x: Double, anchor: StaticString, baseline: Double) {
        // DejaVu Sans at 9 px: about 5.6 px a letter; a pixel of air around the box.
        let width = 5.6 * Double(text.count) + 2
        func free(_ baseline: Double, leftOfGuide: Bool) -> Bool {
            let left = leftOfGuide ? guide - 3 - width : guide + 2, right = leftOfGuide ? guide - 2 : guide + 3 + width
            let boxTop = baseline - 9, boxBottom = baseline + 3
            // A dot of radius 2.5 whose centre is within 2.5 of the box touches it.
            if dots.contains(where: { $0.x > left - 2.5 && $0.x < right + 2.5 && $0.y > boxTop - 2.5 && $0.y < boxBottom + 2.5 }) {
                return false
            }
            // A stroke 2 px wide crosses the box when its centre line comes within 1 px of it.
            return !lines.contains { line in
                zip(line, line.dropFirst()).contains { a, b in
                    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return false }
                    return segment(a, b, meets: (left - 1, boxTop - 1, right + 1, boxBottom + 1))
                }
            }
        }
        for leftOfGuide in [end, !end] {
            var baseline = top + 11
            while baseline <= bottom - 3 {
                if free(baseline, leftOfGuide: leftOfGuide) {
                    return leftOfGuide ? (guide - 3, "end", baseline) : (guide + 3, "start", baseline)
                }
                baseline += 6
            }
        }
        return end ? (guide - 3, "end", top - 4) : (guide + 3, "start", top - 4)
    }

    /// Whether the segment from `a` to `b` meets the rectangle (x0, y0, x1, y1): clipped to it (Liang–Barsky).
    static func segment(_ a: Point, _ b: Point, meets box: (Double, Double, Double, Double)) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - box.0), (dx, box.2 - a.x), (-dy, a.y - box.1), (dy, box.3 - a.y)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return false }
        }
        return true
    }

    /// What a panel of a clamped channel says beside its name.
    package static let clampedNote: String = {
        let bound = "±1e\(Int(log10(largestValue)))"
        return "values beyond \(bound) drawn at \(bound)"
    }()

    /// About five round tick values covering lo…hi, and their step.
    static func niceTicks(_ lo: Double, _ hi: Double) -> ([Double], Double) {
        let raw = (hi - lo) / 4
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = (lo / step).rounded(.down), last = (hi / step).rounded(.up)
        return (stride(from: first, through: last, by: 1).map { $0 * step }, step)
    }

    /// A tick label with as many decimals as the step needs.
    static func label(_ value: Double, step: Double) -> String {
        let decimals = max(0, min(6, Int((-log10(step)).rounded(.up)) + 1))
        let factor = pow(10, Double(decimals))
        return NumberFormat.string((value * factor).rounded() / factor)
    }

    /// A colour per role that reads on white.
    static func color(_ role: Role) -> Color {
        switch role {
        case .pane, .detail: Color(hex: "#33475b")!
        case .master: Color(hex: "#5b7fa8")!
        case .overlay: Color(hex: "#7a7a7a")!
        case .statusbar: Color(hex: "#111111")!
        case .popover: Color(hex: "#b59a00")!
        default: RoleAppearance.of(role).color
        }
    }

    /// The document start of a chart: the SVG header, a white page, the title in bold and the notes under it.
    static func appendTitle(_ title: String, notes: [String], width: Double, height: Double, to out: inout TextBuffer) {
        SVGRenderer.appendHeader(width: width, height: height, to: &out)
        out.append("<title>")
        out.append(xml: title)
        out.append("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
        SVGRenderer.appendText(title, x: 16, y: 26, size: 17, anchor: "start", fill: "#111111", bold: true, to: &out)
        for (i, note) in notes.enumerated() {
            SVGRenderer.appendText(note, x: 16, y: 46 + 16 * Double(i), size: 12, anchor: "start", fill: "#555555", to: &out)
        }
    }

    /// A rectangle filled with `fill`, outlined one pixel wide in `stroke` when given.
    static func rect(
        _ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: StaticString, stroke: StaticString?, to out: inout TextBuffer
    ) {
        out.append(element: "rect", ["x": x, "y": y, "width": w, "height": h])
        out.append(" fill=\"")
        out.append(fill)
        if let stroke {
            out.append("\" stroke=\"")
            out.append(stroke)
            out.append("\" stroke-width=\"1")
        }
        out.append("\"/>\n")
    }

    /// A one-pixel line in `color`.
    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: StaticString, to out: inout TextBuffer) {
        out.append(element: "line", ["x1": x1, "y1": y1, "x2": x2, "y2": y2])
        out.append(" stroke=\"")
        out.append(color)
        out.append("\" stroke-width=\"1\"/>\n")
    }
}
