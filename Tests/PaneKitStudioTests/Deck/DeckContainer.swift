// The deck's model: cards stacked 8 points apart; `deal` slides the top card off to the left over `duration`
// seconds, linearly, one card after another. Each card on the deck is a subject of the `cards` group.

import PaneKit

/// A deck of `cards` cards at `size`.
struct DeckConfiguration: ContainerConfiguration {
    static let kind = ContainerKind("deck")
    var size: Size
    var cards = 3
    var duration = 0.4
    var layoutDirection = LayoutDirection.ltr
    var directions: [Direction] { [] }
    var stylerGroups: [StylerGroup] { [.cards] }
    func makeContainer() -> any StaticPosing { DeckContainer(self) }
    mutating func swapHorizontalSides() {}

    /// The inset of the cards from the container's edges.
    static let inset = 20.0
    /// How far below the card above it each card lies.
    static let step = 8.0

    /// A card's size: the container less the insets and the steps of the cards below.
    var cardSize: Size {
        Size(width: size.width - 2 * Self.inset, height: size.height - 2 * Self.inset - Self.step * Double(cards - 1))
    }

    /// How far a dealt card travels: from its place to just past the container's left edge.
    var travel: Double { 2 * Self.inset + cardSize.width }
}

struct DeckContainer: StaticPosing, SidedContainer {
    let configuration: DeckConfiguration
    /// The number of the top card (every card before it is dealt).
    var top = 0
    /// The top card's way off the deck, 0 … 1.
    var progress = 0.0
    /// When the top card's deal began, and how many cards wait to follow it.
    var start = 0.0, waiting = 0
    var moving = false

    init(_ configuration: DeckConfiguration) { self.configuration = configuration }

    var kind: ContainerKind { DeckConfiguration.kind }
    var size: Size { configuration.size }
    var stylerGroups: [StylerGroup] { [.cards] }
    var isAtRest: Bool { !moving }
    var state: ContainerState { moving || progress > 0 ? .dealing : top == configuration.cards ? .open : .closed }

    mutating func advance(to time: Double, events: inout [Event]) {
        while moving {
            let p = (time - start) / configuration.duration
            guard p >= 1 else { return progress = max(p, 0) }
            land(events: &events)
            guard waiting > 0, top < configuration.cards else { return moving = false }
            waiting -= 1
            start += configuration.duration
        }
    }

    mutating func perform(_ action: DeckAction, at time: Double, events: inout [Event]) {
        switch action.untimed.action {
        case .deal(let count, let animated):
            guard top < configuration.cards else {
                return events.append(.actionIgnored(action: action.name, reason: "every card is dealt"))
            }
            guard animated else {
                for _ in 0..<min(count, configuration.cards - top) { land(events: &events) }
                return moving = false
            }
            if moving {
                waiting += count
            } else {
                (moving, start, waiting) = (true, time, count - 1)
            }
        case .touch(.tap):
            perform(.deal(count: 1), at: time, events: &events)
        case .touch, .timed:
            events.append(.actionIgnored(action: action.name, reason: "a deck is dealt with taps"))
        }
    }

    /// The top card leaves the deck.
    private mutating func land(events: inout [Event]) {
        events.append(DeckEvent.dealt(card: top).event)
        top += 1
        progress = 0
    }

    func pose(into pose: inout Pose) {
        let c = configuration, card = c.cardSize
        pose.nodes.append(Node(role: .pane, frame: Rect(x: 0, y: 0, width: size.width, height: size.height)))
        // Back to front: the deepest card first, dealt cards (off the left edge) last.
        for number in (0..<c.cards).reversed() {
            let depth = Double(max(number - top, 0))
            let x = number < top ? DeckConfiguration.inset - c.travel : DeckConfiguration.inset - (number == top ? progress : 0) * c.travel
            let frame = Rect(x: x, y: DeckConfiguration.inset + DeckConfiguration.step * depth, width: card.width, height: card.height)
            pose.nodes.append(Node(role: Role.card.member(number), frame: frame))
        }
        for number in top..<c.cards {
            pose.subjects.append(
                Subject(
                    group: .cards, role: Role.card.member(number), direction: .left, closed: number == top ? 1 - progress : 1,
                    reveal: c.travel, styled: true))
        }
    }

    func describe(_ subject: Subject, in context: inout StyleContext) {
        context.depth = Double((subject.role.memberNumber ?? top) - top)
    }

    func writeFields(into fields: inout FrameFields) { fields.set("top", .integer(top)) }

    func defaultStylers(for group: StylerGroup) -> [any Styler] { [] }

    func accessibility(of pose: Pose) -> Accessibility { Accessibility(reachable: [.pane, Role.card]) }

    mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        (top, moving, waiting) = (0, false, 0)
        progress = 1 - closed
    }
}
