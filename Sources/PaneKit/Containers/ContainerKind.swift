// The container type (declared by each descriptor) and state; their raw values are the names scenario files, JSON
// frames and Lua (`ctx.container`, `ctx.state`) use, and never change.

/// The type of a container: its name in scenario files, JSON frames and Lua (`ctx.container`).
///
/// Each container family declares its kind once, in its descriptor (`ContainerKind.drawer` in
/// `Containers/Drawer/DrawerDescriptor.swift`); `allCases` and `init(rawValue:)` know the kinds of the
/// registered containers (``ContainerRegistry``), in registry order.
public struct ContainerKind: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The container type's name (`drawer`).
    public let rawValue: String

    /// The kind named `name`: what a descriptor declares. Names are unique among registered containers.
    public init(_ name: String) { rawValue = name }

    /// The kind of the registered container named `rawValue`, or nil when no registered container has that name.
    public init?(rawValue: String) {
        guard ContainerRegistry.descriptor(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// The kinds of the registered containers, in registry order.
    public static var allCases: [ContainerKind] { ContainerRegistry.descriptors.map(\.kind) }

    /// The name (`rawValue`).
    public var description: String { rawValue }
}

/// The state of a container on a frame, as frames and stylers see it.
public enum ContainerState: String, Sendable, Hashable, CaseIterable {
    /// At rest with every drawer closed (a split: the master hidden).
    case closed
    /// A transition towards open is running.
    case opening
    /// At rest with a drawer open (a split: the master shown).
    case open
    /// A transition towards closed is running.
    case closing
    /// A finger is moving the pane or the divider.
    case dragging
    /// The bounce preview (drawer) or the physics bounce (dynamics) is running.
    case bouncing
    /// A drawer's maximum width is changing (drawer `setMaximumWidth`), or the adaptive container is moving to the
    /// layout of its new size (`resize`, `rotate`).
    case resizing
    /// The divider or the layout is moving (split, other than showing or hiding the master).
    case moving
    /// The master shows as a popover (split).
    case popover
    /// At rest with the pane slid wide open (dynamics `openWide`).
    case openWide
}
