// PaneKit's ViewPager against the original's own code, run on a grid outside the project
// (PagerOriginals/viewpager.json; its README says where from): the drag, the release rule and the settle's duration.

import Foundation
import PaneKitScenario
import Testing

@testable import PaneKit

@Suite struct PagerOriginalsTests {
    /// Every row: a pager of 5 pages, 360 pt wide, at rest on `curItem`; one finger sample `drag` points from
    /// x = 200 (positive: to the right, toward the lower pages), then a release with the tracker at `velocity` pt/s
    /// (the finger's sign). ViewPager scrolled to `scrollX` pixels, picked `target` and settles over `dx` pixels in
    /// `duration` ms (0: no settle). PaneKit's drag lands on the same whole pixel, its target is the
    /// same and its settle is as long.
    @Test func viewPagerDragReleaseAndSettleMatchTheOriginalOnEveryRow() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PagerOriginals/viewpager.json")
        let json = try #require(
            SheetOriginalsTable.plain(JSONReader.parse(String(contentsOf: url, encoding: .utf8))) as? [String: Any])
        #expect((json["source"] as? String)?.contains("03f9b2779d1c45a27c799a557a0319d597a67d89") == true)
        let rows = try #require(json["rows"] as? [[Any]])
        #expect(rows.count == Self.rowCount)
        var mismatches: [String] = []
        for row in rows {
            let (density, spacing, curItem) = (row.number(0), row.number(1), row.int(2))
            let (drag, velocity) = (row.number(3), row.number(4))
            let (scrollX, target, dx, duration) = (row.number(5), row.int(6), row.number(7), row.number(8))
            let got = Self.run(density: density, spacing: spacing, curItem: curItem, drag: drag, velocity: velocity)
            let label = "density \(density) spacing \(spacing) page \(curItem) drag \(drag) v \(velocity)"
            if got.scrollX != scrollX { mismatches.append("\(label): scrollX \(scrollX), PaneKit \(got.scrollX)") }
            if got.target != target { mismatches.append("\(label): target \(target), PaneKit \(got.target)") }
            if got.dx != dx { mismatches.append("\(label): dx \(dx), PaneKit \(got.dx)") }
            if abs(got.duration - duration) > 0.5 { mismatches.append("\(label): \(duration) ms, PaneKit \(got.duration)") }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) differ:\n\(mismatches.prefix(30).joined(separator: "\n"))")
    }

    static let rowCount = 3276

    /// PaneKit's pager through the same gesture: the pan's down and one move, then the release with a tracker whose
    /// samples lie on a line at `velocity`. Returns the dragged position and the settle in the table's pixels and ms.
    static func run(density: Double, spacing: Double, curItem: Int, drag: Double, velocity: Double)
        -> (scrollX: Double, target: Int, dx: Double, duration: Double)
    {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .viewpager, pages: 5)
        (c.density, c.spacing, c.initialPage) = (density, spacing, curItem)
        var pager = PagerContainer(c)
        var events: [Event] = []
        pager.perform(.touch(.pan(Point(x: 200, y: 300), .began)), at: 0, events: &events)
        pager.perform(.touch(.pan(Point(x: 200 + drag, y: 300), .moved)), at: 0.05, events: &events)
        // The table's pixels: the grid's widths and margins are whole pixels at both densities.
        let (width, margin) = (360 * density, spacing * density)
        let scrollX = (pager.position * (width + margin) + 1e-6).rounded(.down)
        guard var d = pager.drag else { return (scrollX, -1, .nan, .nan) }
        d.tracker = SampledVelocity(0, at: 0)
        d.tracker.add(velocity * 0.05, at: 0.05)
        pager.drag = nil
        pager.release(d, cancelled: false, at: 0.05, events: &events)
        guard let settle = pager.settle, case .curve(_, let seconds, _) = settle.motion else {
            return (scrollX, pager.currentPage, 0, 0)
        }
        return (scrollX, pager.settleTarget, Double(pager.settleTarget) * (width + margin) - scrollX, (seconds * 1000).rounded())
    }
}
