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

    /// `panekit feel` on a deck: one row per action of the timeline, the card it dealt and the time it took.
    var feel: FeelMeasure? {
        FeelMeasure(
            noun: "decks",
            columns: [
                .init("action", key: "kind", .text), .init("at s", key: "at", .number(step: nil)),
                .init("card", key: "card", .integer, missing: "card —: the action dealt no card"),
                .init("settle s", key: "settle", .number(step: 0.01)),
            ],
            help: "On a deck each action is a row: the card it dealt and the time from the action to its dealt event.",
            behavior: { _ in nil },
            measure: { timeline, frames in
                let rows = timeline.map { entry -> [FeelMeasure.Value] in
                    let dealt = frames.lazy.filter { $0.time >= entry.time - 1e-9 }.compactMap { frame in
                        frame.events.lazy.compactMap { $0.as(DeckEvent.self) }.first.map { (frame.time, $0) }
                    }.first
                    var card: Double?
                    if case .dealt(let index)? = dealt?.1 { card = Double(index) }
                    return [.text(entry.action.name), .number(entry.time), .number(card), .number(dealt.map { $0.0 - entry.time })]
                }
                return FeelMeasure.Run(rows: rows)
            })
    }
}
