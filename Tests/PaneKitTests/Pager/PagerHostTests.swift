// The pager under the host: any number of pages at the cost of the visible ones, no allocation per frame,
// accessibility and its announcement, reduced motion and right-to-left.

import CAllocationCounter
import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit

@Suite struct PagerHostTests {
    static func host(pages: Int, behavior: PagerBehavior = .viewpager2, layout: LayoutDirection = .ltr, reducedMotion: Bool = false)
        -> PaneHost
    {
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: behavior, pages: pages)
        c.initialPage = pages / 2
        c.layoutDirection = layout
        return PaneHost(
            container: PagerContainer(c), fps: 60,
            stylers: [.pages: [PageTransformerStyler(.cubeOut), CarouselStyler(.coverFlow), SwiperEffectStyler(.cards)]],
            reducedMotion: reducedMotion)
    }

    /// A swipe of `dx` points over 0.2 s starting at `start` seconds, as the host delivers a pan.
    static func swipe(_ host: inout PaneHost, dx: Double, at start: Double) {
        let x0 = dx < 0 ? 300.0 : 60.0
        for i in 0...12 {
            let phase: TouchPhase = i == 0 ? .began : i == 12 ? .ended : .moved
            host.touch(phase, Point(x: x0 + dx * Double(i) / 12, y: 320), at: start + 0.2 * Double(i) / 12)
        }
    }

    @Test func tenThousandPagesPoseAsManyNodesAsThree() throws {
        for pages in [3, 10_000] {
            var host = Self.host(pages: pages)
            Self.swipe(&host, dx: -180, at: 0.05)
            var counts: Set<Int> = []
            for _ in 0..<90 { counts.insert(try host.step().nodes.count) }
            // The pane and the pages within one page beyond the visible ones: 3 at rest, 4 while two share the screen.
            #expect(counts == [4, 5] || counts == [3, 4], "\(pages) pages: \(counts)")
            #expect(try host.step().page == pages / 2 + 1)
        }
    }

    @Test(.enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"))
    func aTenThousandPagePagerAllocatesNothingPerFrame() throws {
        // Stylers that leave the drawing order alone (those that reorder it: `stylersThatReorderThePages…`).
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .compose, pages: 10_000)
        c.initialPage = 5000
        var host = PaneHost(
            container: PagerContainer(c), fps: 60, stylers: [.pages: [PageTransformerStyler(.cubeOut), PageTransformerStyler(.zoomOut)]])
        var frame = try host.step()
        // A drag to 40 % and back, released slowly: the page does not change, so no event allocates its text.
        func cycle(_ host: inout PaneHost, _ frame: inout Frame, _ start: Double) throws {
            for i in 0...20 {
                let phase: TouchPhase = i == 0 ? .began : i == 20 ? .ended : .moved
                let x = 300 - 140 * sin(Double(i) / 20 * Double.pi)
                host.touch(phase, Point(x: x, y: 320), at: start + 0.6 * Double(i) / 20)
            }
            for _ in 0..<120 { try host.step(into: &frame) }
        }
        try cycle(&host, &frame, frame.time + 0.05)
        pk_allocations_begin()
        try cycle(&host, &frame, frame.time + 0.05)
        let allocations = pk_allocations_end()
        #expect(allocations == 0, "\(allocations) allocations in 120 frames")
        #expect(frame.page == 5000 && frame.state == .idle)
    }

    @Test(.enabled(if: pk_allocations_available() == 1, "the allocation counter interposes glibc's malloc (Linux)"))
    func stylersThatReorderThePagesAllocateNothingPerFrame() throws {
        // iCarousel's cover flow and Swiper's cards set each page's z: past half a page the next page comes in front,
        // so the host re-sorts the nodes by z. A drag to 61 % and back, released where it began: the order changes
        // twice and the page does not (no event allocates its text).
        var c = PagerConfiguration(size: Size(width: 360, height: 640), behavior: .compose, pages: 10_000)
        c.initialPage = 5000
        var host = PaneHost(
            container: PagerContainer(c), fps: 60, stylers: [.pages: [CarouselStyler(.coverFlow), SwiperEffectStyler(.cards)]])
        var frame = try host.step()
        var orders: Set<[Role]> = []
        func cycle(_ host: inout PaneHost, _ frame: inout Frame, _ start: Double, record: Bool) throws {
            for i in 0...20 {
                let phase: TouchPhase = i == 0 ? .began : i == 20 ? .ended : .moved
                host.touch(phase, Point(x: 300 - 220 * sin(Double(i) / 20 * Double.pi), y: 320), at: start + 0.6 * Double(i) / 20)
            }
            for _ in 0..<120 {
                try host.step(into: &frame)
                if record { orders.insert(frame.nodes.map(\.role)) }
            }
        }
        try cycle(&host, &frame, frame.time + 0.05, record: true)
        #expect(orders.count > 1, "the drawing order never changed: \(orders)")
        pk_allocations_begin()
        try cycle(&host, &frame, frame.time + 0.05, record: false)
        let allocations = pk_allocations_end()
        #expect(allocations == 0, "\(allocations) allocations in 120 frames")
        #expect(frame.page == 5000 && frame.state == .idle)
    }

    @Test func theRestingPageIsReachableAndItsChangeAnnounced() throws {
        var host = Self.host(pages: 10)
        Self.swipe(&host, dx: -200, at: 0.05)
        var frames: [Frame] = []
        for _ in 0..<90 { frames.append(try host.step()) }
        let first = try #require(frames.first), last = try #require(frames.last)
        #expect(first.nodes.filter(\.accessible).map(\.role) == [Role.page.member(5)])
        #expect(first.nodes.first { $0.focus }?.role == Role.page.member(5))
        #expect(last.nodes.filter(\.accessible).map(\.role) == [Role.page.member(6)])
        let events = frames.flatMap(\.events).map(\.description)
        #expect(events.contains("announcement(text: \"page 7 of 10\")"), "\(events)")
        #expect(events.firstIndex(of: "pageWillChange(page: 6)")! < events.firstIndex(of: "pageDidChange(page: 6)")!)
    }

    @Test func reducedMotionJumpsAProgrammaticChange() throws {
        var host = Self.host(pages: 10, behavior: .swiper, reducedMotion: true)
        host.perform(Action(PagerAction.setPage(8)))
        let frames = try (0..<30).map { _ in try host.step() }
        #expect(frames.compactMap(\.pageOffset).allSatisfy { $0 == 5 || $0 == 8 })
        #expect(frames.last?.page == 8 && frames.last?.state == .idle)
    }

    @Test(arguments: PagerBehavior.allCases)
    func rightToLeftIsTheMirrorImage(behavior: PagerBehavior) throws {
        func run(_ layout: LayoutDirection) throws -> [Frame] {
            var host = Self.host(pages: 6, behavior: behavior, layout: layout)
            // A swipe toward the next page: to the left, or to the right under right-to-left.
            let x0 = layout == .ltr ? 300.0 : 60.0, dx = layout == .ltr ? -150.0 : 150.0
            for i in 0...12 {
                let phase: TouchPhase = i == 0 ? .began : i == 12 ? .ended : .moved
                host.touch(phase, Point(x: x0 + dx * Double(i) / 12, y: 320), at: 0.05 + 0.15 * Double(i) / 12)
            }
            var frames = try (0..<50).map { _ in try host.step() }
            host.perform(Action(PagerAction.setPage(1)))
            frames += try (0..<40).map { _ in try host.step() }
            return frames
        }
        let ltr = try run(.ltr), rtl = try run(.rtl)
        #expect(mirrorMismatches(ltr: ltr, rtl: rtl) == [])
        #expect(rtl.map(\.page) == ltr.map(\.page))
        #expect(rtl.contains { $0.page == 4 })
    }
}
