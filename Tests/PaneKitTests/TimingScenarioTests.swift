// Scenario keys of DESIGN §12: "timing" on transitions, container.interruptible and timing, frameTimes.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct TimingScenarioTests {
    func load(_ json: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.load(json, file: "t.json")
    }

    func problems(_ json: String) -> [String] {
        do {
            _ = try load(json)
            return []
        } catch {
            return error.issues.map { "\($0.path): \($0.message)" }
        }
    }

    static func drawer(_ timeline: String, root: String = "\"fps\": 60,", container: String = "") -> String {
        """
        {"size": [375, 667], \(root) "container": {"type": "drawer", "left": {"width": 280}\(container)},
         "timeline": [\(timeline)]}
        """
    }

    @Test func everyTimingFormReads() throws {
        let forms: [(String, Timing)] = [
            ("\"easeOut\"", .curve(.easeOut)),
            ("\"cubic-bezier(0.2, 0.9, 0.3, 1)\"", .curve(TimingCurve(x1: 0.2, y1: 0.9, x2: 0.3, y2: 1))),
            ("{\"spring\": {\"response\": 0.5, \"dampingFraction\": 0.825}}", .spring(.swiftUI())),
            ("{\"spring\": {\"stiffness\": \"medium\", \"dampingRatio\": \"noBouncy\"}}", .spring(.compose())),
            ("{\"spring\": {\"bounciness\": 4, \"speed\": 12}}", .spring(.pop())),
            (
                "{\"spring\": {\"mass\": 1, \"stiffness\": 100, \"damping\": 10, \"initialVelocity\": 2}}",
                .spring(Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2))
            ),
        ]
        for (json, timing) in forms {
            let s = try load(Self.drawer("{\"at\": 0, \"action\": \"open\", \"direction\": \"left\", \"timing\": \(json)}"))
            #expect(s.timeline.first?.action == Action.open(.left).timed(timing), "\(json)")
        }
        let container = try load(
            Self.drawer("", container: ", \"interruptible\": true, \"timing\": {\"spring\": {\"tension\": 170, \"friction\": 26}}"))
        guard let c = container.container.configuration(as: DrawerConfiguration.self) else {
            Issue.record("not a drawer")
            return
        }
        #expect(c.interruptible && c.timing == .spring(.reactSpring()))
    }

    @Test func badTimingsNameThePlace() {
        let open = "{\"at\": 0, \"action\": \"open\", \"direction\": \"left\", \"timing\": "
        #expect(
            problems(Self.drawer(open + "{\"spring\": {\"response\": 0.5}}}")).first?.contains(
                "timeline[0].timing.spring: expected one spring key set") == true)
        #expect(
            problems(Self.drawer(open + "{\"spring\": {\"response\": 0.5, \"friction\": 3}}}")).first?.contains(
                "friction, response, a mixed or unknown set") == true)
        #expect(
            problems(Self.drawer(open + "{\"spring\": {\"response\": -1, \"dampingFraction\": 1}}}")).first
                == "timeline[0].timing.spring.response: expected > 0, got -1")
        #expect(problems(Self.drawer(open + "\"bouncy\"}")).first?.hasPrefix("timeline[0].timing: expected linear, easeIn") == true)
        #expect(problems(Self.drawer(open + "{\"curve\": 1}}")).first?.hasPrefix("timeline[0].timing: expected {\"spring\"") == true)
        // Only transitions take a timing.
        #expect(
            problems(Self.drawer("{\"at\": 0, \"action\": \"bounce\", \"direction\": \"left\", \"timing\": \"linear\"}")).first?
                .hasPrefix("timeline[0].timing: unknown key") == true)
    }

    /// Each family's syntax says which of its actions take a timing; the loader asks it rather than keeping a list
    /// of its own (DESIGN §12's programmatic transitions).
    @Test func theTimedActionsAreTheFamiliesOwn() {
        #expect(
            Set(ContainerRegistry.builtins.flatMap(\.actions).filter(\.timed).map(\.name)) == [
                "open", "close", "toggle", "setPaneState", "setSplitPosition", "toggleMaster", "present", "dismiss", "setDetent",
                "keyboard", "push", "pop",
            ])
    }

    @Test func frameTimesReplaceFps() throws {
        let s = try load(
            Self.drawer("{\"at\": 0.1, \"action\": \"open\", \"direction\": \"left\"}", root: "\"frameTimes\": [0, 0.1, 0.25, 0.7],"))
        let frames = try s.run()
        #expect(frames.map(\.time) == [0, 0.1, 0.25, 0.7])
        #expect(frames.last?.state == .open)
        #expect(
            problems(Self.drawer("", root: "\"frameTimes\": [0, 0.2, 0.2],")) == [
                "frameTimes[2]: expected a time > 0.2 (times must increase) and ≤ 3600, got 0.2"
            ])
        #expect(
            problems(Self.drawer("", root: "\"fps\": 30, \"frameTimes\": [0],")).first?.hasPrefix("frameTimes: expected either") == true)
        #expect(problems(Self.drawer("", root: "\"frameTimes\": [],")).first?.hasPrefix("frameTimes: expected an array") == true)
    }
}
