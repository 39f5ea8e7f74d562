// The studio page: the shipped assets equal their files, and the page embeds the engine's frames and samples.

import Foundation
import PaneKit
import PaneKitTestSupport
import Testing

@testable import PaneKitStudio

@Suite struct StudioPageTests {
    @Test func shippedAssetsEqualTheirFiles() throws {
        let folder = packageRoot.appendingPathComponent("Sources/PaneKitStudio/Assets")
        for (file, shipped) in [("studio.html", StudioAssets.html), ("studio.css", StudioAssets.css), ("studio.js", StudioAssets.js)] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text == shipped, "\(file) differs from StudioAssets; run Scripts/embed-studio-assets.sh")
        }
    }

    @Test func pageEmbedsEveryFrameAndNoExternalResource() throws {
        let scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.swinging-door"),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), direction: .left)
        let input = StudioInput(runs: [StudioRun(name: "door", scenario: scenario)], registry: .builtins, command: ["panekit"])
        let frames = try StudioPayload.frames(of: input)
        let page = try StudioPage.export(input)
        #expect(!page.contains("/*PANEKIT-"))
        #expect(!page.contains("http://") && !page.contains("https://") || page.contains("http://www.w3.org/2000/svg"))
        #expect(!page.contains("src=\"http") && !page.contains("<link"))
        // The data block holds exactly the engine's frames.
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"panekit-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        let embedded = try #require(runs.first?["frames"] as? [[String: Any]])
        #expect(embedded.count == frames[0].count)
        let stylers = try #require(runs.first?["stylers"] as? [[String: Any]])
        let poses = try #require(stylers.first?["poses"] as? [[String: Any]])
        #expect(poses.count == StudioPayload.fractions.count)
        #expect((poses.first?["closed"] as? Double) == -0.3)
        let channels = try #require(stylers.first?["channels"] as? [[String: Any]])
        #expect(channels.contains { $0["name"] as? String == "rotate y" })
    }

    @Test func textThatCouldCloseTheScriptIsEscaped() {
        let page = StudioPage.html(payload: "{\"title\":\"</script><b>\"}")
        #expect(!page.contains("</script><b>"))
        #expect(page.contains("\\u003c/script>\\u003cb>"))
    }

    @Test func commandLineCarriesChangedParameters() {
        let scenario = DemoScenario.make(
            styler: StylerReference(name: "mm.parallax", params: ["factor": .number(3)]),
            container: .drawer(DrawerConfiguration(size: Size(width: 375, height: 667))), direction: .left)
        let input = StudioInput(
            runs: [StudioRun(name: "p", scenario: scenario)], registry: .builtins, command: ["panekit", "studio", "mm.parallax"])
        #expect(StudioPayload.commandLine(input) == "panekit studio mm.parallax --param mm.parallax.factor=3")
    }
}
