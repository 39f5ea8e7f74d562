// Material against BottomSheetBehavior + ViewDragHelper + OverScroller run on the grid (SheetOriginals/material.json):
// the offsets, every release's target, settle duration and landing frame, the settle's frames, and the per-move
// clamp of a drag (issue 36 items 1 and 2).

import Foundation
import Testing

@testable import PaneKit

@Suite struct SheetMaterialOriginalsTests {
    static func table() throws -> SheetOriginalsTable { try SheetOriginalsTable("material") }

    static func configuration(_ c: [String: Any]) -> SheetConfiguration {
        var s = SheetConfiguration(size: SheetOriginalsTable.size, behavior: .material)
        s.density = c.number("density") ?? 1
        s.contentHeight = c.number("contentHeight")
        s.peekHeight = c.number("peekHeight")
        s.fitToContents = c.bool("fitToContents")
        s.hideable = c.bool("hideable")
        return s
    }

    /// The positions a frame may be off by: half a point, a point at density 3 (the table's pixels are rounded).
    static func tolerance(_ density: Double) -> Double { density >= 3 ? 1 : 0.5 }

    @Test func offsetsAreBottomSheetBehaviors() throws {
        let table = try Self.table()
        for c in table.configs {
            let m = try #require(try SheetGeometry.resolve(Self.configuration(c)).material)
            let px = try #require(c["px"] as? [String: Any])
            let mine = [
                m.parentHeight, m.parentWidth, m.peek, m.fitToContentsOffset, m.halfExpandedOffset, m.collapsedOffset,
                m.expandedOffset,
            ]
            let theirs = [
                "parentHeight", "parentWidth", "peek", "fitToContentsOffset", "halfExpandedOffset", "collapsedOffset",
                "expandedOffset",
            ].map { Int(px.number($0) ?? -1) }
            #expect(mine == theirs, "\(c.string("name")) at density \(c.number("density") ?? 0)")
        }
    }

    /// Every release: the target, the settle's duration in milliseconds and the frame at which the sheet lands.
    @Test func releasesTargetsDurationsAndLandings() throws {
        let table = try Self.table()
        var targets = SheetAgreement("material targets"), durations = SheetAgreement("material durations")
        var landings = SheetAgreement("material landings")
        for row in try table.rows("releases") {
            let c = table.configs[row.int(0)], d = c.number("density") ?? 1
            let position = row.number(1) / d, velocity = row.number(2) / d
            var run = try SheetOriginalsRun(Self.configuration(c), settled: "collapsed", releasedAt: position, velocity: velocity)
            let target = run.sheet.targetDetent
            let label = "\(c.string("name"))@\(d) top \(row.number(1)) px v \(row.number(2)) px/s"
            targets.check(target == row.string(3), "\(label): \(target), not \(row.string(3))")
            let ms = Int(
                (run.sheet.materialDuration(to: run.sheet.geometry.position(of: target) ?? 0, velocity: velocity) * 1000).rounded())
            if row.int(4) > 0 { durations.check(ms == row.int(4), "\(label): \(ms) ms, not \(row.int(4))") }
            let landed = run.landingFrame() ?? -1
            landings.check(landed == row.int(5), "\(label): frame \(landed), not \(row.int(5))")
        }
        #expect(targets.differences == 0, "\(targets)")
        #expect(durations.differences == 0, "\(durations)")
        #expect(landings.differences == 0, "\(landings)")
    }

    /// The settle's frames: within half a point of Android's rounded pixels (a point at density 3).
    @Test func settleFrames() throws {
        let table = try Self.table()
        var frames = SheetAgreement("material settle frames")
        for row in try table.rows("timelines") {
            let c = table.configs[row.int(0)], d = c.number("density") ?? 1
            let position = row.number(1) / d, velocity = row.number(2) / d
            var run = try SheetOriginalsRun(Self.configuration(c), settled: "collapsed", releasedAt: position, velocity: velocity)
            let label = "\(c.string("name"))@\(d) top \(row.number(1)) v \(row.number(2))"
            run.compareFrames(row.numbers(3).map { $0 / d }, tolerance: Self.tolerance(d), &frames, label)
        }
        #expect(frames.differences == 0, "\(frames)")
    }

    /// A drag moves the sheet by each move of the finger, clamped (ViewDragHelper's dragTo): a finger that pushes past
    /// a limit and comes back moves the sheet back at once; the release (at rest) then picks the table's target.
    @Test func dragsClampEachMove() throws {
        let table = try Self.table()
        var moves = SheetAgreement("material per-move positions"), targets = SheetAgreement("material drag targets")
        for row in try table.rows("drags") {
            let c = table.configs[row.int(0)], d = c.number("density") ?? 1
            let configuration = Self.configuration(c)
            let geometry = try SheetGeometry.resolve(configuration)
            let start = row.number(1)
            let settled = try #require(geometry.detents.first { abs($0.position - start) < 1e-9 }?.name)
            var run = try SheetOriginalsRun(configuration, settled: settled, position: start)
            let label = "\(c.string("name"))@\(d) from \(start)"
            for (mine, theirs) in zip(run.drag(row.numbers(2)), row.numbers(3)) {
                moves.check(abs(mine - theirs) < 1e-9, "\(label): \(mine), not \(theirs)")
            }
            targets.check(run.sheet.targetDetent == row.string(4), "\(label): \(run.sheet.targetDetent), not \(row.string(4))")
        }
        #expect(moves.differences == 0, "\(moves)")
        #expect(targets.differences == 0, "\(targets)")
    }
}
