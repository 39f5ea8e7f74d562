// Predictive back on a sheet (issue 25; reference/sheets.md §1.2, §1b): the shrink at several progresses, the
// cancelled and committed ends for material and Compose, hideable or not, the other behaviors ignoring it, and the
// scenario's `back` entries with their errors.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitRender
@testable import PaneKitScenario

@Suite struct SheetBackTests {
    static let size = Size(width: 360, height: 800)

    /// A material sheet (content 520, peek 180: collapsed at 620, expanded at 280) or a Compose one (content 520:
    /// partially expanded at 400, expanded at 280), at `detent`.
    static func sheet(_ behavior: SheetBehavior, hideable: Bool = true, at detent: String? = nil, skipPartial: Bool = false) throws
        -> SheetContainer
    {
        var c = SheetConfiguration(size: size, behavior: behavior)
        c.contentHeight = 520
        if behavior == .material { c.peekHeight = 180 }
        c.hideable = hideable
        c.skipPartiallyExpanded = skipPartial ? true : nil
        c.initialDetent = detent
        return try SheetContainer(c)
    }

    /// The cubic-bezier (0.1, 0.1, 0, 1) solved by bisection: an implementation independent of `TimingCurve`.
    static func eased(_ p: Double) -> Double {
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.1, 0) < p { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0.1, 1)
    }

    static func back(_ track: [(Double, Double)], commit: Bool) throws -> SheetAction {
        .back(try #require(BackGesture(times: track.map(\.0), progress: track.map(\.1), commit: commit)))
    }

    /// Runs `s` at 1000 frames a second from `from` to `to`, collecting its events.
    static func run(_ s: inout SheetContainer, from: Double, to: Double, events: inout [Event]) {
        var t = from
        while t <= to + 1e-9 {
            s.advance(to: t, events: &events)
            t += 0.001
        }
    }

    @Test(arguments: [SheetBehavior.material, .compose])
    func theSheetShrinksByAtMost48AcrossAnd24InHeightAboutItsBottomEdge(_ behavior: SheetBehavior) throws {
        var s = try Self.sheet(behavior, at: "expanded")
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (1, 1)], commit: false), at: 1, events: &events)
        #expect(events.isEmpty)
        let rest = Rect(x: 0, y: 280, width: 360, height: 520)
        for p in [0.0, 0.1, 0.25, 0.5, 0.75, 1.0] {
            s.advance(to: 1 + p, events: &events)
            let sheet = s.layout.sheet
            let e = Self.eased(p)
            #expect(abs(sheet.size.width - (360 - 48 * e)) < 0.01, "p \(p)")
            #expect(abs(sheet.size.height - (520 - 24 * e)) < 0.01, "p \(p)")
            #expect(abs(sheet.origin.x - 24 * e) < 0.01 && abs(sheet.origin.y + sheet.size.height - 800) < 1e-9, "p \(p)")
            // The sheet's position (and its closed fraction) does not move with the shrink.
            #expect(s.position == rest.origin.y && s.closedFraction == 0)
        }
        #expect(abs(s.layout.sheet.size.width - 312) < 1e-9 && abs(s.layout.sheet.size.height - 496) < 1e-9)
        // Between samples the progress is linear: halfway between 0.2 and 0.6 is 0.4.
        var t = try Self.sheet(behavior, at: "expanded")
        t.perform(try Self.back([(0, 0.2), (0.4, 0.6)], commit: false), at: 0, events: &events)
        t.advance(to: 0.2, events: &events)
        #expect(abs(t.layout.sheet.size.width - (360 - 48 * Self.eased(0.4))) < 0.01)
        #expect(events.isEmpty)
    }

    @Test func theGrabberKeepsItsAspectScaledWithTheSheetsWidth() throws {
        var s = try Self.sheet(.material, at: "expanded")
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (0.5, 1)], commit: false), at: 0, events: &events)
        s.advance(to: 0.5, events: &events)
        let k = 312.0 / 360
        let grabber = s.layout.grabber
        #expect(abs(grabber.size.width - 32 * k) < 1e-9 && abs(grabber.size.height - 4 * k) < 1e-9)
        #expect(abs(grabber.origin.y - (280 + 24 + 22 * k)) < 1e-9 && abs(grabber.midX - 180) < 1e-9)
    }

    @Test func materialsCancelEasesTheShrinkAwayIn100Milliseconds() throws {
        var s = try Self.sheet(.material, at: "expanded")
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (0.4, 0.8)], commit: false), at: 0, events: &events)
        s.advance(to: 0.4, events: &events)
        let shrunk = 360 - s.layout.sheet.size.width
        #expect(abs(shrunk - 48 * Self.eased(0.8)) < 0.01)
        // FastOutSlowIn from the shrink at the end to none in 100 ms.
        s.advance(to: 0.45, events: &events)
        let half = 360 - s.layout.sheet.size.width
        #expect(abs(half - shrunk * (1 - SheetBackMotion.fastOutSlowIn.value(at: 0.5))) < 1e-9 && half > 0)
        #expect(!s.isAtRest)
        s.advance(to: 0.5, events: &events)
        #expect(s.layout.sheet == Rect(x: 0, y: 280, width: 360, height: 520) && s.isAtRest)
        #expect(events.isEmpty && s.detent == "expanded")
    }

    @Test func composesCancelSpringsTheShrinkBack() throws {
        var s = try Self.sheet(.compose, at: "expanded")
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (0.3, 1)], commit: false), at: 0, events: &events)
        Self.run(&s, from: 0, to: 0.3, events: &events)
        #expect(abs(s.layout.sheet.size.width - 312) < 1e-9)
        // spring(dampingRatio 1, stiffness 1500): e^(−ωt)(1 + ωt) of the way left after t.
        s.advance(to: 0.35, events: &events)
        let w = 1500.0.squareRoot(), t = 0.05
        #expect(abs((360 - s.layout.sheet.size.width) - 48 * exp(-w * t) * (1 + w * t)) < 1e-6)
        Self.run(&s, from: 0.35, to: 1.5, events: &events)
        #expect(s.layout.sheet.size.width == 360 && s.isAtRest && events.isEmpty && s.detent == "expanded")
    }

    @Test func materialsCommittedBackHidesAHideableSheetSlidingOutShrunk() throws {
        var s = try Self.sheet(.material, at: "expanded")
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (0.2, 0.5), (0.5, 1)], commit: true), at: 1, events: &events)
        s.advance(to: 1.49, events: &events)
        #expect(events.isEmpty)
        s.advance(to: 1.5, events: &events)
        #expect(events == [.detentWillChange(detent: "hidden")])
        // lerp(300, 150, 1) = 150 ms along FastOutSlowIn from 280 to hidden (800), still 48 × 24 smaller.
        s.advance(to: 1.575, events: &events)
        let y = 280 + 520 * SheetBackMotion.fastOutSlowIn.value(at: 0.5)
        #expect(abs(s.position - y) < 1e-9 && abs(s.layout.sheet.size.width - 312) < 1e-9)
        #expect(abs(s.layout.sheet.origin.y - (y + 24)) < 1e-9)
        s.advance(to: 1.65, events: &events)
        #expect(events == [.detentWillChange(detent: "hidden"), .detentDidChange(detent: "hidden")])
        #expect(s.detent == "hidden" && s.layout.sheet.size.width == 360 && s.isAtRest)
    }

    @Test func materialsCommittedBackCollapsesASheetThatCannotHide() throws {
        var s = try Self.sheet(.material, hideable: false, at: "expanded")
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (0.4, 0.4)], commit: true), at: 0, events: &events)
        s.advance(to: 0.4, events: &events)
        #expect(events == [.detentWillChange(detent: "collapsed")])
        // The shrink resets along FastOutSlowIn in lerp(300, 150, 0.4) = 240 ms while the sheet settles.
        let shrunk = 48 * Self.eased(0.4)
        s.advance(to: 0.52, events: &events)
        #expect(abs((360 - s.layout.sheet.size.width) - shrunk * (1 - SheetBackMotion.fastOutSlowIn.value(at: 0.5))) < 1e-6)
        Self.run(&s, from: 0.52, to: 2, events: &events)
        #expect(events.contains(.detentDidChange(detent: "collapsed")) && !events.contains(.detentWillChange(detent: "hidden")))
        #expect(s.detent == "collapsed" && s.layout.sheet.size.width == 360 && s.isAtRest)
        // At collapsed already, a committed back only lets the shrink go.
        events = []
        s.perform(try Self.back([(0, 1)], commit: true), at: 3, events: &events)
        Self.run(&s, from: 3, to: 3.5, events: &events)
        #expect(events.isEmpty && s.detent == "collapsed" && s.layout.sheet.size.width == 360)
    }

    @Test func composesCommittedBackGoesFromExpandedToPartiallyExpandedThenHides() throws {
        var s = try Self.sheet(.compose, at: "expanded")
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (0.3, 1)], commit: true), at: 0, events: &events)
        Self.run(&s, from: 0, to: 1.5, events: &events)
        #expect(
            events == [
                .detentWillChange(detent: "partiallyExpanded"), .detentDidChange(detent: "partiallyExpanded"),
                .announcement(text: "collapsed"),
            ])
        #expect(s.layout.sheet == Rect(x: 0, y: 400, width: 360, height: 400) && s.isAtRest)
        // From partially expanded the back hides, the shrink held while the sheet leaves (FastEffects).
        events = []
        s.perform(try Self.back([(0, 0), (0.3, 1)], commit: true), at: 2, events: &events)
        s.advance(to: 2.3, events: &events)
        #expect(events == [.detentWillChange(detent: "hidden")])
        s.advance(to: 2.32, events: &events)
        #expect(abs(s.layout.sheet.size.width - 312) < 1e-9 && s.position > 400)
        Self.run(&s, from: 2.32, to: 3, events: &events)
        #expect(events.last == .detentDidChange(detent: "hidden") && s.layout.sheet.size.width == 360)
    }

    @Test func composesCommittedBackHidesAnExpandedSheetWithoutAPartialAnchor() throws {
        var s = try Self.sheet(.compose, at: "expanded", skipPartial: true)
        var events: [Event] = []
        s.perform(try Self.back([(0, 0.5)], commit: true), at: 0, events: &events)
        Self.run(&s, from: 0, to: 1, events: &events)
        #expect(events == [.detentWillChange(detent: "hidden"), .detentDidChange(detent: "hidden")])
        // Not hideable: the back has nowhere to go; the shrink springs back.
        var fixed = try Self.sheet(.compose, hideable: false, at: "expanded", skipPartial: true)
        events = []
        fixed.perform(try Self.back([(0, 0), (0.2, 1)], commit: true), at: 0, events: &events)
        Self.run(&fixed, from: 0, to: 1.5, events: &events)
        #expect(events == [.actionIgnored(action: "back", reason: "the sheet is not hideable")])
        #expect(fixed.detent == "expanded" && fixed.layout.sheet.size.width == 360 && fixed.isAtRest)
    }

    @Test(arguments: [SheetBehavior.uikit, .floatingpanel, .gorhom, .vaul])
    func theOtherBehaviorsIgnoreBack(_ behavior: SheetBehavior) throws {
        var c = SheetConfiguration(size: Self.size, behavior: behavior)
        c.contentHeight = 520
        var s = try SheetContainer(c)
        var events: [Event] = []
        let before = s.layout
        s.perform(try Self.back([(0, 0), (0.3, 1)], commit: true), at: 0, events: &events)
        Self.run(&s, from: 0, to: 0.5, events: &events)
        #expect(
            events == [
                .actionIgnored(action: "back", reason: "predictive back is Android's: only material and compose sheets take it")
            ])
        #expect(s.layout == before)
    }

    @Test func aTopSheetShrinksAboutItsOwnEdge() throws {
        var c = SheetConfiguration(size: Self.size, behavior: .compose)
        c.contentHeight = 520
        c.edge = .top
        c.initialDetent = "expanded"
        var s = try SheetContainer(c)
        var events: [Event] = []
        s.perform(try Self.back([(0, 0), (0.2, 1)], commit: false), at: 0, events: &events)
        s.advance(to: 0.2, events: &events)
        #expect(s.layout.sheet == Rect(x: 24, y: 0, width: 312, height: 496))
    }

    @Test func aHiddenSheetIgnoresBack() throws {
        var s = try Self.sheet(.compose, at: "hidden")
        var events: [Event] = []
        s.perform(try Self.back([(0, 1)], commit: true), at: 0, events: &events)
        #expect(events == [.actionIgnored(action: "back", reason: "the sheet is hidden")])
    }

    // MARK: - Scenario

    static func scenario(_ back: String, behavior: String = "material") -> String {
        let initial = behavior == "material" ? #", "peekHeight": 180, "initialDetent": "expanded""# : ""
        return """
            { "size": [360, 800], "fps": 10,
              "container": { "type": "sheet", "behavior": "\(behavior)", "contentHeight": 520, "hideable": true\(initial) },
              "timeline": [ \(back) ] }
            """
    }

    @Test func aScenarioBackShrinksTheSheetNodeInTheFrames() throws {
        let frames = try SheetScenarioTests.frames(
            Self.scenario(#"{ "at": 0.2, "action": "back", "track": [[0, 0], [0.5, 1]], "commit": false }"#))
        let atFull = try #require(frames.first { abs($0.time - 0.7) < 1e-9 })
        let sheet = try #require(atFull.node(.sheet))
        #expect(abs(sheet.frame.width - 312) < 1e-9 && abs(sheet.frame.height - 496) < 1e-9 && abs(sheet.frame.x - 24) < 1e-9)
        #expect(FrameJSON.line(atFull).contains("\"role\":\"sheet\",\"frame\":[24,304,312,496]"))
        #expect(frames.last?.node(.sheet)?.frame == Rect(x: 0, y: 280, width: 360, height: 520))
        // Under another behavior the entry is ignored with its reason.
        let ignored = try SheetScenarioTests.frames(
            Self.scenario(#"{ "at": 0, "action": "back", "track": [[0.1, 1]], "commit": true }"#, behavior: "gorhom"))
        let event = try #require(ignored.flatMap(\.events).first { $0.type == "actionIgnored" })
        #expect(event.value("action") == "back" && event.value("reason")?.hasPrefix("predictive back is Android's") == true)
    }

    @Test func badBackEntriesAreNamedByTheirPath() {
        func problems(_ entry: String) -> [String] { SheetScenarioTests.problems(Self.scenario(entry)) }
        #expect(
            problems(#"{ "at": 0, "action": "back", "commit": true }"#)
                == ["timeline[0].track: missing; expected [[t, progress], …] (t seconds after \"at\", progress 0…1)"])
        #expect(
            problems(#"{ "at": 0, "action": "back", "track": [[0, 0.5], [0.2]], "commit": true }"#)
                == ["timeline[0].track[1]: expected [t, progress] (two numbers), got 1 number"])
        #expect(
            problems(#"{ "at": 0, "action": "back", "track": [[0.3, 0.5], [0.2, 1]], "commit": true }"#)
                == ["timeline[0].track[1]: expected a time after 0.3 (samples in order), got 0.2"])
        #expect(
            problems(#"{ "at": 0, "action": "back", "track": [[0, 1.5]], "commit": true }"#)
                == ["timeline[0].track[0]: expected a progress in 0…1, got 1.5"])
        #expect(
            problems(#"{ "at": 0, "action": "back", "track": [], "commit": true }"#)
                == ["timeline[0].track: expected [[t, progress], …] (at least one sample), got an empty array"])
        #expect(problems(#"{ "at": 0, "action": "back", "track": [[0, 1]] }"#).first?.hasPrefix("timeline[0].commit: ") == true)
        #expect(
            problems(#"{ "at": 0, "action": "back", "track": "x", "commit": true }"#).first?.hasPrefix("timeline[0].track: expected")
                == true)
    }
}
