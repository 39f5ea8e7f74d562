// panekit plot SCENARIO (a chart per styler the scenario names, stacked in one SVG) and the contact sheet's
// --tiles N and --every K.

import Foundation
import PaneKitTestSupport
import Testing

/// rsvg-convert where it is usually installed, nil when it is not.
private let rsvgConvert = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite struct PlotScenarioTests {
    static func folder(_ scenarios: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in scenarios { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    static let three = """
        {"size": [390, 844], "container": {"type": "drawer", "left": {"width": 300}, "right": {"width": 200}},
         "stylers": {"left": ["mm.parallax", {"name": "mm.slide"}], "right": [{"name": "mm.swinging-door"}]}}
        """

    @Test func plotsEveryStylerTheScenarioNamesStackedInOneSVG() throws {
        let folder = try Self.folder(["three.json": Self.three])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPanekit(["plot", "three.json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = result.stdout
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.components(separatedBy: "<?xml").count == 2, "one document")
        #expect(svg.contains("<title>three.json: 3 stylers</title>"))
        // In the scenario's order, each posed in its container on its own direction.
        let titles = ["mm.parallax (left)", "mm.slide (left)", "mm.swinging-door (right)"]
        let places = titles.map { svg.range(of: "<title>\($0)</title>")?.lowerBound }
        #expect(places.allSatisfy { $0 != nil } && places.map { $0! } == places.map { $0! }.sorted(), "\(places)")
        #expect(svg.contains("left drawer of the 390×844 drawer container of three.json"))
        #expect(svg.contains("right drawer of the 390×844 drawer container of three.json"))
        // Stacked: the charts are nested documents one below the other, and the page is as tall as all of them.
        let tops = svg.components(separatedBy: "<svg x=\"0\" y=\"").dropFirst().map { Double($0.prefix { $0 != "\"" })! }
        #expect(tops.count == 3 && tops[0] == 0 && tops[1] > 0 && tops[2] > tops[1], "\(tops)")
        #expect(svg.hasSuffix("</svg>\n</svg>\n"))
        // The same chart as plot STYLER would draw on that pose, here with the scenario's 300 pt reveal.
        let alone = try runPanekit(["plot", "mm.parallax", "--size", "390x844", "--reveal", "300"])
        let chart = { (text: String) in text.components(separatedBy: "<rect x=\"16\"")[1].components(separatedBy: "</svg>")[0] }
        #expect(chart(alone.stdout) == chart(svg), "the first chart is mm.parallax on the scenario's pose")
    }

    @Test(.enabled(if: rsvgConvert != nil, "needs rsvg-convert"))
    func theStackedSheetIsAnImageRsvgDraws() throws {
        let folder = try Self.folder(["three.json": Self.three])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPanekit(["plot", "three.json", "--out", "three.svg", "--param", "mm.parallax.factor=3"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let png = try runProgram(
            URL(fileURLWithPath: rsvgConvert!), ["three.svg", "-o", "three.png"], in: folder)
        #expect(png.status == 0, "\(png.stderr)")
        let svg = try String(contentsOf: folder.appendingPathComponent("three.svg"), encoding: .utf8)
        #expect(svg.contains("; factor=3"), "--param reaches the scenario's styler")
    }

    @Test func aScenarioWithOneStylerIsThatStylersChart() throws {
        let result = try runPanekit(["plot", "Examples/spring-interruptible-catch.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<title>mm.parallax (left)</title>"))
        #expect(!result.stdout.contains("<svg x=\"0\""), "a single chart is not nested")
    }

    @Test func posingFlagsAndScenariosWithoutStylersAreRefused() throws {
        let folder = try Self.folder([
            "three.json": Self.three, "none.json": #"{"size": [375, 667], "container": {"type": "drawer", "left": {}}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let posed = try runPanekit(["plot", "three.json", "--container", "dynamics"], in: folder)
        #expect(posed.status == 2)
        #expect(posed.stderr.contains("--container poses a styler; three.json poses its stylers in its own container"), "\(posed.stderr)")
        let none = try runPanekit(["plot", "none.json"], in: folder)
        #expect(none.status == 1)
        #expect(none.stderr.contains("none.json names no stylers"), "\(none.stderr)")
        let missing = try runPanekit(["plot", "missing.json"], in: folder)
        #expect(missing.status == 1 && missing.stderr.contains("missing.json"), "\(missing.stderr)")
    }
}

@Suite struct SheetTilesTests {
    /// The frame indices of a contact sheet's tiles, in order.
    static func tiles(_ svg: String) -> [Int] {
        svg.components(separatedBy: "fill=\"#222222\">#").dropFirst().map { Int($0.prefix { $0 != " " })! }
    }

    @Test func tilesAreEvenlySpacedWithTheFirstAndTheLast() throws {
        let all = try runPanekit(["render", "mm.slide", "--format", "sheet"])
        #expect(all.status == 0, "\(all.stderr)")
        let count = Self.tiles(all.stdout).count
        #expect(count > 100)
        let four = try runPanekit(["render", "mm.slide", "--format", "sheet", "--tiles", "4"])
        #expect(four.status == 0, "\(four.stderr)")
        let last = count - 1
        #expect(Self.tiles(four.stdout) == [0, 1, 2, 3].map { Int((Double($0 * last) / 3).rounded()) })
        #expect(four.stdout.contains(">4 frames, "))
        // More tiles than frames: every frame once.
        let many = try runPanekit(["render", "mm.slide", "--format", "sheet", "--tiles", "100000"])
        #expect(Self.tiles(many.stdout) == Array(0...last))
        // With --frames the tiles spread over the selected frames.
        let part = try runPanekit(["render", "mm.slide", "--format", "sheet", "--frames", "10..20", "--tiles", "3"])
        #expect(Self.tiles(part.stdout) == [10, 15, 20])
    }

    @Test func everyKthFrameFromTheFirst() throws {
        let result = try runPanekit(["render", "mm.slide", "--format", "sheet", "--every", "50"])
        #expect(result.status == 0, "\(result.stderr)")
        let tiles = Self.tiles(result.stdout)
        #expect(tiles.first == 0 && tiles.count >= 3)
        #expect(zip(tiles, tiles.dropFirst()).allSatisfy { $1 - $0 == 50 }, "\(tiles)")
        let one = try runPanekit(["render", "mm.slide", "--format", "sheet", "--every", "1"])
        let all = try runPanekit(["render", "mm.slide", "--format", "sheet"])
        #expect(one.stdout == all.stdout)
    }

    @Test(arguments: [
        (["--tiles", "0"], "--tiles: expected a whole number from 2 to 100000, got \"0\""),
        (["--tiles", "-3"], "--tiles: expected a whole number from 2 to 100000, got \"-3\""),
        (["--tiles", "1"], "--tiles: expected a whole number from 2 to 100000, got \"1\""),
        (["--every", "0"], "--every: expected a whole number from 1 to 100000, got \"0\""),
        (["--every", "-2"], "--every: expected a whole number from 1 to 100000, got \"-2\""),
        (["--tiles", "4", "--every", "2"], "--tiles and --every both choose the sheet's tiles; give one of them"),
    ])
    func badValuesAreUsageErrors(_ flags: [String], _ message: String) throws {
        let result = try runPanekit(["render", "mm.slide", "--format", "sheet"] + flags)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func tilesNeedASheet() throws {
        let result = try runPanekit(["render", "mm.slide", "--format", "json", "--every", "2"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--every chooses a contact sheet's tiles; use it with --format sheet"), "\(result.stderr)")
    }
}
