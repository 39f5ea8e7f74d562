// The navigation stack's options (DESIGN §14): whose stack, its preset and its initial screens.

/// The options of a navigation stack (`"container": {"type": "navigation", …}`).
public struct NavigationConfiguration: ContainerConfiguration {
    /// The navigation container.
    package static var kind: ContainerKind { .navigation }
    /// The container's size in points.
    public var size: Size
    /// Whose navigation stack this is.
    public var behavior: NavigationBehavior
    /// The preset a push takes when it names none; nil: the behavior's default (`slideFromRightIOS`, `zoom`, …).
    public var preset: String?
    /// react-navigation's major version, 7 (the default) or 8: their specs and interpolators differ.
    public var version = 7
    /// The initial stack by name, bottom first (at least one).
    public var screens: [String]
    /// The safe area: `left` widens Flutter's back-gesture strip, `top` feeds the modal insets.
    public var safeArea = SafeAreaInsets.zero
    /// The reading direction: right to left mirrors the push, the back edge and the gesture.
    public var layoutDirection = LayoutDirection.ltr

    /// A stack of `screens` (bottom first) of `behavior` at `size`.
    public init(size: Size, behavior: NavigationBehavior, screens: [String] = ["root"]) {
        self.size = size
        self.behavior = behavior
        self.screens = screens.isEmpty ? ["root"] : screens
    }

    /// None: a navigation stack styles its screens, not drawers.
    package var directions: [Direction] { [] }
    /// `screens`.
    package var stylerGroups: [StylerGroup] { [.screens] }
    /// The navigation stack at rest with the initial stack.
    package func makeContainer() -> any StaticPosing { NavigationContainer(self) }
    /// Nothing to swap: the mirror image comes from ``MirroredContainer``.
    package mutating func swapHorizontalSides() {}

    /// The preset a push takes: `name`, or the behavior's default (modal: its modal preset).
    func resolvedPreset(_ name: String?, modal: Bool = false) -> NavigationPreset {
        let all = NavigationPreset.all(behavior, version: version)
        let wanted = name ?? (modal ? behavior.modalPreset : preset ?? behavior.defaultPreset)
        return all.first { $0.name == wanted } ?? all[0]
    }
}

extension ContainerSpec {
    /// A navigation stack.
    package static func navigation(_ configuration: NavigationConfiguration) -> ContainerSpec { ContainerSpec(configuration) }
}
