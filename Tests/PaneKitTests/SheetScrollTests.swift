// Issue 25, scroll hand-off: a pan over a region in the sheet moves the sheet and scrolls the region in one gesture,
// each behavior as its source decides (reference/sheets.md §1.7 Material, §1b Compose, §2 UIKit, §3.6 FloatingPanel,
// §4.6 gorhom, §5.8 vaul); the region moves with the sheet; regions of the content behind; bad input.

import Foundation
import Testing

@testable import PaneKit

@Suite struct SheetScrollTests {
    static let size = Size(width: 375, height: 812)
    /// The region in the sheet: 60 pt below its top edge, 700 tall, a feed of 1000 pt to scroll.
    static let region: ScrollRegion = {
        var r = ScrollRegion(rect: Rect(x: 0, y: 60, width: 375, height: 700), axis: .vertical, range: 0...1000, offset: 0)
        r.space = .sheet
        return r
    }()

    /// Each behavior's lower and largest detent names for the sheets below.
    static func names(_ b: SheetBehavior) -> (lower: String, largest: String) {
        switch b {
        case .material: ("collapsed", "expanded")
        case .compose: ("partiallyExpanded", "expanded")
        case .uikit: ("medium", "large")
        case .floatingpanel: ("half", "full")
        case .gorhom, .vaul: ("low", "high")
        }
    }

    /// A sheet of `behavior` with a lower and a largest detent, its region in the sheet at `offset`.
    static func sheet(
        _ b: SheetBehavior, at detent: String? = nil, offset: Double = 0, configure: (inout SheetConfiguration) -> Void = { _ in }
    ) throws -> SheetContainer {
        var c = SheetConfiguration(size: size, behavior: b)
        c.contentHeight = 700
        switch b {
        case .material: c.peekHeight = 200  // collapsed at 612, expanded (fit to contents) at 112
        case .compose: break  // partiallyExpanded at 406, expanded at 112
        case .uikit: c.detents = [.named("medium"), .named("large")]  // 381.64 and 10
        case .floatingpanel: c.detents = [.named("tip"), .named("half"), .named("full")]  // 743, 406, 18
        case .gorhom: c.detents = [.height(name: "low", 300), .height(name: "high", 700)]  // 512, 112
        case .vaul: c.detents = [.fraction(name: "low", 0.5), .fraction(name: "high", 0.9)]  // 406, 81.2
        }
        c.initialDetent = detent ?? names(b).lower
        var r = region
        r.offset = offset
        c.scrollRegions = [r]
        configure(&c)
        return try SheetContainer(c)
    }

    /// A sheet driven frame by frame at 60 fps, each frame's sheet position and region offset recorded.
    struct Run {
        var sheet: SheetContainer
        var events: [Event] = []
        var frames: [(position: Double, offset: Double)] = []
        var t = 0.0

        init(_ sheet: SheetContainer) { self.sheet = sheet }

        mutating func frame(_ actions: [SheetAction] = []) {
            for a in actions { sheet.perform(a, at: t, events: &events) }
            sheet.advance(to: t, events: &events)
            sheet.flushScrolled(events: &events)
            frames.append((sheet.position, sheet.scrollOffsets[0]))
            t += 1.0 / 60
        }

        /// A vertical pan at x 187: began at `ys[0]`, one sample a frame, ended at the last.
        mutating func pan(_ ys: [Double], x: Double = 187) {
            for (i, y) in ys.enumerated() {
                let phase: TouchPhase = i == 0 ? .began : (i == ys.count - 1 ? .ended : .moved)
                frame([.pan(phase, Point(x: x, y: y))])
            }
        }

        /// A pan from `y` by `distance` (negative: up) in steps of `step` points a frame.
        mutating func pan(from y: Double, by distance: Double, step: Double = 10) {
            let n = Int((abs(distance) / step).rounded(.up))
            pan((0...n).map { y + distance * Double($0) / Double(n) })
        }

        mutating func settle() {
            var k = 0
            while !sheet.isAtRest && k < 600 {
                frame()
                k += 1
            }
        }

        var scrolled: [Event] { events.filter { if case .scrolled = $0 { true } else { false } } }
    }

    /// The up pan of the tests: from 100 pt below the sheet's top, up by the way to the largest detent plus 200.
    static func panUp(_ b: SheetBehavior) throws -> Run {
        var run = Run(try sheet(b))
        let start = run.sheet.position, top = run.sheet.geometry.largestPosition
        run.frame()
        run.pan(from: start + 100, by: -(start - top) - 200)
        run.settle()
        return run
    }

    /// The down pan of the tests: at the largest detent with the content scrolled to 300, down by 300 + 150.
    static func panDown(_ b: SheetBehavior, step: Double = 10) throws -> Run {
        var run = Run(try sheet(b, at: names(b).largest, offset: 300))
        run.frame()
        run.pan(from: run.sheet.position + 100, by: 450, step: step)
        return run
    }

    /// Scrolling starts only at the largest detent: every frame whose offset moved has the sheet there.
    static func scrollsOnlyAtTheLargestDetent(_ run: Run) -> Bool {
        let top = run.sheet.geometry.largestPosition
        return zip(run.frames, run.frames.dropFirst()).allSatisfy { a, b in a.offset == b.offset || abs(b.position - top) < 1e-9 }
    }

    // MARK: - Up: the sheet to its largest detent, then the content in the same pan

    // Material onNestedPreScroll (§1.7): the sheet consumes up to expanded, the child scrolls the rest; released at
    // expanded, onStopNestedScroll keeps it there.
    @Test func materialHandsOffUpInOnePan() throws {
        let run = try Self.panUp(.material)
        #expect(run.sheet.detent == "expanded" && run.sheet.position == 112)
        #expect(run.sheet.scrollOffsets == [200])
        #expect(Self.scrollsOnlyAtTheLargestDetent(run))
        #expect(run.events.contains(.detentDidChange(detent: "expanded")))
        #expect(run.scrolled.last == .scrolled(region: 0, offset: 200))
    }

    // Compose pre-scroll (§1b): an upward delta goes to the sheet first, then the content; the fling settles with
    // computeTarget (expanded, where the sheet already is).
    @Test func composeHandsOffUpInOnePan() throws {
        let run = try Self.panUp(.compose)
        #expect(run.sheet.detent == "expanded" && run.sheet.position == 112)
        #expect(run.sheet.scrollOffsets == [200])
        #expect(Self.scrollsOnlyAtTheLargestDetent(run))
    }

    // UIKit prefersScrollingExpandsWhenScrolledToEdge, default true (§2): the detent rises to the largest, and only
    // then does the content scroll.
    @Test func uikitHandsOffUpInOnePan() throws {
        let run = try Self.panUp(.uikit)
        #expect(run.sheet.detent == "large" && run.sheet.position == 10)
        #expect(abs(run.sheet.scrollOffsets[0] - 200) < 1e-9)
        #expect(Self.scrollsOnlyAtTheLargestDetent(run))
        // The content moved last: the sheet is released without the finger's velocity and stays at large.
        #expect(run.events.contains(.detentDidChange(detent: "large")))
    }

    // prefersScrollingExpandsWhenScrolledToEdge false: the content scrolls at medium and the sheet stays.
    @Test func uikitWithoutScrollingExpandsScrollsAtMedium() throws {
        var run = Run(try Self.sheet(.uikit) { $0.prefersScrollingExpandsWhenScrolledToEdge = false })
        run.frame()
        run.pan(from: 500, by: -300)
        run.settle()
        #expect(run.sheet.detent == "medium" && abs(run.sheet.position - 812 * 0.47) < 1e-9)
        #expect(run.sheet.scrollOffsets == [300])
        #expect(!run.events.contains(.panBegan))
    }

    // FloatingPanel (§3.6): the scroll view scrolls only at the most expanded anchor and is pinned while the panel
    // moves, so the pan that raises the panel to full does not scroll; the next one does.
    @Test func floatingPanelRaisesThePanelThenScrollsOnlyInTheNextPan() throws {
        var run = try Self.panUp(.floatingpanel)
        #expect(run.sheet.detent == "full" && run.sheet.position == 18)
        #expect(run.sheet.scrollOffsets == [0] && run.scrolled.isEmpty)
        run.pan(from: 300, by: -200)
        run.settle()
        #expect(run.sheet.scrollOffsets == [200] && run.sheet.position == 18)
        #expect(Self.scrollsOnlyAtTheLargestDetent(run))
    }

    // gorhom (§4.6): locked below the highest detent, unlocked at it (EXTENDED), so the same pan scrolls once the
    // sheet is there; handleOnEnd leaves a sheet whose scroll view handled the gesture at the highest detent.
    @Test func gorhomHandsOffUpInOnePan() throws {
        let run = try Self.panUp(.gorhom)
        #expect(run.sheet.detent == "high" && run.sheet.position == 112)
        #expect(run.sheet.scrollOffsets == [200])
        #expect(Self.scrollsOnlyAtTheLargestDetent(run))
    }

    // vaul shouldDrag (§5.8): below the top snap point the drawer is translated, so dragging is allowed and stays
    // allowed until the release: the drawer stops at its top snap point and the content does not scroll.
    @Test func vaulDragsTheDrawerToItsTopSnapPointWithoutScrolling() throws {
        var run = try Self.panUp(.vaul)
        #expect(run.sheet.detent == "high" && abs(run.sheet.position - 812 * 0.1) < 1e-9)
        #expect(run.sheet.scrollOffsets == [0])
        // At the top, a pan towards open is refused: the content scrolls.
        run.pan(from: 300, by: -200)
        #expect(run.sheet.scrollOffsets == [200] && abs(run.sheet.position - 812 * 0.1) < 1e-9)
    }

    // Material onStopNestedScroll (BSB:903-971): expanded where it is; else the sign of the last dy picks the side,
    // the velocity only hides; no movement: the nearest.
    @Test func materialNestedStopReadsTheLastDelta() throws {
        var c = SheetConfiguration(size: Self.size, behavior: .material)
        c.fitToContents = false
        c.hideable = true
        c.peekHeight = 200
        c.detents = [.named("collapsed"), .named("halfExpanded"), .named("expanded")]
        let g = try SheetGeometry.resolve(c)  // expanded 0, halfExpanded 406, collapsed 612, hidden 812
        func target(_ y: Double, _ v: Double, _ last: Double) -> String {
            SheetReleaseRule.materialNested(
                g, c, SheetRelease(position: y, velocity: v, settled: "collapsed", startPosition: 612, translation: y - 612),
                lastDelta: last)
        }
        #expect(target(0, 3000, 5) == "expanded")
        #expect(target(450, 3000, -1) == "halfExpanded")  // up, below half: half (top > halfOffset)
        #expect(target(300, 0, -1) == "expanded")  // up, above half
        #expect(target(550, -3000, 1) == "collapsed")  // down, whatever the velocity's sign: the nearer of half and collapsed
        #expect(target(420, 0, 1) == "halfExpanded")
        #expect(target(650, 3000, 1) == "hidden")  // below collapsed and projected far past it
        #expect(target(420, 0, 0) == "halfExpanded" && target(120, 0, 0) == "expanded")  // no movement: the nearest
    }

    // MARK: - Down: the content back to 0, then the sheet in the same pan

    // Material (§1.7): the child scrolls while canScrollVertically(-1); the move that reaches the top loses what the
    // child could not take (onNestedScroll consumes nothing); then the sheet; the last dy is downward: collapsed.
    @Test func materialHandsBackDownInOnePan() throws {
        var run = try Self.panDown(.material, step: 7)
        // 450 in 65 steps of 6.92…: the content takes 43 of them (297.7), the 44th reaches 0 and loses the rest.
        let step = 450.0 / 65
        #expect(run.sheet.scrollOffsets == [0])
        #expect(abs(run.sheet.position - (112 + step * 21)) < 1e-9)
        run.settle()
        #expect(run.sheet.detent == "collapsed" && run.sheet.position == 612)
    }

    // Compose post-scroll (§1b): the content's leftover goes to the sheet within the same move; the post-fling
    // settles with the finger's velocity: past 125 dp/s down, partiallyExpanded.
    @Test func composeHandsBackDownInOnePan() throws {
        var run = try Self.panDown(.compose, step: 7)
        #expect(run.sheet.scrollOffsets == [0])
        #expect(abs(run.sheet.position - (112 + 150)) < 1e-9)
        run.settle()
        #expect(run.sheet.detent == "partiallyExpanded" && run.sheet.position == 406)
    }

    @Test func uikitHandsBackDownInOnePan() throws {
        var run = try Self.panDown(.uikit)
        #expect(run.sheet.scrollOffsets == [0] && abs(run.sheet.position - 160) < 1e-9)
        #expect(run.events.contains(.panBegan))
        run.settle()
        // Released at 160 moving down at 600 pt/s: projected to 160 + 0.499·600, nearest medium.
        #expect(run.sheet.detent == "medium")
    }

    // FloatingPanel: at full the scroll view takes the touch (content scrolled); at its top the panel takes the rest,
    // the content pinned at 0.
    @Test func floatingPanelHandsBackDownInOnePan() throws {
        var run = try Self.panDown(.floatingpanel)
        #expect(run.sheet.scrollOffsets == [0] && abs(run.sheet.position - 168) < 1e-9)
        run.settle()
        #expect(run.sheet.detent == "half")
    }

    // gorhom at its highest detent: negOff = −contentOffsetY, so the content goes back to 0 before the sheet moves;
    // released at 262 + 0.2·600, nearest low.
    @Test func gorhomHandsBackDownInOnePan() throws {
        var run = try Self.panDown(.gorhom)
        #expect(run.sheet.scrollOffsets == [0] && abs(run.sheet.position - 262) < 1e-9)
        run.settle()
        #expect(run.sheet.detent == "low" && run.sheet.position == 512)
    }

    // gorhom below the highest detent: the scrollable is locked at its offset, the sheet moves at once.
    @Test func gorhomLockedBelowTheHighestDetentKeepsTheOffset() throws {
        var run = Run(try Self.sheet(.gorhom, offset: 300) { $0.hideable = true })
        run.frame()
        run.pan(from: 612, by: 100)
        #expect(run.sheet.scrollOffsets == [300] && abs(run.sheet.position - 612) < 1e-9)
    }

    // vaul: each refusal restarts the 100 ms scroll lock, so a continuous pan scrolls the content to its top and
    // never drags the drawer; after a 100 ms pause the drawer follows.
    @Test func vaulHandsBackOnlyAfterTheScrollLock() throws {
        var run = try Self.panDown(.vaul)
        #expect(run.sheet.scrollOffsets == [0] && abs(run.sheet.position - 812 * 0.1) < 1e-9)
        #expect(!run.events.contains(.panBegan))
        let top = run.sheet.position
        // Hold still for 0.1 s (no movement, no refusal), then pull down.
        run.frame([.pan(.began, Point(x: 187, y: top + 100))])
        run.t += 0.1
        let ys = (0...15).map { top + 100 + Double($0) * 10 }
        for (i, y) in ys.enumerated().dropFirst() { run.frame([.pan(i == ys.count - 1 ? .ended : .moved, Point(x: 187, y: y))]) }
        #expect(run.events.contains(.panBegan))
        #expect(abs(run.sheet.position - (top + 150)) < 1e-9)
    }

    // MARK: - The region moves with the sheet; regions of the content behind

    @Test func theRegionInTheSheetMovesWithIt() throws {
        // At half (406) the region spans 466…1166: a pan at y 440 is on the sheet above the region and drags it.
        var run = Run(try Self.sheet(.floatingpanel))
        run.frame()
        run.pan([440, 430, 420])
        #expect(run.sheet.scrollOffsets == [0] && run.events.contains(.panBegan))
        run.settle()
        // At full (18) it spans 78…778: a pan at y 300 starts in it and scrolls.
        run.frame([.setDetent("full")])
        run.settle()
        run.events = []
        run.pan([300, 280, 260])
        #expect(run.sheet.scrollOffsets == [40] && !run.events.contains(.panBegan))
        // Back at half, y 300 is outside the sheet.
        run.frame([.setDetent("half", animated: false)])
        run.events = []
        run.pan([300, 280])
        #expect(run.events == [.actionIgnored(action: "pan", reason: "the pan starts outside the sheet")])
    }

    @Test func aRegionOfTheContentBehindScrollsWhenThePanStartsOutsideTheSheet() throws {
        var run = Run(
            try Self.sheet(.floatingpanel) {
                $0.scrollRegions.insert(
                    ScrollRegion(rect: Rect(x: 0, y: 0, width: 375, height: 500), axis: .vertical, range: 0...400, offset: 0), at: 0)
            })
        run.frame()
        run.pan([300, 250, 200])
        #expect(run.sheet.scrollOffsets == [100, 0] && run.sheet.position == 406 && run.sheet.detent == "half")
        #expect(run.scrolled == [.scrolled(region: 0, offset: 50), .scrolled(region: 0, offset: 100)])
        // Over the sheet (406…500), the sheet is on top: the pan drags it.
        run.pan([450, 440])
        #expect(run.sheet.scrollOffsets == [100, 0] && run.events.contains(.panBegan))
    }

    // A top sheet is the mirror image: the same pans mirrored give the same events and offsets.
    @Test func aTopSheetIsTheMirrorImage() throws {
        func runs(_ edge: SheetEdge) throws -> Run {
            var run = Run(try Self.sheet(.uikit) { $0.edge = edge })
            let y = { (v: Double) in edge == .bottom ? v : 812 - v }
            run.frame()
            run.pan((0...50).map { y(500 - Double($0) * 12) })
            run.settle()
            run.pan((0...40).map { y(200 + Double($0) * 12) })
            run.settle()
            return run
        }
        let bottom = try runs(.bottom), top = try runs(.top)
        #expect(bottom.events == top.events && !bottom.scrolled.isEmpty)
        #expect(zip(bottom.frames, top.frames).allSatisfy { abs($0.position - $1.position) < 1e-9 && $0.offset == $1.offset })
    }

    @Test func aCancelledHandOffKeepsTheOffsetAndReturnsTheSheet() throws {
        var run = Run(try Self.sheet(.compose))
        run.frame()
        run.frame([.pan(.began, Point(x: 187, y: 506))])
        for k in 1...40 { run.frame([.pan(.moved, Point(x: 187, y: 506 - Double(k) * 10))]) }
        #expect(run.sheet.position == 112 && run.sheet.scrollOffsets == [106])
        run.frame([.pan(.cancelled, Point(x: 187, y: 106))])
        run.settle()
        #expect(run.events.contains(.panCancelled) && run.sheet.detent == "partiallyExpanded" && run.sheet.scrollOffsets == [106])
    }

    // A programmatic move while a pan only scrolls is taken (the finger does not hold the sheet); once it lands, the
    // rest of the pan moves the sheet from where it is, without a jump. A second touch meanwhile is ignored.
    @Test func aProgrammaticMoveDuringAScrollAndASecondTouch() throws {
        var run = Run(try Self.sheet(.compose, at: "expanded", offset: 100))
        run.frame()
        run.frame([.pan(.began, Point(x: 187, y: 300))])
        run.frame([.pan(.moved, Point(x: 187, y: 290))])
        #expect(run.sheet.scrollOffsets == [110] && !run.events.contains(.panBegan))
        run.frame([.setDetent("partiallyExpanded"), .pan(.began, Point(x: 187, y: 700))])
        run.settle()
        #expect(run.sheet.position == 406 && run.sheet.detent == "partiallyExpanded")
        run.frame([.pan(.moved, Point(x: 187, y: 420))])
        // 130 down: the region takes 110 back to 0, the sheet the other 20.
        #expect(run.sheet.scrollOffsets == [0] && run.sheet.position == 426 && run.events.contains(.panBegan))
    }

    @Test func aRegionInTheSheetMustScrollVertically() {
        var r = Self.region
        r.axis = .horizontal
        var c = SheetConfiguration(size: Self.size, behavior: .uikit)
        c.scrollRegions = [ScrollRegion(rect: Rect(x: 0, y: 0, width: 10, height: 10), range: 0...1, offset: 0), r]
        #expect(throws: SheetConfigurationError.self) { try SheetContainer(c) }
        do {
            _ = try SheetContainer(c)
        } catch {
            #expect(error.description == "scrollRegions[1].axis: expected vertical for a region in the sheet, got horizontal")
        }
    }
}

extension SheetScrollTests {
    /// A raised keyboard lifts a UIKit sheet above its position: a pan over its region where it is drawn (above its
    /// position) still scrolls the region, as the finger is on the sheet's content there.
    @Test func aPanFindsTheRegionWhereTheKeyboardDrewTheSheet() throws {
        var run = Run(try Self.sheet(.uikit, at: "medium", configure: { $0.prefersScrollingExpandsWhenScrolledToEdge = false }))
        run.frame([.keyboard(height: 300, duration: 0.05)])
        for _ in 0..<30 { run.frame() }
        let drawn = run.sheet.keyboardEdges.top
        #expect(drawn < run.sheet.position - 250, "the keyboard lifted the sheet (\(drawn) against \(run.sheet.position))")
        // Below the drawn top and the region's own top, above the sheet's position: on the sheet's content.
        let y = drawn + Self.region.rect.y + 20
        #expect(y < run.sheet.position)
        let before = run.sheet.position
        run.pan(from: y, by: -120)
        #expect(run.sheet.scrollOffsets[0] > 100, "the region scrolled (\(run.sheet.scrollOffsets[0]))")
        #expect(run.sheet.position == before, "the sheet stayed at its detent")
    }
}
