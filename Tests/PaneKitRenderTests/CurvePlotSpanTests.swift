// Curves whose values span the whole range of a double: every number is finite, but max − min is not.

import Foundation
import PaneKit
import Testing

@testable import PaneKitRender

@Suite struct CurvePlotSpanTests {
    static let configuration = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])

    /// A styler that writes `edit` with a number going from −1.7e308 (open) to 1.7e308 (closed).
    static func spanning(_ name: String, _ edit: @escaping @Sendable (Double, inout NodeEdit) -> Void) -> ClosureStyler {
        ClosureStyler(name: name) { ctx, edits in
            let a = min(max(ctx.open, 0), 1)
            edit((a * 2 - 1) * 1.7e308, &edits[.pane])
        }
    }

    static let stylers: [ClosureStyler] = [
        spanning("translate") { v, e in e.transform = .translation(x: v, y: 0) },
        spanning("shadow") { v, e in e.shadow = Shadow(radius: 1, opacity: 1, offset: Point(x: v, y: 0)) },
        spanning("frame") { v, e in e.frame = Rect(x: v, y: 0, width: 375, height: 667) },
        spanning("anchor") { v, e in e.anchor = Point(x: v, y: 0.5) },
    ]

    @Test(arguments: stylers) func aChannelSpanningEveryDoubleIsDrawnClampedWithANote(_ styler: ClosureStyler) throws {
        let channels = try CurvePlot.channels(of: styler, container: .drawer(Self.configuration), group: .left)
        let written = try #require(channels.first { $0.clamped }, "\(styler.name): \(channels.map(\.name))")
        let finite = written.values.filter(\.isFinite)
        #expect(finite.allSatisfy { abs($0) <= CurvePlot.largestValue }, "\(styler.name)")
        #expect(((finite.max() ?? 0) - (finite.min() ?? 0)).isFinite, "\(styler.name)")

        // Before, the tick labels converted an infinite span to Int and the process trapped.
        let svg = CurvePlot().render(title: styler.name, notes: [], channels: channels)
        #expect(!svg.lowercased().contains("nan"), "\(styler.name)")
        #expect(!svg.contains("inf"), "\(styler.name)")
        #expect(svg.contains(CurvePlot.clampedNote), "\(styler.name)")
    }

    @Test func aChannelMadeByHandIsDrawnWithinTheSameBound() {
        let channel = CurveChannel(
            role: .pane, name: "translate x", unit: "pt", values: CurvePlot.fractions.map { ($0 * 2 - 1) * 1.7e308 })
        let svg = CurvePlot().render(title: "by hand", notes: [], channels: [channel])
        #expect(!svg.lowercased().contains("nan"))
        #expect(svg.contains(CurvePlot.clampedNote))
    }

    @Test func anOrdinaryChannelIsNotClamped() throws {
        let styler = ClosureStyler(name: "slide") { ctx, edits in edits[.pane].transform = .translation(x: ctx.open * 1e299, y: 0) }
        let channels = try CurvePlot.channels(of: styler, container: .drawer(Self.configuration), group: .left)
        #expect(!channels.isEmpty && channels.allSatisfy { !$0.clamped })
        #expect(!CurvePlot().render(title: "slide", notes: [], channels: channels).contains(CurvePlot.clampedNote))
    }
}
