// How `panekit check` poses a styler on a family's container: a configuration, the subject's group, the states it
// can show there and the closed fractions each state reaches.

/// The closed fractions a styler meets in one state of a container.
package enum CheckFractions: Sendable, Hashable {
    /// These fractions only (a container at rest: closed 1, open 0, a sheet at each place it rests).
    case at([Double])
    /// The whole sweep `panekit check` runs (a container moving through every fraction).
    case sweep
    /// The sweep's fractions past open only (the dynamics pane slid wide open).
    case sweepPastOpen

    /// The fractions of `sweep` this stands for.
    package func fractions(of sweep: [Double]) -> [Double] {
        switch self {
        case .at(let fractions): fractions
        case .sweep: sweep
        case .sweepPastOpen: sweep.filter { $0 <= 0 }
        }
    }
}

/// One container `panekit check` poses a styler on: its configuration, the group of the subject styled, a label
/// for messages (`sheet material`, `adaptive sidebar`) and each state the container can show with its fractions.
package struct CheckPose: Sendable {
    /// The container, at rest before each pose.
    package var container: ContainerSpec
    /// The styler group whose subject is styled.
    package var group: StylerGroup
    /// How messages name this pose.
    package var label: String
    /// The adaptive container's layout at this pose (`drawer` elsewhere).
    package var layout: AdaptiveLayout
    /// The states, each with the fractions a styler meets in it.
    package var states: [(state: ContainerState, fractions: CheckFractions)]
    /// The behavior the container is posed in (a sheet's `uikit`); nil for a family without behaviors.
    package var behavior: String?

    /// A pose of `configuration` for `group`'s subject.
    package init(
        _ configuration: some ContainerConfiguration, group: StylerGroup, label: String, layout: AdaptiveLayout = .drawer,
        behavior: String? = nil, states: [(state: ContainerState, fractions: CheckFractions)]
    ) {
        self.behavior = behavior
        self.container = ContainerSpec(configuration)
        self.group = group
        self.label = label
        self.layout = layout
        self.states = states
    }
}
