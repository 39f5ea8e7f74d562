// `panekit spring` and `panekit curve` with forms whose conversion leaves the valid range: exit 1 with the message,
// never a trap.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct SpringRangeCommandTests {
    static let forms = [
        "response=1e300,dampingFraction=0.8", "duration=1e308,bounce=0.5", "visualDuration=1e308,bounce=0.2",
        "bounciness=4,speed=1.2e301", "origamiTension=1e308,origamiFriction=1e308", "mass=1e300,stiffness=1e300,damping=1e300",
    ]

    @Test(arguments: forms)
    func springAndCurveRefuseWithStatusOne(_ form: String) throws {
        for command in ["spring", "curve"] {
            let result = try runPanekit([command, form])
            #expect(result.status == 1, "\(command) \(form): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.contains("expected a spring with a damping ratio in 0.001…100 and ω0 in 0.001…1000000 rad/s, got ζ "),
                "\(command) \(form): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal") && !result.stderr.contains("Precondition"))
        }
    }

    @Test func theIssuesReproductionSaysWhatItFound() throws {
        let result = try runPanekit(["spring", "response=1e300,dampingFraction=0.8"])
        #expect(
            result.stderr
                == "panekit spring: response=1e300,dampingFraction=0.8: expected a spring with a damping ratio in 0.001…100 and ω0 in "
                + "0.001…1000000 rad/s, got ζ inf, ω0 0 (keys dampingFraction, response)\n")
    }

    @Test func aScenarioTimingIsRefusedWithItsPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-spring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        try """
        {"size": [375, 667], "fps": 60, "container": {"type": "drawer", "left": {"width": 280}},
         "timeline": [{"at": 0, "action": "open", "direction": "left"}, {"at": 1, "action": "close"},
           {"at": 2, "action": "open", "direction": "left", "timing": {"spring": {"bounciness": 4, "speed": 1.2e301}}}]}
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try runPanekit(["render", file.path, "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("timeline[2].timing.spring: expected a spring with a damping ratio"), "\(result.stderr)")
        #expect(result.stderr.contains("got ζ nan, ω0 "), "\(result.stderr)")
    }

    @Test func curveYBeyondTheRangeIsRefused() throws {
        let result = try runPanekit(["curve", "cubic-bezier(0,1e7,1,1)"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("y1 and y2 must lie in -1000000...1000000, got 10000000 and 1"), "\(result.stderr)")
    }
}
