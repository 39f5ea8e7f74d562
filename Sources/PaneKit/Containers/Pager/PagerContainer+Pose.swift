// The pager's pose: the pane behind, then only the pages near the centre (a 10,000-page pager poses as many nodes
// as a 3-page one), each a subject of the `pages` group with its offset.

extension PagerContainer {
    /// Pages posed beyond the ones the slide alone shows, on each side: a transformer may bring a neighbour in
    /// (a stack, a cover flow), as ViewPager's offscreen page and iCarousel's visible items do.
    static let extraPages = 1.0
    /// The pane's drawing order: below any page.
    static let paneZ = -1_000_000
    /// The most pages posed on each side of the centre (iCarousel's MAX_VISIBLE_ITEMS is 30 in all).
    static let maxSide = 15

    /// The offset of `page` from the position, in pages; while wrapping, the copy nearest the centre (as iCarousel
    /// shifts offsets into −N/2 … N/2).
    func pageOffset(of page: Int) -> Double {
        let o = Double(page) - position
        guard configuration.wrap else { return o }
        let n = Double(configuration.pages)
        var m = o.truncatingRemainder(dividingBy: n)
        if m < -n / 2 { m += n } else if m >= n / 2 { m -= n }
        return m
    }

    /// The range of page numbers (unwrapped) the pose shows.
    var visibleRange: ClosedRange<Int> {
        let c = configuration
        let inset = (c.axisLength - c.pageLength) / 2
        let before = (inset + c.pageLength) / c.stride + Self.extraPages
        let after = (c.axisLength - inset) / c.stride + Self.extraPages
        // Strictly inside: a page exactly one page past the slide's edge is not posed.
        var lo = Int((position - min(before, Double(Self.maxSide))).rounded(.down)) + 1
        var hi = Int((position + min(after, Double(Self.maxSide))).rounded(.up)) - 1
        if !c.wrap {
            lo = max(lo, 0)
            hi = min(hi, c.pages - 1)
        } else if hi - lo + 1 > c.pages {
            hi = lo + c.pages - 1
        }
        return lo...max(lo, hi)
    }

    /// The pane, then each visible page in index order (Android draws its children so), each a subject; the posed
    /// page alone when a tool posed one.
    /// - Complexity: O(visible pages), no allocation once the pose's storage is warm.
    package func pose(into pose: inout Pose) {
        let c = configuration, w = size.width, h = size.height
        // The pane stays behind every page whatever z a transformer gives a page (Android's depth puts the next page
        // at translationZ −1 behind its sibling, not behind the pager's background).
        pose.nodes.append(Node(role: .pane, frame: Rect(x: 0, y: 0, width: w, height: h), style: NodeStyle(z: Self.paneZ)))
        let range = posedPage.map { $0...$0 } ?? visibleRange
        let inset = (c.axisLength - c.pageLength) / 2
        let velocity = -(settle?.velocity(at: now) ?? 0)
        for k in range {
            let page = wrapped(k)
            if !c.wrap, page != k { continue }
            let o = c.wrap ? pageOffset(of: page) : Double(k) - position
            let start = inset + o * c.stride
            let frame =
                c.orientation == .horizontal
                ? Rect(x: start, y: 0, width: c.pageLength, height: h) : Rect(x: 0, y: start, width: w, height: c.pageLength)
            let role = Role.page.member(page)
            pose.nodes.append(Node(role: role, frame: frame))
            let direction: Direction = c.orientation == .horizontal ? (o < 0 ? .left : .right) : (o < 0 ? .top : .bottom)
            pose.subjects.append(
                Subject(
                    group: .pages, role: role, direction: direction, closed: min(abs(o), 1), velocity: velocity, reveal: c.stride,
                    styled: true))
        }
    }
}
