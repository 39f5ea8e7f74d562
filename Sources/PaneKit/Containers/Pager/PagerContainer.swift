// The pager's model (DESIGN §14): N pages along one axis, a continuous position in pages, a pan that moves it as the
// behavior's platform does, and the platform's release rule and settle. Only the pages near the centre are posed.

import Foundation

/// A pager or carousel: `pages` pages, the current one and a continuous position (in pages); `pan` moves it with the
/// behavior's edge rule, a release picks a page by the behavior's rule and settles there with its motion, and
/// `setPage` animates as the platform animates a programmatic change.
public struct PagerContainer: StaticPosing, SidedContainer {
    /// The options the pager was made with.
    public let configuration: PagerConfiguration
    /// The continuous position, in pages (unbounded while wrapping; brought back into 0 ..< pages at rest).
    public internal(set) var position: Double
    /// The page the pager last rested on (`pageDidChange` reports a new one).
    public internal(set) var restingPage: Int
    /// The pan in progress.
    var drag: PagerDrag?
    /// The settle in progress, with the page it goes to (unbounded while wrapping).
    var settle: PagerSettle?
    var settleTarget = 0
    /// iCarousel: after a glide ends off an item (a bounce past an end), the 0.4 s scroll back to one.
    var bounceBack = false
    /// The direction of the swipe a release ended (+1 forward, −1 back) while the settle it started runs; 0 otherwise.
    var releasedSwipe = 0.0
    /// The time of the last action or advance.
    var now = 0.0
    /// The page a tool posed alone at an offset (`setStaticPose`): the only page the pose shows, so that a chart of a
    /// styler has one line per channel, against that page's offset.
    var posedPage: Int?

    /// A pager at rest on `configuration.initialPage` (clamped to the pages).
    public init(_ configuration: PagerConfiguration) {
        var c = configuration
        c.pages = max(c.pages, 1)
        self.configuration = c
        restingPage = min(max(c.initialPage, 0), c.pages - 1)
        position = Double(restingPage)
    }

    /// ``ContainerKind/pager``.
    package var kind: ContainerKind { .pager }
    /// The container's size.
    package var size: Size { configuration.size }
    /// `pages` (one array for every call: the host asks on every frame).
    package var stylerGroups: [StylerGroup] { Self.groups }
    /// The pager's one styler group.
    static let groups: [StylerGroup] = [.pages]
    /// Whether no pan or settle is in progress.
    package var isAtRest: Bool { drag == nil && settle == nil }
    /// `settling` while it moves to a page (under a finger that has not started dragging, on Swiper and
    /// reanimated-carousel), `dragging` under a finger, `idle` at rest.
    package var state: ContainerState { settle != nil ? .settling : drag != nil ? .dragging : .idle }
    /// The behavior.
    package var behavior: PagerBehavior { configuration.behavior }

    /// The page nearest the centre (the frame's `"page"`).
    public var currentPage: Int { wrapped(Int(position.rounded(.toNearestOrAwayFromZero))) }
    /// The position brought into 0 ..< pages when wrapping (the frame's `"offset"`).
    public var offset: Double {
        guard configuration.wrap else { return position }
        let n = Double(configuration.pages)
        let m = position.truncatingRemainder(dividingBy: n)
        return m < 0 ? m + n : m
    }

    /// `page` as one of the pages: modulo the count while wrapping, clamped otherwise.
    func wrapped(_ page: Int) -> Int {
        let n = configuration.pages
        guard configuration.wrap else { return min(max(page, 0), n - 1) }
        let m = page % n
        return m < 0 ? m + n : m
    }

    // MARK: - Time and actions

    /// Moves the settle forward to `time`; when it ends the pager rests on its page (`pageDidChange` and the
    /// announcement "page 3 of 10" when the page changed).
    package mutating func advance(to time: Double, events: inout [Event]) {
        now = max(now, time)
        advanceDrag(to: time)
        guard var s = settle else { return }
        s.advance(to: time)
        settle = s
        position = s.position(at: time)
        guard s.isFinished(at: time) else { return }
        position = s.to
        settle = nil
        if bounceBack {
            bounceBack = false
            let back = Double(min(max(Int(position.rounded(.toNearestOrAwayFromZero)), 0), configuration.pages - 1))
            if back != position {
                return startSettle(
                    .curve(from: position, to: back, start: s.end(at: time), duration: PagerConstants.iCarouselScroll, .cubicInOut),
                    target: Int(back), events: &events)
            }
        }
        land(events: &events)
    }

    /// The pager comes to rest where it is, on `page` when given (Swiper's active slide, when a drag stops its
    /// transition), else on the page nearest the centre.
    mutating func land(on page: Int? = nil, events: inout [Event]) {
        releasedSwipe = 0
        let page = if let page { wrapped(page) } else { currentPage }
        position = configuration.wrap ? offset : position
        if page != restingPage {
            restingPage = page
            events.append(PagerEvent.pageDidChange(page: page).event)
            events.append(.announcement(text: "page \(page + 1) of \(configuration.pages)"))
        }
    }

    /// The page a change is told against (Android's `mCurItem`): the page a settle in progress goes to, else the
    /// page the pager rests on.
    var selectedPage: Int { settle != nil ? wrapped(settleTarget) : restingPage }

    /// Starts `motion` to `target`; `pageWillChange` when it leads to another page than ``selectedPage``, or after a
    /// touch caught a settle (`caught`, its target), another than that one (Android's `onPageSelected` compares with
    /// `mCurItem`, which the caught settle had set).
    mutating func startSettle(_ motion: PagerSettle, target: Int, caught: Int? = nil, events: inout [Event]) {
        let page = wrapped(target)
        if page != (caught.map(wrapped) ?? selectedPage) { events.append(PagerEvent.pageWillChange(page: page).event) }
        settle = motion
        settleTarget = target
    }

    /// Takes `setPage` or a touch.
    package mutating func perform(_ action: PagerAction, at time: Double, events: inout [Event]) {
        now = max(now, time)
        posedPage = nil
        switch action.untimed.action {
        case .setPage(let page, let animated):
            guard drag == nil else { return events.append(.actionIgnored(action: action.name, reason: "a pan is in progress")) }
            guard (0..<configuration.pages).contains(page) else {
                return events.append(
                    .actionIgnored(action: action.name, reason: "page \(page) is not one of the \(configuration.pages) pages"))
            }
            setPage(page, animated: animated, at: time, events: &events)
        case .touch(.pan(let point, let phase)):
            guard point.x.isFinite, point.y.isFinite else {
                return events.append(.actionIgnored(action: action.name, reason: "the point is not a finite number"))
            }
            pan(phase, point, at: time, events: &events)
        case .touch(.tap):
            events.append(.actionIgnored(action: action.name, reason: "a pager pages with pans and setPage"))
        case .touch(.gesture):
            events.append(.actionIgnored(action: action.name, reason: "a whole pan is delivered by the host, sample by sample"))
        case .timed: break
        }
    }

    /// Moves to `page` as the platform animates a programmatic change (``PagerProgrammatic``).
    mutating func setPage(_ page: Int, animated: Bool, at time: Double, events: inout [Event]) {
        releasedSwipe = 0
        let velocity = settle?.velocity(at: time) ?? 0
        var target = page
        if configuration.wrap {
            let n = Double(configuration.pages)
            target = page + configuration.pages * Int(((position - Double(page)) / n).rounded(.toNearestOrAwayFromZero))
        }
        guard animated else {
            if wrapped(target) != selectedPage { events.append(PagerEvent.pageWillChange(page: page).event) }
            settle = nil
            position = Double(target)
            return land(events: &events)
        }
        let (from, motion) = PagerProgrammatic.settle(
            configuration, from: position, to: target, velocity: velocity, body: settle?.emblaBody, at: time)
        position = from
        guard let motion else { return }
        startSettle(motion, target: target, events: &events)
    }

    // MARK: - Pose

    /// Nothing by default: a pager shows its pages sliding, as every platform does without a transformer.
    package func defaultStylers(for group: StylerGroup) -> [any Styler] { [] }

    /// The page the pager rests on is reachable and holds focus (an adjustable element: its increment and decrement
    /// are `setPage` to the next and previous page); it changes when a settle ends, with the announcement.
    package func accessibility(of pose: Pose) -> Accessibility {
        let current = Role.page.member(restingPage)
        var result = Accessibility(focus: current)
        result.insert(current)
        return result
    }

    /// The frame's `"page"` and `"offset"`.
    package func writeFields(into fields: inout FrameFields) {
        fields.set("page", .integer(currentPage))
        fields.set("offset", .number(offset))
    }

    /// `ctx.offset`, `ctx.page`, `ctx.pages`, and for the built-in stylers the swipe's direction.
    package func describe(_ subject: Subject, in context: inout StyleContext) {
        let page = subject.role.memberNumber ?? currentPage
        context[PagerFields.offset] = pageOffset(of: page)
        context[PagerFields.page] = Double(page)
        context[PagerFields.pages] = Double(configuration.pages)
        context[PagerFields.swipe] = swipe
    }

    /// Which way the finger has moved the pager since it came down (Swiper's `currentTranslate` against
    /// `startTranslate` while `isTouched`); after the release, that direction times the share of the settle still
    /// to run, so what reads it eases out with the settle as Swiper's 300 ms transition carries the slides.
    var swipe: Double {
        if let d = drag, settle == nil {
            guard d.moved else { return 0 }
            let moved = position - d.startPosition
            return moved > 0 ? 1 : moved < 0 ? -1 : 0
        }
        guard releasedSwipe != 0, let s = settle, s.to != s.from else { return 0 }
        return releasedSwipe * min(max((s.to - position) / (s.to - s.from), 0), 1)
    }

    /// Puts the pager at rest with the middle page (`pages / 2`) alone at offset `closed`: the tools pose a page
    /// styler against its offset (`panekit plot` charts −2 … 2).
    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        (drag, settle, bounceBack) = (nil, nil, false)
        let middle = configuration.pages / 2
        position = Double(middle) - closed
        (restingPage, posedPage) = (middle, middle)
    }
}

extension PagerSettle {
    /// Embla's body when this is one.
    var emblaBody: EmblaBody? {
        if case .embla(let body, _) = motion { return body }
        return nil
    }

    /// When the motion ended, as near to `time` as a closed form can say (the glide's own end, else `time`).
    func end(at time: Double) -> Double {
        if case .glide(_, let duration) = motion { return start + duration }
        return time
    }
}
