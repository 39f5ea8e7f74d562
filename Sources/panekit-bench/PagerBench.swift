// The pager's figure: a frame of a 10,000-page pager against a 3-page one (only the visible pages are posed and
// styled, so the two should be within noise of each other).

import PaneKit

extension Bench {
    /// A pager of `pages` pages at its middle page, styled by a transformer and an iCarousel type.
    static func pagerHost(pages: Int) -> PaneHost {
        var c = PagerConfiguration(size: Size(width: 375, height: 667), behavior: .compose, pages: pages)
        c.initialPage = pages / 2
        let stylers: [any Styler] = [PageTransformerStyler(.cubeOut), CarouselStyler(.coverFlow)]
        return PaneHost(container: PagerContainer(c), fps: 60, stylers: [.pages: stylers])
    }

    /// One frame of a 120-frame cycle: a swipe forward at frame 0 and back at frame 60, each 12 samples over 0.2 s.
    @inline(__always)
    static func pagerStep(_ host: inout PaneHost, _ frame: inout Frame) throws {
        let k = host.frameIndex % 120
        if k == 0 || k == 60 {
            let (from, by) = k == 0 ? (300.0, -200.0) : (75.0, 200.0)
            let start = Double(host.frameIndex) / 60 + 0.001
            for i in 0...12 {
                let phase: TouchPhase = i == 0 ? .began : i == 12 ? .ended : .moved
                host.touch(phase, Point(x: from + by * Double(i) / 12, y: 330), at: start + 0.2 * Double(i) / 12)
            }
        }
        try host.step(into: &frame)
    }

    /// Nanoseconds per frame of the pager cycle at `pages` pages.
    static func pagerNanoseconds(pages: Int, frames: Int, runs: Int) throws -> Figure {
        var host = pagerHost(pages: pages)
        var frame = try host.step()
        for _ in 0..<1200 { try pagerStep(&host, &frame) }
        return try Measure.nanoseconds(runs: runs, per: frames) {
            for _ in 0..<frames { try pagerStep(&host, &frame) }
        }
    }

    /// The group's rows: the cost of a frame at 3 and at 10,000 pages, and their ratio.
    static func pagerRows(keys: [String], frames: Int, runs: Int) throws -> [Row] {
        let three = try pagerNanoseconds(pages: 3, frames: frames, runs: runs)
        let many = try pagerNanoseconds(pages: 10_000, frames: frames, runs: runs)
        return [
            Row(key: keys[0], label: "host, pager of 3 pages, 2 built-in stylers", unit: "ns/frame", target: "", figure: three),
            Row(key: keys[1], label: "host, pager of 10,000 pages, same stylers", unit: "ns/frame", target: "≈ 3 pages", figure: many),
            Row(
                key: keys[2], label: "10,000 pages / 3 pages", unit: "×", target: "≈ 1",
                figure: Figure(single: many.median / three.median)),
        ]
    }
}
