// Issue 24 on the command line: the sheet examples render in every format, the sheet stylers are listed and
// posed by `sample` and `plot` with `--container sheet --behavior B`, and a bad sheet scenario exits 1 naming the
// place.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct SheetCommandTests {
    static let behaviors = ["material", "compose", "uikit", "floatingpanel", "gorhom", "vaul"]

    @Test func eachBehaviorsExamplePlaysInEveryFormat() throws {
        for behavior in Self.behaviors {
            let example = "Examples/sheet-\(behavior).json"
            let json = try runPanekit(["render", example, "--format", "json"])
            #expect(json.status == 0, "\(example): \(json.stderr)")
            #expect(json.stdout.contains("\"container\":\"sheet\"") && json.stdout.contains("\"type\":\"detentDidChange\""), "\(example)")
            for format in ["ascii", "svg", "sheet", "html", "css", "lottie"] {
                let out = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(behavior)-\(UUID().uuidString)/")
                defer { try? FileManager.default.removeItem(at: out) }
                let result = try runPanekit(["render", example, "--format", format, "--frames", "0..3", "--out", out.path])
                #expect(result.status == 0, "\(example) --format \(format): \(result.stderr)")
            }
        }
    }

    @Test func theSheetStylersAreListedAndPosed() throws {
        let list = try runPanekit(["stylers"])
        for name in ["sheet.material", "sheet.ios", "sheet.floating", "sheet.vaul-scale", "sheet.scrim"] {
            #expect(list.stdout.contains(name), "\(name)")
        }
        for behavior in Self.behaviors {
            let sample = try runPanekit(["sample", "sheet.ios", "--container", "sheet", "--behavior", behavior, "--fractions", "1,0"])
            #expect(sample.status == 0, "\(behavior): \(sample.stderr)")
            #expect(sample.stdout.contains("\"container\":\"sheet\",\"direction\":\"bottom\""), "\(behavior)")
            #expect(sample.stdout.contains("\"role\":\"sheet\"") && sample.stdout.contains("\"cornerRadius\":[10,10,0,0]"), "\(behavior)")
            let plot = try runPanekit(["plot", "sheet.vaul-scale", "--container", "sheet", "--behavior", behavior])
            #expect(plot.status == 0 && plot.stdout.contains("<svg"), "\(behavior): \(plot.stderr)")
        }
        let drawer = try runPanekit(["sample", "mm.slide", "--behavior", "vaul"])
        #expect(drawer.status == 2 && drawer.stderr.contains("--behavior: only \(behaviorFamiliesPhrase) take a behavior"))
        let unknown = try runPanekit(["sample", "sheet.ios", "--container", "sheet", "--behavior", "android"])
        #expect(unknown.status == 2 && unknown.stderr.contains("--behavior: expected one of material, compose, uikit"))
    }

    @Test func aBadSheetScenarioExits1NamingThePlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.json")
        try """
        { "size": [375, 812], "container": { "type": "sheet", "behavior": "uikit", "detents": ["medium", { "name": "tall", "fraction": 2 }],
          "initialDetent": "huge" } }
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try runPanekit(["render", file.path, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json: container.detents[1].fraction: expected a number in 0…1, got 2"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }
}
