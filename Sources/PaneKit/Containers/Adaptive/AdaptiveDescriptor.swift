// The adaptive container (a drawer, a pinned sidebar or a split view by width) as one descriptor: its kind, scenario
// keys, actions (the drawer's and the split's, and `resize`), gesture keys, demo and CLI defaults; then its
// arbitration, its mirror image and the host's accessor.

extension ContainerKind {
    /// A drawer, a pinned sidebar or a split view by width (`AdaptiveContainer`).
    public static let adaptive = ContainerKind("adaptive")
}

extension ContainerSpec {
    /// An adaptive container.
    package static func adaptive(_ configuration: AdaptiveConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}

// Pannable: the drawer and sidebar layouts' drawer model takes the gesture arbitration keys.
extension AdaptiveConfiguration: ContainerConfiguration, PannableConfiguration {
    /// ``ContainerKind/adaptive``.
    package static var kind: ContainerKind { .adaptive }
    /// The sidebar's side.
    package var directions: [Direction] { [side] }
    /// An ``AdaptiveContainer``.
    package func makeContainer() -> any StaticPosing { AdaptiveContainer(self) }
}

/// The adaptive container's descriptor.
package struct AdaptiveDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// Its models' roles: the drawer's, then the split view's.
    package var roles: [Role] { Role.drawerFamily + Role.splitFamily }
    /// Its events.
    package var eventTypes: [any ContainerEvent.Type] { [DrawerEvent.self, SplitEvent.self, AdaptiveEvent.self] }

    package let keys = [
        "type", "breakpoints", "left", "right", "showsSidebar", "openMode", "openGestures", "closeGestures", "splitPosition",
        "dividerStyle",
    ]

    /// `{"type": "adaptive", "breakpoints": [narrowMax, mediumMax], "left": {"width": 280}, …}`: one sidebar
    /// (`left` or `right`) and breakpoints that increase.
    package func configuration(reading r: any ScenarioReading, size: Size) -> AdaptiveConfiguration? {
        var c = AdaptiveConfiguration(size: size)
        if r.contains("breakpoints") {
            let numbers = r.numbers("breakpoints")
            if let n = numbers, n.count == 2, n[0] > 0, n[1] > n[0], n[1] <= Scenario.largestMagnitude {
                c.narrowMax = n[0]
                c.mediumMax = n[1]
            } else {
                let found = numbers.map { "[" + $0.map(NumberFormat.message).joined(separator: ", ") + "]" } ?? r.brief("breakpoints")
                r.report(
                    .invalidValue, "breakpoints",
                    "expected [narrowMax, mediumMax] (two widths in points, 0 < narrowMax < mediumMax), got \(found)")
            }
        }
        let sides = r.drawers([.left, .right])
        if sides.count != 1 {
            r.report(
                sides.isEmpty ? .missingKey : .conflict, nil,
                "expected one sidebar: \"left\" or \"right\" (an object such as {\"width\": 280}), got " + (sides.isEmpty ? "none" : "both")
            )
        }
        if let (side, width) = sides.min(by: { $0.key < $1.key }) {
            c.side = side
            c.sidebarWidth = width ?? c.sidebarWidth
        }
        c.showsSidebar = r.bool("showsSidebar") ?? c.showsSidebar
        if let mode = r.choice("openMode", DrawerDescriptor.openModes) { c.openMode = mode.hasPrefix("above") ? .above : .push }
        if r.contains("openGestures") { c.openGestures = r.gestures("openGestures", DrawerOpenGestures.names) }
        if r.contains("closeGestures") { c.closeGestures = r.gestures("closeGestures", DrawerCloseGestures.names) }
        c.splitPosition = r.number("splitPosition", "≥ 0") { $0 >= 0 } ?? c.splitPosition
        c.dividerStyle = r.choice("dividerStyle", DividerStyle.self) ?? c.dividerStyle
        return c
    }

    package var actions: [ActionSyntax] { [.open, .close, .toggle, .bounce, .setSplitPosition, .setDividerStyle, .rotate, .resize] }

    /// Open as a drawer, then widen through the pinned sidebar to the split view and back.
    package func demo(of c: AdaptiveConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let direction = group.direction ?? .left
        let open = DemoSegment("open", at: 0, .open(direction))
        guard full else {
            return ContainerDemo(
                container: .adaptive(c), segments: [open, DemoSegment("close", at: 0.8, .close())], summary: "open, closed")
        }
        let medium = Size(width: (c.narrowMax + c.mediumMax) / 2, height: c.size.height)
        let wide = Size(width: c.mediumMax + 200, height: c.size.height)
        let segments = [
            open, DemoSegment("sidebar", at: 0.8, .resize(medium)), DemoSegment("split", at: 1.6, .resize(wide)),
            DemoSegment("narrow", at: 2.4, .resize(c.size)), DemoSegment("close", at: 3.2, .close()),
        ]
        return ContainerDemo(
            container: .adaptive(c), segments: segments, summary: "open, widened to a sidebar and a split, narrowed, closed")
    }

    package func posing(
        size: Size, group: StylerGroup, reveal: Double?, behavior: String?
    ) -> (configuration: AdaptiveConfiguration, reveal: Double)? {
        let direction = group.direction ?? .left
        var c = AdaptiveConfiguration(size: size)
        c.side = direction
        c.sidebarWidth = reveal ?? c.sidebarWidth
        return (c, c.sidebarWidth)
    }

    package func states(layout: AdaptiveLayout) -> [ContainerState] {
        layout == .split
            ? [.closed, .opening, .open, .closing, .dragging, .moving, .popover, .resizing]
            : [.closed, .opening, .open, .closing, .dragging, .bouncing, .resizing]
    }

    /// One pose per layout, at a width inside it.
    /// The sidebar on `group`'s side in each layout, at a width of that layout.
    package func checkPoses(group: StylerGroup, size: Size) -> [CheckPose] {
        guard posableGroups.contains(group), let posed = posing(size: size, group: group, reveal: nil, behavior: nil)?.configuration
        else { return [] }
        return AdaptiveLayout.allCases.map { layout in
            var c = posed
            let width: Double
            switch layout {
            case .drawer: width = size.width
            case .sidebar: width = (c.narrowMax + c.mediumMax) / 2
            case .split: width = c.mediumMax + 200
            }
            c.size = Size(width: width, height: size.height)
            return CheckPose(
                c, group: group, label: "\(kind.rawValue) \(layout.rawValue)", layout: layout, states: checkStates(layout: layout))
        }
    }

    /// The split layout's popover leaves the sidebar closed.
    package func checkFractions(_ state: ContainerState) -> CheckFractions {
        switch state {
        case .closed, .popover: .at([1])
        case .open: .at([0])
        default: .sweep
        }
    }
}

extension ActionSyntax {
    /// `{"action": "resize", "size": [w, h]}`: the container's new size (adaptive).
    package static let resize = ActionSyntax("resize", ["size", "animated"]) { r in
        let size = r.required(r.pair("size", positive: true), "size", "[w, h]")
        return size.map { .resize(Size(width: $0.0, height: $0.1), animated: r.animated) }
    }
}

// MARK: - Mirroring, arbitration, the host's accessor

extension AdaptiveConfiguration: SidedConfiguration {
    /// Moves the sidebar to the other side (the drawer, the pinned sidebar and the split's master follow it) and
    /// mirrors the scroll regions.
    package mutating func swapHorizontalSides() {
        side = side.mirroredHorizontally
        scrollRegions = scrollRegions.mirroredHorizontally(width: size.width)
    }
}

extension AdaptiveContainer: SidedContainer {}

extension PaneHost {
    /// The container when it is an adaptive container (drawer, sidebar or split by width), else nil; right to
    /// left, its left-to-right counterpart.
    package var adaptive: AdaptiveContainer? { container(as: AdaptiveContainer.self) }
}

extension AdaptiveContainer {
    /// The drawer model's arbitration in the drawer and sidebar layouts (the configuration's `panPolicy` and
    /// `scrollRegions`); none in the split layout, whose pans drag the divider.
    package func panArbitration() -> PanArbitration? {
        layout == .split ? nil : drawer.panArbitration()
    }
}
