// The deck's descriptor: its scenario keys and action, its vocabulary for the registry, and how the tools pose it.

import PaneKit

struct DeckDescriptor: ContainerDescriptor {
    var roles: [Role] { [.pane, Role.card] }
    var contextFields: [ContextFieldDeclaration] { [DeckFields.depth.declaration] }
    var eventTypes: [any ContainerEvent.Type] { [DeckEvent.self] }
    let keys = ["type", "cards", "duration"]

    func configuration(reading r: any ScenarioReading, size: Size) -> DeckConfiguration? {
        var c = DeckConfiguration(size: size)
        c.cards = r.number("cards", "a whole number in 1…8") { $0 == $0.rounded() && (1...8).contains($0) }.map(Int.init) ?? c.cards
        c.duration = r.number("duration", "in 0.1…5") { (0.1...5).contains($0) } ?? c.duration
        return c
    }

    /// `deal`, with `count` cards (1 by default).
    static let deal = ActionSyntax("deal", ["count", "animated"]) { r in
        let count = r.contains("count") ? r.number("count", "a whole number ≥ 1") { $0 == $0.rounded() && $0 >= 1 && $0 <= 99 } : 1
        return count.map { DeckAction.deal(count: Int($0), animated: r.animated) }.map { Action($0) }
    }

    var actions: [ActionSyntax] { [Self.deal] }

    func demo(of c: DeckConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let deal = Action(DeckAction.deal(count: 1))
        return ContainerDemo(
            container: ContainerSpec(c), basic: [DemoSegment("deal", at: 0, deal)],
            extra: [DemoSegment("deal another", at: 1, deal)], full: full)
    }

    var stylesByDefault: Bool { false }
    var posableGroups: [StylerGroup] { [.cards] }
    func bakeGroups(posed group: StylerGroup) -> [StylerGroup] { [.cards] }
    func states(layout: AdaptiveLayout) -> [ContainerState] { [.closed, .dealing, .open] }

    func posing(size: Size, group: StylerGroup, reveal: Double?, behavior: String?) -> (
        configuration: DeckConfiguration, reveal: Double
    )? {
        guard group == .cards, behavior == nil else { return nil }
        let c = DeckConfiguration(size: size)
        return (c, c.travel)
    }
}
