// Touches through an undimmed sheet and accessibility per detent (issue 25), for each of the six behaviors: a tap
// outside the sheet reaches the pane where the behavior lets it (`tapPassedThrough`), elsewhere it dismisses or is
// ignored as the behavior's overlay does; the pane is accessible exactly where touches reach it; the frame offers
// `escape` only where the sheet can hide; and the sheet announces the detents it comes to rest at.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitRender
@testable import PaneKitScenario

@Suite struct SheetTouchAccessibilityTests {
    /// One behavior's case: its container, a lower detent and a higher one, and what a tap outside does at each.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var container: String
        var lower: String
        var higher: String
        /// Whether a tap at the lower detent reaches the pane.
        var passesAtLower: Bool
        /// What a tap at the higher detent does: "hidden" (dismisses) or the reason it is ignored.
        var tapAtHigher: String
        /// Whether the frame offers an escape while shown.
        var escape: Bool
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "uikit largestUndimmedDetentIdentifier",
            container: #"{ "type": "sheet", "behavior": "uikit", "detents": ["medium", "large"], "undimmedDetent": "medium" }"#,
            lower: "medium", higher: "large", passesAtLower: true, tapAtHigher: "hidden", escape: true),
        Case(
            name: "uikit dimmed at every detent",
            container: #"{ "type": "sheet", "behavior": "uikit", "detents": ["medium", "large"] }"#,
            lower: "medium", higher: "large", passesAtLower: false, tapAtHigher: "hidden", escape: true),
        Case(
            name: "uikit isModalInPresentation",
            container: #"{ "type": "sheet", "behavior": "uikit", "detents": ["medium", "large"], "hideable": false }"#,
            lower: "medium", higher: "large", passesAtLower: false, tapAtHigher: "the sheet is not hideable", escape: false),
        Case(
            name: "floatingpanel backdrop at full only",
            container: #"{ "type": "sheet", "behavior": "floatingpanel", "detents": ["tip", "half", "full"], "initialDetent": "half" }"#,
            lower: "half", higher: "full", passesAtLower: true, tapAtHigher: "FloatingPanel's backdrop does not dismiss on a tap",
            escape: false),
        Case(
            name: "floatingpanel backdrop above tip",
            container: """
                { "type": "sheet", "behavior": "floatingpanel", "detents": ["tip", "half", "full"], "initialDetent": "tip",
                  "undimmedDetent": "tip", "hideable": true }
                """,
            lower: "tip", higher: "half", passesAtLower: true, tapAtHigher: "FloatingPanel's backdrop does not dismiss on a tap",
            escape: true),
        Case(
            name: "gorhom backdrop from index 1",
            container: """
                { "type": "sheet", "behavior": "gorhom",
                  "detents": [{ "name": "low", "height": 200 }, { "name": "mid", "height": 400 }, { "name": "high", "height": 600 }] }
                """,
            lower: "low", higher: "mid", passesAtLower: true, tapAtHigher: "hidden", escape: false),
        Case(
            name: "gorhom backdrop from index 2",
            container: """
                { "type": "sheet", "behavior": "gorhom", "undimmedDetent": "mid",
                  "detents": [{ "name": "low", "height": 200 }, { "name": "mid", "height": 400 }, { "name": "high", "height": 600 }] }
                """,
            lower: "mid", higher: "high", passesAtLower: true, tapAtHigher: "hidden", escape: false),
        Case(
            name: "vaul modal",
            container: """
                { "type": "sheet", "behavior": "vaul",
                  "detents": [{ "name": "peek", "fraction": 0.3 }, { "name": "half", "fraction": 0.5 }, { "name": "full", "fraction": 0.9 }] }
                """,
            lower: "peek", higher: "full", passesAtLower: false, tapAtHigher: "hidden", escape: true),
        Case(
            name: "vaul fadeFromIndex",
            container: """
                { "type": "sheet", "behavior": "vaul", "undimmedDetent": "half",
                  "detents": [{ "name": "peek", "fraction": 0.3 }, { "name": "half", "fraction": 0.5 }, { "name": "full", "fraction": 0.9 }] }
                """,
            lower: "half", higher: "full", passesAtLower: true, tapAtHigher: "hidden", escape: true),
        Case(
            name: "vaul not dismissible",
            container: """
                { "type": "sheet", "behavior": "vaul", "hideable": false,
                  "detents": [{ "name": "peek", "fraction": 0.3 }, { "name": "full", "fraction": 0.9 }] }
                """,
            lower: "peek", higher: "full", passesAtLower: false, tapAtHigher: "the sheet is not hideable", escape: false),
        Case(
            name: "material modal, hideable",
            container: #"{ "type": "sheet", "behavior": "material", "contentHeight": 520, "peekHeight": 180, "hideable": true }"#,
            lower: "collapsed", higher: "expanded", passesAtLower: false, tapAtHigher: "hidden", escape: true),
        Case(
            name: "material modal, not hideable",
            container: #"{ "type": "sheet", "behavior": "material", "contentHeight": 520, "peekHeight": 180 }"#,
            lower: "collapsed", higher: "expanded", passesAtLower: false, tapAtHigher: "the sheet is not hideable", escape: false),
        Case(
            name: "compose modal",
            container: #"{ "type": "sheet", "behavior": "compose", "contentHeight": 600 }"#,
            lower: "partiallyExpanded", higher: "expanded", passesAtLower: false, tapAtHigher: "hidden", escape: true),
    ]

    /// The frames of `container` resting at `detent` from 0.1 s, with a tap at (180, 40) at 1.5 s.
    static func frames(_ c: Case, at detent: String) throws -> [Frame] {
        let timeline = """
            [ { "at": 0.1, "action": "setDetent", "detent": "\(detent)", "animated": false },
              { "at": 1.5, "action": "tap", "point": [180, 40] } ]
            """
        return try SheetScenarioTests.frames(SheetScenarioTests.scenario(container: c.container, timeline: timeline))
    }

    @Test(arguments: cases)
    func aTapOutsideAndTheAccessibilityFollowEachBehaviorsOverlay(_ c: Case) throws {
        for (detent, lower) in [(c.lower, true), (c.higher, false)] {
            let frames = try Self.frames(c, at: detent)
            let resting = try #require(frames.last { $0.time < 1.5 - 1e-9 })
            #expect(resting.detent == detent, "\(c) \(detent)")
            let pane = try #require(resting.node(.pane)), sheet = try #require(resting.node(.sheet))
            let passes = lower && c.passesAtLower
            // The pane is reachable exactly where touches reach it; the sheet is reachable and holds focus.
            #expect(pane.accessible == passes && sheet.accessible && sheet.focus && !pane.focus, "\(c) \(detent)")
            #expect(resting.escape == c.escape, "\(c) \(detent)")
            // The grabber is an element of the shown sheet (its accessibility actions change the detent).
            #expect(resting.node(.grabber)?.accessible == true, "\(c) \(detent)")
            let tapped = frames.filter { $0.time >= 1.5 - 1e-9 }.flatMap(\.events)
            if passes {
                #expect(tapped.first == .tapPassedThrough(point: Point(x: 180, y: 40)), "\(c) \(detent)")
            } else if !lower && c.tapAtHigher != "hidden" {
                #expect(tapped.first == .actionIgnored(action: "tap", reason: c.tapAtHigher), "\(c) \(detent)")
            } else if c.tapAtHigher == "hidden" {
                #expect(tapped.first == .detentWillChange(detent: "hidden"), "\(c) \(detent)")
                #expect(frames.last?.detent == "hidden" && frames.last?.node(.pane)?.focus == true, "\(c) \(detent)")
                #expect(frames.last?.escape == false && tapped.contains(.focusChanged(role: .pane)), "\(c) \(detent)")
            }
        }
    }

    @Test func aHiddenSheetLetsEveryTapThroughAndLeavesThePaneFocused() throws {
        for behavior in SheetBehavior.allCases {
            let container = "{ \"type\": \"sheet\", \"behavior\": \"\(behavior.rawValue)\", \"contentHeight\": 500, \"hideable\": true }"
            let timeline = """
                [ { "at": 0.1, "action": "dismiss", "animated": false }, { "at": 0.5, "action": "tap", "point": [100, 700] } ]
                """
            let frames = try SheetScenarioTests.frames(SheetScenarioTests.scenario(container: container, timeline: timeline))
            let last = try #require(frames.last)
            #expect(last.detent == "hidden" && last.node(.pane)?.focus == true && !last.escape, "\(behavior)")
            #expect(last.node(.grabber)?.accessible == false, "\(behavior)")
            #expect(frames.flatMap(\.events).contains(.tapPassedThrough(point: Point(x: 100, y: 700))), "\(behavior)")
        }
    }

    @Test func focusMovesIntoTheSheetWhenItIsPresented() throws {
        let container = #"{ "type": "sheet", "behavior": "compose", "contentHeight": 600, "initialDetent": "hidden" }"#
        let timeline = #"[ { "at": 0.2, "action": "present" } ]"#
        let frames = try SheetScenarioTests.frames(SheetScenarioTests.scenario(container: container, timeline: timeline))
        #expect(frames.first?.node(.pane)?.focus == true && frames.first?.escape == false)
        let moved = try #require(frames.first { $0.events.contains(.focusChanged(role: .sheet)) })
        #expect(moved.node(.pane)?.accessible == false && moved.escape && moved.node(.sheet)?.focus == true)
    }

    @Test func undimmedDetentSetsEachBehaviorsOwnDimmingKnob() throws {
        func g(_ behavior: SheetBehavior, _ undimmed: String?) throws -> SheetGeometry {
            var c = SheetConfiguration(size: Size(width: 375, height: 812), behavior: behavior)
            c.detents = [.height(name: "a", 200), .height(name: "b", 400), .height(name: "c", 600)]
            c.undimmedDetent = undimmed
            return try SheetGeometry.resolve(c)
        }
        // FloatingPanel: backdropAlpha 0.3 above the undimmed anchor, interpolated between anchors.
        let fp = try g(.floatingpanel, "a")
        #expect(SheetDimming.alpha(at: 612, behavior: .floatingpanel, geometry: fp, undimmedDetent: "a") == 0)
        #expect(SheetDimming.alpha(at: 412, behavior: .floatingpanel, geometry: fp, undimmedDetent: "a") == 0.3)
        #expect(abs(SheetDimming.alpha(at: 512, behavior: .floatingpanel, geometry: fp, undimmedDetent: "a") - 0.15) < 1e-12)
        // gorhom: disappearsOnIndex = the undimmed index, appearsOnIndex the next.
        let gorhom = try g(.gorhom, "b")
        #expect(SheetDimming.alpha(at: 412, behavior: .gorhom, geometry: gorhom, undimmedDetent: "b") == 0)
        #expect(SheetDimming.alpha(at: 312, behavior: .gorhom, geometry: gorhom, undimmedDetent: "b") == 0.25)
        #expect(SheetDimming.alpha(at: 212, behavior: .gorhom, geometry: gorhom, undimmedDetent: "b") == 0.5)
        // vaul: fadeFromIndex = the index after the undimmed detent.
        let vaul = try g(.vaul, "a")
        #expect(SheetDimming.alpha(at: 612, behavior: .vaul, geometry: vaul, undimmedDetent: "a") == 0)
        #expect(abs(SheetDimming.alpha(at: 412, behavior: .vaul, geometry: vaul, undimmedDetent: "a") - 0.4) < 1e-12)
        #expect(abs(SheetDimming.alpha(at: 212, behavior: .vaul, geometry: vaul, undimmedDetent: "a") - 0.4) < 1e-12)
    }

    @Test func materialAndComposeRefuseAnUndimmedDetent() {
        for behavior in ["material", "compose"] {
            let container =
                "{ \"type\": \"sheet\", \"behavior\": \"\(behavior)\", \"contentHeight\": 600, \"undimmedDetent\": \"expanded\" }"
            #expect(
                SheetScenarioTests.problems(SheetScenarioTests.scenario(container: container, timeline: "[]"))
                    == ["container.undimmedDetent: expected no undimmedDetent: \(behavior)'s modal sheet dims the content at every detent"])
        }
    }

    @Test func theSheetAnnouncesTheDetentsItComesToRestAt() throws {
        let container =
            #"{ "type": "sheet", "behavior": "material", "contentHeight": 600, "peekHeight": 180, "fitToContents": false, "hideable": true }"#
        let timeline = """
            [ { "at": 0.1, "action": "setDetent", "detent": "expanded" }, { "at": 1.5, "action": "setDetent", "detent": "halfExpanded" },
              { "at": 3, "action": "setDetent", "detent": "collapsed" }, { "at": 4.5, "action": "dismiss" } ]
            """
        let frames = try SheetScenarioTests.frames(SheetScenarioTests.scenario(container: container, timeline: timeline))
        let said = frames.flatMap(\.events).filter { $0.type == "announcement" }.map { $0.value("text") ?? "" }
        #expect(said == ["expanded", "partially expanded", "collapsed"])
        let frame = try #require(frames.first { $0.events.contains(.announcement(text: "expanded")) })
        #expect(
            FrameJSON.line(frame).hasSuffix(
                "{\"type\":\"detentDidChange\",\"detent\":\"expanded\"},{\"type\":\"announcement\",\"text\":\"expanded\"}]}"))
        #expect(Event.announcement(text: "expanded").description == "announcement(text: \"expanded\")")
    }
}

extension SheetTouchAccessibilityTests {
    @Test func aRaisedKeyboardIsReachableWithTheSheetAndAHiddenOneIsNot() throws {
        let container = #"{ "type": "sheet", "behavior": "uikit", "contentHeight": 500 }"#
        let timeline = """
            [ { "at": 0.2, "action": "keyboard", "height": 300 }, { "at": 1.5, "action": "keyboard", "height": 0 } ]
            """
        let frames = try SheetScenarioTests.frames(SheetScenarioTests.scenario(container: container, timeline: timeline))
        let up = try #require(frames.last { $0.time < 1.5 - 1e-9 })
        #expect(up.node(.keyboard)?.accessible == true && up.node(.sheet)?.focus == true)
        let down = try #require(frames.last)
        #expect(down.node(.keyboard)?.accessible == false && down.node(.sheet)?.accessible == true)
    }
}
