// The studio page draws in the one theme (issue 23): its stage and role colours are the SVG renderer's and CSS's,
// the scenario's appearance colours override them, and its looks are the CSS background layers.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitStudio
import Testing

@Suite struct StudioThemeTests {
    static func payload(_ theme: Theme, appearance: Appearance = .none) throws -> [String: Any] {
        let config = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])
        var scenario = Scenario(name: "t", size: config.size, fps: 30, duration: 0.1, container: .drawer(config))
        scenario.appearance = appearance
        var input = StudioInput(runs: [StudioRun(name: "t", scenario: scenario)], registry: .builtins, command: ["panekit"])
        input.theme = theme
        let json = StudioPayload.json(input, frames: try StudioPayload.frames(of: input), live: false)
        return try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test(arguments: Theme.Name.allCases)
    func theStageAndTheRoleColoursAreTheTheme(name: Theme.Name) throws {
        let theme = Theme.named(name)
        let page = try Self.payload(theme)
        #expect(page["stage"] as? String == theme.background.hex && page["theme"] as? String == name.rawValue)
        let colors = try #require(page["colors"] as? [String: String])
        for role in Role.allCases { #expect(colors[role.rawValue] == theme.color(of: role).hex, "\(role)") }
        // The same colours as the SVG renderer's fill and the CSS role rules.
        let css = CSSKeyframes(theme: theme).render(
            [
                Frame(
                    index: 0, time: 0, container: .drawer, state: .closed, fractions: Fractions(), size: Size(width: 10, height: 10),
                    nodes: [Node(role: .pane, frame: Rect(x: 0, y: 0, width: 10, height: 10))], events: [])
            ], fps: 30, title: "t")
        #expect(css.contains("background: \(page["stage"] as! String); perspective: none;"))
        #expect(css.contains(".panekit-pane { animation-name: panekit-pane; background: \(colors["pane"]!);"))
    }

    @Test func appearanceColoursAndLooksReachThePage() throws {
        let look = Appearance([.pane: RoleLook(color: Color(hex: "#123456"), content: .list)])
        let page = try Self.payload(.dark, appearance: look)
        #expect((page["colors"] as? [String: String])?["pane"] == "#123456")
        let looks = try #require(page["looks"] as? [String: String])
        #expect(looks.keys.sorted() == ["pane"])
        #expect(looks["pane"]?.hasPrefix("background-image: url(\"data:image/svg+xml;base64,") == true)
    }
}
