// FloatingPanel against its LayoutAdapter, Core.targetState, panningEnd's removal interaction, NumericSpringAnimator
// and the dismissal animator run on the grid (SheetOriginals/floatingpanel.json), with and without the safe area
// and the removal interaction, at display scales 1 and 3 (issue 36 items 5 and 6).

import Foundation
import Testing

@testable import PaneKit

@Suite struct SheetFloatingPanelOriginalsTests {
    static func table() throws -> SheetOriginalsTable { try SheetOriginalsTable("floatingpanel") }

    static func configuration(_ c: [String: Any]) -> SheetConfiguration {
        var s = SheetConfiguration(size: SheetOriginalsTable.size, behavior: .floatingpanel)
        let safe = c["safeArea"] as? [String: Any] ?? [:]
        s.safeArea = SafeAreaInsets(top: safe.number("top") ?? 0, bottom: safe.number("bottom") ?? 0)
        s.hideable = c.bool("hideable")
        s.displayScale = c.number("displayScale") ?? 3
        return s
    }

    static func tolerance(_ c: [String: Any]) -> Double { (c.number("displayScale") ?? 1) >= 3 ? 1 : 0.5 }

    static func run(_ c: [String: Any], _ row: [Any]) throws -> (SheetOriginalsRun, String) {
        let settled = row.string(1), y = row.number(2), v = row.number(3)
        let run = try SheetOriginalsRun(configuration(c), settled: settled, releasedAt: y, velocity: v)
        return (run, run.sheet.targetDetent)
    }

    /// The anchors, rounded to the display scale as `LayoutAdapter.position(for:)` rounds them.
    @Test func anchorsAreRoundedToTheDisplayScale() throws {
        let table = try Self.table()
        for c in table.configs {
            let geometry = try SheetGeometry.resolve(Self.configuration(c))
            let anchors = try #require(c["anchors"] as? [String: Any])
            for (name, value) in anchors {
                #expect(geometry.position(of: name) == value as? Double, "\(c.string("name"))@\(c.number("displayScale") ?? 0) \(name)")
            }
        }
    }

    /// Every release: the target (hidden only by the removal interaction) and the numeric spring's last step.
    @Test func releasesTargetsAndAttractionEnds() throws {
        let table = try Self.table()
        var targets = SheetAgreement("floatingpanel targets"), ends = SheetAgreement("floatingpanel landings")
        for row in try table.rows("releases") {
            let c = table.configs[row.int(0)]
            var (run, target) = try Self.run(c, row)
            let label = "\(c.string("name"))@\(c.number("displayScale") ?? 0) \(row.string(1)) y \(row.number(2)) v \(row.number(3))"
            targets.check(target == row.string(4), "\(label): \(target), not \(row.string(4))")
            // -1: the dismissal animator, whose end is UIKit's own (private) settling duration.
            guard row.int(5) >= 0 else { continue }
            let landed = run.landingFrame() ?? -1
            ends.check(landed == row.int(5), "\(label): frame \(landed), not \(row.int(5))")
        }
        #expect(targets.differences == 0, "\(targets)")
        #expect(ends.differences == 0, "\(ends)")
    }

    /// The attraction's frames (the numeric spring stepped at 60 Hz) and the removal's (the dismissal animator's
    /// spring from the release velocity).
    @Test func attractionAndRemovalFrames() throws {
        let table = try Self.table()
        var frames = SheetAgreement("floatingpanel frames")
        for (key, settled) in [("timelines", true), ("removals", false)] {
            for row in try table.rows(key) {
                let c = table.configs[row.int(0)]
                let r: [Any] = settled ? row : [row[0], "half", row[1], row[2]]
                var (run, _) = try Self.run(c, r)
                let label = "\(key) \(c.string("name")) y \(r.number(2)) v \(r.number(3))"
                run.compareFrames(row.numbers(settled ? 4 : 3), tolerance: Self.tolerance(c), &frames, label)
            }
        }
        #expect(frames.differences == 0, "\(frames)")
    }
}
