// `--behaviors`: one sheet scenario run once per platform behavior, side by side on the studio page and in the live
// studio, where a drag on any stage is replayed on every behavior's engine.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitScenario
import PaneKitTestSupport
import Testing

@testable import PaneKitStudio

@Suite struct BehaviorsCompareTests {
    static let behaviors: [SheetBehavior] = [.material, .compose, .uikit, .floatingpanel]
    static let example = "Examples/sheet-compare.json"

    static func exampleText() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(example), encoding: .utf8)
    }

    /// `text` read as a scenario under `behavior`.
    static func scenario(_ text: String, _ behavior: SheetBehavior) throws -> Scenario {
        try ScenarioLoader.load(text, file: "sheet-compare.json", registry: .builtins, behavior: behavior)
    }

    /// The JSON objects of a run's frames, as `render --format json` writes them.
    static func objects(_ frames: [Frame]) throws -> [NSDictionary] {
        try frames.map { try #require(try JSONSerialization.jsonObject(with: Data(FrameJSON.line($0).utf8)) as? NSDictionary) }
    }

    /// The data a page embeds.
    static func payload(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "id=\"panekit-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func theHTMLPageRunsTheScenarioOncePerBehaviorInTheOrderGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-behaviors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("compare.html").path
        let names = "floatingpanel,material,uikit,compose"
        let result = try runPanekit(["render", Self.example, "--format", "html", "--behaviors", names, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Self.payload(try String(contentsOfFile: out, encoding: .utf8))
        let runs = try #require(data["runs"] as? [[String: Any]])
        #expect(runs.map { $0["behavior"] as? String } == names.split(separator: ",").map(String.init))
        #expect(runs.map { $0["name"] as? String } == names.split(separator: ",").map(String.init))
        #expect((data["command"] as? String)?.hasSuffix("--behaviors \(names)") == true, "\(data["command"] ?? "")")
        let text = try Self.exampleText()
        var lengths: Set<Int> = []
        for run in runs {
            let behavior = try #require(SheetBehavior(rawValue: run["behavior"] as? String ?? ""))
            let expected = try Self.objects(try Self.scenario(text, behavior).run())
            let frames = try #require(run["frames"] as? [NSDictionary])
            #expect(frames == expected, "\(behavior): the page's frames are the engine's run under that behavior")
            lengths.insert(frames.count)
        }
        #expect(lengths.count > 1, "the behaviors settle in their own time, so their runs differ in length")
    }

    /// A sheet presented from hidden is 0 pt tall in the first frame: its look (Examples/sheet-compose.json's form) is
    /// drawn for its largest size in the run instead of an empty picture.
    @Test func aSheetPresentedFromHiddenHasItsLookOnThePage() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/sheet-compose.json"), encoding: .utf8)
        let scenario = try ScenarioLoader.load(text, file: "sheet-compose.json")
        let largest = try #require(try scenario.run().compactMap { $0.nodes.first { $0.role == .sheet }?.frame.size.height }.max())
        let input = StudioInput(runs: [StudioRun(name: "compose", scenario: scenario)], registry: .builtins, command: ["panekit"])
        let data = try #require(
            try JSONSerialization.jsonObject(
                with: Data(StudioPayload.json(input, frames: try StudioPayload.frames(of: input), live: false).utf8))
                as? [String: Any])
        let css = try #require((data["looks"] as? [String: String])?["sheet"])
        let base64 = try #require(css.firstMatch(of: /base64,([A-Za-z0-9+\/=]+)/)?.1)
        let svg = String(decoding: try #require(Data(base64Encoded: String(base64))), as: UTF8.self)
        let size = try #require(svg.firstMatch(of: /<svg[^>]* width="([0-9.]+)" height="([0-9.]+)"/))
        #expect(largest > 600 && Double(size.1) == 360 && abs((Double(size.2) ?? 0) - largest) < 0.01, "\(largest): \(svg.prefix(200))")
    }

    @Test func usageErrorsNameTheProblem() throws {
        let html = ["render", Self.example, "--format", "html", "--out", "/dev/null"]
        let unknown = try runPanekit(html + ["--behaviors", "material,compsoe"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--behaviors: expected behaviors from material, compose, uikit, floatingpanel, gorhom, vaul"))
        #expect(unknown.stderr.contains("got \"compsoe\"; did you mean \"compose\"?"), "\(unknown.stderr)")
        let twice = try runPanekit(["studio", Self.example, "--behaviors", "uikit,vaul,uikit"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--behaviors: uikit is given twice"), "\(twice.stderr)")
        for command in [
            ["render", "Examples/drawer-slide.json", "--format", "html", "--out", "/dev/null"], ["studio", "Examples/drawer-slide.json"],
        ] {
            let drawer = try runPanekit(command + ["--behaviors", "material,uikit"])
            #expect(drawer.status == 1, "\(command[0])")
            #expect(
                drawer.stderr.contains(
                    "Examples/drawer-slide.json (behavior material): container.type: --behaviors compares behaviors: expected \(behaviorFamiliesChoice), got \"drawer\""
                ),
                "\(drawer.stderr)")
        }
        let both = try runPanekit(html + ["--behaviors", "material", "--compare", "sheet.ios"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--behaviors and --compare both set the stages beside the first"), "\(both.stderr)")
        let several = try runPanekit(["studio", Self.example, "Examples/sheet-vaul.json", "--behaviors", "material,vaul"])
        #expect(several.status == 2)
        #expect(several.stderr.contains("studio: --behaviors compares one scenario; got 2 targets"), "\(several.stderr)")
        let styler = try runPanekit(["studio", "sheet.material", "--behaviors", "material,vaul"])
        #expect(styler.status == 2)
        #expect(styler.stderr.contains("--behaviors reads a scenario file once per behavior; got sheet.material, a styler"))
        // Each command's help names every family that has behaviors, from the registry (a pager is compared too).
        let families = ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }.map(\.kind.rawValue)
        let words = families.dropLast().joined(separator: ", ") + " or " + (families.last ?? "")
        for command in ["studio", "render"] {
            let help = try runPanekit([command, "--help"]).stdout
            #expect(help.contains("--behaviors A,B"), "\(command) --help")
            #expect(help.contains("a \(words) scenario"), "\(command) --help: \(help)")
        }
    }

    /// A live studio comparing four behaviors of the example.
    static func studio() throws -> LiveStudio {
        let text = try exampleText()
        let runs = try behaviors.map { StudioRun(name: $0.rawValue, scenario: try scenario(text, $0), behavior: $0.rawValue) }
        let input = StudioInput(runs: runs, registry: .builtins, command: ["panekit", "studio", example])
        return try LiveStudio(load: { input }, watched: { [] })
    }

    @Test func aDragIsReplayedOnEveryBehaviorAndEachSettlesItsOwnWay() throws {
        let studio = try Self.studio()
        // Frame 45 (1.5 s): the sheets are at (UIKit still settling to) their largest detent after the example's pull
        // up. A drag down from 300 to 620 in 0.24 s, released.
        let track = (0...6).map { "[\(Double($0) * 0.04),195,\(300 + $0 * 320 / 6)]" }.joined(separator: ",")
        let reply = studio.drag(Array("{\"frame\":45,\"track\":[\(track)],\"ended\":true}".utf8))
        let body = String(decoding: reply.body, as: UTF8.self)
        #expect(reply.status == 200, "\(body.prefix(300))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        let compared = try #require(object["compared"] as? [[String: Any]])
        #expect(compared.map { $0["behavior"] as? String } == Self.behaviors.dropFirst().map(\.rawValue))
        // Each run is the example under that behavior, its timeline up to the drag's time, then the recorded pan.
        let actions = try #require(object["actions"] as? [[String: Any]])
        var root = try #require(try JSONSerialization.jsonObject(with: Data(try Self.exampleText().utf8)) as? [String: Any])
        let timeline = try #require(root["timeline"] as? [[String: Any]])
        let t0 = try #require(actions.first?["at"] as? Double)
        #expect(t0 == 1.5)
        root["timeline"] = timeline.filter { ($0["at"] as? Double ?? 0) <= t0 } + actions
        let replayed = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        var rests: [String] = []
        for (i, behavior) in Self.behaviors.enumerated() {
            let answer = i == 0 ? object : compared[i - 1]
            let frames = try #require(answer["frames"] as? [NSDictionary])
            let expected = try Self.objects(try Self.scenario(replayed, behavior).run())
            #expect(frames == expected, "\(behavior): the drag's frames are that behavior's engine running the same pan")
            #expect(answer["start"] as? Int == 45, "\(behavior)")
            let last = try #require(frames.last)
            rests.append("\(behavior.rawValue): \(last["state"] ?? "") at \(last["detent"] ?? "")")
        }
        // The same flick: Material stops at collapsed (not hideable past it at this speed), Compose and UIKit hide,
        // FloatingPanel lands on half.
        #expect(
            rests == ["material: open at collapsed", "compose: closed at hidden", "uikit: closed at hidden", "floatingpanel: open at half"])
        // A drag that would be too long is refused for all of them, before any runs.
        let many = (0...10_000).map { "[\(Double($0) * 0.001),4,300]" }.joined(separator: ",")
        let crowded = studio.drag(Array("{\"frame\":0,\"track\":[\(many)]}".utf8))
        #expect(crowded.status == 413)
        #expect(String(decoding: crowded.body, as: UTF8.self).contains("10001 samples; a drag holds at most 10000"))
        let late = studio.drag(Array("{\"frame\":100000,\"tap\":[1,2]}".utf8))
        #expect(late.status == 400)
    }
}
