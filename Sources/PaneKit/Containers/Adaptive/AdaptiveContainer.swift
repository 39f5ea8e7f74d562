// The adaptive container: a drawer, a pinned sidebar or a split view, chosen by the container's width.

/// One sidebar and one content pane that take the layout the container's width calls for (DESIGN §12): a drawer
/// when narrow (width ≤ `narrowMax`), a pinned sidebar beside the pane when medium (≤ `mediumMax`), a split view
/// when wide, as UISplitViewController's display modes and the persistent iPad sidebars.
///
/// It reuses the models: the drawer layout is a `DrawerContainer` (MM's motion, gestures, bounce and scrim), the
/// pinned sidebar is the same drawer model laid out beside the pane, and the split view is a `SplitContainer`
/// (MG's master, divider and detail). A size change (`resize`, `rotate`) rebuilds both models at the new size,
/// keeps the sidebar open or closed where that has a meaning (the drawer and the sidebar; the split view always
/// shows its master and keeps the state for later), and animates every node from where it was to the new layout.
public struct AdaptiveContainer: Container, StaticPosing {
    /// The options the container was made with (its size changes with `resize` and `rotate`; these stay).
    public let configuration: AdaptiveConfiguration
    package var kind: ContainerKind { .adaptive }
    package private(set) var size: Size
    /// The layout for the current width.
    package private(set) var layout: AdaptiveLayout
    /// The drawer model: the drawer and the pinned sidebar, and the open state the split view keeps.
    package private(set) var drawer: DrawerContainer
    /// The split model of the wide layout (rebuilt at each size; its split position is kept).
    package private(set) var split: SplitContainer
    /// The sides that have a drawer (the sidebar shown as one).
    package var directions: [Direction] { drawer.directions }
    package var adaptiveLayout: AdaptiveLayout { layout }

    /// The frames a size change animates from, and its progress.
    private var transition: LayoutTransition?
    /// The time of the last advance: where `pose` reads the transition.
    private var now = 0.0

    struct LayoutTransition: Sendable {
        /// The nodes as they were presented when the size changed.
        var from: [Node]
        var tween: Tween
    }

    /// A container at rest in the layout of its configuration's width, the sidebar open as `showsSidebar` says
    /// (by default open unless the container starts narrow).
    public init(_ configuration: AdaptiveConfiguration) {
        self.configuration = configuration
        size = configuration.size
        layout = configuration.layout(forWidth: configuration.size.width)
        drawer = DrawerContainer(configuration.drawerConfiguration(size: configuration.size))
        split = SplitContainer(configuration.splitConfiguration(size: configuration.size, position: configuration.splitPosition))
        if configuration.showsSidebar ?? (layout != .drawer) {
            var quiet: [Event] = []
            drawer.perform(.open(configuration.side, animated: false), at: 0, events: &quiet)
        }
    }

    /// The sidebar's side.
    package var side: Direction { configuration.side }

    /// Whether the sidebar is open or opening in the drawer model: the state a size change keeps.
    public var isSidebarOpen: Bool {
        if case .slide(let target) = drawer.phase { return target != nil }
        return drawer.openSide != nil
    }

    /// Whether a size change is being animated.
    package var isTransitioning: Bool { transition != nil }

    package var state: ContainerState {
        if transition != nil { return .resizing }
        return layout == .split ? split.state : drawer.state
    }

    package var isAtRest: Bool { transition == nil && drawer.isAtRest && split.isAtRest }

    static func ignored(_ action: AdaptiveAction, _ reason: String) -> Event {
        .actionIgnored(action: action.name, reason: reason)
    }

    // MARK: - Actions

    package mutating func perform(_ action: AdaptiveAction, at time: Double, events: inout [Event]) {
        advance(to: time, events: &events)
        switch action.untimed.action {
        case .resize(let target, let animated):
            resize(to: target, animated: animated, at: time, events: &events)
        case .rotate(let orientation):
            let current: Orientation = size.width > size.height ? .landscape : .portrait
            guard orientation != current else { return events.append(Self.ignored(action, "already in that orientation")) }
            resize(to: Size(width: size.height, height: size.width), animated: true, at: time, events: &events)
        case .open, .close, .toggle:
            guard layout != .split else { return events.append(Self.ignored(action, "the split view always shows the sidebar")) }
            action.drawerAction.map { drawer.perform($0, at: time, events: &events) }
        case .bounce:
            guard layout == .drawer else { return events.append(Self.ignored(action, "only the drawer layout bounces")) }
            action.drawerAction.map { drawer.perform($0, at: time, events: &events) }
        case .touch(let touch):
            switch (touch, layout) {
            case (.gesture, _): events.append(Self.ignored(action, "a whole pan is delivered by the host, sample by sample"))
            case (.pan, .split), (.tap, .split): split.perform(touch: touch, at: time, events: &events)
            case (.tap, .sidebar): events.append(Self.ignored(action, "the pinned sidebar is not modal"))
            case (.pan, _), (.tap, _): drawer.perform(touch: touch, at: time, events: &events)
            }
        case .setSplitPosition, .setDividerStyle:
            guard layout == .split else { return events.append(Self.ignored(action, "only the split layout has a divider")) }
            action.splitAction.map { split.perform($0, at: time, events: &events) }
        case .timed:
            break  // `untimed` took the timing off
        }
    }

    /// Rebuilds the models at `target`, keeping the sidebar's state and the split position, and animates from the
    /// frames presented now (mid-transition included) to the new layout.
    private mutating func resize(to target: Size, animated: Bool, at time: Double, events: inout [Event]) {
        guard target != size else { return events.append(Self.ignored(.resize(target, animated: animated), "the size is unchanged")) }
        var before = Pose()
        pose(into: &before)
        let open = isSidebarOpen, previous = layout
        size = target
        layout = configuration.layout(forWidth: target.width)
        // The new models start at rest in the kept state; their own open events are not news to the app.
        var quiet: [Event] = []
        drawer = DrawerContainer(configuration.drawerConfiguration(size: target))
        drawer.advance(to: time, events: &quiet)
        if open { drawer.perform(.open(side, animated: false), at: time, events: &quiet) }
        split = SplitContainer(configuration.splitConfiguration(size: target, position: split.splitPosition))
        split.advance(to: time, events: &quiet)
        events.append(
            .willResize(size: target))
        if layout != previous {
            events.append(.layoutChanged(from: previous, to: layout))
        }
        transition =
            animated
            ? LayoutTransition(
                from: before.nodes,
                tween: Tween(
                    from: 0, to: 1, start: time, duration: AdaptiveConfiguration.transitionDuration,
                    curve: AdaptiveConfiguration.transitionCurve))
            : nil
    }

    // MARK: - Motion

    package mutating func advance(to time: Double, events: inout [Event]) {
        now = time
        drawer.advance(to: time, events: &events)
        split.advance(to: time, events: &events)
        guard let t = transition, t.tween.isFinished(at: time) else { return }
        transition = nil
        events.append(.didFinishAnimation(name: .resize))
    }

    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        transition = nil
        if layout == .split { split.setStaticPose(group, closed: closed) } else { drawer.setStaticPose(group, closed: closed) }
    }

    // MARK: - Pose

    package func pose(into pose: inout Pose) {
        switch layout {
        case .drawer: drawer.pose(into: &pose)
        case .sidebar: sidebarPose(into: &pose)
        case .split: split.pose(into: &pose)
        }
        if let transition { blend(&pose, transition) }
    }

    /// The pinned sidebar: the drawer model's offset places the sidebar, sliding in from its edge, and the pane
    /// takes the rest of the width (the fractions, velocity and reveal are the drawer model's).
    /// - Complexity: per node, no allocation after warm-up.
    private func sidebarPose(into pose: inout Pose) {
        drawer.pose(into: &pose)
        while !pose.nodes.isEmpty { pose.nodes.removeLast() }
        let w = drawer.maximumWidth(side), width = size.width, height = size.height
        let revealed = max(0, side.sign * drawer.paneOffset)
        let rest = max(0, width - revealed)
        let pane =
            side == .left
            ? Rect(x: revealed, y: 0, width: rest, height: height) : Rect(x: 0, y: 0, width: rest, height: height)
        let sidebar =
            side == .left
            ? Rect(x: revealed - w, y: 0, width: w, height: height) : Rect(x: width - revealed, y: 0, width: w, height: height)
        var style = NodeStyle()
        style.hidden = revealed <= 0 && drawer.isAtRest
        pose.nodes.append(Node(role: .pane, frame: pane))
        pose.nodes.append(Node(role: .drawer(side), frame: sidebar, style: style))
    }

    /// The node that plays `role`'s part in the other layouts: the pane is the detail, the sidebar the master.
    private func counterpart(of role: Role) -> Role {
        switch role {
        case .pane: .detail
        case .detail: .pane
        case .master: .drawer(side)
        case .drawerLeft, .drawerRight, .drawerTop, .drawerBottom: .master
        default: role
        }
    }

    /// The node of `role`, or of its counterpart, among `nodes[0..<count]`.
    private func match(_ role: Role, in nodes: [Node], count: Int) -> Node? {
        let other = counterpart(of: role)
        for n in 0..<count where nodes[n].role == role || nodes[n].role == other { return nodes[n] }
        return nil
    }

    /// Moves each node from its frame before the size change to its frame in the new layout; a node that is new
    /// fades in, and one the new layout does not have fades out where it was. A node on screen before stays on
    /// screen until the transition ends (a sidebar that closes slides out rather than vanishing).
    /// - Complexity: per node squared (a handful), no allocation after warm-up.
    private func blend(_ pose: inout Pose, _ t: LayoutTransition) {
        let f = t.tween.value(at: now)
        let count = pose.nodes.count
        for n in 0..<count {
            guard let old = match(pose.nodes[n].role, in: t.from, count: t.from.count) else {
                pose.nodes[n].style.alpha *= f
                continue
            }
            let a = old.frame, b = pose.nodes[n].frame
            pose.nodes[n].frame = Rect(
                x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, width: a.width + (b.width - a.width) * f,
                height: a.height + (b.height - a.height) * f)
            if !old.style.hidden { pose.nodes[n].style.hidden = false }
        }
        for o in 0..<t.from.count where !t.from[o].style.hidden && match(t.from[o].role, in: pose.nodes, count: count) == nil {
            var gone = t.from[o]
            gone.style.alpha *= 1 - f
            pose.nodes.append(gone)
        }
    }

    // MARK: - Stylers and accessibility

    package func defaultStylers(for group: StylerGroup) -> [any Styler] { drawer.defaultStylers(for: group) }

    /// The drawer's chrome (the scrim of the above-content drawer); the other layouts have no overlay to dim.
    package func chromeStylers(for group: StylerGroup) -> [any Styler] { drawer.chromeStylers(for: group) }

    /// The drawer layout's drawer is modal with an escape, as `DrawerContainer`'s; the pinned sidebar is not
    /// modal: the pane keeps focus and the sidebar is reachable beside it while it shows, with no escape; the
    /// split view is `SplitContainer`'s (the detail focused, the master reachable, the popover modal).
    package func accessibility(of pose: Pose) -> Accessibility {
        switch layout {
        case .drawer: return drawer.accessibility(of: pose)
        case .split: return split.accessibility(of: pose)
        case .sidebar:
            var result = Accessibility(reachable: [], focus: .pane, escape: false)
            result.insert(.pane)
            if let sidebar = pose.subject(side), sidebar.styled, sidebar.closed < 1 { result.insert(.drawer(side)) }
            return result
        }
    }
}

extension SplitContainer {
    /// A split view: what `ctx.layout` says for the split container.
    package var adaptiveLayout: AdaptiveLayout { .split }
}
