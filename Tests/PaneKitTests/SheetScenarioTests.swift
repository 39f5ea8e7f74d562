// Issue 24 wired in: the `sheet` container read from a scenario (keys, top-level safeArea, detent objects), its
// frames (`"detent"`, `fractions.bottom`, roles sheet and grabber), its events, its stylers' context, and every bad
// input named by its path.

import Foundation
import Testing
import PaneKitTestSupport

@testable import PaneKit
@testable import PaneKitRender
@testable import PaneKitScenario

@Suite struct SheetScenarioTests {
    /// The issue's scenario, with `container` members replaced by `container` when given.
    static func scenario(container: String? = nil, safeArea: String = "{ \"top\": 47, \"bottom\": 34 }", timeline: String? = nil) -> String
    {
        let c =
            container
                ?? """
                { "type": "sheet", "behavior": "floatingpanel", "edge": "bottom", "detents": ["tip", "half", "full"],
                  "initialDetent": "half", "contentHeight": 600, "hideable": true }
                """
        let t =
            timeline ?? """
                [ { "at": 0.5, "action": "setDetent", "detent": "full" },
                  { "at": 1.5, "action": "pan", "track": [[0, 187, 200], [0.2, 187, 420]] },
                  { "at": 2.5, "action": "dismiss" } ]
                """
        return """
            { "size": [375, 812], "safeArea": \(safeArea), "container": \(c),
              "stylers": { "bottom": ["sheet.floating"] }, "timeline": \(t) }
            """
    }

    static func frames(_ text: String) throws -> [Frame] {
        let s = try ScenarioLoader.load(text, file: "s.json")
        var frames: [Frame] = []
        try s.run(strict: true) { frames.append($0) }
        return frames
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try ScenarioLoader.load(text, file: "s.json")
            return []
        } catch {
            return error.issues.map { "\($0.path): \($0.message)" }
        }
    }

    @Test func theIssuesScenarioRunsThroughItsDetents() throws {
        let frames = try Self.frames(Self.scenario())
        let first = try #require(frames.first)
        #expect(first.container == .sheet)
        #expect(first.detent == "half")
        #expect(first.fractions.values.map(\.direction) == [.bottom])
        #expect(first.nodes.map(\.role) == [.pane, .overlay, .sheet, .grabber])
        // FloatingPanel's half anchor is half of the safe area's height from its bottom, 812 − 34 − (812 − 47 − 34)/2,
        // rounded to the display's pixels (displayScale 3 by default): 412.5 → 1238/3.
        let sheet = try #require(first.node(.sheet))
        #expect(abs(sheet.frame.y - 1238.0 / 3) < 1e-9)
        // sheet.floating's shadow on the sheet surface.
        #expect(sheet.style.shadow == SheetFloatingStyler.shadow)
        let events = frames.flatMap(\.events).map(\.description)
        #expect(events.first == "detentWillChange(detent: full)")
        #expect(events.contains("detentDidChange(detent: full)"))
        #expect(events.contains("detentDidChange(detent: hidden)"))
        #expect(frames.last?.detent == "hidden" && frames.last?.fractions[.bottom] == 1)
        // At full FloatingPanel's backdrop dims (0.3): the sheet is modal; hidden, the content holds focus.
        let full = try #require(frames.first { $0.detent == "full" && $0.state == .open })
        #expect(full.node(.pane)?.accessible == false && full.node(.sheet)?.focus == true)
        #expect(frames.last?.node(.pane)?.focus == true)
        let line = FrameJSON.line(first)
        #expect(
            line.hasPrefix(
                "{\"frame\":0,\"time\":0,\"container\":\"sheet\",\"state\":\"open\",\"detent\":\"half\",\"fractions\":{\"bottom\":"))
        let willChange = try #require(frames.first { !$0.events.isEmpty })
        #expect(FrameJSON.line(willChange).hasSuffix("\"events\":[{\"type\":\"detentWillChange\",\"detent\":\"full\"}]}"))
    }

    @Test func aTapOutsideAnUndimmedSheetPassesThroughWithItsPoint() throws {
        let container = """
            { "type": "sheet", "behavior": "uikit", "detents": ["medium", "large"], "undimmedDetent": "medium" }
            """
        let frames = try Self.frames(
            Self.scenario(container: container, timeline: "[ { \"at\": 0.1, \"action\": \"tap\", \"point\": [100, 60] } ]"))
        let event = try #require(frames.flatMap(\.events).first { $0.type == "tapPassedThrough" })
        #expect(event.fields.map(\.key) == ["x", "y"] && event.value("x") == "100" && event.value("y") == "60")
        // Undimmed, the content behind stays reachable beside the focused sheet.
        let first = try #require(frames.first)
        #expect(first.node(.pane)?.accessible == true && first.node(.sheet)?.focus == true && first.escape)
    }

    @Test func stylersReadTheDetentTheDetentsAndThePosition() throws {
        final class Seen: @unchecked Sendable { var values: [(String?, [String], Double?)] = [] }
        let scenario = try ScenarioLoader.load(Self.scenario(), file: "s.json")
        let seen = Seen()
        let spy = ClosureStyler(name: "spy") { ctx, _ in seen.values.append((ctx.detent, ctx.detents.map(\.name), ctx.position)) }
        var host = PaneHost(container: scenario.container.makeContainer(), stylers: [.bottom: [spy]], chrome: false)
        _ = try host.step()
        let first = try #require(seen.values.first)
        #expect(first.0 == "half")
        #expect(first.1 == ["tip", "half", "full", "hidden"])
        #expect(abs((first.2 ?? 0) - 1238.0 / 3) < 1e-9)
    }

    @Test func everyBehaviorReadsWithItsDefaults() throws {
        for behavior in SheetBehavior.allCases {
            let container = "{ \"type\": \"sheet\", \"behavior\": \"\(behavior.rawValue)\", \"contentHeight\": 500 }"
            let frames = try Self.frames(Self.scenario(container: container, timeline: "[]"))
            #expect(frames.first?.container == .sheet && frames.first?.detent != nil, "\(behavior)")
        }
    }

    @Test func badInputIsNamedByItsPath() {
        let cases: [(String, String)] = [
            (
                "{ \"type\": \"sheet\", \"behavior\": \"android\" }",
                "container.behavior: expected one of material, compose, uikit, floatingpanel, gorhom, vaul, got \"android\""
            ),
            (
                "{ \"type\": \"sheet\", \"behavior\": \"floatingpanel\", \"detents\": [\"tip\", \"quarter\"] }",
                "container.detents[1]: unknown detent 'quarter' for floatingpanel"
            ),
            (
                "{ \"type\": \"sheet\", \"behavior\": \"gorhom\", \"detents\": [{ \"name\": \"a\", \"fraction\": 1.5 }] }",
                "container.detents[0].fraction: expected a number in 0…1, got 1.5"
            ),
            (
                "{ \"type\": \"sheet\", \"behavior\": \"gorhom\", \"detents\": [{ \"name\": \"a\", \"height\": 900 }] }",
                "container.detents[0].height: expected"
            ),
            (
                "{ \"type\": \"sheet\", \"behavior\": \"uikit\", \"detents\": [\"medium\"], \"initialDetent\": \"large\" }",
                "container.initialDetent: expected one of the detents (medium"
            ),
            (
                "{ \"type\": \"sheet\", \"behavior\": \"gorhom\", \"detents\": [{ \"name\": \"a\", \"heigth\": 100 }] }",
                "container.detents[0].heigth: unknown key"
            ),
            ("{ \"type\": \"sheet\", \"behavior\": \"vaul\", \"peekHeight\": \"tall\" }", "container.peekHeight: expected"),
            ("{ \"type\": \"sheet\", \"behavour\": \"vaul\" }", "container.behavour: unknown key"),
        ]
        for (container, expected) in cases {
            let found = Self.problems(Self.scenario(container: container, timeline: "[]"))
            #expect(found.contains { $0.hasPrefix(expected) }, "\(container): \(found)")
        }
        let safe = Self.problems(Self.scenario(safeArea: "{ \"top\": -1 }", timeline: "[]"))
        #expect(safe.contains { $0.hasPrefix("safeArea.top: expected") }, "\(safe)")
        let action = Self.problems(Self.scenario(timeline: "[ { \"at\": 0, \"action\": \"setDetent\" } ]"))
        #expect(action.contains("timeline[0].detent: missing; expected a detent name"), "\(action)")
        let unknown = Self.problems(Self.scenario(timeline: "[ { \"at\": 0, \"action\": \"setDetent\", \"detent\": \"fulll\" } ]"))
        #expect(
            unknown.contains { $0.hasPrefix("timeline[0].detent: expected one of tip, half, full, hidden, got \"fulll\"") }, "\(unknown)")
        let present = Self.problems(Self.scenario(timeline: "[ { \"at\": 0, \"action\": \"present\", \"detent\": \"tiny\" } ]"))
        #expect(present.contains { $0.hasPrefix("timeline[0].detent: expected one of tip, half, full, hidden") }, "\(present)")
    }

    @Test func peekHeightAutoIsTheDefault() throws {
        let auto = try ScenarioLoader.load(
            Self.scenario(container: "{ \"type\": \"sheet\", \"behavior\": \"material\", \"peekHeight\": \"auto\" }", timeline: "[]"),
            file: "s.json")
        #expect(auto.container.configuration(as: SheetConfiguration.self)?.peekHeight == nil)
    }
}

/// `--behaviors`: one sheet scenario read under another platform's behavior.
@Suite struct SheetBehaviorOverrideTests {
    @Test func theBehaviorReplacesTheOneTheFileNames() throws {
        let text = SheetScenarioTests.scenario(
            container: #"{ "type": "sheet", "behavior": "material", "hideable": true, "contentHeight": 600 }"#, timeline: "[]")
        for behavior in SheetBehavior.allCases {
            let s = try ScenarioLoader.load(text, file: "s.json", behavior: behavior)
            #expect(s.container.configuration(as: SheetConfiguration.self)?.behavior == behavior)
        }
        let asWritten = try ScenarioLoader.load(text, file: "s.json", behavior: nil)
        #expect(asWritten.container.configuration(as: SheetConfiguration.self)?.behavior == .material)
    }

    @Test func aContainerWithoutABehaviorGetsOne() throws {
        let text = SheetScenarioTests.scenario(container: #"{ "type": "sheet", "contentHeight": 600 }"#, timeline: "[]")
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(text, file: "s.json") }
        let s = try ScenarioLoader.load(text, file: "s.json", behavior: .gorhom)
        #expect(s.container.configuration(as: SheetConfiguration.self)?.behavior == .gorhom)
    }

    @Test func onlyASheetCanBeCompared() throws {
        let drawer = #"{ "size": [375, 812], "container": { "type": "drawer", "left": { "width": 280 } }, "timeline": [] }"#
        do {
            _ = try ScenarioLoader.load(drawer, file: "d.json", behavior: .uikit)
            Issue.record("a drawer scenario was read with --behaviors")
        } catch {
            #expect(error.issues.map(\.path) == ["container.type"])
            #expect(error.issues[0].message == "--behaviors compares behaviors: expected \(behaviorFamiliesChoice), got \"drawer\"")
        }
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load("[1]", file: "a.json", behavior: .uikit) }
    }

    @Test func aDetentTheOtherBehaviorLacksIsAnError() throws {
        let text = SheetScenarioTests.scenario(
            container: #"{ "type": "sheet", "behavior": "material", "hideable": true, "contentHeight": 600 }"#,
            timeline: #"[ { "at": 0.5, "action": "setDetent", "detent": "collapsed" } ]"#)
        _ = try ScenarioLoader.load(text, file: "s.json", behavior: .material)
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(text, file: "s.json", behavior: .vaul) }
    }
}

extension SheetBehaviorOverrideTests {
    @Test func anotherPlatformsOwnOptionIsLeftOutOfTheRun() throws {
        let text = SheetScenarioTests.scenario(
            container: #"""
                { "type": "sheet", "behavior": "gorhom", "detents": [{"name": "low", "height": 200}, {"name": "high", "fraction": 0.9}],
                  "keyboardBehavior": "fillParent", "undimmedDetent": "low" }
                """#, timeline: "[]")
        // As written, gorhom takes both keys; material would refuse both.
        let gorhom = try #require(ScenarioLoader.load(text, file: "s.json").container.configuration(as: SheetConfiguration.self))
        #expect(gorhom.keyboardBehavior == .fillParent && gorhom.undimmedDetent == "low")
        let vaul = try #require(
            ScenarioLoader.load(text, file: "s.json", behavior: .vaul).container.configuration(as: SheetConfiguration.self))
        #expect(vaul.keyboardBehavior == .interactive && vaul.undimmedDetent == "low")
        let uikit = try #require(
            ScenarioLoader.load(text, file: "s.json", behavior: .uikit).container.configuration(as: SheetConfiguration.self))
        #expect(uikit.behavior == .uikit && uikit.keyboardBehavior == .interactive)
        #expect(SheetBehavior.allCases.filter { $0.takes(key: "keyboardBehavior") } == [.gorhom])
        #expect(SheetBehavior.allCases.allSatisfy { $0.takes(key: "contentHeight") })
    }
}

extension SheetScenarioTests {
    /// A sheet whose own keys are wrong still has its timeline read with the sheet's actions: the problems name the
    /// wrong key, not every sheet action as foreign (they were read as a drawer's).
    @Test func aSheetWithAWrongKeyKeepsItsActions() {
        let text = Self.scenario(
            container: #"{ "type": "sheet", "behavior": "material", "detents": [{"name": "low", "fraction": 0.4}] }"#,
            timeline: #"[ { "at": 0.2, "action": "keyboard", "height": 300 }, { "at": 0.6, "action": "setDetent", "detent": "low" } ]"#)
        let problems = Self.problems(text)
        #expect(!problems.isEmpty && problems.allSatisfy { $0.hasPrefix("container.") }, "\(problems)")
    }
}
