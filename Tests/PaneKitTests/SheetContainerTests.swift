// The sheet container end to end: the issue's scenario, events, the frame's detent, dimming, taps, the top edge as
// the exact mirror, drag limits (reference/sheets.md; DESIGN §13).

import Foundation
import Testing

@testable import PaneKit

@Suite struct SheetContainerTests {
    static let size = Size(width: 375, height: 812)
    /// The issue sheet's half: 412.5 rounded to the display's pixels, 3 per point (FloatingPanel's `rounded(by:)`).
    static let half = 1238.0 / 3

    /// The issue's example: floatingpanel, tip/half/full, initial half, contentHeight 600, hideable.
    static func issueSheet(edge: SheetEdge = .bottom) throws -> SheetContainer {
        var c = SheetConfiguration(size: size, behavior: .floatingpanel)
        // A top sheet mirrors the whole screen, its safe area included.
        c.safeArea = edge == .bottom ? SafeAreaInsets(top: 47, bottom: 34) : SafeAreaInsets(top: 34, bottom: 47)
        c.edge = edge
        c.detents = [.named("tip"), .named("half"), .named("full")]
        c.initialDetent = "half"
        c.contentHeight = 600
        c.hideable = true
        return try SheetContainer(c)
    }

    /// The issue's timeline at 60 fps: setDetent full at 0.5, the pan [[0, 187, 200], [0.2, 187, 420]] at 1.5,
    /// dismiss at 2.5; a top sheet gets the mirrored touches.
    static func runIssue(edge: SheetEdge) throws -> (frames: [(Double, String, Rect, Double)], events: [Event]) {
        var s = try issueSheet(edge: edge)
        var events: [Event] = []
        var frames: [(Double, String, Rect, Double)] = []
        func y(_ v: Double) -> Double { edge == .bottom ? v : 812 - v }
        for frame in 0...240 {
            let t = Double(frame) / 60
            if frame == 30 { s.perform(.setDetent("full"), at: t, events: &events) }
            if frame == 90 { s.perform(.pan(.began, Point(x: 187, y: y(200))), at: t, events: &events) }
            if frame > 90 && frame <= 102 {
                let k = Double(frame - 90) / 12
                s.perform(.pan(frame == 102 ? .ended : .moved, Point(x: 187, y: y(200 + 220 * k))), at: t, events: &events)
            }
            if frame == 150 { s.perform(.dismiss(), at: t, events: &events) }
            s.advance(to: t, events: &events)
            frames.append((t, s.detent, s.layout.sheet, s.closedFraction))
        }
        return (frames, events)
    }

    @Test func issueScenarioEventsAndDetents() throws {
        let (frames, events) = try Self.runIssue(edge: .bottom)
        #expect(frames[0].1 == "half" && frames[0].2.origin.y == Self.half)
        #expect(frames[31].1 == "full")  // settling to full
        let released = try #require(events.firstIndex { if case .panEnded = $0 { true } else { false } })
        #expect(events[..<released].filter { $0.type == "detentDidChange" } == [.detentDidChange(detent: "full")])
        // Released at 285 moving down at 1100 pt/s: targetState trims the projection to the next anchor and picks
        // half (progress 1.85 > 0.5); removal needs 5.5 · (912 − 285).
        #expect(events[released...].contains(.detentWillChange(detent: "half")))
        #expect(frames[149].1 == "half" && frames[149].2.origin.y == Self.half)
        #expect(events.suffix(2) == [.detentWillChange(detent: "hidden"), .detentDidChange(detent: "hidden")])
        #expect(frames.last!.1 == "hidden" && frames.last!.3 == 1)
        #expect(frames[96].1 == "full")  // while dragging: the last settled detent
    }

    // The top edge is the exact mirror: every frame's sheet rect reflected, the same fractions and detents.
    @Test func topEdgeIsTheExactMirror() throws {
        let bottom = try Self.runIssue(edge: .bottom), top = try Self.runIssue(edge: .top)
        #expect(bottom.events == top.events)
        for (b, t) in zip(bottom.frames, top.frames) {
            #expect(b.1 == t.1 && abs(b.3 - t.3) < 1e-12)
            #expect(abs(t.2.origin.y - (812 - b.2.origin.y - b.2.size.height)) < 1e-9 && t.2.size == b.2.size, "t \(b.0)")
        }
    }

    @Test func poseWritesTheEdgesFractionAndNodes() throws {
        let s = try Self.issueSheet()
        var pose = Pose()
        s.pose(into: &pose)
        #expect(pose.nodes.map(\.role) == [.pane, .overlay, .sheet, .grabber])
        #expect(pose.closed(.bottom) == s.closedFraction)
        #expect(abs(s.closedFraction - (Self.half - 65) / (912 - 65)) < 1e-12)
        #expect(pose.nodes[3].frame == Rect(x: (375 - 36) / 2, y: Self.half + 6, width: 36, height: 5))
        #expect(pose.nodes[1].style.hidden)  // FloatingPanel's backdrop is 0 at half
        #expect(pose.subject(.bottom)!.styled)
    }

    // FloatingPanel Core.swift:286-308: the backdrop interpolates between anchors, 0.3 at full.
    @Test func floatingPanelBackdropInterpolatesBetweenAnchors() throws {
        let g = try Self.issueSheet().geometry
        #expect(SheetDimming.alpha(at: 65, behavior: .floatingpanel, geometry: g) == 0.3)
        #expect(abs(SheetDimming.alpha(at: (65 + Self.half) / 2, behavior: .floatingpanel, geometry: g) - 0.15) < 1e-12)
        #expect(SheetDimming.alpha(at: Self.half, behavior: .floatingpanel, geometry: g) == 0)
        #expect(SheetDimming.alpha(at: 20, behavior: .floatingpanel, geometry: g) == 0.3)
    }

    // gorhom BottomSheetBackdrop: opacity interpolate(index, [−1, 0, 1], [0, 0, 0.5]).
    @Test func gorhomBackdropFollowsTheIndex() throws {
        var c = SheetConfiguration(size: Self.size, behavior: .gorhom)
        c.detents = [.height(name: "a", 200), .height(name: "b", 400), .height(name: "c", 700)]
        let g = try SheetGeometry.resolve(c)
        #expect(SheetDimming.gorhomIndex(612, geometry: g) == 0)
        #expect(SheetDimming.gorhomIndex(512, geometry: g) == 0.5)
        #expect(SheetDimming.gorhomIndex(812, geometry: g) == -1)
        #expect(SheetDimming.alpha(at: 512, behavior: .gorhom, geometry: g) == 0.25)
        #expect(SheetDimming.alpha(at: 112, behavior: .gorhom, geometry: g) == 0.5)
    }

    // UIKit largestUndimmedDetentIdentifier: no dimming at and below it, and the undimmed area passes taps through.
    @Test func uikitUndimmedDetentPassesTapsThrough() throws {
        var c = SheetConfiguration(size: Self.size, behavior: .uikit)
        c.safeArea = SafeAreaInsets(top: 47, bottom: 34)
        c.detents = [.named("medium"), .named("large")]
        c.undimmedDetent = "medium"
        var s = try SheetContainer(c)
        #expect(s.detent == "medium" && s.dimming == 0)
        var events: [Event] = []
        s.perform(.tap(Point(x: 100, y: 100)), at: 0, events: &events)
        #expect(events == [.tapPassedThrough(point: Point(x: 100, y: 100))])
        s.perform(.setDetent("large", animated: false), at: 0.1, events: &events)
        #expect(s.dimming == SheetDimming.uikitDimming)
        c.undimmedDetent = nil
        let dimmed = try SheetContainer(c)
        #expect(dimmed.dimming == SheetDimming.uikitDimming)
    }

    // Compose's scrim: 0.32 × a DefaultEffects spring (1.0, 1600) keyed on the target not being Hidden.
    @Test func composeScrimFadesWithItsOwnSpring() throws {
        var s = try SheetContainer(SheetConfiguration(size: Self.size, behavior: .compose))
        #expect(s.dimming == 0.32)
        var events: [Event] = []
        s.perform(.dismiss(), at: 0, events: &events)
        s.advance(to: 0.05, events: &events)
        let w = 40.0, t = 0.05
        let expected = 0.32 * exp(-w * t) * (1 + w * t)
        #expect(abs(s.dimming - expected) < 1e-9)
    }

    // Drag limits: material's hard clamp (BSB:2217-2233), the iOS rubber band check values (d = 960), gorhom's
    // √ over-drag (2.5 at 0, ≈ 25.1 at 100), vaul's log (0 until e² − 1).
    @Test func dragLimits() throws {
        let checks: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (x, b) in checks { #expect(abs(SheetDragLimit.rubberBand(x, dimension: 960) - b) < 0.005, "x \(x)") }
        #expect(SheetDragLimit.gorhomOverDrag(0) == 2.5)
        #expect(abs(SheetDragLimit.gorhomOverDrag(100) - 25.125) < 0.001)
        #expect(SheetDragLimit.vaulDampen(exp(2) - 1.01) == 0)
        #expect(SheetDragLimit.vaulDampen(100) < 0)
        var m = try SheetContainer(SheetConfiguration(size: Self.size, behavior: .material))
        var events: [Event] = []
        m.perform(.pan(.began, Point(x: 10, y: 300)), at: 0, events: &events)
        m.perform(.pan(.moved, Point(x: 10, y: -200)), at: 0.1, events: &events)
        #expect(m.position == 0)  // clamped at expanded
        m.perform(.pan(.moved, Point(x: 10, y: 800)), at: 0.2, events: &events)
        #expect(m.position == 210)  // clamped at collapsed (not hideable)
        var fp = try Self.issueSheet()
        fp.perform(.pan(.began, Point(x: 10, y: 500)), at: 0, events: &events)
        fp.perform(.pan(.moved, Point(x: 10, y: 0)), at: 0.1, events: &events)
        #expect(fp.position == Self.half - 500)  // 1:1 past full by default (allowsRubberBanding false)
    }

    /// Material and Compose clamp each move, not the whole drag (ViewDragHelper's `dragTo`, Compose's
    /// `newOffsetForDelta`): the issue's two examples. A finger that pushes 400 pt past expanded and comes back 150 pt
    /// leaves Android's sheet at 150 (→ collapsed); Compose's, 500 up then 400 back from partially expanded, at 400
    /// (→ partially expanded).
    @Test func materialAndComposeClampEachMove() throws {
        func drag(_ behavior: SheetBehavior, from detent: String, up: Double, back: Double) throws -> (Double, String, Double) {
            var c = SheetConfiguration(size: Self.size, behavior: behavior)
            c.initialDetent = detent
            var s = try SheetContainer(c)
            let start = s.position
            var events: [Event] = []
            var y = start + 10, t = 0.0
            s.perform(.pan(.began, Point(x: 10, y: y)), at: t, events: &events)
            for move in Array(repeating: -up / 10, count: 10) + Array(repeating: back / 10, count: 10) {
                y += move
                t += 1.0 / 60
                s.perform(.pan(.moved, Point(x: 10, y: y)), at: t, events: &events)
            }
            let position = s.position
            s.perform(.pan(.ended, Point(x: 10, y: y)), at: t + 0.5, events: &events)
            return (position, s.targetDetent, start)
        }
        let material = try drag(.material, from: "expanded", up: 400, back: 150)
        #expect(material.0 == 150 && material.1 == "collapsed")
        let compose = try drag(.compose, from: "partiallyExpanded", up: 500, back: 400)
        #expect(compose.0 == 400 && compose.1 == "partiallyExpanded")
        // FloatingPanel follows the whole drag: 500 up and 400 back leave it 100 above where it began.
        let floating = try drag(.floatingpanel, from: "half", up: 500, back: 400)
        #expect(abs(floating.0 - (floating.2 - 100)) < 1e-9)
    }

    @Test func cancelledPanReturnsToTheDetentItBeganAt() throws {
        var s = try Self.issueSheet()
        var events: [Event] = []
        s.perform(.pan(.began, Point(x: 10, y: 500)), at: 0, events: &events)
        s.perform(.pan(.moved, Point(x: 10, y: 300)), at: 0.1, events: &events)
        s.perform(.pan(.cancelled, Point(x: 10, y: 300)), at: 0.2, events: &events)
        s.advance(to: 3, events: &events)
        #expect(events == [.panBegan, .panCancelled])
        #expect(s.position == Self.half && s.detent == "half" && s.isAtRest)
    }

    @Test func actionsTheSheetCannotTake() throws {
        var m = try SheetContainer(SheetConfiguration(size: Self.size, behavior: .material))
        var events: [Event] = []
        m.perform(.dismiss(), at: 0, events: &events)
        m.perform(.setDetent("middle"), at: 0, events: &events)
        m.perform(.present(), at: 0, events: &events)
        m.perform(.pan(.began, Point(x: 10, y: 100)), at: 0, events: &events)
        #expect(
            events == [
                .actionIgnored(action: "dismiss", reason: "the sheet is not hideable"),
                .actionIgnored(action: "setDetent", reason: "no detent named 'middle' (collapsed, expanded, hidden)"),
                .actionIgnored(action: "present", reason: "the sheet is already shown"),
                .actionIgnored(action: "pan", reason: "the pan starts outside the sheet"),
            ])
    }

    // The finger wins over programmatic actions; a point that is not a number never moves the sheet.
    @Test func actionsDuringAPanAndNonFiniteInput() throws {
        var s = try Self.issueSheet()
        var events: [Event] = []
        s.perform(.pan(.began, Point(x: 10, y: 500)), at: 0, events: &events)
        s.perform(.setDetent("full"), at: 0.05, events: &events)
        s.perform(.tap(Point(x: 10, y: 10)), at: 0.05, events: &events)
        s.perform(.pan(.moved, Point(x: 10, y: .nan)), at: 0.1, events: &events)
        s.perform(.setContentHeight(.infinity), at: 0.1, events: &events)
        #expect(
            events == [
                .panBegan,
                .actionIgnored(action: "setDetent", reason: "a pan is in progress"),
                .actionIgnored(action: "tap", reason: "a pan is in progress"),
                .actionIgnored(action: "pan", reason: "the point is not a finite number"),
                .actionIgnored(action: "setContentHeight", reason: "the height is not a finite number"),
            ])
        #expect(s.position == Self.half && s.isDragging)
    }

    @Test func presentShowsAHiddenSheetAtItsInitialDetent() throws {
        var c = SheetConfiguration(size: Self.size, behavior: .compose)
        c.initialDetent = "hidden"
        var s = try SheetContainer(c)
        #expect(s.state == .closed && s.dimming == 0)
        var events: [Event] = []
        s.perform(.present(), at: 0, events: &events)
        s.advance(to: 3, events: &events)
        #expect(
            events == [
                .detentWillChange(detent: "partiallyExpanded"), .detentDidChange(detent: "partiallyExpanded"),
                .announcement(text: "collapsed"),
            ])
        #expect(s.position == 406 && s.dimming == 0.32)
    }

    // Dynamic sizing: setContentHeight moves the content detent the sheet rests at.
    @Test func setContentHeightMovesTheContentDetent() throws {
        var c = SheetConfiguration(size: Self.size, behavior: .gorhom)
        c.contentHeight = 300
        var s = try SheetContainer(c)
        #expect(s.position == 812 - 324)
        var events: [Event] = []
        s.perform(.setContentHeight(500, animated: false), at: 0, events: &events)
        #expect(s.position == 812 - 524 && events.isEmpty)
        s.perform(.setContentHeight(900), at: 0.1, events: &events)
        #expect(events.count == 1 && s.position == 812 - 524)
    }

    @Test func materialTapOnTheScrimDismissesAHideableSheet() throws {
        var c = SheetConfiguration(size: Self.size, behavior: .material)
        c.hideable = true
        var s = try SheetContainer(c)
        var events: [Event] = []
        s.perform(.tap(Point(x: 10, y: 10)), at: 0, events: &events)
        s.advance(to: 1, events: &events)
        #expect(events == [.detentWillChange(detent: "hidden"), .detentDidChange(detent: "hidden")])
        #expect(s.dimming == 0 && s.state == .closed)
    }
}
