// A container family as one value: its kind, its scenario keys and actions, its gesture keys, its demo timeline
// and its defaults for the CLI. `ContainerRegistry` lists them; nothing else names a container.

/// A container's configuration as a scenario carries it: its kind, size, reading direction and drawers, and the
/// container it makes.
package protocol ContainerConfiguration: SidedConfiguration, Hashable {
    /// The container type (declared once, in the family's descriptor file).
    static var kind: ContainerKind { get }
    /// The container's size in points.
    var size: Size { get set }
    /// The directions that have a drawer, in direction order.
    var directions: [Direction] { get }
    /// The keys of a scenario's `stylers` object: its subjects' styler groups (a drawer family's directions; a
    /// deck's `cards`). The default: one group per direction.
    var stylerGroups: [StylerGroup] { get }
    /// A fresh container at rest, which `panekit sample` and the baker can also pose.
    func makeContainer() -> any StaticPosing
}

/// The gesture arbitration keys (DESIGN §12) a container object takes besides its own.
package struct GestureOptions: Sendable {
    /// A `panPolicy` key and the container key of the original that says the same (both given is a conflict).
    package var aliases: [String: String]
    /// Container keys of `true`/`false` that the gesture reader takes out for the container (MS's
    /// `paneDragRequiresScreenEdgePan`).
    package var flags: [String]
    /// Whether the container takes `panPolicy` (a sheet does not: its behavior decides every pan).
    package var takesPanPolicy = true
    /// Whether a scroll region may say `"in": "sheet"` (a region of the sheet's surface, scrolling vertically).
    package var regionsInSheet = false

    /// Options with these aliases and flags.
    package init(aliases: [String: String] = [:], flags: [String] = []) {
        self.aliases = aliases
        self.flags = flags
    }
}

/// The gesture arbitration a scenario's container object gave: `panPolicy`, `scrollRegions` and the flags.
package struct GestureSettings: Sendable {
    /// `panPolicy`.
    package var policy = PanPolicy()
    /// `scrollRegions`.
    package var regions: [ScrollRegion] = []
    /// The flags given, by key.
    package var flags: [String: Bool] = [:]

    /// No policy, no regions, no flags.
    package init() {}
}

/// A configuration whose drawers a pan moves, and so takes a scenario's gesture arbitration keys.
package protocol PannableConfiguration {
    /// The pan policy (DESIGN §12); an empty one keeps the original's numbers.
    var panPolicy: PanPolicy { get set }
    /// Scrolling regions inside the content that take a pan before a drawer does.
    var scrollRegions: [ScrollRegion] { get set }
}

extension PannableConfiguration {
    /// The configuration with the policy and regions of `gestures`.
    package func with(_ gestures: GestureSettings) -> Self {
        var c = self
        c.panPolicy = gestures.policy
        c.scrollRegions = gestures.regions
        return c
    }
}

/// Everything about one container family, registered once in ``ContainerRegistry``.
///
/// A new container is one folder (its model, configuration, typed actions and this descriptor) plus one line in
/// ``ContainerRegistry/builtins``, or a call to ``ContainerRegistry/register(_:)`` from outside the package.
package protocol ContainerDescriptor: Sendable {
    /// The configuration type; its `kind` is the descriptor's.
    associatedtype Configuration: ContainerConfiguration
    /// The family's roles (fixed ones and groups) in the order messages, the Lua stubs and bake files list them;
    /// the registry declares them before anything reads a role by name.
    var roles: [Role] { get }
    /// The family's own `ctx` fields (``ContextField``), declared by the registry with the roles.
    var contextFields: [ContextFieldDeclaration] { get }
    /// The family's own event types (``ContainerEvent``), shared ones included (the adaptive container sends the
    /// drawer's and the split view's).
    var eventTypes: [any ContainerEvent.Type] { get }
    /// The keys of a scenario's `container` object, `type` first, in the order messages list them (the gesture
    /// keys apart).
    var keys: [String] { get }
    /// The configuration the container object `reader` describes, at `size`; nil after reporting its problems.
    func configuration(reading reader: any ScenarioReading, size: Size) -> Configuration?
    /// The gesture arbitration keys the container takes; nil for none (they are then unknown keys).
    var gestureOptions: GestureOptions? { get }
    /// `configuration` with the gesture arbitration a scenario gave.
    func applying(_ gestures: GestureSettings, to configuration: Configuration) -> Configuration
    /// The timeline actions the container takes besides the touch actions, with their scenario spelling.
    var actions: [ActionSyntax] { get }
    /// The demo `panekit play STYLER` runs on `group`'s subject: the whole demo when `full`, else its basic part.
    func demo(of configuration: Configuration, group: StylerGroup, full: Bool) -> ContainerDemo
    /// The prefixes of the built-in styler families shown on this container by default (`ms.`).
    var stylerPrefixes: [String] { get }
    /// The family's own built-in stylers (a sheet's `sheet.*`): a built-in family's join
    /// ``StylerRegistry/builtins``.
    var stylers: [StylerEntry] { get }
    /// Whether a plugin that names no `containers` is checked and shown on this family (the drawer families);
    /// a family a styler must ask for (`containers = {"sheet"}`) says false.
    var stylesByDefault: Bool { get }
    /// The styler groups a tool can pose a styler on, in order (`left`, `right`; a dynamics drawer's four; a
    /// sheet's `bottom` and `top`): the first is the default.
    var posableGroups: [StylerGroup] { get }
    /// The behaviors of a family that takes one (a sheet's `material`, `uikit`, …); none for the others.
    var behaviors: [String] { get }
    /// The container `panekit sample`, `plot`, `play` and `bake` pose a styler on: `size`, `group`'s subject at
    /// `reveal` (nil: the container's default) with `behavior` (nil: the default), and the reveal it has.
    func posing(size: Size, group: StylerGroup, reveal: Double?, behavior: String?) -> (configuration: Configuration, reveal: Double)?
    /// The groups `panekit bake` bakes when none is given, for a container posed on `group`.
    func bakeGroups(posed group: StylerGroup) -> [StylerGroup]
    /// The states the container can show a styler in `layout` (`panekit check`'s grid).
    func states(layout: AdaptiveLayout) -> [ContainerState]
    /// The fractions a styler meets in `state` (closed 1, open 0, moving the whole sweep by default).
    func checkFractions(_ state: ContainerState) -> CheckFractions
    /// The containers `panekit check` poses a styler on for `group`, at `size`, each with its states.
    func checkPoses(group: StylerGroup, size: Size) -> [CheckPose]
    /// What the pose value means (``PoseAxis``): the closed fraction by default, a pager's offset.
    var poseAxis: PoseAxis { get }
    /// What `panekit feel` measures on the family's runs; nil when it measures nothing (the drawer families).
    var feel: FeelMeasure? { get }
}

extension ContainerConfiguration {
    /// One group per direction with a drawer.
    package var stylerGroups: [StylerGroup] { directions.map(StylerGroup.init) }
}

extension ContainerDescriptor {
    /// The container type.
    package var kind: ContainerKind { Configuration.kind }
    /// No roles of its own.
    package var roles: [Role] { [] }
    /// No `ctx` fields of its own.
    package var contextFields: [ContextFieldDeclaration] { [] }
    /// No events of its own.
    package var eventTypes: [any ContainerEvent.Type] { [] }
    /// No gesture arbitration keys.
    package var gestureOptions: GestureOptions? { nil }
    /// The configuration unchanged.
    package func applying(_ gestures: GestureSettings, to configuration: Configuration) -> Configuration { configuration }
    /// No styler family of its own.
    package var stylerPrefixes: [String] { [] }
    /// None.
    package var stylers: [StylerEntry] { [] }
    /// A drawer family: checked and shown by default.
    package var stylesByDefault: Bool { true }
    /// The left and right drawers.
    package var posableGroups: [StylerGroup] { [.left, .right] }
    /// None.
    package var behaviors: [String] { [] }
    /// The left and right drawers.
    package func bakeGroups(posed group: StylerGroup) -> [StylerGroup] { [.left, .right] }
    /// The closed fraction.
    package var poseAxis: PoseAxis { .closedFraction }
    /// Nothing to measure.
    package var feel: FeelMeasure? { nil }
    /// Closed, opening, open, closing and dragging.
    package func states(layout: AdaptiveLayout) -> [ContainerState] { [.closed, .opening, .open, .closing, .dragging] }
    /// Closed at 1, open at 0, every other state over the whole sweep.
    package func checkFractions(_ state: ContainerState) -> CheckFractions {
        switch state {
        case .closed: .at([1])
        case .open: .at([0])
        default: .sweep
        }
    }
    /// The container `posing` makes for one of `posableGroups`, in the drawer layout, in every state.
    package func checkPoses(group: StylerGroup, size: Size) -> [CheckPose] {
        guard posableGroups.contains(group), let configuration = posing(size: size, group: group, reveal: nil, behavior: nil)?.configuration
        else { return [] }
        return [CheckPose(configuration, group: group, label: kind.rawValue, states: checkStates(layout: .drawer))]
    }

    /// `states(layout:)` with `checkFractions` of each.
    package func checkStates(layout: AdaptiveLayout) -> [(state: ContainerState, fractions: CheckFractions)] {
        states(layout: layout).map { ($0, checkFractions($0)) }
    }

}

extension ContainerDescriptor where Configuration: PannableConfiguration {
    /// `panPolicy` and `scrollRegions`, with no aliases or flags.
    package var gestureOptions: GestureOptions? { GestureOptions() }
    /// `configuration` with the policy and regions.
    package func applying(_ gestures: GestureSettings, to configuration: Configuration) -> Configuration { configuration.with(gestures) }
}

extension ContainerDescriptor {
    // MARK: - Through the type-erased spec

    /// The spec of the container object `reader` describes, with its gesture arbitration; nil after reporting.
    package func spec(reading reader: any ScenarioReading, size: Size, gestures: GestureSettings) -> ContainerSpec? {
        configuration(reading: reader, size: size).map { ContainerSpec(applying(gestures, to: $0)) }
    }

    /// The demo of `spec`'s container (nil when it is not this descriptor's).
    package func demo(of spec: ContainerSpec, group: StylerGroup, full: Bool) -> ContainerDemo? {
        spec.configuration(as: Configuration.self).map { demo(of: $0, group: group, full: full) }
    }

    /// `posing` as a spec.
    package func posedSpec(size: Size, group: StylerGroup, reveal: Double?, behavior: String? = nil) -> (
        spec: ContainerSpec, reveal: Double
    )? {
        posing(size: size, group: group, reveal: reveal, behavior: behavior).map { (ContainerSpec($0.configuration), $0.reveal) }
    }

    /// Every action the container takes, by name: its own, then the touch actions.
    package var actionsByName: [String: ActionSyntax] {
        Dictionary(uniqueKeysWithValues: (actions + ActionSyntax.touch).map { ($0.name, $0) })
    }

    /// Declares the family's vocabulary: its roles, styler groups, states and `ctx` fields.
    func declareVocabulary() {
        _ = roles
        _ = posableGroups
        _ = contextFields
        for layout in AdaptiveLayout.allCases { _ = states(layout: layout) }
    }
}
