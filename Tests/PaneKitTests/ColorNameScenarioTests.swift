// CSS colour names wherever a scenario or a parameter takes a colour.

import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct ColorNameScenarioTests {
    @Test func scenarioColoursTakeNames() throws {
        let scenario = try ScenarioLoader.load(
            #"""
            {"size": [375, 667], "container": {"type": "drawer", "left": {}, "shadowColor": "RebeccaPurple",
              "statusBarViewBackgroundColor": "transparent"},
             "stylers": {"left": [{"name": "scrim", "params": {"color": "navy"}}]}}
            """#, file: "named.json")
        guard let c = scenario.container.configuration(as: DrawerConfiguration.self) else { Issue.record("not a drawer"); return }
        #expect(c.shadow.color.hex == "#663399")
        #expect(c.statusBarViewBackgroundColor.hex == "#00000000")
        var host = try scenario.makeHost(registry: .builtins)
        host.perform(.open(.left))
        var frame = try host.step()
        for _ in 0..<30 { frame = try host.step() }
        #expect(frame.nodes.first { $0.role == .overlay }?.style.color?.hex == "#000080")
    }

    @Test func aMisspeltNameIsStillAnError() {
        #expect(throws: (any Error).self) {
            try ScenarioLoader.load(#"{"container": {"type": "drawer", "left": {}, "shadowColor": "blak"}}"#, file: "bad.json")
        }
    }

    @Test func aColourParameterParsesANameFromTheCommandLine() throws {
        let spec = ParamSpec.color("tint", .black, doc: "")
        #expect(try spec.parse("White") == .color(.white))
        #expect(try spec.parse("transparent") == .color(Color(red: 0, green: 0, blue: 0, alpha: 0)))
        #expect(throws: ParamError.self) { try spec.parse("whyte") }
        let p = try Parameters(specs: [spec], overrides: ["tint": .string("gold")])
        #expect(try p.color("tint").hex == "#ffd700")
    }
}
