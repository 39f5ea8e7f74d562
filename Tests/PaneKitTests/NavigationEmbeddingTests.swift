// An app embeds a navigation stack and a pager with the public API alone (no `@testable`): a typed host of each
// family's container, its typed actions, and the family's frame accessors.

import PaneKit
import Testing

@Suite struct NavigationEmbeddingTests {
    @Test func anAppPushesAScreenOnATypedHost() throws {
        let configuration = NavigationConfiguration(
            size: Size(width: 390, height: 844), behavior: .cupertino, screens: ["inbox"])
        var host = TypedPaneHost(NavigationContainer(configuration))
        host.perform(.push("thread"))
        let frames = try host.runUntilRest()
        #expect(frames.last?.stack == ["inbox", "thread"])
        #expect(host.container.screens == ["inbox", "thread"])
        #expect(host.isAtRest)
        let events = frames.flatMap(\.events).compactMap { $0.as(NavigationEvent.self) }
        #expect(events == [.willPush(screen: "thread"), .didPush(screen: "thread")])
    }

    @Test func aScenarioSpecNamesTheStack() {
        let configuration = NavigationConfiguration(size: Size(width: 390, height: 844), behavior: .uikit)
        #expect(ContainerSpec.navigation(configuration).size == Size(width: 390, height: 844))
    }
}
