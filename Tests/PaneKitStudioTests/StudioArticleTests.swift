// PaneKitStudio's article "Embedding and launching the studio", used as it shows it.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitStudio
import Testing

@Suite struct StudioArticleTests {
    static func input() throws -> StudioInput {
        let text = """
            {"name": "mm.parallax", "size": [375, 667], "container": {"type": "drawer", "left": {"width": 280}},
             "stylers": {"left": ["mm.parallax"]}, "timeline": [{"at": 0, "action": "open", "direction": "left"}]}
            """
        let scenario = try ScenarioLoader.load(text, file: "parallax.json")
        return StudioInput(
            runs: [StudioRun(name: "mm.parallax", scenario: scenario)], registry: .builtins,
            command: ["panekit", "studio", "mm.parallax"])
    }

    @Test func launchingTheLiveStudio() throws {
        let input = try Self.input()
        let studio = try LiveStudio(load: { input }, watched: { [] })
        let server = try HTTPServer(port: 0, routes: studio.routes)
        server.start()
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/")
        #expect(studio.page().contains("mm.parallax"))
        #expect(studio.jsonLines().hasPrefix("{\"frame\":0,"))
    }

    @Test func writingThePageAsOneFile() throws {
        let html = try StudioPage.export(try Self.input())
        #expect(html.lowercased().hasPrefix("<!doctype html>"))
        #expect(html.contains("mm.parallax"))
    }
}
