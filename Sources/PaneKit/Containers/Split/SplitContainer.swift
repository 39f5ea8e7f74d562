// The split container: MGSplitViewController as a model (reference/mgsplit.md).

/// MGSplitViewController: master and detail side by side (or stacked), a thin or pane-splitter divider, rounded
/// inner corners, a constrained and draggable split position, a master shown or hidden per orientation, and its
/// popover. Every toggle animates its frames over 0.2 s with ease-in-out.
///
/// The master's direction is where it sits (left, right, top or bottom); its closed fraction (0 embedded, 1 hidden)
/// drives stylers while it is shown, hidden or moving.
public struct SplitContainer: Container, StaticPosing {
    /// The options the container was made with; the toggles change the live copies below.
    public let configuration: SplitConfiguration
    /// `.split`.
    package var kind: ContainerKind { .split }
    package var size: Size { configuration.size(in: orientation) }
    /// The master's direction alone (it changes with the toggles).
    package var directions: [Direction] { Self.single[masterDirection.index] }
    private static let single: [[Direction]] = Direction.allCases.map { [$0] }  // ORDER DIRECTION

    /// The current orientation.
    package private(set) var orientation: Orientation
    /// The divider's current offset in points from the leading edge.
    package private(set) var splitPosition: Double
    /// The divider's current width in points.
    package private(set) var splitWidth: Double
    /// The radius in points of the inner corners beside the divider.
    package private(set) var cornerRadius: Double
    /// Whether master and detail currently sit side by side.
    package private(set) var vertical: Bool
    /// Whether the master currently comes first.
    package private(set) var masterBeforeDetail: Bool
    /// The divider's current style.
    package private(set) var dividerStyle: DividerStyle
    /// Whether the master currently stays embedded in portrait.
    package private(set) var showsMasterInPortrait: Bool
    /// Whether the master currently stays embedded in landscape.
    package private(set) var showsMasterInLandscape: Bool
    /// Whether a pan on the divider currently drags it.
    package private(set) var allowsDraggingDivider: Bool
    /// Whether the master's popover is on screen.
    public private(set) var isPopoverVisible = false

    private var transition: Transition?
    private var drag: (last: Point, dragging: Bool, start: Double)?
    /// The time of the last advance: where `pose` reads a running animation.
    private var now = 0.0

    /// A frame animation from one layout to another.
    private struct Transition: Sendable {
        var from: SplitLayout
        var to: SplitLayout
        var tween: Tween
        /// The toggle that hides the gutter while it runs (split orientation).
        var hidesGutter: Bool
        /// The master's closed fraction at the start (interruptible: where a retargeted transition was).
        var fromClosed: Double?
        var name: SplitEvent.Animation
        /// The split position at the start of a split position change (nil for other changes): with the target,
        /// where the divider is mid-way, for a drag that catches it.
        var fromPosition: Double?
    }

    /// A container in `configuration`'s starting orientation, the master shown or hidden as that orientation says.
    public init(_ configuration: SplitConfiguration) {
        self.configuration = configuration
        orientation = configuration.orientation ?? (configuration.size.width > configuration.size.height ? .landscape : .portrait)
        splitPosition = configuration.splitPosition
        dividerStyle = configuration.dividerStyle
        splitWidth = configuration.splitWidth ?? (configuration.dividerStyle == .thin ? 1 : 25)
        cornerRadius = configuration.dividerStyle == .thin ? 5 : 0
        vertical = configuration.vertical
        masterBeforeDetail = configuration.masterBeforeDetail
        showsMasterInPortrait = configuration.showsMasterInPortrait
        showsMasterInLandscape = configuration.showsMasterInLandscape
        allowsDraggingDivider = configuration.allowsDraggingDivider ?? (configuration.dividerStyle == .paneSplitter)
    }

    // MARK: - Layout (§3)

    /// Whether the master is embedded in the current orientation.
    package var showsMaster: Bool { orientation == .landscape ? showsMasterInLandscape : showsMasterInPortrait }

    /// Where the master sits.
    package var masterDirection: Direction {
        vertical ? (masterBeforeDetail ? .left : .right) : (masterBeforeDetail ? .top : .bottom)
    }

    /// The frames MG lays out for the current state.
    package var layout: SplitLayout { layout(show: showsMaster) }

    func layout(show: Bool) -> SplitLayout {
        SplitLayout(
            size: size, position: splitPosition, width: splitWidth, radius: cornerRadius, vertical: vertical,
            masterFirst: masterBeforeDetail, show: show)
    }

    // MARK: - State

    /// The state frames and stylers see.
    package var state: ContainerState {
        if drag?.dragging == true { return .dragging }
        if let t = transition {
            if t.name == .toggleMaster { return t.to.show ? .opening : .closing }
            return .moving
        }
        if isPopoverVisible { return .popover }
        return showsMaster ? .open : .closed
    }

    package var isAtRest: Bool { transition == nil && drag == nil }

    static func ignored(_ action: SplitAction, _ reason: String) -> Event {
        .actionIgnored(action: action.name, reason: reason)
    }

    // MARK: - Actions

    package mutating func perform(_ action: SplitAction, at time: Double, events: inout [Event]) {
        advance(to: time, events: &events)
        let (action, timing) = action.untimed
        switch action {
        case .setSplitPosition(let position, let animated):
            setSplitPosition(position, animated: animated, at: time, events: &events, timing: timing)
        case .setSplitWidth(let width):
            guard width != splitWidth, width >= 0 else { return events.append(Self.ignored(action, "the width is unchanged")) }
            relayout(at: time, animated: false, events: &events) { $0.splitWidth = width }
        case .setDividerStyle(let style, let animated):
            dismissPopover(events: &events)
            relayout(at: time, animated: animated && showsMaster, events: &events, name: .dividerStyle) {
                $0.dividerStyle = style
                $0.splitWidth = style == .thin ? 1 : 25
                $0.cornerRadius = style == .thin ? 5 : 0
                $0.allowsDraggingDivider = style == .paneSplitter
            }
        case .toggleOrientation:
            dismissPopover(events: &events)
            events.append(.willChangeSplitOrientation(vertical: !vertical))
            relayout(at: time, animated: showsMaster, events: &events, name: .toggleOrientation, hidesGutter: true) {
                $0.vertical.toggle()
            }
        case .toggleMasterBeforeDetail:
            dismissPopover(events: &events)
            relayout(at: time, animated: showsMaster, events: &events, name: .toggleMasterBeforeDetail) {
                $0.masterBeforeDetail.toggle()
            }
        case .toggleMaster:
            dismissPopover(events: &events)
            let showing = showsMaster
            relayout(at: time, animated: true, events: &events, name: .toggleMaster, timing: timing) {
                if $0.orientation == .landscape { $0.showsMasterInLandscape.toggle() } else { $0.showsMasterInPortrait.toggle() }
            }
            events.append(showing ? .willHideViewController : .willShowViewController)
        case .rotate(let target):
            guard target != orientation else { return events.append(Self.ignored(action, "already in that orientation")) }
            dismissPopover(events: &events)
            let wasShowing = showsMaster
            relayout(at: time, animated: true, duration: SplitConfiguration.rotationDuration, events: &events, name: .rotate) {
                $0.orientation = target
            }
            if wasShowing != showsMaster { events.append(showsMaster ? .willShowViewController : .willHideViewController) }
        case .showMasterPopover:
            guard !showsMaster, !isPopoverVisible else {
                return events.append(Self.ignored(action, showsMaster ? "the master is embedded" : "the popover is already shown"))
            }
            isPopoverVisible = true
            events.append(.willPresentViewController)
        case .hideMasterPopover:
            guard isPopoverVisible else { return events.append(Self.ignored(action, "the popover is not shown")) }
            events.append(.willDismissViewController)
            isPopoverVisible = false
        case .touch(.pan(let point, let phase)):
            pan(phase, point, at: time, events: &events)
        case .touch(.tap(let point)):
            // A tap outside a visible popover dismisses it (UIKit), with no callback.
            guard isPopoverVisible, !popoverFrame.contains(point) else {
                return events.append(Self.ignored(action, "nothing to dismiss"))
            }
            isPopoverVisible = false
        case .touch(.gesture):
            events.append(Self.ignored(action, "a whole pan is delivered by the host, sample by sample"))
        case .timed:
            break  // `untimed` took the timing off
        }
    }

    /// Dismisses a visible popover without animation and without a callback, as MG's setters do.
    private mutating func dismissPopover(events: inout [Event]) {
        isPopoverVisible = false
    }

    /// MG's split position setter: accepted only when changed and inside [minimum, extent − (minimum + w)];
    /// otherwise ignored, not clamped.
    private mutating func setSplitPosition(
        _ proposed: Double, animated: Bool, at time: Double, events: inout [Event], timing: Timing? = nil
    ) {
        let extent = vertical ? size.width : size.height
        let minimum = configuration.minimumViewExtent
        guard proposed != splitPosition, proposed >= minimum, proposed <= extent - (minimum + splitWidth) else {
            return events.append(Self.ignored(.setSplitPosition(proposed, animated: animated), "outside the allowed range"))
        }
        dismissPopover(events: &events)
        events.append(.willMoveSplitToPosition(position: proposed))
        let from = presentedSplitPosition(at: time)
        relayout(at: time, animated: animated && showsMaster, events: &events, name: .splitPosition, timing: timing) {
            $0.splitPosition = proposed
        }
        transition?.fromPosition = from
    }

    /// The split position on screen at `time`: between a running position change's start and its target.
    private func presentedSplitPosition(at time: Double) -> Double {
        guard let t = transition, let from = t.fromPosition else { return splitPosition }
        return from + (splitPosition - from) * t.tween.value(at: time)
    }

    /// Changes the state and animates the frames from where they are now to the new layout; `name` is what its
    /// `didFinishAnimation` event says, and a change without a name (the split width) is never animated.
    private mutating func relayout(
        at time: Double, animated: Bool, duration: Double = SplitConfiguration.animationDuration, events: inout [Event],
        name: SplitEvent.Animation? = nil, hidesGutter: Bool = false, timing: Timing? = nil, change: (inout SplitContainer) -> Void
    ) {
        let from = presentedLayout(at: time)
        let running = configuration.interruptible ? transition.flatMap { $0.tween.isFinished(at: time) ? nil : $0 } : nil
        change(&self)
        guard animated, let name else {
            transition = nil
            return
        }
        // Retargeting: the old motion's frame velocity, projected on the new path from here to the new layout.
        var velocity = 0.0
        var fromClosed: Double?
        if let running {
            let rate = running.tween.velocity(at: time)
            let old = zip(running.from.numbers, running.to.numbers).map { ($1 - $0) * rate }
            let path = zip(from.numbers, layout.numbers).map { $1 - $0 }
            let length = path.reduce(0) { $0 + $1 * $1 }
            if length > 0 { velocity = zip(old, path).reduce(0) { $0 + $1.0 * $1.1 } / length }
            fromClosed = closedFraction(of: running, at: time)
        }
        transition = Transition(
            from: from, to: layout,
            tween: Tween(
                from: 0, to: 1, start: time, duration: duration, timing: timing ?? .curve(.easeInEaseOut), velocity: velocity,
                scale: 1),
            hidesGutter: hidesGutter, fromClosed: fromClosed, name: name)
    }

    /// The master's closed fraction in `t` at `time` (0 embedded, 1 hidden).
    private func closedFraction(of t: Transition, at time: Double) -> Double {
        let a = t.fromClosed ?? (t.from.show ? 0 : 1), b: Double = t.to.show ? 0 : 1
        return a + (b - a) * t.tween.value(at: time)
    }

    /// The frames on screen at `time`, mid-animation included.
    private func presentedLayout(at time: Double) -> SplitLayout {
        guard let t = transition else { return layout }
        return t.from.interpolated(to: t.to, t.tween.value(at: time))
    }

    private var popoverFrame: Rect {
        let w = min(max(configuration.popoverSize.width, 320), 600)
        let h = min(configuration.popoverSize.height, max(size.height - 60, 0))
        return Rect(x: 8, y: 52, width: w, height: h)
    }

    /// Divider drag (§4): each move adds the touch delta along the split axis (negated when the master is after
    /// the detail) through the setter, so a step that would leave the range is dropped. With `interruptible`, a
    /// drag that begins on the divider while a split position change animates catches it where it is.
    private mutating func pan(_ phase: TouchPhase, _ point: Point, at time: Double, events: inout [Event]) {
        switch phase {
        case .began:
            // Interruptible: a drag that begins on the moving divider of a split position change catches it there.
            let catches =
                configuration.interruptible && drag == nil
                && transition.map { $0.fromPosition != nil && !$0.tween.isFinished(at: time) } == true
            let divider = (catches ? presentedLayout(at: time) : layout).divider
            let hit = Rect(x: divider.x, y: divider.y, width: max(divider.width, 1), height: max(divider.height, 1))
            guard allowsDraggingDivider, showsMaster, isAtRest || catches, hit.contains(point) else {
                return events.append(Self.ignored(.touch(.pan(point, phase)), "the divider cannot be dragged there"))
            }
            if catches {
                splitPosition = presentedSplitPosition(at: time)
                transition = nil
                events.append(.caught(direction: masterDirection))
            }
            drag = (point, true, splitPosition)
        case .moved, .ended:
            guard let d = drag else { return }
            var delta = vertical ? point.x - d.last.x : point.y - d.last.y
            if !masterBeforeDetail { delta = -delta }
            drag = (point, phase == .moved, d.start)
            if delta != 0 { setSplitPosition(splitPosition + delta, animated: false, at: time, events: &events) }
            if phase == .ended { drag = nil }
        case .cancelled:
            // UIKit's cancelled state: the divider goes back to where the drag began, animated.
            guard let d = drag else { return }
            drag = nil
            events.append(.panCancelled)
            if splitPosition != d.start { setSplitPosition(d.start, animated: true, at: time, events: &events) }
        }
    }

    // MARK: - Motion

    package mutating func advance(to time: Double, events: inout [Event]) {
        now = time
        guard let t = transition, t.tween.isFinished(at: time) else { return }
        transition = nil
        events.append(.didFinishAnimation(name: t.name))
    }

    package mutating func setStaticPose(_ group: StylerGroup, closed: Double) {
        let direction = group.direction ?? .left
        transition = nil
        vertical = direction.isHorizontal
        masterBeforeDetail = direction == .left || direction == .top
        staticLayout = layout(show: false).interpolated(to: layout(show: true), 1 - closed)
        staticClosed = closed
    }

    /// Set by `setStaticPose`: the pose `sample` asked for.
    private var staticLayout: SplitLayout?
    private var staticClosed: Double?

    // MARK: - Pose

    package func pose(into pose: inout Pose) {
        let shown: SplitLayout
        var closed: Double
        var velocity = 0.0
        var gutterHidden = false
        if let s = staticLayout {
            shown = s
            closed = staticClosed ?? 0
        } else if let t = transition {
            let f = t.tween.value(at: now)
            shown = t.from.interpolated(to: t.to, f)
            closed = closedFraction(of: t, at: now)
            velocity = ((t.to.show ? 0 : 1) - (t.fromClosed ?? (t.from.show ? 0 : 1))) * t.tween.velocity(at: now)
            gutterHidden = t.hidesGutter
        } else {
            shown = layout
            closed = showsMaster ? 0 : 1
        }
        var master = NodeStyle()
        master.hidden = closed >= 1 && transition == nil && staticLayout == nil
        pose.nodes.append(Node(role: .master, frame: shown.master, style: master))
        var divider = NodeStyle()
        divider.hidden = gutterHidden
        if dividerStyle == .thin { divider.color = .black }
        pose.nodes.append(Node(role: .divider, frame: shown.divider, style: divider))
        pose.nodes.append(Node(role: .detail, frame: shown.detail))
        var corners = NodeStyle()
        corners.color = .black
        corners.hidden = gutterHidden || cornerRadius <= 0
        pose.nodes.append(Node(role: .cornerLeading, frame: shown.leadingCorners, style: corners))
        pose.nodes.append(Node(role: .cornerTrailing, frame: shown.trailingCorners, style: corners))
        if isPopoverVisible { pose.nodes.append(Node(role: .popover, frame: popoverFrame, style: NodeStyle(z: 1))) }
        pose.subjects.append(
            .drawer(
                masterDirection, role: .master, closed: closed, velocity: velocity, reveal: splitPosition,
                styled: closed < 1 || transition != nil || staticLayout != nil))
    }

    package func defaultStylers(for group: StylerGroup) -> [any Styler] { [] }

    /// The master's popover is modal and holds focus, with an escape; otherwise the detail holds focus, the
    /// master is reachable while it shows or moves, and a draggable divider beside a shown master (an adjustable
    /// control).
    package func accessibility(of pose: Pose) -> Accessibility {
        var result = Accessibility()
        if isPopoverVisible {
            result.insert(.popover)
            result.focus = .popover
            result.escape = true
            return result
        }
        result.insert(.detail)
        result.focus = .detail
        if pose.closed(masterDirection) < 1 {
            result.insert(.master)
            if allowsDraggingDivider { result.insert(.divider) }
        }
        return result
    }
}

/// MG's frames for one state (§3 step 2 and step 4): master, divider, detail and the two corner views.
package struct SplitLayout: Sendable, Hashable {
    /// The master's frame in points.
    public var master: Rect
    /// The divider's frame in points.
    public var divider: Rect
    /// The detail's frame in points.
    public var detail: Rect
    /// The frame of the corner view at the divider's leading end.
    public var leadingCorners: Rect
    /// The frame of the corner view at the divider's trailing end.
    public var trailingCorners: Rect
    /// Whether the master is embedded in this layout (false: the detail takes the whole container).
    public var show: Bool

    /// MG's layout for a container of `size` with the divider at `position` and `width` points and corners of `radius` points.
    public init(size: Size, position p: Double, width w: Double, radius r: Double, vertical: Bool, masterFirst: Bool, show: Bool) {
        self.show = show
        // Computed for a left/right split along x; a top/bottom split is the same with x↔y and W↔H.
        let length = vertical ? size.width : size.height, depth = vertical ? size.height : size.width
        let (m, d, t): ((Double, Double), (Double, Double), (Double, Double))  // (start, extent) along the axis
        switch (masterFirst, show) {
        case (true, true): (m, d, t) = ((0, p), (p, w), (p + w, length - p - w))
        case (true, false): (m, d, t) = ((-(p + w), p), (-w, w), (0, length))
        case (false, true): (m, d, t) = ((length - p, p), (length - p - w, w), (0, length - p - w))
        case (false, false): (m, d, t) = ((length + w, p), (length, w), (0, length))
        }
        let s = show ? (masterFirst ? p : length - p - w) : -w
        func rect(_ along: (Double, Double), _ across: (Double, Double)) -> Rect {
            vertical
                ? Rect(x: along.0, y: across.0, width: along.1, height: across.1)
                : Rect(x: across.0, y: along.0, width: across.1, height: along.1)
        }
        master = rect(m, (0, depth))
        divider = rect(d, (0, depth))
        detail = rect(t, (0, depth))
        leadingCorners = rect((s - r, 2 * r + w), (0, r))
        trailingCorners = rect((s - r, 2 * r + w), (depth - r, r))
    }

    /// Every frame `f` of the way from this layout to `other`.
    /// The master's and the detail's frames as numbers, for velocities along a path between layouts.
    var numbers: [Double] {
        [master.x, master.y, master.width, master.height, detail.x, detail.y, detail.width, detail.height]
    }

    func interpolated(to other: SplitLayout, _ f: Double) -> SplitLayout {
        func mix(_ a: Rect, _ b: Rect) -> Rect {
            Rect(
                x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, width: a.width + (b.width - a.width) * f,
                height: a.height + (b.height - a.height) * f)
        }
        var out = self
        out.master = mix(master, other.master)
        out.divider = mix(divider, other.divider)
        out.detail = mix(detail, other.detail)
        out.leadingCorners = mix(leadingCorners, other.leadingCorners)
        out.trailingCorners = mix(trailingCorners, other.trailingCorners)
        out.show = f >= 1 ? other.show : show
        return out
    }
}
