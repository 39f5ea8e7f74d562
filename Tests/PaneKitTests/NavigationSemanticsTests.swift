// The navigation stack's reduced motion, accessibility and appearance per screen.

import Testing

@testable import PaneKit
@testable import PaneKitScenario

@Suite struct NavigationSemanticsTests {
    /// Reduced motion: a push lands at once (willPush and didPush on the first frame) and the host cross-fades.
    @Test func reducedMotionJumps() throws {
        let c = NavigationConfiguration(size: Size(width: 400, height: 600), behavior: .cupertino, screens: ["inbox"])
        var host = PaneHost(container: NavigationContainer(c), fps: 60, reducedMotion: true)
        host.perform(Action(NavigationAction.push("thread")))
        let first = try host.step()
        #expect(first.navigationEvents == [.willPush(screen: "thread"), .didPush(screen: "thread")])
        #expect(first.stack == ["inbox", "thread"])
    }

    /// The top screen is the one reachable and focused; escape is offered while a screen is above the root.
    @Test func theTopScreenIsReachable() throws {
        var host = navigationHost(.uikit, screens: ["inbox", "thread"])
        let f = try host.step(at: 0)
        let thread = try #require(f.node(Role.screen.member(named: "thread")))
        #expect(thread.accessible && thread.focus && f.escape)
        var root = navigationHost(.uikit, screens: ["inbox"])
        let alone = try root.step(at: 0)
        #expect(!alone.escape && alone.node(Role.screen.member(named: "inbox"))?.focus == true)
    }

    /// `appearance` takes each screen by its role, `screen.NAME`.
    @Test func appearancePerScreen() throws {
        let text = """
            {"size": [390, 844], "container": {"type": "navigation", "behavior": "uikit", "screens": ["inbox"]},
             "timeline": [], "appearance": {"screen.inbox": {"content": "list"}, "screen.thread": {"color": "#ff0000"}}}
            """
        let scenario = try ScenarioLoader.load(text, file: "a.json")
        #expect(scenario.appearance[Role.screen.member(named: "inbox")]?.content == .list)
        #expect(scenario.appearance[Role.screen.member(named: "thread")]?.color == Color(hex: "#ff0000"))
        let bad = text.replacingOccurrences(of: "screen.thread", with: "screen")
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(bad.replacingOccurrences(of: "\"color\"", with: "\"colour\""), file: "a.json")
        }
    }
}
