// What a pager takes (actions) and reports (events).

/// A request to a ``PagerContainer`` (DESIGN §14's pager actions).
public enum PagerAction: ContainerAction {
    /// Go to page `page` (0 …); with `animated: false` it is there on the next frame, otherwise it moves as the
    /// behavior moves a programmatic change (ViewPager2's seek, Compose's stiffness-1500 spring, iCarousel's 0.4 s
    /// ease-in-out, …).
    case setPage(Int, animated: Bool = true)
    /// A pan sample or a tap, in container points (a whole pan is delivered by the host, sample by sample).
    case touch(Touch)
    /// An action with a timing: a pager moves as its behavior does, so the timing is not used.
    indirect case timed(PagerAction, Timing)

    /// The scenario name of the action.
    package var name: String {
        switch self {
        case .setPage: "setPage"
        case .touch(let touch): touch.name
        case .timed(let inner, _): inner.name
        }
    }

    /// The touch, when this is one.
    package var touch: Touch? {
        if case .touch(let touch) = self { return touch }
        return nil
    }

    /// The action without its timing.
    package var untimed: (action: PagerAction, timing: Timing?) {
        if case .timed(let inner, let timing) = self { return (inner.untimed.action, timing) }
        return (self, nil)
    }

    /// `setPage` with `animated: false`; a touch as it is.
    package var withoutAnimation: PagerAction? {
        switch self {
        case .setPage(let page, _): .setPage(page, animated: false)
        case .timed(let inner, _): inner.withoutAnimation
        case .touch: self
        }
    }

    /// The action itself: the mirrored container mirrors the touches, and a page is a page in both directions.
    package func mirroredHorizontally() -> PagerAction { self }
}

/// What happened to a pager on a frame, carried by ``Event/family(_:)``.
public enum PagerEvent: ContainerEvent, Hashable {
    /// The pager starts moving to page `page` (a release or a `setPage` that changes the page).
    case pageWillChange(page: Int)
    /// The pager came to rest on a new page `page`, when its settle ended.
    case pageDidChange(page: Int)

    /// `pageWillChange` and `pageDidChange`.
    package static let types = ["pageWillChange", "pageDidChange"]

    /// The event's name.
    package var type: String {
        switch self {
        case .pageWillChange: "pageWillChange"
        case .pageDidChange: "pageDidChange"
        }
    }

    /// `page`.
    package var fields: [Event.Field] {
        switch self {
        case .pageWillChange(let page), .pageDidChange(let page): [("page", String(page))]
        }
    }

    /// `pageWillChange(page: 3)`.
    public var description: String {
        switch self {
        case .pageWillChange(let page): "pageWillChange(page: \(page))"
        case .pageDidChange(let page): "pageDidChange(page: \(page))"
        }
    }
}
