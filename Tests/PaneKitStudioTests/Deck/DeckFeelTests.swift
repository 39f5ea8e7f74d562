// `panekit feel` on the deck, a family defined only in the tests: its descriptor's measure is the whole of what the
// command needs, so a family's numbers view is one value in its own folder, written as every family's is.

import Foundation
import PaneKitTestSupport
import Testing

@testable import PaneKit
@testable import PaneKitLua
@testable import panekit

@Suite struct DeckFeelTests {
    /// The deck scenario written to `deck.json` in `folder`; its path.
    static func file(in folder: String) throws -> String {
        let path = folder + "/deck.json"
        try DeckFamilyTests.scenario().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theDeckIsMeasuredByItsOwnColumnsInTheTableAndInJSON() throws {
        try DeckFamilyTests.withPlugins { folder in
            let path = try Self.file(in: folder)
            let registry = try PluginCatalog(folder: folder).registry
            // A deal at 0.1 s lands card 0 after the deck's 0.3 s; the tap at 0.6 s deals card 1 at 0.9 s.
            let text = try FeelCommand.report(path, behaviors: nil, registry: registry, fps: nil, limit: 1000, json: false)
            #expect(
                text == """
                    deck (20 fps)
                    behavior  action  at s  card  settle s
                    deck      deal     0.1     0       0.3
                    deck      tap      0.6     1       0.3

                    """, "\(text)")
            let json = try FeelCommand.report(path, behaviors: nil, registry: registry, fps: 40, limit: 1000, json: true)
            #expect(
                json == "{\"scenario\":\"\(path)\",\"name\":\"deck\",\"fps\":40,\"behaviors\":[{\"behavior\":\"deck\",\"gestures\":["
                    + "{\"kind\":\"deal\",\"at\":0.1,\"card\":0,\"settle\":0.3},{\"kind\":\"tap\",\"at\":0.6,\"card\":1,\"settle\":0.3}]}]}\n",
                "\(json)")
            // The help lists the deck's paragraph and its JSON shape with the built-in families'.
            #expect(FeelCommand.help.contains("On a deck each action is a row"))
            #expect(FeelCommand.help.contains(#"{"behavior","gestures":[{"kind","at","card","settle"}]}"#))
            #expect(FeelCommand.help.contains("Runs a sheet, navigation, pager or deck scenario"))
        }
    }

    @Test func aColumnWithoutAValueIsADashWithItsNote() throws {
        try DeckFamilyTests.withPlugins { folder in
            // Three deals on a deck of three cards: the third finds every card dealt.
            let path = folder + "/deck.json"
            try DeckFamilyTests.scenario().replacingOccurrences(
                of: #"{"at": 0.6, "action": "tap", "point": [280, 120]}"#,
                with: #"{"at": 0.6, "action": "deal", "count": 2}, {"at": 1.5, "action": "deal"}"#
            ).write(toFile: path, atomically: true, encoding: .utf8)
            let registry = try PluginCatalog(folder: folder).registry
            let text = try FeelCommand.report(path, behaviors: nil, registry: registry, fps: nil, limit: 1000, json: false)
            #expect(text.hasSuffix("deck      deal     1.5     —         —\ncard —: the action dealt no card\n"), "\(text)")
        }
    }

    @Test func withoutItsMeasureAFamilyIsRefusedNamingTheFamiliesThatHaveOne() throws {
        let path = "Examples/drawer-parallax.json"
        let registry = try PluginCatalog(folder: "Plugins").registry
        do {
            _ = try FeelCommand.report(path, behaviors: nil, registry: registry, fps: nil, limit: 1000, json: false)
            Issue.record("a drawer scenario was measured")
        } catch {
            #expect(error.exitCode == 1)
            #expect(
                error.message
                    == #"Examples/drawer-parallax.json: container.type: feel measures sheets, navigation stacks and pagers: expected "sheet", "navigation" or "pager", got "drawer""#
            )
        }
    }
}
