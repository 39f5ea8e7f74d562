// End-to-end runs of `panekit spring`: every form, the JSON keys of DESIGN §12, the plot and bad forms.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct SpringCommandTests {
    static let forms = [
        "response=0.5,dampingFraction=0.825", "duration=0.4,bounce=0.2", "mass=1,stiffness=100,damping=10,initialVelocity=0",
        "stiffness=medium,dampingRatio=mediumBouncy", "tension=170,friction=26", "preset=wobbly",
        "origamiTension=40,origamiFriction=7", "bounciness=4,speed=12", "visualDuration=0.3,bounce=0.3",
    ]

    @Test(arguments: forms)
    func everyFormAnswersWithEveryPlatform(_ form: String) throws {
        let result = try runPanekit(["spring", form, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        for key in ["mass", "stiffness", "damping", "initialVelocity", "dampingRatio", "omega0", "settlingDuration"] {
            #expect(object?[key] is Double || object?[key] is Int, "\(form): \(key)")
        }
        let forms = object?["forms"] as? [String: Any]
        #expect(
            Set(forms?.keys.map { $0 } ?? []) == ["swiftui", "uikit", "compose", "reactSpring", "framerMotion", "origami", "pop", "css"])
        let css = try #require(forms?["css"] as? String)
        #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(", 1)"), "\(form): \(css)")
        let text = try runPanekit(["spring", form])
        #expect(text.status == 0 && text.stdout.contains("settlingDuration"))
        // The same spring as code, as `panekit curve` prints it.
        let curve = try runPanekit(["curve", form])
        #expect(curve.status == 0 && text.stdout.hasSuffix("\n" + curve.stdout), "\(form): the code block follows the forms")
        #expect(text.stdout.contains("SwiftUI:  Animation.interpolatingSpring(") && text.stdout.contains("Compose:  spring<Float>("))
    }

    @Test func swiftUIDefaultInNumbers() throws {
        let result = try runPanekit(["spring", "response=0.5,dampingFraction=0.825", "--json"])
        #expect(
            result.stdout.hasPrefix(
                "{\"mass\":1,\"stiffness\":157.91367,\"damping\":20.734512,\"initialVelocity\":0,\"dampingRatio\":0.825,\"omega0\":12.566371,"
            ))
    }

    @Test func plotWritesAnSVG() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-spring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("step.svg").path
        let result = try runPanekit(["spring", "tension=180,friction=12", "--plot", out])
        #expect(result.status == 0)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("settled"))
    }

    @Test func badFormsAreInputErrorsNamingTheKeys() throws {
        let mixed = try runPanekit(["spring", "response=0.5,friction=3"])
        #expect(mixed.status == 1 && mixed.stderr.contains("friction, response, a mixed or unknown set"))
        let incomplete = try runPanekit(["spring", "mass=1,stiffness=100"])
        #expect(incomplete.status == 1 && incomplete.stderr.contains("mass, stiffness, an incomplete set"))
        let range = try runPanekit(["spring", "tension=-1,friction=3"])
        #expect(range.status == 1 && range.stderr.contains("tension: expected > 0, got -1"))
        let usage = try runPanekit(["spring"])
        #expect(usage.status == 2)
        #expect(!mixed.stderr.contains("Fatal error"))
    }

    @Test func renderTakesFrameTimesAndTimings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-frametimes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = """
            {"size": [375, 667], "frameTimes": [0, 0.016, 0.05, 0.3, 1.2],
             "container": {"type": "drawer", "left": {}},
             "timeline": [{"at": 0, "action": "open", "direction": "left", "timing": {"spring": {"bounciness": 4, "speed": 12}}}]}
            """
        try scenario.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let result = try runPanekit(["render", "s.json", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let times = result.stdout.split(separator: "\n").map { line in
            line.split(separator: ",").first { $0.hasPrefix("\"time\":") }.map { String($0.dropFirst(7)) } ?? ""
        }
        #expect(times == ["0", "0.016", "0.05", "0.3", "1.2"])
        let bad = scenario.replacingOccurrences(of: "\"speed\": 12", with: "\"friction\": 12")
        try bad.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let failed = try runPanekit(["render", "bad.json"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("bad.json: timeline[0].timing.spring: expected one spring key set"), "\(failed.stderr)")
    }
}
