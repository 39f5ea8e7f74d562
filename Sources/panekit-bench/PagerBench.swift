// The pager's figure: a frame of a 10,000-page pager against a small one (only the visible pages are posed and
// styled, so the two should be within noise of each other). Both swipe from their middle page to the next and back,
// so both pose the same pages on every frame: a page and its two neighbours at rest, four pages in between. (A
// 3-page pager cannot: on its last page it has one neighbour, and while between two pages its visible pages are
// three; 5 pages is the smallest that poses as the large one does through the whole swipe.)

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

    /// The small pager's figure, a function of its own so that callgrind can count it alone
    /// (`--toggle-collect='*smallPagerNanoseconds*'`, docs/performance.md).
    @inline(never)
    static func smallPagerNanoseconds(frames: Int, runs: Int) throws -> Figure {
        try pagerNanoseconds(pages: smallPager, frames: frames, runs: runs)
    }

    /// The 10,000-page pager's figure (`--toggle-collect='*largePagerNanoseconds*'`).
    @inline(never)
    static func largePagerNanoseconds(frames: Int, runs: Int) throws -> Figure {
        try pagerNanoseconds(pages: 10_000, frames: frames, runs: runs)
    }

    /// The pages of the small pager: the fewest whose middle page keeps a neighbour on each side through the swipe.
    static let smallPager = 5

    /// The number of nodes of each frame of one cycle (120 frames) after the warm-up, at `pages` pages.
    static func pagerNodeCounts(pages: Int) throws -> [Int] {
        var host = pagerHost(pages: pages)
        var frame = try host.step()
        for _ in 0..<1200 { try pagerStep(&host, &frame) }
        var counts: [Int] = []
        for _ in 0..<120 {
            try pagerStep(&host, &frame)
            counts.append(frame.nodes.count)
        }
        return counts
    }

    /// The group's rows: the cost of a frame at 5 and at 10,000 pages, and their ratio. The two pagers must pose as
    /// many nodes on every frame of the cycle, or the comparison would not be of like with like.
    static func pagerRows(keys: [String], frames: Int, runs: Int) throws -> [Row] {
        let small = try pagerNodeCounts(pages: smallPager), large = try pagerNodeCounts(pages: 10_000)
        guard small == large else {
            throw BenchError.input("pager: the \(smallPager)-page and the 10,000-page pagers pose different nodes (\(small) and \(large))")
        }
        let three = try smallPagerNanoseconds(frames: frames, runs: runs)
        let many = try largePagerNanoseconds(frames: frames, runs: runs)
        return [
            Row(
                key: keys[0], label: "host, pager of \(smallPager) pages at its middle, 2 built-in stylers", unit: "ns/frame", target: "",
                figure: three),
            Row(
                key: keys[1], label: "host, pager of 10,000 pages at its middle, same stylers", unit: "ns/frame",
                target: "≈ \(smallPager) pages", figure: many),
            Row(
                key: keys[2], label: "10,000 pages / \(smallPager) pages", unit: "×", target: "≈ 1",
                figure: Figure(single: many.median / three.median)),
        ]
    }
}
