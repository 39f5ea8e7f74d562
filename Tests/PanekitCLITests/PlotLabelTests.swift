// panekit plot's guide labels ("open", "closed") never sit under a curve or a dot.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct PlotLabelTests {
    /// Each guide label's box in a plot (9 px DejaVu Sans, about 5.6 px a letter).
    static func labels(_ svg: String) -> [(word: String, box: (Double, Double, Double, Double))] {
        let pattern = #/<text x="([-\d.]+)" y="([-\d.]+)" font-size="9" text-anchor="(\w+)" fill="#999999">(open|closed)</text>/#
        return svg.matches(of: pattern).map { m in
            let x = Double(m.1)!, y = Double(m.2)!, width = 5.6 * Double(m.4.count)
            return (String(m.4), m.3 == "end" ? (x - width, y - 8, x, y + 1) : (x, y - 8, x + width, y + 1))
        }
    }

    /// Whether a curve's stroke (2 px) or a dot (radius 2.5) reaches into `box`, sampled every 0.1 px along segments.
    static func covered(_ box: (Double, Double, Double, Double), in svg: String) -> Bool {
        func inside(_ x: Double, _ y: Double, _ margin: Double) -> Bool {
            x >= box.0 - margin && x <= box.2 + margin && y >= box.1 - margin && y <= box.3 + margin
        }
        for path in svg.matches(of: #/<path fill="none" stroke-width="2" stroke="#[0-9a-f]{6}" d="([^"]*)"/#) {
            let points = path.1.matches(of: #/(-?[\d.]+),(-?[\d.]+)/#).map { (Double($0.1)!, Double($0.2)!) }
            for (a, b) in zip(points, points.dropFirst()) {
                let steps = max(1, Int((abs(b.0 - a.0) + abs(b.1 - a.1)) * 10))
                for k in 0...steps {
                    let t = Double(k) / Double(steps)
                    if inside(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, 1) { return true }
                }
            }
        }
        return svg.matches(of: #/<circle r="2.5" cx="(-?[\d.]+)" cy="(-?[\d.]+)"/#).contains { inside(Double($0.1)!, Double($0.2)!, 2.5) }
    }

    @Test func theGuideLabelsStayClearOfTheCurves() throws {
        // Stylers whose curves ran through a label before: on drawers, sheets, a side menu, and a plugin.
        for styler in [
            "mm.slide-and-scale", "mm.swinging-door", "ms.fade", "sheet.ios", "sheet.material", "sheet.scrim", "sheet.vaul-scale",
            "sidemenu.menu-slide-in", "sink.back", "mm.parallax",
        ] {
            let result = try runPanekit(["plot", styler])
            #expect(result.status == 0, "\(styler): \(result.stderr)")
            let labels = Self.labels(result.stdout)
            #expect(labels.contains { $0.word == "closed" }, "\(styler) has no closed label")
            for label in labels { #expect(!Self.covered(label.box, in: result.stdout), "\(styler): \(label.word) sits under a curve") }
        }
    }
}
