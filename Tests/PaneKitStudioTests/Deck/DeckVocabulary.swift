// A family made in the test target only, the way docs/architecture.md's recipe says a new family is made: a deck
// of cards dealt one by one to the left. Its words live here: the indexed `card` nodes, the `cards` styler group,
// the `dealing` state, the `deal` action, the `dealt` event, the `top` frame field and the `ctx.depth` field.

import PaneKit

extension Role {
    /// The deck's cards, numbered from the top of a fresh deck: `card.0`, `card.1`, …
    static let card = Role.declareGroup("card")
}

extension StylerGroup {
    /// A scenario's `stylers.cards`: one call per card on the deck, the top one with its deal's fraction.
    static let cards = StylerGroup.declare("cards")
}

extension ContainerState {
    /// A card is on its way off the deck.
    static let dealing = ContainerState.declare("dealing")
}

/// The deck's `ctx` field.
enum DeckFields {
    /// `ctx.depth`: how many cards lie above this one (0 for the top card).
    static let depth = ContextField<Double>.number(
        "depth", family: "deck", stub: "how many cards lie above this one (deck container)",
        guide: "the `deck` container's count of cards above the styled one (0 for the top card)")
}

extension StyleContext {
    /// How many cards lie above the styled one (Lua `ctx.depth`).
    var depth: Double {
        get { self[DeckFields.depth] }
        set { self[DeckFields.depth] = newValue }
    }
}

/// What a deck takes: `deal` (its own) and the touches (a tap deals one card).
enum DeckAction: ContainerAction {
    case deal(count: Int, animated: Bool = true)
    case touch(Touch)
    indirect case timed(DeckAction, Timing)

    var name: String {
        switch self {
        case .deal: "deal"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    var untimed: (action: DeckAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    var withoutAnimation: DeckAction? {
        switch self {
        case .deal(let count, _): .deal(count: count, animated: false)
        case .timed(let inner, _): inner.withoutAnimation
        case .touch: self
        }
    }

    func mirroredHorizontally() -> DeckAction { self }
}

/// What a deck reports: a card left the deck.
enum DeckEvent: ContainerEvent, Hashable {
    case dealt(card: Int)

    static let types = ["dealt"]
    var type: String { "dealt" }
    var fields: [Event.Field] {
        switch self {
        case .dealt(let card): [("card", String(card))]
        }
    }
    var description: String {
        switch self {
        case .dealt(let card): "dealt(card: \(card))"
        }
    }
}
