// A vertical pager, wrapping and the visible range: the geometry the behaviors share.

import Foundation
import Testing

@testable import PaneKit

@Suite struct PagerGeometryTests {
    @Test func aVerticalPagerGoesOnWithASwipeUp() {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .swiper, pages: 4)
        c.orientation = .vertical
        var pager = PagerContainer(c)
        var events: [Event] = []
        pager.perform(.touch(.pan(Point(x: 180, y: 500), .began)), at: 0, events: &events)
        pager.perform(.touch(.pan(Point(x: 180, y: 400), .moved)), at: 0.05, events: &events)
        pager.perform(.touch(.pan(Point(x: 180, y: 300), .ended)), at: 0.1, events: &events)
        var pose = Pose()
        pager.pose(into: &pose)
        // Mid-settle the pages are stacked along y, page 1 below page 0.
        let frames = pose.nodes.filter { $0.role.group == Role.page }.map(\.frame)
        #expect(frames.allSatisfy { $0.width == 360 && $0.height == 640 && $0.x == 0 })
        #expect(pose.subjects.map(\.direction).allSatisfy { $0 == .top || $0 == .bottom })
        pager.advance(to: 1, events: &events)
        #expect(pager.currentPage == 1 && pager.position == 1)
    }

    @Test func aWrappingCarouselTakesTheShortWayAndShowsEachPageOnce() {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .icarousel, pages: 5)
        c.wrap = true
        c.pageSize = 0.5
        var pager = PagerContainer(c)
        var events: [Event] = []
        // From page 0 to page 4: one page back across the wrap, not four forward (iCarousel's minScrollDistance).
        pager.perform(.setPage(4), at: 0, events: &events)
        pager.advance(to: 0.2, events: &events)
        #expect(pager.position < 0 && pager.position > -1)
        var pose = Pose()
        pager.pose(into: &pose)
        let pages = pose.nodes.compactMap { $0.role.memberNumber }
        #expect(Set(pages).count == pages.count, "no page twice: \(pages)")
        pager.advance(to: 0.4, events: &events)
        #expect(pager.currentPage == 4 && pager.offset == 4)
        #expect(events.map(\.description).contains("pageDidChange(page: 4)"))
    }

    @Test func aNarrowPageIsCentredWithItsNeighboursBeside() {
        var c = PagerConfiguration(size: Size(width: 400, height: 640), behavior: .embla, pages: 9)
        c.pageSize = 200
        c.spacing = 20
        c.initialPage = 4
        let pager = PagerContainer(c)
        var pose = Pose()
        pager.pose(into: &pose)
        let x = Dictionary(uniqueKeysWithValues: pose.nodes.compactMap { n in n.role.memberNumber.map { ($0, n.frame.x) } })
        #expect(x[4] == 100 && x[5] == 320 && x[3] == -120)
        // Visible: pages 3 … 5 on screen, and one more on each side.
        #expect(x.keys.sorted() == [2, 3, 4, 5, 6])
    }
}
