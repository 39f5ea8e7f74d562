// Compose against M3's AnchoredDraggable, ModalBottomSheet's anchors and animation-core's spring run on the grid
// (SheetOriginals/compose.json): every release's target and the spring's end by Compose's own duration estimate,
// the spring from the anchor, its frames, and the per-move clamp of a drag (issue 36 items 1, 3 and 4).

import Foundation
import Testing

@testable import PaneKit

@Suite struct SheetComposeOriginalsTests {
    static func table() throws -> SheetOriginalsTable { try SheetOriginalsTable("compose") }

    static func configuration(_ c: [String: Any]) -> SheetConfiguration {
        var s = SheetConfiguration(size: SheetOriginalsTable.size, behavior: .compose)
        s.density = c.number("density") ?? 1
        s.contentHeight = c.number("contentHeight")
        s.hideable = c.bool("hideable")
        s.skipPartiallyExpanded = c.bool("skipPartiallyExpanded")
        return s
    }

    @Test func anchorsAreModalBottomSheets() throws {
        let table = try Self.table()
        for c in table.configs {
            let d = c.number("density") ?? 1
            let geometry = try SheetGeometry.resolve(Self.configuration(c))
            let anchors = try #require(c["anchorsPx"] as? [String: Any])
            for (name, px) in anchors {
                #expect(geometry.position(of: name) == (px as? Double).map { $0 / d }, "\(c.string("name")) \(name)")
            }
            #expect(geometry.detents.count + (geometry.canHide ? 1 : 0) == anchors.count, "\(c.string("name"))")
        }
    }

    /// Every release: the target, the spring's duration estimate in milliseconds and the landing frame, exactly (the
    /// table's frames count from the animation's first frame, PaneKit's from the release: docs/compat.md).
    @Test func releasesTargetsAndSpringEnds() throws {
        let table = try Self.table()
        var targets = SheetAgreement("compose targets"), ends = SheetAgreement("compose landings")
        var durations = SheetAgreement("compose durations")
        for row in try table.rows("releases") {
            let c = table.configs[row.int(0)], d = c.number("density") ?? 1
            let settled = row.string(1), position = row.number(2) / d, velocity = row.number(3) / d
            var run = try SheetOriginalsRun(Self.configuration(c), settled: settled, releasedAt: position, velocity: velocity)
            let target = run.sheet.targetDetent
            let label = "\(c.string("name"))@\(d) \(settled) at \(row.number(2)) px v \(row.number(3)) px/s"
            targets.check(target == row.string(4), "\(label): \(target), not \(row.string(4))")
            if case .compose(let spring)? = run.sheet.settle {
                durations.check(
                    spring.durationMilliseconds == row.int(5), "\(label): \(spring.durationMilliseconds) ms, not \(row.int(5))")
            } else {
                durations.check(row.int(5) == 0, "\(label): no spring, not \(row.int(5)) ms")
            }
            let landed = run.landingFrame() ?? -1
            ends.check(landed == row.int(6), "\(label): frame \(landed), not \(row.int(6))")
        }
        #expect(targets.differences == 0, "\(targets)")
        #expect(durations.differences == 0, "\(durations)")
        #expect(ends.differences == 0, "\(ends)")
    }

    /// The spring's frames from the first frame after the release, springs from an anchor included.
    @Test func springFrames() throws {
        let table = try Self.table()
        var frames = SheetAgreement("compose spring frames")
        for row in try table.rows("timelines") {
            let c = table.configs[row.int(0)], d = c.number("density") ?? 1
            let settled = row.string(1), position = row.number(2) / d, velocity = row.number(3) / d
            var run = try SheetOriginalsRun(Self.configuration(c), settled: settled, releasedAt: position, velocity: velocity)
            let label = "\(c.string("name"))@\(d) \(settled) at \(row.number(2)) v \(row.number(3))"
            run.compareFrames(row.numbers(4).map { $0 / d }, tolerance: 0.5 / d, &frames, label)
        }
        #expect(frames.differences == 0, "\(frames)")
    }

    /// A drag moves the offset by each delta, clamped to the anchors (`newOffsetForDelta`).
    @Test func dragsClampEachMove() throws {
        let table = try Self.table()
        var moves = SheetAgreement("compose per-move offsets"), targets = SheetAgreement("compose drag targets")
        for row in try table.rows("drags") {
            let c = table.configs[row.int(0)], d = c.number("density") ?? 1
            let configuration = Self.configuration(c)
            let geometry = try SheetGeometry.resolve(configuration)
            let settled = row.string(1)
            var run = try SheetOriginalsRun(configuration, settled: settled, position: try #require(geometry.position(of: settled)))
            let label = "\(c.string("name"))@\(d) from \(settled)"
            for (mine, theirs) in zip(run.drag(row.numbers(2)), row.numbers(3).map({ $0 / d })) {
                moves.check(abs(mine - theirs) < 1e-9, "\(label): \(mine), not \(theirs)")
            }
            targets.check(run.sheet.targetDetent == row.string(4), "\(label): \(run.sheet.targetDetent), not \(row.string(4))")
        }
        #expect(moves.differences == 0, "\(moves)")
        #expect(targets.differences == 0, "\(targets)")
    }
}
