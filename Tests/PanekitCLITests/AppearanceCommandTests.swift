// Issue 23 at the command line: border-radius in the CSS page and the studio page as Chromium computes it, equal to
// the JSON frames; the theme and the looks on the page; bad --appearance files named by path.

import Foundation
import PaneKitTestSupport
import Testing

extension ExportCommandTests {
    static let sinkBack = "Examples/drawer-sink-back.json"

    /// A frame's node's four radii (0 when it sets none).
    static func radii(_ node: [String: Any]?) -> [Double] {
        let value = node?["cornerRadius"]
        return (value as? [Double]) ?? (value as? Double).map { [$0, $0, $0, $0] } ?? [0, 0, 0, 0]
    }

    /// Whether the computed radii ("7.52477px", printed to six digits) are the frame's.
    static func same(_ computed: Any?, _ node: [String: Any]?) -> Bool {
        guard let computed = computed as? [String], computed.count == 4 else { return false }
        return zip(computed, radii(node)).allSatisfy { text, r in
            text.hasSuffix("px") && Double(text.dropLast(2)).map { abs($0 - r) <= 1e-4 * max(1, r) } == true
        }
    }

    /// The page's title after Chromium has run it for a (virtual) second: the probe script writes its findings there.
    func titleInChromium(_ page: URL) throws -> String {
        let chromium = try #require(Self.chromium)
        let result = try run(
            chromium,
            ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000", "--dump-dom", page.absoluteString])
        #expect(result.status == 0, "\(result.stderr)")
        let dom = result.stdout
        guard let open = dom.range(of: "<title>"), let close = dom.range(of: "</title>", range: open.upperBound..<dom.endIndex) else {
            return ""
        }
        return String(dom[open.upperBound..<close.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
    }

    static let probe = """
        function radii(el) { const s = getComputedStyle(el);
          return [s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomRightRadius, s.borderBottomLeftRadius]; }
        """

    @Test(.enabled(if: ExportCommandTests.chromium != nil, "needs Chromium (Scripts/ensure-deps.sh --tests installs it)"))
    func theCSSPageRoundsItsNodesAsTheFramesSay() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let css = dir.appendingPathComponent("sink.css")
        #expect(try panekit(["render", Self.sinkBack, "--format", "css", "--html", "--out", css.path]).status == 0)
        let json = try frames([Self.sinkBack])
        let index = 8
        let time = json[index]["time"] as! Double
        let pane = Self.nodes(json[index]).first { $0["role"] as? String == "pane" }
        let drawer = Self.nodes(json[index]).first { $0["role"] as? String == "drawer.left" }
        #expect((pane?["cornerRadius"] as? Double).map { $0 > 0 && $0 < 16 } == true, "pick a frame mid-way: \(pane ?? [:])")
        var page = try String(contentsOf: dir.appendingPathComponent("sink.html"), encoding: .utf8)
        page = page.replacingOccurrences(
            of: "<style>body {",
            with: "<style>.panekit-node { animation-play-state: paused !important; animation-delay: -\(time)s !important; } body {")
        page = page.replacingOccurrences(
            of: "</body>",
            with: """
                <script>\(Self.probe)
                document.title = JSON.stringify({ stage: getComputedStyle(document.querySelector(".panekit-stage")).backgroundColor,
                  pane: radii(document.querySelector(".panekit-pane")), drawer: radii(document.querySelector(".panekit-drawer-left")) });
                </script></body>
                """)
        let paused = dir.appendingPathComponent("paused.html")
        try page.write(to: paused, atomically: true, encoding: .utf8)
        let found = try #require(
            JSONSerialization.jsonObject(with: Data(try titleInChromium(paused).utf8)) as? [String: Any], "the probe ran")
        #expect(Self.same(found["pane"], pane), "\(found) \(Self.radii(pane))")
        #expect(Self.same(found["drawer"], drawer), "\(found) \(Self.radii(drawer))")
        #expect(found["stage"] as? String == "rgb(32, 36, 42)", "the dark theme's #20242a")
    }

    @Test(.enabled(if: ExportCommandTests.chromium != nil, "needs Chromium (Scripts/ensure-deps.sh --tests installs it)"))
    func theStudioPageRoundsItsNodesAsTheFramesSay() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("sink.html")
        #expect(try panekit(["render", Self.sinkBack, "--format", "html", "--theme", "light", "--out", html.path]).status == 0)
        let json = try frames([Self.sinkBack])
        var page = try String(contentsOf: html, encoding: .utf8)
        page = page.replacingOccurrences(
            of: "</body>",
            with: """
                <script>\(Self.probe)
                setTimeout(() => { const node = (r) => document.querySelector("#stage .node[data-role='" + r + "']");
                  document.title = JSON.stringify({ stage: getComputedStyle(document.querySelector("#stage")).backgroundColor,
                    pane: radii(node("pane")), drawer: radii(node("drawer.left")),
                    image: getComputedStyle(node("pane")).backgroundImage.slice(0, 40) }); }, 200);
                </script></body>
                """)
        try page.write(to: html, atomically: true, encoding: .utf8)
        let found = try #require(
            JSONSerialization.jsonObject(with: Data(try titleInChromium(html).utf8)) as? [String: Any], "the probe ran")
        let first = Self.nodes(json[0])
        #expect(Self.same(found["pane"], first.first { $0["role"] as? String == "pane" }), "\(found)")
        #expect(Self.same(found["drawer"], first.first { $0["role"] as? String == "drawer.left" }), "\(found)")
        #expect(found["stage"] as? String == "rgb(255, 255, 255)", "the light theme's stage")
        #expect(
            (found["image"] as? String)?.hasPrefix("url(\"data:image/svg+xml;base64,") == true,
            "the feed wireframe: \(found["image"] ?? "")")
    }

    @Test func theSheetOfTheSinkBackExampleShowsRoundedContentFilledNodes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheet = dir.appendingPathComponent("s.svg")
        let result = try panekit(["render", Self.sinkBack, "--format", "sheet", "--tiles", "6", "--out", sheet.path])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOf: sheet, encoding: .utf8)
        #expect(svg.contains("<clipPath id=\"f0-clip-"), "content clipped to each node")
        #expect(svg.components(separatedBy: "<path d=").count > 200, "wireframes and rounded outlines")
        let light = try panekit(["render", Self.sinkBack, "--format", "svg", "--frames", "0..0", "--theme", "light"])
        #expect(light.status == 0 && light.stdout.contains("fill=\"#ffffff\"/>"), "\(light.stderr)")
        let wrong = try panekit(["render", Self.sinkBack, "--format", "svg", "--theme", "dusk"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--theme: expected one of dark, light, got \"dusk\""), "\(wrong.stderr)")
    }

    @Test func aBadAppearanceFileIsNamedByPath() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let look = dir.appendingPathComponent("look.json")
        try "{ \"pane\": { \"image\": \"menu.png\", \"content\": \"grid\" } }".write(to: look, atomically: true, encoding: .utf8)
        for command in [["sample", "sink.back"], ["plot", "sink.back"]] {
            let result = try panekit(command + ["--appearance", look.path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("look.json: appearance.pane.image: expected a PNG, JPEG or SVG file, got \"menu.png\""))
            #expect(
                result.stderr.contains(
                    "look.json: appearance.pane.content: expected one of menu, feed, list, settings, map, player, form, keyboard, got \"grid\""
                ))
        }
        try "{ \"pane\": { \"content\": \"settings\" } }".write(to: look, atomically: true, encoding: .utf8)
        let sample = try panekit(["sample", "sink.back", "--appearance", look.path, "--format", "svg", "--fractions", "0"])
        #expect(sample.status == 0 && sample.stdout.contains("<clipPath"), "\(sample.stderr)")
        let plot = try panekit(["plot", "sink.back", "--appearance", look.path])
        #expect(plot.status == 0 && plot.stdout.contains("sink.back: poses"), "\(plot.stderr)")
    }
}
