// The adaptive container in scenario files: its keys, the resize action, and the errors they can have.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct AdaptiveScenarioTests {
    func load(_ container: String, timeline: String = "[]") throws(ScenarioError) -> Scenario {
        try ScenarioLoader.load(#"{"size": [375, 667], "container": "# + container + #", "timeline": "# + timeline + "}", file: "a.json")
    }

    func problems(_ container: String, timeline: String = "[]") -> [String] {
        do {
            _ = try load(container, timeline: timeline)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test func theKeysReachTheConfiguration() throws {
        let scenario = try load(
            #"{"type": "adaptive", "breakpoints": [500, 1000], "right": {"width": 300}, "showsSidebar": false, "openMode": "push", "splitPosition": 350, "dividerStyle": "paneSplitter", "openGestures": ["all"]}"#,
            timeline:
                #"[{"at": 0, "action": "open", "direction": "right"}, {"at": 1, "action": "resize", "size": [800, 600], "animated": false}, {"at": 2, "action": "rotate", "orientation": "portrait"}]"#
        )
        guard let c = scenario.container.configuration(as: AdaptiveConfiguration.self) else { return #expect(Bool(false), "not adaptive") }
        #expect(c.narrowMax == 500 && c.mediumMax == 1000 && c.side == .right && c.sidebarWidth == 300 && c.showsSidebar == false)
        #expect(c.openMode == .push && c.splitPosition == 350 && c.dividerStyle == .paneSplitter && c.openGestures == .all)
        #expect(scenario.container.directions == [.right])
        #expect(
            scenario.timeline.map(\.action) == [.open(.right), .resize(Size(width: 800, height: 600), animated: false), .rotate(.portrait)])
        // The defaults: Material's window size classes, a left sidebar of 280 above the content.
        guard let d = (try load(#"{"type": "adaptive", "left": {}}"#)).container.configuration(as: AdaptiveConfiguration.self) else {
            return
        }
        #expect(d.narrowMax == 599 && d.mediumMax == 839 && d.sidebarWidth == 280 && d.openMode == .above && d.side == .left)
        #expect(d.showsSidebar == nil)
    }

    @Test func everyProblemIsReportedWithItsPlace() {
        #expect(
            problems(#"{"type": "adaptive", "breakpoints": [900, 600], "left": {}}"#) == [
                "container.breakpoints: expected [narrowMax, mediumMax] (two widths in points, 0 < narrowMax < mediumMax), got [900, 600]"
            ])
        #expect(
            problems(#"{"type": "adaptive", "breakpoints": 600, "left": {}, "right": {}}"#) == [
                "container.breakpoints: expected [narrowMax, mediumMax] (two widths in points, 0 < narrowMax < mediumMax), got 600",
                #"container: expected one sidebar: "left" or "right" (an object such as {"width": 280}), got both"#,
            ])
        #expect(
            problems(#"{"type": "adaptive", "left": {}, "showsSidebar": 1}"#) == ["container.showsSidebar: expected true or false, got 1"])
        #expect(
            problems(#"{"type": "adaptive"}"#) == [
                #"container: expected one sidebar: "left" or "right" (an object such as {"width": 280}), got none"#
            ])
        #expect(
            problems(
                #"{"type": "adaptive", "left": {}}"#,
                timeline: #"[{"at": 0, "action": "resize"}, {"at": 1, "action": "resize", "size": [0, 5]}]"#) == [
                    "timeline[0].size: missing; expected [w, h]",
                    "timeline[1].size: expected two numbers > 0, got [0, 5]",
                ])
        // Only the adaptive container takes a resize.
        #expect(
            problems(#"{"type": "drawer", "left": {}}"#, timeline: #"[{"at": 0, "action": "resize", "size": [800, 600]}]"#).first?
                .hasPrefix(
                    "timeline[0].action: expected one of bounce, close, open, pan, replaceCenter, setMaximumWidth, tap, toggle, got \"resize\""
                ) == true)
    }

    @Test func theGalleryExamplesRun() throws {
        for name in ["adaptive-resize", "adaptive-rotate"] {
            let url = packageRoot.appendingPathComponent("Examples/\(name).json")
            let scenario = try ScenarioLoader.load(String(contentsOf: url, encoding: .utf8), file: name)
            let frames = try scenario.run(strict: true)
            let layouts = frames.flatMap(\.events).filter { $0.type == "layoutChanged" }.map { $0.value("to") ?? "" }
            #expect(!layouts.isEmpty, "\(name)")
            #expect(frames.allSatisfy { $0.container == .adaptive })
        }
    }
}
