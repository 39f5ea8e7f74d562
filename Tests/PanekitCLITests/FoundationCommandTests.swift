// End-to-end runs of the built panekit binary: render, sample, stylers, exit codes and bad scenarios.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct FoundationCommandTests {
    static let scenarios = packageRoot.appendingPathComponent("Tests/PanekitCLITests/Scenarios")

    /// Each broken scenario with the JSON path its error must name.
    static let broken: [(file: String, path: String)] = [
        ("bad-size-type", "size: expected [w, h]"),
        ("bad-size-negative", "size: expected two numbers > 0"),
        ("bad-fps-zero", "fps: expected a number > 0"),
        ("bad-unknown-root-key", "sise: unknown key; allowed: name, size"),
        ("bad-container-type", "container.type: expected one of drawer"),
        ("bad-container-missing", "container: missing"),
        ("bad-drawer-width", "container.left.width: expected a number > 0, got -20"),
        ("bad-drawer-key", "container.left.widht: unknown key; allowed: width; did you mean \"width\"?"),
        ("bad-open-mode", "container.openMode: expected one of push, above"),
        ("bad-unknown-styler", "stylers.left[0]: unknown styler \"mm.paralax\""),
        ("bad-styler-param", "stylers.left[0].params.factor: expected a number ≥ 1, got 0.5"),
        ("bad-styler-direction", "stylers.right: unknown key; allowed: left"),
        ("bad-timeline-order", "timeline[1].at: expected a time ≥ 1"),
        ("bad-action-name", "timeline[0].action: expected one of"),
        ("bad-action-direction", "timeline[0].direction: expected one of left, got \"up\""),
        ("bad-action-missing-direction", "timeline[0].direction: missing"),
        ("bad-action-at-type", "timeline[0].at: expected a number ≥ 0, got \"soon\""),
        ("bad-replace-mode", "timeline[0].mode: expected one of close, fullClose, got \"fade\""),
        ("bad-duration", "duration: expected a number ≥ 0"),
        ("bad-syntax", "bad-syntax.json:1:66: expected a key in quotes"),
        ("bad-animated-type", "timeline[0].animated: expected true or false, got \"yes\""),
        ("bad-root-array", "(root): expected an object, got an array"),
        ("bad-shadow-color", "container.shadowColor: expected a colour"),
        ("bad-set-width", "timeline[0].width: expected a number > 0, got 0"),
        ("bad-no-drawers", "container: expected at least one drawer"),
        ("bad-gesture-name", "container.openGestures[0]: expected one of"),
        ("bad-too-many-frames", "duration: expected at most 250000 frames (duration × fps), got 3000001"),
        ("bad-pan-duration", "timeline[0].duration: missing; expected a duration > 0"),
        ("bad-pan-track", "timeline[0].track[1]: expected [t, x, y] (three numbers)"),
    ]

    @Test(arguments: broken)
    func brokenScenarioExitsOneNamingThePath(file: String, path: String) throws {
        let result = try runPanekit(["render", Self.scenarios.appendingPathComponent("\(file).json").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(path), "stderr was: \(result.stderr)")
        #expect(result.stderr.contains("\(file).json"), "the error names the file")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"))
    }

    @Test func everyProblemIsReported() throws {
        let result = try runPanekit(["render", Self.scenarios.appendingPathComponent("bad-three-mistakes.json").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("3 problems"))
        for path in ["size:", "fps:", "timeline[0].direction:"] { #expect(result.stderr.contains(path)) }
    }

    @Test func goldenJSONLines() throws {
        let result = try runPanekit(["render", "Examples/drawer-open-close-bounce.json", "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 60)
        for (i, line) in lines.enumerated() {
            #expect(line.hasPrefix("{\"frame\":\(i),\"time\":"), "line \(i + 1)")
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "line \(i + 1) is JSON")
        }
        if let failure = verifyGolden(result.stdout, named: "drawer-open-close-bounce", ext: "jsonl") {
            Issue.record(Comment(rawValue: failure))
        }
        let again = try runPanekit(["render", "Examples/drawer-open-close-bounce.json"])
        #expect(again.stdout == result.stdout, "byte-identical on a second run")
    }

    @Test func theDesignExampleRunsAsWritten() throws {
        // DESIGN §7's scenario, with DESIGN §9's zoom plugin from ./Plugins: 3 s at 60 fps is 181 frames.
        let result = try runPanekit(["render", "Examples/design-example.json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 181)
        #expect(lines.contains { $0.contains("\"state\":\"dragging\"") }, "the pan drags the pane")
        #expect(lines.last!.contains("\"state\":\"bouncing\""), "the bounce at 2.8 s is still running at 3 s")
    }

    @Test func renderWritesAWholeFileAndTakesFrameRanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("frames.jsonl").path
        let result = try runPanekit(["render", "Examples/drawer-open-close-bounce.json", "--out", out, "--frames", "3..5"])
        #expect(result.status == 0 && result.stdout.isEmpty)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.split(separator: "\n").map { $0.prefix(11) } == ["{\"frame\":3,", "{\"frame\":4,", "{\"frame\":5,"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["frames.jsonl"], "no temporary left")
    }

    @Test func sampleSwingingDoorMatchesTheReference() throws {
        let result = try runPanekit([
            "sample", "mm.swinging-door", "--direction", "left", "--size", "320x568", "--reveal", "280",
            "--fractions", "1,0.5,0,-0.05",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["styler"] as? String == "mm.swinging-door")
        #expect(json["container"] as? String == "drawer" && json["direction"] as? String == "left")
        #expect(json["size"] as? [Double] == [320, 568] && json["reveal"] as? Double == 280)
        let samples = try #require(json["samples"] as? [[String: Any]])
        #expect(samples.map { $0["closed"] as? Double } == [1, 0.5, 0, -0.05])
        // Far (left) edge x = W·p − W cos θ / (1 − W sin θ / 1000), θ = −π/2 + pπ/2; past open the stretch.
        let expected: [(Double, Double)] = [(0, 0), (-25.268421, 140), (0, 280), (0.35, 294.35)]
        for (sample, (left, right)) in zip(samples, expected) {
            let nodes = try #require(sample["nodes"] as? [[String: Any]])
            let drawer = try #require(nodes.first { $0["role"] as? String == "drawer.left" })
            let corners = try #require(drawer["corners"] as? [[Double]])
            #expect(abs(corners[0][0] - left) < 1e-6 && abs(corners[1][0] - right) < 1e-6, "closed \(sample["closed"]!)")
            #expect(drawer["anchor"] as? [Double] == [1, 0.5])
            #expect((drawer["transform"] as? [Double])?.count == 16)
        }
    }

    @Test func stylersListsEveryBuiltin() throws {
        let result = try runPanekit(["stylers", "--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let names = (json["stylers"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        for name in ["mm.slide", "mm.parallax", "mm.slide-and-scale", "mm.swinging-door", "mm.stretch", "scrim"] {
            #expect(names.contains(name))
        }
        let text = try runPanekit(["stylers"])
        #expect(text.stdout.contains("factor = 2"))
    }

    @Test(arguments: [
        (["render"], "expected at least one scenario"),
        (["render", "x.json", "--format", "webm"], "--format: expected one of"),
        (["render", "x.json", "--fps", "0"], "--fps: expected a number > 0"),
        (["render", "x.json", "--size", "375by667"], "--size: expected WxH"),
        (["render", "x.json", "--frames", "9..2"], "--frames: expected A..B"),
        (["render", "x.json", "--colour", "always"], "unknown option --colour"),
        (["sample"], "expected one styler name"),
        (["sample", "mm.slide", "--fractions", "1,half"], "--fractions: expected"),
        (["sample", "mm.slide", "--direction", "up"], "--direction: expected one of left, right"),
        (["frobnicate"], "unknown command"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try runPanekit(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }

    @Test(arguments: [
        (["render", "no/such/file.json"], "no/such/file.json: no such file"),
        (["sample", "mm.paralax"], "unknown styler \"mm.paralax\"; did you mean \"mm.parallax\"?"),
        (["sample", "mm.parallax", "--param", "factor=0.2"], "factor: expected a number ≥ 1"),
        (["render", "Examples/drawer-open-close-bounce.json", "--plugins", "no/such/folder"], "no such folder"),
    ])
    func badInputExitsOne(arguments: [String], message: String) throws {
        let result = try runPanekit(arguments)
        #expect(result.status == 1, "\(arguments)")
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }

    @Test(arguments: ["render", "sample", "stylers"])
    func everyCommandHasHelp(command: String) throws {
        let result = try runPanekit([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: panekit \(command)"))
    }
}
