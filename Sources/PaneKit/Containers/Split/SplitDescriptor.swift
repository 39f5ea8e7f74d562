// The split view (MGSplitViewController) as one descriptor: its kind, scenario keys, actions, demo and CLI defaults;
// then its mirror image and the host's accessor. It takes no gesture arbitration keys: a divider drag is not a
// drawer pan.

extension ContainerKind {
    /// MGSplitViewController's split view (`SplitContainer`).
    public static let split = ContainerKind("split")
}

extension ContainerSpec {
    /// A split view.
    package static func split(_ configuration: SplitConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}

extension SplitConfiguration: ContainerConfiguration {
    /// ``ContainerKind/split``.
    package static var kind: ContainerKind { .split }
    /// Every direction: the master moves with the toggles.
    package var directions: [Direction] { Direction.allCases }
    /// A ``SplitContainer``.
    package func makeContainer() -> any StaticPosing { SplitContainer(self) }
}

/// The split view's descriptor.
package struct SplitDescriptor: ContainerDescriptor {
    /// The descriptor (``ContainerRegistry/builtins`` lists it).
    package init() {}

    /// Master, detail, divider, the inner corners and the popover.
    package var roles: [Role] { Role.splitFamily }
    /// Its events.
    package var eventTypes: [any ContainerEvent.Type] { [SplitEvent.self] }

    package let keys = [
        "type", "orientation", "splitPosition", "splitWidth", "vertical", "masterBeforeDetail", "dividerStyle",
        "showsMasterInPortrait", "showsMasterInLandscape", "allowsDraggingDivider", "minimumViewExtent", "popoverSize",
        "statusBarHeight", "interruptible",
    ]

    package func configuration(reading r: any ScenarioReading, size: Size) -> SplitConfiguration? {
        var c = SplitConfiguration(size: size)
        c.orientation = r.choice("orientation", Orientation.self)
        c.splitPosition = r.number("splitPosition", "≥ 0") { $0 >= 0 } ?? c.splitPosition
        c.splitWidth = r.number("splitWidth", "≥ 0") { $0 >= 0 }
        c.vertical = r.bool("vertical") ?? c.vertical
        c.masterBeforeDetail = r.bool("masterBeforeDetail") ?? c.masterBeforeDetail
        c.dividerStyle = r.choice("dividerStyle", DividerStyle.self) ?? c.dividerStyle
        c.showsMasterInPortrait = r.bool("showsMasterInPortrait") ?? c.showsMasterInPortrait
        c.showsMasterInLandscape = r.bool("showsMasterInLandscape") ?? c.showsMasterInLandscape
        c.allowsDraggingDivider = r.bool("allowsDraggingDivider")
        c.minimumViewExtent = r.number("minimumViewExtent", "≥ 0") { $0 >= 0 } ?? c.minimumViewExtent
        if let (w, h) = r.pair("popoverSize", positive: true) { c.popoverSize = Size(width: w, height: h) }
        c.statusBarHeight = r.number("statusBarHeight", "≥ 0") { $0 >= 0 } ?? c.statusBarHeight
        c.interruptible = r.bool("interruptible") ?? false
        return c
    }

    package var actions: [ActionSyntax] {
        [
            .setSplitPosition, .setSplitWidth, .toggleOrientation, .toggleMasterBeforeDetail, .toggleMaster, .setDividerStyle, .rotate,
            .showMasterPopover, .hideMasterPopover,
        ]
    }

    package func demo(of c: SplitConfiguration, group: StylerGroup, full: Bool) -> ContainerDemo {
        let segments = [DemoSegment("show master", at: 0, .toggleMaster), DemoSegment("hide master", at: 0.8, .toggleMaster)]
        return ContainerDemo(container: .split(c), segments: segments, summary: "master hidden and shown")
    }

    /// The master on any side (a vertical split for left and right, a horizontal one for top and bottom).
    package var posableGroups: [StylerGroup] { StylerGroup.directions }

    package func posing(
        size: Size, group: StylerGroup, reveal: Double?, behavior: String?
    ) -> (configuration: SplitConfiguration, reveal: Double)? {
        var c = SplitConfiguration(size: size)
        c.splitPosition = reveal ?? c.splitPosition
        c.minimumViewExtent = 0
        return (c, c.splitPosition)
    }

    package func bakeGroups(posed group: StylerGroup) -> [StylerGroup] { [group] }

    /// The popover leaves the master closed.
    package func checkFractions(_ state: ContainerState) -> CheckFractions {
        switch state {
        case .closed, .popover: .at([1])
        case .open: .at([0])
        default: .sweep
        }
    }

    package func states(layout: AdaptiveLayout) -> [ContainerState] { [.closed, .opening, .open, .closing, .dragging, .moving, .popover] }

    /// The split layout.
    /// The master on `group`'s side, in the split layout.
    package func checkPoses(group: StylerGroup, size: Size) -> [CheckPose] {
        guard group.direction != nil, let c = posing(size: size, group: group, reveal: nil, behavior: nil)?.configuration else {
            return []
        }
        return [CheckPose(c, group: group, label: kind.rawValue, layout: .split, states: checkStates(layout: .split))]
    }
}

extension ActionSyntax {
    /// `setSplitPosition` of the divider (split, adaptive).
    package static let setSplitPosition = ActionSyntax("setSplitPosition", ["position", "animated"], timed: true) { r in
        r.required(r.number("position"), "position", "a position in points").map { .setSplitPosition($0, animated: r.animated) }
    }
    /// `setSplitWidth` of the divider (split).
    package static let setSplitWidth = ActionSyntax("setSplitWidth", ["width"]) { r in
        r.required(r.number("width", "≥ 0") { $0 >= 0 }, "width", "a width ≥ 0").map { .setSplitWidth($0) }
    }
    /// `toggleOrientation` (split).
    package static let toggleOrientation = ActionSyntax("toggleOrientation", []) { _ in .toggleOrientation }
    /// `toggleMasterBeforeDetail` (split).
    package static let toggleMasterBeforeDetail = ActionSyntax("toggleMasterBeforeDetail", []) { _ in .toggleMasterBeforeDetail }
    /// `toggleMaster` (split).
    package static let toggleMaster = ActionSyntax("toggleMaster", [], timed: true) { _ in .toggleMaster }
    /// `setDividerStyle` (split, adaptive).
    package static let setDividerStyle = ActionSyntax("setDividerStyle", ["style", "animated"]) { r in
        r.required(r.choice("style", DividerStyle.self), "style", "thin or paneSplitter").map { .setDividerStyle($0, animated: r.animated) }
    }
    /// `rotate` the device (split, adaptive).
    package static let rotate = ActionSyntax("rotate", ["orientation"]) { r in
        r.required(r.choice("orientation", Orientation.self), "orientation", "portrait or landscape").map { .rotate($0) }
    }
    /// `showMasterPopover` (split).
    package static let showMasterPopover = ActionSyntax("showMasterPopover", []) { _ in .showMasterPopover }
    /// `hideMasterPopover` (split).
    package static let hideMasterPopover = ActionSyntax("hideMasterPopover", []) { _ in .hideMasterPopover }
}

// MARK: - Mirroring, the host's accessor

extension SplitConfiguration: SidedConfiguration {
    /// Nothing: `masterBeforeDetail` already names the leading side, so under `rtl` the master follows it to the
    /// right.
    package mutating func swapHorizontalSides() {}
}

extension SplitContainer: SidedContainer {}

extension PaneHost {
    /// The container when it is a split view (MGSplitViewController), else nil; right to left, its left-to-right
    /// counterpart.
    package var split: SplitContainer? { container(as: SplitContainer.self) }
}
